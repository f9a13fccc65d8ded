import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { verifyNylasWebhook, type NylasWebhookEvent } from '@meridian/connectors';
import { DomainError, ErrorCode, validationError } from '@meridian/domain';
import { LOGGER } from '../../../../../common/logging/logger.js';
import { inOrganization } from '../../../../../common/tenancy/organization-scope.js';
import { ConnectionsWriter, SyncRunLifecycle } from '../../../sync/index.js';
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
 * nothing) and recorded as a WEBHOOK run of the connection, as Stripe's deliveries are.
 * grant.expired marks the connection for re-authentication; event.* and message.created wait,
 * stored, for the calendar and thread sync.
 */
@Injectable()
export class NylasWebhooksService {
  constructor(
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(NylasConnectionsRepository) private readonly repository: NylasConnectionsRepository,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(ProviderEventsWriter) private readonly events: ProviderEventsWriter,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
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
    const stored = await this.store(connection, notificationId, verification.body, event);
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
    // Seam: EVENT_CHANGED and MESSAGE_CREATED queue the calendar / thread sync here once it exists
    // (SyncRunLauncher.requestRun(organizationId, connectionId, 'WEBHOOK'), unless the connection
    // needs re-authentication); until then they wait in provider_events, unapplied.
    return 'STORED';
  }

  /** Stores the notification once and records the delivery as a WEBHOOK run; false for a replay. */
  private async store(
    connection: { id: string; organizationId: string },
    notificationId: string,
    body: unknown,
    event: NylasWebhookEvent,
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
        await this.lifecycle.recordWebhookDelivery(tx, organizationId, connectionId);
        return true;
      }),
    );
  }
}
