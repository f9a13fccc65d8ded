import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { verifyNylasWebhook, type NylasWebhookEvent } from '@meridian/connectors';
import { DomainError, ErrorCode, validationError } from '@meridian/domain';
import { LOGGER } from '../../../../../common/logging/logger.js';
import { QueueService } from '../../../../../infra/queue/queue.service.js';
import { inOrganization } from '../../../../../common/tenancy/organization-scope.js';
import { ConnectionsWriter, SyncRunLauncher, SyncRunLifecycle } from '../../../sync/index.js';
import { ProviderEventsWriter } from '../../index.js';
import { NylasClients, nylasGrantKey } from '../nylas-clients.js';
import { NylasConnectionsRepository } from './nylas-connections.repository.js';
import type { NylasWebhookOutcome } from './nylas.schemas.js';

/**
 * Nylas webhooks (`POST /webhooks/nylas`). The signature is checked first: `x-nylas-signature`, the
 * hex HMAC-SHA256 of the raw body under NYLAS_WEBHOOK_SECRET (one destination for the application),
 * else 401 and nothing stored. A verified notification is found its connection by its grant; one
 * for no connection answers 200 (Nylas retries anything else, and no retry makes it known). It is
 * stored once per connection (Nylas delivers at least once: a replay answers DUPLICATE and changes
 * nothing). event.created / updated / deleted queue a calendar sync run of trigger WEBHOOK
 * (coalesced: one active run per connection); any other notification is recorded as a finished
 * WEBHOOK run, as Stripe's deliveries are, which leaves the connection's state as it is.
 * grant.expired marks the connection for re-authentication. message.created in a thread kept on
 * contacts' pages queues that thread's update (`comms.update-email-threads` for its contacts'
 * addresses, by name through the queue: hub does not import the practice area); a message of a
 * thread not kept here waits, stored, for the next update a user asks for.
 */
@Injectable()
export class NylasWebhooksService {
  constructor(
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(NylasConnectionsRepository) private readonly repository: NylasConnectionsRepository,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(ProviderEventsWriter) private readonly events: ProviderEventsWriter,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(QueueService) private readonly queue: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<NylasWebhookOutcome> {
    const verification = verifyNylasWebhook(rawBody, signature, this.clients.webhookSecret());
    if (!verification.ok) {
      this.logger.warn({ reason: verification.reason }, 'Nylas webhook refused');
      if (verification.reason === 'MALFORMED_BODY') {
        throw validationError([], `Webhook not readable: ${verification.message}`);
      }
      throw new DomainError(ErrorCode.WEBHOOK_UNVERIFIED, `Webhook not verified: ${verification.message}`);
    }
    const { event, notificationId } = verification;
    const grantId = event.grantId;
    const connection = grantId === null ? null : await this.repository.forWebhook(nylasGrantKey(grantId));
    if (connection === null) {
      this.logger.info({ notificationId, kind: event.kind }, 'Nylas webhook for no connection ignored');
      return 'IGNORED';
    }
    // An event created, changed or deleted: a calendar sync reads what changed. One run at a time
    // per connection, so a burst of notifications is one run (requestRun returns the active one);
    // that run, of trigger WEBHOOK, is what the operations views show of them. A connection that
    // needs re-authentication waits for its new login, which runs it.
    const queuesRun = event.kind === 'EVENT_CHANGED' && connection.needsReauthSince === null;
    const stored = await this.store(connection, notificationId, verification.body, event, !queuesRun);
    if (!stored) return 'DUPLICATE';
    if (event.kind === 'GRANT_EXPIRED') {
      await this.writer.markNeedsReauth(
        connection.organizationId,
        connection.id,
        'grant.expired: the calendar’s login expired; connect the calendar again',
        new Date(),
      );
      return 'MARKED_FOR_REAUTH';
    }
    if (queuesRun) {
      try {
        await this.launcher.requestRun(connection.organizationId, connection.id, 'WEBHOOK');
        return 'QUEUED';
      } catch (error) {
        // A connection that cannot run now (its login just broke): the notification stays stored,
        // and Nylas is not asked to send it again.
        if (!(error instanceof DomainError && error.code === ErrorCode.CONFLICT)) throw error;
        this.logger.info({ notificationId, connectionId: connection.id }, 'Nylas webhook stored; no run queued');
      }
    }
    if (event.kind === 'MESSAGE_CREATED' && event.threadId !== null && connection.needsReauthSince === null) {
      const emails = await this.repository.keptThreadAddresses(
        connection.organizationId,
        connection.id,
        event.threadId,
      );
      if (emails.length > 0) {
        await this.queue.enqueue('comms.update-email-threads', {
          organizationId: connection.organizationId,
          connectionId: connection.id,
          emails,
          updateId: `webhook-${notificationId}`,
        });
        return 'QUEUED';
      }
    }
    return 'STORED';
  }

  /**
   * Stores the notification once and (`recordDelivery`) records the delivery as a WEBHOOK run;
   * false for a replay.
   */
  private async store(
    connection: { id: string; organizationId: string },
    notificationId: string,
    body: unknown,
    event: NylasWebhookEvent,
    recordDelivery: boolean,
  ): Promise<boolean> {
    const { organizationId, id: connectionId } = connection;
    const type = typeof (body as { type?: unknown }).type === 'string' ? (body as { type: string }).type : event.kind;
    return inOrganization(organizationId, () =>
      this.repository.transaction(async (tx) => {
        const fresh = await this.events.store(tx, {
          organizationId,
          connectionId,
          externalEventId: notificationId,
          type,
          // What the notification asks (trigger and ids), not its object: a message's content is
          // never kept here; the sync reads what it needs from Nylas.
          payload: { id: notificationId, type, time: (body as { time?: unknown }).time ?? null, event },
        });
        if (!fresh) return false;
        if (recordDelivery) await this.lifecycle.recordWebhookDelivery(tx, organizationId, connectionId);
        return true;
      }),
    );
  }
}
