import { currentOrganizationId } from './request-context.js';
import type { TenantPrismaClient } from './tenant-scope.js';

/** The client an interactive transaction of the tenant client hands its callback. */
export type TenantTransaction = Parameters<Parameters<TenantPrismaClient['$transaction']>[0]>[0];

/**
 * `data` with the caller's organization: the tenant client stamps it anyway, but the generated
 * create types require the column, and naming it here keeps them checked without casts.
 */
export function withOrganization<T extends object>(data: T): T & { organizationId: string } {
  return { ...data, organizationId: currentOrganizationId() };
}
