import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { controlCharacterProblems, DomainError, ErrorCode, validationError, type ErrorDetail } from '@meridian/domain';
import { routeSpecOf } from './api-route.js';

/**
 * What every route's input must be before the route reads it, checked once for all routes so a
 * route of a later step inherits it. Registered last among the global guards (bootstrap.ts), after
 * the auth and permission guards, so a caller who may not use the route hears 401 or 403 first.
 *
 * 1. A JSON body: a body of another type is refused with 415 before the route runs, so nothing is
 *    written. A route that reads the body its own way (`@Body()`, parsed by its service) would
 *    otherwise take a text, XML or form body as missing and act on `{}`. Only a route that
 *    declares `rawBody` (a file upload, a signed webhook) reads bytes of another type.
 * 2. No control characters (NUL, the other C0 controls, DEL, lone surrogates) in the query string
 *    or the JSON body, keys included, before the route's own schema runs: PostgreSQL refuses a NUL
 *    in text, so a route whose schema forgets the rule would answer 500. Path parameters never
 *    get here with one: the path guard (path-guard.middleware.ts) refuses such a path before
 *    routing. Raw bodies (webhooks) are bytes and are left to their verifiers.
 *
 * A guard rather than interceptors: Nest runs a route's interceptors through rxjs observables and
 * binds an async resource for each, about a fifth of the CPU time of a small authenticated request
 * (`GET /auth/me`); guards are plain calls, and the checks need nothing an interceptor offers.
 */
export class RequestInputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!routeSpecOf(context.getHandler())?.rawBody) assertJsonBody(request);
    const problems: ErrorDetail[] = [
      ...controlCharacterProblems(request.query ?? {}),
      ...(Buffer.isBuffer(request.body) ? [] : controlCharacterProblems(request.body ?? {})),
    ];
    if (problems.length > 0) throw validationError(problems);
    return true;
  }
}

/**
 * A request without a body passes (the route's schema then answers 400 for its required fields),
 * even when the client says `Content-Length: 0` without a type. `req.is` answers null when there
 * is no body, false when its type is not JSON (a `+json` type included: the parser reads only
 * `application/json`).
 */
function assertJsonBody(request: Request): void {
  const empty = request.headers['content-length'] === '0';
  if (!empty && request.is('application/json') === false) {
    throw new DomainError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'The request body must be JSON, sent with Content-Type: application/json',
    );
  }
}
