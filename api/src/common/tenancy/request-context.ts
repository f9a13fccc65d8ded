import { AsyncLocalStorage } from 'node:async_hooks';
import type { UserRole } from '@meridian/domain';
import { DomainError, ErrorCode } from '@meridian/domain';

export interface AuthenticatedCaller {
  userId: string;
  organizationId: string;
  role: UserRole;
}

/**
 * Per-request state. The HTTP middleware opens a context for every request; the auth guard fills
 * in `caller`. Repositories read the organization from here (through TenantPrisma), so no module
 * passes or forgets it.
 */
export interface RequestContext {
  requestId: string;
  caller?: AuthenticatedCaller;
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
  const organizationId = storage.getStore()?.caller?.organizationId;
  if (!organizationId) {
    throw new DomainError(
      ErrorCode.ERR_INITIALIZATION,
      'Tenant-scoped data was accessed outside an authenticated request',
    );
  }
  return organizationId;
}

/**
 * Runs `fn` as `caller`: for workers and jobs that act for one organization. The result is awaited
 * inside the context because Prisma queries are lazy: they start when awaited, not when created.
 */
export function runAsOrganization<T>(caller: AuthenticatedCaller, fn: () => Promise<T>, requestId = 'job'): Promise<T> {
  return storage.run({ requestId, caller }, async () => await fn());
}
