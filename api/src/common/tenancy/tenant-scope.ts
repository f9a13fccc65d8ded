import type { PrismaClient } from '../../generated/prisma/client.js';
import { DomainError, ErrorCode, notFound } from '@meridian/domain';
import { currentContext, currentOrganizationId, currentTeamScope } from './request-context.js';

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
/**
 * Team scoping (docs/PERMISSIONS.md): a caller whose role does not see every team reaches only the
 * rows of their teams: rows with a team of their own, and rows that belong to a household of one
 * of their teams. Outside them a row does not exist for the caller (404, as across organizations).
 * Teams themselves are scoped too: another team does not exist for the caller, so a create naming
 * it answers "Team not found" wherever the writer checks its team. A person without a household
 * (a contact's person) is reachable through its contacts: one of them in the caller's teams.
 */
const TEAM_OWNED = new Set([
  'Household',
  'Contact',
  'Lead',
  'Group',
  'Prospect',
  'Opportunity',
  'Proposal',
  'Task',
  'Workflow',
  'Meeting',
  'MeetingTemplate',
  'Note',
]);
const HOUSEHOLD_OWNED = new Set([
  'Corporation',
  'Trust',
  'Foundation',
  'Family',
  'Timeline',
  'Plan',
  'FinancialRecord',
  'CashFlowSource',
  'RecurringStream',
  'Transaction',
]);

function teamFilter(model: string, teamIds: readonly string[]): Args | null {
  const inTeams = { teamId: { in: [...teamIds] } };
  // A connection is its owner's: a household of the caller's teams, one of their teams, or their
  // own professional profile (a calendar, later).
  if (model === 'Connection') {
    const userId = currentContext()?.caller?.userId;
    return {
      OR: [
        { ownerHousehold: { is: inTeams } },
        { ownerTeamId: { in: [...teamIds] } },
        ...(userId ? [{ ownerProfessional: { is: { userId } } }] : []),
      ],
    };
  }
  if (model === 'Team') return { id: { in: [...teamIds] } };
  if (TEAM_OWNED.has(model)) return inTeams;
  if (HOUSEHOLD_OWNED.has(model)) return { household: { is: inTeams } };
  if (model === 'LifeEvent') return { timeline: { is: { household: { is: inTeams } } } };
  // A person without a household is its contacts': reachable when one of them is in the caller's
  // teams, or when it has none (a person being made). Another team's contact's person is not, so
  // no route can take it into the caller's household by its id.
  if (model === 'Person') {
    return {
      OR: [
        { household: { is: inTeams } },
        { householdId: null, OR: [{ contacts: { some: inTeams } }, { contacts: { none: {} } }] },
      ],
    };
  }
  return null;
}

/** Adds `filter` to a where without disturbing its own AND, OR or unique keys. */
function withFilter(where: Args, filter: Args): Args {
  const and = where.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
  return { ...where, AND: [...(and as Args[]), filter] };
}

/** A create of a team-owned row names one of the caller's teams. */
function assertCreatesInTeams(model: string, data: unknown, teamIds: readonly string[]): void {
  if (!TEAM_OWNED.has(model)) return;
  for (const row of Array.isArray(data) ? data : [data]) {
    const teamId = (row as Args | undefined)?.teamId;
    if (typeof teamId === 'string' && !teamIds.includes(teamId)) {
      throw notFound('Team');
    }
  }
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
          const teamIds = currentTeamScope();
          const scopeKey = SCOPED_BY_ID.has(model) ? 'id' : 'organizationId';
          const next = { ...(args as Args) };
          if (FILTERED.has(operation)) {
            const where = next.where as Args | undefined;
            next.where = {
              ...(where ?? {}),
              [scopeKey]: organizationId,
              ...(hidesDeleted(model, operation, where) ? { deletedAt: null } : {}),
            };
            const filter = teamIds ? teamFilter(model, teamIds) : null;
            if (filter) next.where = withFilter(next.where as Args, filter);
          }
          if (CREATES.has(operation)) {
            if (SCOPED_BY_ID.has(model)) {
              throw new DomainError(ErrorCode.FORBIDDEN, 'Organizations are not created through the tenant client');
            }
            next.data = stamp(next.data, organizationId);
            if (teamIds) assertCreatesInTeams(model, next.data, teamIds);
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
