import { AsyncLocalStorage } from 'node:async_hooks';
import type { UserRole } from '@meridian/domain';
import { DomainError, ErrorCode, seesEveryTeam } from '@meridian/domain';

export interface AuthenticatedCaller {
  userId: string;
  organizationId: string;
  role: UserRole;
  /**
   * The teams the caller belongs to. A role that does not see every team (see `seesEveryTeam`)
   * reads and writes only these teams' households, contacts and records.
   */
  teamIds?: readonly string[];
  /** The hosting platform's operator (configured at start), who may invite new firms. */
  platformOperator?: boolean;
}

/**
 * Per-request state. The HTTP middleware opens a context for every request; the auth guard fills
 * in `caller`. Repositories read the organization from here (through TenantPrisma), so no module
 * passes or forgets it.
 */
export interface RequestContext {
  requestId: string;
  caller?: AuthenticatedCaller;
  /** A job's organization: work done for it by the system, with no user signed in. */
  organizationId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The organization every tenant-scoped query is limited to; throws when there is none. */
export function currentOrganizationId(): string {
  const store = storage.getStore();
  const organizationId = store?.caller?.organizationId ?? store?.organizationId;
  if (!organizationId) {
    throw new DomainError(
      ErrorCode.ERR_INITIALIZATION,
      'Tenant-scoped data was accessed outside an authenticated request',
    );
  }
  return organizationId;
}

/**
 * Runs `fn` for one organization: as a signed-in `caller`, or (given only the organization) as the
 * system, the way jobs act. The result is awaited inside the context because Prisma queries are
 * lazy: they start when awaited, not when created.
 */
export function runAsOrganization<T>(
  who: AuthenticatedCaller | { organizationId: string },
  fn: () => Promise<T>,
  requestId = 'job',
): Promise<T> {
  const context: RequestContext =
    'userId' in who ? { requestId, caller: who } : { requestId, organizationId: who.organizationId };
  return storage.run(context, async () => await fn());
}

/**
 * The teams whose households, contacts and records the current context may reach: null when it
 * reaches every team of its organization (an ADMIN, or a job acting for the organization), else
 * the signed-in caller's teams (docs/PERMISSIONS.md). Raw SQL applies it itself; the tenant client
 * applies it to every query (`tenant-scope.ts`).
 */
export function currentTeamScope(): readonly string[] | null {
  const caller = storage.getStore()?.caller;
  if (!caller || seesEveryTeam(caller.role)) return null;
  return caller.teamIds ?? [];
}
