import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { constructStripeEvent, type StripeEvent } from '@meridian/connectors';
import { isRecord, StripeMessage, validationError } from '@meridian/domain';
import { LOGGER } from '../../../../../common/logging/logger.js';
import { inOrganization } from '../../../../../common/tenancy/organization-scope.js';
import { QueueService } from '../../../../../infra/queue/queue.service.js';
import { SyncRunLifecycle } from '../../../sync/index.js';
import { ProviderEventsWriter } from '../../index.js';
import { StripeClients } from '../stripe-clients.js';
import { StripeConnectionsRepository, type WebhookCandidate } from './stripe-connections.repository.js';

/** Stripe's own default: a signature older than this (seconds) is refused, against replays. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeWebhookOutcome = 'STORED' | 'DUPLICATE';

/** What the untrusted body says about where it belongs, before any of it is believed. */
interface Claims {
  customerId: string | null;
  accountId: string | null;
}

/** The billing's job that applies a stored provider event (domain/src/platform/jobs/job-definitions.ts). */
export const APPLY_PROVIDER_EVENT_JOB = 'billing.apply-provider-event' as const;

/**
 * Stripe webhooks (`POST /webhooks/stripe`). The body is read only to find which connection it
 * claims to be for: the connection whose billing knows its customer (`data.object.customer`, or
 * the customer itself), else the connection of its `account`. It is then verified with that
 * connection's signing secret (the SDK's `webhooks.constructEvent`: HMAC-SHA256 over `t.payload`,
 * 5 minutes' tolerance, any of several v1 signatures). Anything else answers 400 and stores
 * nothing. A verified event is stored once per connection (a replay answers 200 and changes
 * nothing), recorded as a WEBHOOK run of the connection, and handed to the billing's job.
 */
@Injectable()
export class StripeWebhooksService {
  constructor(
    @Inject(StripeClients) private readonly clients: StripeClients,
    @Inject(StripeConnectionsRepository) private readonly repository: StripeConnectionsRepository,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(ProviderEventsWriter) private readonly events: ProviderEventsWriter,
    @Inject(QueueService) private readonly queue: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<StripeWebhookOutcome> {
    const claims = readClaims(rawBody);
    if (claims === null) throw validationError([], StripeMessage.webhookUnreadable);
    const candidates = await this.repository.webhookCandidates(claims.customerId, claims.accountId);
    if (candidates.length === 0) {
      this.logger.info(claims, 'Stripe webhook for no connection refused');
      throw validationError([], StripeMessage.webhookUnknownConnection);
    }
    const { connection, event } = await this.verify(rawBody, signature, candidates);
    return this.store(connection, event);
  }

  /** The candidate whose signing secret verifies the delivery, with the event as verified. */
  private async verify(
    rawBody: Buffer,
    signature: string | undefined,
    candidates: WebhookCandidate[],
  ): Promise<{ connection: WebhookCandidate; event: StripeEvent }> {
    let reason = 'no Stripe-Signature header';
    if (signature !== undefined && signature !== '') {
      for (const candidate of candidates) {
        const { webhookSecret } = await this.clients.credentials(candidate.organizationId, candidate.id);
        try {
          const event = constructStripeEvent(rawBody, signature, webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
          return { connection: candidate, event };
        } catch (error) {
          // The SDK's message says which check failed (no signature matches, timestamp outside
          // the tolerance, header unreadable); it never contains the secret.
          reason = (error as Error).message;
        }
      }
    }
    this.logger.warn({ connectionIds: candidates.map((candidate) => candidate.id) }, 'Stripe webhook refused');
    throw validationError([], `${StripeMessage.webhookUnverified}: ${firstSentence(reason)}`);
  }

  private async store(connection: WebhookCandidate, event: StripeEvent): Promise<StripeWebhookOutcome> {
    const { organizationId, id: connectionId } = connection;
    const stored = await inOrganization(organizationId, () =>
      this.repository.transaction(async (tx) => {
        if (
          !(await this.events.store(tx, {
            organizationId,
            connectionId,
            externalEventId: event.id,
            type: event.type,
            payload: event,
          }))
        ) {
          return false;
        }
        await this.lifecycle.recordWebhookDelivery(tx, organizationId, connectionId);
        return true;
      }),
    );
    // A replay of an event the billing has not applied yet queues it again (its job id is fixed,
    // so a job still waiting is not doubled); a failure to queue is left to billing.sweep-pending.
    if (stored || (await this.repository.pending(organizationId, connectionId, event.id))) {
      await this.enqueueApply({ organizationId, connectionId, externalEventId: event.id });
    }
    return stored ? 'STORED' : 'DUPLICATE';
  }

  private async enqueueApply(payload: {
    organizationId: string;
    connectionId: string;
    externalEventId: string;
  }): Promise<void> {
    // requeue: a job of the same event that completed without applying it (or was lost) does not
    // swallow this one; one still waiting or running is left alone. The event is stored either
    // way: when the queue cannot take it, billing.sweep-pending queues it later.
    try {
      await this.queue.requeue(APPLY_PROVIDER_EVENT_JOB, payload);
    } catch (error) {
      this.logger.error({ err: error, ...payload }, 'Stripe event stored but not queued; the billing sweep will');
    }
  }
}

/**
 * The connection a body claims, read without believing it: its object's customer (or the object
 * itself when it is a customer) and its account. Null when it is not an event's JSON at all.
 */
function readClaims(rawBody: Buffer): Claims | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(body) || body.object !== 'event' || typeof body.id !== 'string') return null;
  const object = isRecord(body.data) && isRecord(body.data.object) ? body.data.object : {};
  const customer = object.object === 'customer' ? object.id : object.customer;
  const customerId = typeof customer === 'string' ? customer : isRecord(customer) ? stringOrNull(customer.id) : null;
  return { customerId, accountId: stringOrNull(body.account) };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function firstSentence(message: string): string {
  return message.split('\n')[0]!.replace(/\s+Learn more.*$/, '');
}
