import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConnectorError, mapNylasThreads } from '@meridian/connectors';
import type { JobPayload } from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { NylasClients } from '../../hub/providers/nylas/index.js';
import { ConnectionsWriter } from '../../hub/sync/index.js';
import { EmailThreadsWriter, type EmailThreadsWritten } from './email-threads.writer.js';

/** Nylas takes at most 25 addresses in one threads query. */
const ADDRESSES_PER_QUERY = 25;
/** A bound on one update: 40 pages of 50 threads per 25 addresses. */
const MAX_PAGES_PER_QUERY = 40;

export interface EmailThreadsUpdateResult extends EmailThreadsWritten {
  pages: number;
  /** Threads Nylas sent that could not be read (counted, not kept). */
  unreadable: number;
}

/** An update that can never succeed: its connection is gone, or its mailbox refuses for good. */
export class EmailThreadsUpdateRefused extends Error {
  override readonly name = 'EmailThreadsUpdateRefused';
}

/**
 * The work of `comms.update-email-threads`, in the job's organization: the threads exchanged with
 * the addresses, read page by page from the connection's mailbox through the Nylas client, each
 * page written in its own transaction by `EmailThreadsWriter` (so a retried job redoes only what is
 * left and finds again what it wrote). An expired grant marks the connection for
 * re-authentication and refuses the update; Nylas unreachable or rate-limiting is rethrown for
 * the queue's retries. Only ids and counts are logged, never a subject, snippet or body.
 */
@Injectable()
export class EmailThreadsUpdate {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(EmailThreadsWriter) private readonly writer: EmailThreadsWriter,
    @Inject(ConnectionsWriter) private readonly connections: ConnectionsWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(payload: JobPayload<'comms.update-email-threads'>): Promise<EmailThreadsUpdateResult> {
    const { organizationId, connectionId, emails } = payload;
    let grantId: string;
    try {
      grantId = await this.clients.grantOf(organizationId, connectionId);
    } catch {
      throw new EmailThreadsUpdateRefused(`Connection ${connectionId} is gone or holds no mailbox`);
    }
    const client = this.clients.client();
    const result: EmailThreadsUpdateResult = { created: 0, updated: 0, linked: 0, pages: 0, unreadable: 0 };
    for (let start = 0; start < emails.length; start += ADDRESSES_PER_QUERY) {
      const addresses = emails.slice(start, start + ADDRESSES_PER_QUERY);
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES_PER_QUERY; page++) {
        const answer = await this.read(organizationId, connectionId, () =>
          client.listThreadsPage({ grantId, emails: addresses, ...(pageToken === undefined ? {} : { pageToken }) }),
        );
        const mapped = mapNylasThreads(answer.threads);
        const written = await this.prisma.$transaction((tx) =>
          this.writer.writePage(writeScope(tx, { actor: { kind: 'SYSTEM' } }), connectionId, mapped.threads),
        );
        result.created += written.created;
        result.updated += written.updated;
        result.linked += written.linked;
        result.unreadable += mapped.errors.length;
        result.pages += 1;
        if (answer.nextCursor === null) break;
        pageToken = answer.nextCursor;
      }
    }
    this.logger.info({ connectionId, updateId: payload.updateId, ...result }, 'E-mail threads updated');
    return result;
  }

  private async read<T>(organizationId: string, connectionId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ConnectorError) || error.retryable) throw error;
      if (error.classification === 'AUTH') {
        await this.connections.markNeedsReauth(
          organizationId,
          connectionId,
          `${error.code}: ${error.message}`,
          new Date(),
        );
      }
      throw new EmailThreadsUpdateRefused(`Nylas refused the threads of connection ${connectionId}: ${error.code}`);
    }
  }
}
