import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { controlCharacterProblems, validationError, type ErrorDetail } from '@meridian/domain';

/**
 * Every route's query string and JSON body are checked for the characters no text may hold (NUL,
 * the other C0 controls, DEL, lone surrogates) before the route's own schema runs: PostgreSQL
 * refuses a NUL in text, so a route whose schema forgets the rule would answer 500. Registered
 * globally, so routes of later steps inherit it. Path parameters never get here with one: the
 * path guard (path-guard.middleware.ts) refuses such a path before routing. Raw bodies (webhooks)
 * are bytes and are left to their verifiers.
 */
@Injectable()
export class ControlCharactersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      const problems: ErrorDetail[] = [
        ...controlCharacterProblems(request.query ?? {}),
        ...(Buffer.isBuffer(request.body) ? [] : controlCharacterProblems(request.body ?? {})),
      ];
      if (problems.length > 0) throw validationError(problems);
    }
    return next.handle();
  }
}
