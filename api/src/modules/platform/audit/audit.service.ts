import { Injectable } from '@nestjs/common';
import { EntityType, newId } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { currentContext } from '../../../common/tenancy/request-context.js';

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
}
