import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, ErrorCode, type ErrorResponse } from '@meridian/domain';
import { httpStatusFor } from './http-status.js';
import { currentContext } from '../tenancy/request-context.js';

interface Mapped {
  status: number;
  body: Omit<ErrorResponse, 'requestId'>;
  retryAfterSeconds?: number;
}

/** A client error the body parser (or raw-body, or zlib under it) raised, in the `http-errors` shape. */
interface BodyReadError {
  type?: string;
  status?: number;
  expose?: boolean;
  charset?: string;
}

/** Errors the body parser raises before any route runs (express `type` field). */
function mapBodyParserError(error: BodyReadError): Mapped | undefined {
  if (error.type === 'entity.parse.failed') {
    return {
      status: 400,
      body: { code: ErrorCode.MALFORMED_JSON, message: 'The request body is not valid JSON', details: [] },
    };
  }
  if (error.type === 'entity.too.large') {
    return {
      status: 413,
      body: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'The request body is larger than 1 MB', details: [] },
    };
  }
  if (error.type === 'charset.unsupported') {
    const message = `The request body's charset${error.charset ? ` (${error.charset})` : ''} is not supported: send UTF-8`;
    return { status: 415, body: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message, details: [] } };
  }
  if (error.type === 'encoding.unsupported') {
    const message = "The request body's Content-Encoding is not supported: send it as is, or as gzip, deflate or br";
    return { status: 415, body: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message, details: [] } };
  }
  return undefined;
}

/**
 * What the error middleware after the body parsers answers: their known refusals as above, and
 * anything else they refused as the client's fault (a body shorter than its Content-Length, gzip
 * that does not inflate) as 400 MALFORMED_REQUEST, never a 500.
 */
export function bodyReadRefusal(error: unknown): unknown {
  if (!error || typeof error !== 'object' || mapBodyParserError(error as BodyReadError)) return error;
  const { expose, status } = error as BodyReadError;
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return new DomainError(
      ErrorCode.MALFORMED_REQUEST,
      'The request body could not be read (check its Content-Length and Content-Encoding)',
    );
  }
  return error;
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ErrorCode.UNAUTHENTICATED;
    case 403:
      return ErrorCode.FORBIDDEN;
    case 404:
      return ErrorCode.NOT_FOUND;
    case 409:
      return ErrorCode.CONFLICT;
    case 408:
      return ErrorCode.REQUEST_TIMEOUT;
    case 413:
      return ErrorCode.PAYLOAD_TOO_LARGE;
    case 414:
      return ErrorCode.URI_TOO_LONG;
    case 415:
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
    case 431:
      return ErrorCode.HEADERS_TOO_LARGE;
    case 429:
      return ErrorCode.TOO_MANY_REQUESTS;
    default:
      return status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.VALIDATION_ERROR;
  }
}

export function mapError(error: unknown, request?: Pick<Request, 'method' | 'originalUrl'>): Mapped {
  if (error instanceof DomainError) {
    return {
      status: httpStatusFor(error.code),
      body: { code: error.code, message: error.message, details: [...error.details] },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  const bodyParser = error && typeof error === 'object' ? mapBodyParserError(error as BodyReadError) : undefined;
  if (bodyParser) return bodyParser;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const message =
      status === HttpStatus.NOT_FOUND && request
        ? `No route for ${request.method} ${request.originalUrl.split('?')[0]}`
        : error.message;
    return { status, body: { code: codeForStatus(status), message, details: [] } };
  }
  return { status: 500, body: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal server error', details: [] } };
}

/**
 * Every error leaves the API as `{code, message, details, requestId}`; stack traces go to the log,
 * never to the client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    sendError(error, request, response, this.logger);
  }
}

export function sendError(error: unknown, request: Request, response: Response, logger: Logger): void {
  const mapped = mapError(error, request);
  const requestId = currentContext()?.requestId ?? (request.headers['x-request-id'] as string | undefined);
  if (mapped.status >= 500) {
    logger.error({ err: error, requestId, method: request.method, url: request.originalUrl }, 'request failed');
  }
  if (response.headersSent) return;
  if (mapped.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(mapped.retryAfterSeconds));
  response.status(mapped.status).json({ ...mapped.body, requestId });
}
