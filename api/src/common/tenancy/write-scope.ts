import { sqlOf, type Sql } from '../persistence/sql.js';
import { currentContext, currentOrganizationId } from './request-context.js';
import type { TenantTransaction } from './tenant-transaction.js';

/** Who a write is by, as the audit log records it. */
export type AuditActor =
  | { kind: 'USER'; id: string }
  | { kind: 'SYSTEM' }
  /** A sync run, or an import (its batch's sync run; none yet while a batch is rolled back before one). */
  | { kind: 'SYNC'; id: string | null; importBatchId?: string };

/**
 * Everything a writer needs for one batch of writes, whoever asks (an API request with a batch of
 * one, a sync page, an import chunk): the transaction, its organization, who writes and the one
 * timestamp of the batch (created_at, updated_at, last_seen_at, the audit entries).
 */
export interface WriteScope {
  tx: TenantTransaction;
  /** The same transaction, for set-based SQL. */
  sql: Sql;
  organizationId: string;
  actor: AuditActor;
  now: Date;
}

/** The scope of a transaction of the tenant client, in the current request's or job's organization. */
export function writeScope(tx: TenantTransaction, options: { actor?: AuditActor; now?: Date } = {}): WriteScope {
  return {
    tx,
    sql: sqlOf(tx),
    organizationId: currentOrganizationId(),
    actor: options.actor ?? contextActor(),
    now: options.now ?? new Date(),
  };
}

/** The signed-in user, else the system. */
export function contextActor(): AuditActor {
  const caller = currentContext()?.caller;
  return caller ? { kind: 'USER', id: caller.userId } : { kind: 'SYSTEM' };
}
