import type { PrismaClient } from '../../generated/prisma/client.js';
import { DomainError, ErrorCode } from '@meridian/domain';
import { currentOrganizationId } from './request-context.js';

/** Models scoped by their own id rather than an organizationId column. */
const SCOPED_BY_ID = new Set(['Organization']);

const FILTERED = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
  'upsert',
]);
const CREATES = new Set(['create', 'createMany', 'createManyAndReturn']);

/**
 * Models with a soft delete (`deleted_at`): a deleted row is hidden from every read and update
 * through the tenant client, so no list, detail, count or nested write can reach it by accident.
 * A query that names `deletedAt` in its where (the Deleted view, a restore, a merge's undo) sees
 * what it asks for. Relations read through `select`/`include` and raw SQL are not covered: they
 * filter `deleted_at` themselves (docs/DECISIONS.md, "Step 10: lifecycle").
 */
const SOFT_DELETED = new Set(['Contact', 'Household', 'Person']);
const HIDES_DELETED = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
]);

function hidesDeleted(model: string, operation: string, where: Args | undefined): boolean {
  return SOFT_DELETED.has(model) && HIDES_DELETED.has(operation) && !(where && 'deletedAt' in where);
}
const UPDATES = new Set(['update', 'updateMany', 'updateManyAndReturn', 'upsert']);

type Args = Record<string, unknown>;

function stamp(data: unknown, organizationId: string): unknown {
  if (Array.isArray(data)) return data.map((row) => stamp(row, organizationId));
  const row = (data ?? {}) as Args;
  if (row.organizationId !== undefined && row.organizationId !== organizationId) {
    throw new DomainError(ErrorCode.FORBIDDEN, 'A row cannot be written into another organization');
  }
  return { ...row, organizationId };
}

/** An update may not move a row to another organization. */
function assertStaysInOrganization(data: unknown, organizationId: string): void {
  const target = (data as Args | undefined)?.organizationId;
  if (target !== undefined && target !== organizationId) {
    throw new DomainError(ErrorCode.FORBIDDEN, 'A row cannot be moved into another organization');
  }
}

/**
 * Limits every query of `client` to the organization of the current request context: reads,
 * updates and deletes get `organizationId = <caller's>` added to their where; creates are stamped
 * with it, and a create naming another organization is refused. Without a request context every
 * query throws, so a module cannot forget the scope by accident.
 *
 * Nested writes through relations are not rewritten: repositories create child rows with their own
 * top-level calls (the database's foreign keys keep them attached to the same parent).
 */
export function scopeToCurrentOrganization(client: PrismaClient) {
  return client.$extends({
    name: 'tenant-scope',
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const organizationId = currentOrganizationId();
          const scopeKey = SCOPED_BY_ID.has(model) ? 'id' : 'organizationId';
          const next = { ...(args as Args) };
          if (FILTERED.has(operation)) {
            const where = next.where as Args | undefined;
            next.where = {
              ...(where ?? {}),
              [scopeKey]: organizationId,
              ...(hidesDeleted(model, operation, where) ? { deletedAt: null } : {}),
            };
          }
          if (CREATES.has(operation)) {
            if (SCOPED_BY_ID.has(model)) {
              throw new DomainError(ErrorCode.FORBIDDEN, 'Organizations are not created through the tenant client');
            }
            next.data = stamp(next.data, organizationId);
          }
          if (operation === 'upsert' && !SCOPED_BY_ID.has(model)) {
            next.create = stamp(next.create, organizationId);
          }
          if (UPDATES.has(operation))
            assertStaysInOrganization(next[operation === 'upsert' ? 'update' : 'data'], organizationId);
          return query(next as typeof args);
        },
      },
    },
  });
}

/** The client every feature repository uses (see `scopeToCurrentOrganization`). */
export type TenantPrismaClient = ReturnType<typeof scopeToCurrentOrganization>;
