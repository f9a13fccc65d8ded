import { DomainError, ErrorCode } from '@meridian/domain';
import { currentContext, runAsOrganization } from './request-context.js';

/**
 * Runs `fn` for `organizationId`: inside the current context when it is that organization's, in a
 * context of its own when there is none (a job, a test or a tool calling a service directly), and
 * never for another organization than the caller's. Services whose methods name their organization
 * (the hub's, which jobs drive) go through it, so the tenant-scoped client works for them as it
 * does in a request.
 */
export function inOrganization<T>(organizationId: string, fn: () => Promise<T>): Promise<T> {
  const context = currentContext();
  const current = context?.caller?.organizationId ?? context?.organizationId;
  if (current === organizationId) return fn();
  if (current !== undefined) {
    throw new DomainError(ErrorCode.FORBIDDEN, 'A request cannot act for another organization');
  }
  return runAsOrganization({ organizationId }, fn, context?.requestId ?? 'job');
}
