import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PlaidWebhookVerifier, type PlaidClient, type PlaidWebhookEvent } from '@meridian/connectors';
import { DomainError, ErrorCode } from '@meridian/domain';
import { LOGGER } from '../../../../common/logging/logger.js';
import { PLAID_CLIENT } from '../index.js';
import { ConnectionsWriter, SyncRunLauncher } from '../../sync/index.js';
import { providerError } from './provider-errors.js';
import { PlaidConnectionsRepository } from './plaid-connections.repository.js';

/** What a delivery led to (the answer's body; Plaid only looks at the status). */
export type WebhookOutcome = 'QUEUED' | 'MARKED_FOR_REAUTH' | 'IGNORED';

/** Transactions webhooks that mean "there is something new to sync". */
const SYNC_CODES = new Set([
  'SYNC_UPDATES_AVAILABLE',
  'RECURRING_TRANSACTIONS_UPDATE',
  'DEFAULT_UPDATE',
  'INITIAL_UPDATE',
  'HISTORICAL_UPDATE',
]);

/**
 * Plaid webhooks (`POST /webhooks/plaid`): verified against the raw body before anything else,
 * then turned into a sync run or a connection that needs its login repaired. Unknown items are
 * answered 200 and ignored: Plaid retries non-2xx answers, and no retry will make them known.
 */
@Injectable()
export class PlaidWebhooksService {
  /** One verifier per process: it caches Plaid's verification keys by key id. */
  private readonly verifier: PlaidWebhookVerifier;

  constructor(
    @Inject(PLAID_CLIENT) client: PlaidClient,
    @Inject(PlaidConnectionsRepository) private readonly repository: PlaidConnectionsRepository,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.verifier = new PlaidWebhookVerifier({ client });
  }

  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let verification;
    try {
      verification = await this.verifier.verify(rawBody, signature);
    } catch (error) {
      // Plaid's key endpoint failed: not the delivery's fault; a 5xx makes Plaid deliver again.
      throw providerError(error);
    }
    if (!verification.ok) {
      this.logger.warn({ reason: verification.reason }, 'Plaid webhook refused');
      throw new DomainError(ErrorCode.WEBHOOK_UNVERIFIED, `Webhook not verified: ${verification.message}`);
    }
    return this.handle(verification.event);
  }

  private async handle(event: PlaidWebhookEvent): Promise<WebhookOutcome> {
    const itemId = event.itemId;
    const wantsSync =
      event.kind === 'SYNC_UPDATES_AVAILABLE' ||
      event.kind === 'RECURRING_TRANSACTIONS_UPDATE' ||
      (event.kind === 'OTHER' && event.webhookType === 'TRANSACTIONS' && SYNC_CODES.has(event.webhookCode));
    const loginNeeded =
      (event.kind === 'ITEM_ERROR' && event.error?.classification === 'AUTH') ||
      (event.kind === 'OTHER' && event.webhookType === 'ITEM' && event.webhookCode === 'PENDING_EXPIRATION');
    if (itemId === null || (!wantsSync && !loginNeeded)) return 'IGNORED';

    const connection = await this.repository.findByItemForWebhook(itemId);
    if (!connection) {
      this.logger.info({ itemId, kind: event.kind }, 'Plaid webhook for an unknown item ignored');
      return 'IGNORED';
    }
    if (loginNeeded) {
      const reason =
        event.kind === 'ITEM_ERROR' && event.error
          ? event.error.message
          : 'PENDING_EXPIRATION: the item’s consent expires soon; relink it (Plaid Link in update mode)';
      await this.writer.markNeedsReauth(connection.organizationId, connection.id, reason, new Date());
      return 'MARKED_FOR_REAUTH';
    }
    // A run now would fail on the same login: wait for the relink, which queues its own run.
    if (connection.needsReauthSince !== null) return 'IGNORED';
    // A new bank whose accounts are not placed yet: the placement queues its first run.
    if (connection.placementPendingSince !== null && connection.syncCursor === null) return 'IGNORED';
    await this.launcher.requestRun(connection.organizationId, connection.id, 'WEBHOOK');
    return 'QUEUED';
  }
}
