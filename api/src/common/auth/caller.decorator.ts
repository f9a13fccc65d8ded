import { createParamDecorator } from '@nestjs/common';
import { DomainError, ErrorCode } from '@meridian/domain';
import { currentContext, type AuthenticatedCaller } from '../tenancy/request-context.js';

/** The authenticated caller of a non-public route. */
export const Caller = createParamDecorator((): AuthenticatedCaller => {
  const caller = currentContext()?.caller;
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Sign in first: this route needs a bearer token');
  return caller;
});
