import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { PlaidClient, PlaidCredentials } from '@meridian/connectors';
import {
  DomainError,
  EntityType,
  ErrorCode,
  notFound,
  StripeMessage,
  ReferenceUse,
  type ConnectionView,
  type IntegrationService,
  type ListPage,
  type connectionListQuerySchema,
} from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { PLAID_CLIENT } from '../providers/index.js';
import { CredentialVault } from '../../../infra/secrets/credential-vault.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { ImportBatchesWriter } from '../imports/index.js';
import { ConnectionsWriter, SyncRunLauncher, SyncScheduler } from '../sync/index.js';
import { toConnectionView } from './connection-view.js';
import { ConnectionsRepository, type ConnectionRow } from './connections.repository.js';

/** Connections of the organization (crm §"Connections"): views for the operations pages, and deletion. */
@Injectable()
export class ConnectionsService {
  constructor(
    @Inject(ConnectionsRepository) private readonly connections: ConnectionsRepository,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(ImportBatchesWriter) private readonly importBatches: ImportBatchesWriter,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(SyncScheduler) private readonly scheduler: SyncScheduler,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(PLAID_CLIENT) private readonly plaid: PlaidClient,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  /** The connections of a household, team or professional; 404 when the owner is not the caller's. */
  async byOwner(owner: string, service: IntegrationService | undefined): Promise<ConnectionView[]> {
    await this.entities.requireOne(owner, ReferenceUse.connectionOwner, 'owner');
    return this.views(await this.connections.byOwner(owner, service));
  }

  async list(query: z.output<typeof connectionListQuerySchema>): Promise<ListPage<ConnectionView>> {
    const { rows, total } = await this.connections.list(
      { service: query.service, status: query.status, needsReauth: query.needsReauth },
      query.page,
      query.limit,
    );
    return { items: await this.views(rows), page: query.page, limit: query.limit, total };
  }

  async get(connectionId: string): Promise<ConnectionView> {
    const row = await this.connections.find(connectionId);
    if (!row) throw notFound('Connection');
    const [view] = await this.views([row]);
    return view!;
  }

  /**
   * Deletes a connection. The advisor keeps the data: its financial records become manual ones
   * (their external links go, so relinking the bank creates fresh records rather than silently
   * adopting these). Before that: an active run is cancelled, the schedule removed, and the item
   * removed at the provider, which must not block the delete: a provider that is down or already
   * forgot the item is logged and passed over. A Stripe connection is refused: billing's
   * customers, services and events hang on it; it is disconnected, which keeps them.
   */
  async delete(connectionId: string): Promise<void> {
    const organizationId = currentOrganizationId();
    const before = await this.get(connectionId);
    if (before.service === 'STRIPE') throw new DomainError(ErrorCode.CONFLICT, StripeMessage.deleteRefused);

    for (const run of await this.connections.activeRunIds(connectionId)) {
      await this.launcher.cancelRun(organizationId, run.id);
    }
    await this.scheduler.removeConnection(connectionId);
    await this.removeAtProvider(connectionId);

    await this.connections.transaction(async (tx) => {
      if (!(await this.connections.lock(tx, connectionId))) throw notFound('Connection');
      const detached = await this.connections.detachRecords(writeScope(tx), connectionId, before.service);
      await this.importBatches.detachConnection(tx, connectionId);
      await this.writer.remove(tx, connectionId);
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.connection,
        entityId: connectionId,
        before: { ...before, detachedFinancialRecords: detached },
      });
    });
  }

  private async removeAtProvider(connectionId: string): Promise<void> {
    const sealed = await this.connections.findCredentials(connectionId);
    if (sealed?.service !== 'PLAID' || !sealed.credentialsCiphertext || !sealed.credentialsKeyId) return;
    try {
      const credentials = this.vault.open<PlaidCredentials>(connectionId, {
        ciphertext: new Uint8Array(sealed.credentialsCiphertext),
        keyId: sealed.credentialsKeyId,
      });
      await this.plaid.removeItem(credentials.accessToken);
    } catch (error) {
      // Only the error's code and message: never the credentials.
      const { code, message } = error as { code?: string; message?: string };
      this.logger.warn(
        { connectionId, code, reason: message },
        'Plaid /item/remove failed; the connection is deleted anyway',
      );
    }
  }

  /** Views of rows, with their record counts and when their schedules fire next. */
  async views(rows: ConnectionRow[]): Promise<ConnectionView[]> {
    const counts = await this.connections.recordCounts(rows.map((row) => row.id));
    const nextRuns = await Promise.all(rows.map((row) => this.scheduler.nextRunAt(row.id)));
    return rows.map((row, index) =>
      toConnectionView(row, counts.get(row.id)!, nextRuns[index] ?? null, this.launcher.canRun(row.service)),
    );
  }
}
