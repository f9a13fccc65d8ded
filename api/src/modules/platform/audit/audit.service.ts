import { Injectable } from '@nestjs/common';
import { EntityType, newId } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { jsonRows } from '../../../common/persistence/sql.js';
import { currentContext } from '../../../common/tenancy/request-context.js';
import type { AuditActor, WriteScope } from '../../../common/tenancy/write-scope.js';

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'SOFT_DELETE' | 'RESTORE';

export interface AuditEntry {
  action: AuditAction;
  /** The entity kind, as its id prefix (`contact`, `household`, ...). */
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** A sync run or import that made the change; otherwise the signed-in user (or the system). */
  actor?: { kind: 'SYNC'; id: string; importBatchId?: string };
}

/** One change of a batch: the scope says who made it and when. */
export type BatchAuditEntry = Omit<AuditEntry, 'actor'>;

/** Any client that can write an audit row: the tenant client, or a transaction of it. */
export interface AuditWriter {
  auditLog: { create(args: { data: Prisma.AuditLogUncheckedCreateInput }): Promise<unknown> };
}

/** Decimals become strings and dates ISO strings, exactly as the API shows them. */
function snapshot(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

/**
 * Who changed what, when, with the row before and after. Write it with the same transaction as
 * the change so the log never claims a change that was rolled back, or misses one that was not.
 */
@Injectable()
export class AuditService {
  async record(writer: AuditWriter, entry: AuditEntry): Promise<void> {
    const context = currentContext();
    const caller = context?.caller;
    const actorKind = entry.actor ? entry.actor.kind : caller ? 'USER' : 'SYSTEM';
    await writer.auditLog.create({
      data: {
        id: newId(EntityType.auditLog),
        // Stamped by the tenant client from the request context.
        organizationId: caller?.organizationId as string,
        actorKind,
        actorId: entry.actor?.id ?? caller?.userId ?? null,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        before: snapshot(entry.before),
        after: snapshot(entry.after),
        requestId: context?.requestId ?? null,
        importBatchId: entry.actor?.importBatchId ?? null,
      },
    });
  }

  /**
   * A batch's changes (an import chunk, a sync page, a writer's batch of one) in one statement, in
   * the batch's transaction, by the scope's actor at the scope's time.
   */
  async recordMany(scope: WriteScope, entries: readonly BatchAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const { kind, id, importBatchId } = actorColumns(scope.actor);
    await scope.sql.execute(
      `INSERT INTO audit_logs (id, organization_id, occurred_at, actor_kind, actor_id, action, entity_type, entity_id,
                               before, after, request_id, import_batch_id)
       SELECT entry.id, $1, $2, $3::audit_actor_kind, $4, entry.action::audit_action, entry.entity_type,
              entry.entity_id, entry.before, entry.after, $5, $6
         FROM jsonb_to_recordset($7::jsonb)
              AS entry(id text, action text, entity_type text, entity_id text, before jsonb, after jsonb)`,
      scope.organizationId,
      scope.now,
      kind,
      id,
      currentContext()?.requestId ?? null,
      importBatchId,
      // Decimals become strings and dates ISO strings, exactly as the API shows them.
      jsonRows(
        entries.map((entry) => ({
          id: newId(EntityType.auditLog),
          action: entry.action,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          before: entry.before ?? null,
          after: entry.after ?? null,
        })),
      ),
    );
  }
}

function actorColumns(actor: AuditActor): { kind: string; id: string | null; importBatchId: string | null } {
  switch (actor.kind) {
    case 'USER':
      return { kind: 'USER', id: actor.id, importBatchId: null };
    case 'SYSTEM':
      return { kind: 'SYSTEM', id: null, importBatchId: null };
    case 'SYNC':
      return { kind: 'SYNC', id: actor.id, importBatchId: actor.importBatchId ?? null };
  }
}
