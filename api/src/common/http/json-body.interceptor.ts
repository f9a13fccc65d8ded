import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { DomainError, ErrorCode } from '@meridian/domain';
import { routeSpecOf } from './api-route.js';

/**
 * The API takes JSON: a body of another type is refused with 415 before the route runs, so
 * nothing is written. Checked here for every route rather than where a route reads its body: a
 * route that reads the body its own way (`@Body()`, parsed by its service) would otherwise take a
 * text, XML or form body as missing and act on `{}`. Only a route that declares `rawBody` (a
 * file upload, a signed webhook) reads bytes of another type. Runs after the guards, so a caller
 * who may not use the route hears 401 or 403, not 415.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http' && !routeSpecOf(context.getHandler())?.rawBody) {
      assertJsonBody(context.switchToHttp().getRequest<Request>());
    }
    return next.handle();
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
