import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { runWithContext, type RequestContext } from '../tenancy/request-context.js';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Opens the request context (request id; the auth guard adds the caller) around everything that
 * follows, echoes the id in `x-request-id`, and writes one JSON log line per request.
 */
export function requestContextMiddleware(logger: Logger) {
  // The request line's fields are the API's own (ids, method, path, status, duration), never a
  // secret, so it is written without the logger's redaction, which costs twice what the rest of
  // writing the line does (pino runs every redacted path over each object it logs).
  const requestLog = logger.child({}, { redact: [] });
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    response.setHeader('x-request-id', requestId);
    const started = performance.now();
    const context: RequestContext = { requestId };
    response.on('finish', () => {
      if (!request.originalUrl.startsWith('/api')) return;
      requestLog.info(
        {
          requestId,
          method: request.method,
          url: request.originalUrl.split('?')[0],
          status: response.statusCode,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          userId: context.caller?.userId,
          organizationId: context.caller?.organizationId,
        },
        'request',
      );
    });
    runWithContext(context, () => next());
  };
}
