import type { NextFunction, Request, Response } from 'express';
import { DomainError, ErrorCode, hasControlCharacter } from '@meridian/domain';

/** Why an API path cannot be read, or undefined when it can. */
export function pathRefusal(rawPath: string): DomainError | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return new DomainError(ErrorCode.MALFORMED_REQUEST, 'The URL path is not valid percent-encoding');
  }
  // C0 controls (NUL included) and DEL: no id, name or route of the API contains one.
  if (hasControlCharacter(decoded)) {
    return new DomainError(ErrorCode.MALFORMED_REQUEST, 'The URL path contains a control character');
  }
  return undefined;
}

/**
 * Refuses an API path that is not valid percent-encoding or that decodes to a control character,
 * before any route: a path parameter never carries a NUL to PostgreSQL (which refuses it), and the
 * router's own decoding failure answers like every other refusal. Query strings are fields, left
 * to each route's schema.
 */
export function pathGuardMiddleware(onRefusal: (error: DomainError, request: Request, response: Response) => void) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path !== '/api' && !request.path.startsWith('/api/')) return next();
    const refusal = pathRefusal(request.path);
    if (refusal) return onRefusal(refusal, request, response);
    next();
  };
}
