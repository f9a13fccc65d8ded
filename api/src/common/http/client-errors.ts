import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { DomainError, ErrorCode, type ErrorResponse } from '@meridian/domain';
import { httpStatusFor } from '../errors/http-status.js';

interface ClientError extends Error {
  code?: string;
  /** The bytes Node's parser was reading when it gave up. */
  rawPacket?: Buffer;
}

/** A socket whose current response (keep-alive) may already have started. */
interface HttpSocket extends Duplex {
  _httpMessage?: { headersSent?: boolean };
}

/**
 * What the HTTP parser refused, as the domain error the client reads. The parser counts the
 * request line and the headers together against one limit (`http.maxHeaderSize`): a request line
 * that takes more than half of it is reported as a long URL, otherwise as large headers.
 */
export function refusalOf(error: ClientError, maxHeaderSize: number): DomainError | undefined {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const kilobytes = Math.round(maxHeaderSize / 1024);
      const packet = error.rawPacket ?? Buffer.alloc(0);
      const lineEnd = packet.indexOf('\r\n');
      const startsWithRequestLine = /^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'));
      const requestLineLength = lineEnd === -1 ? packet.length : lineEnd;
      return startsWithRequestLine && requestLineLength > maxHeaderSize / 2
        ? new DomainError(
            ErrorCode.URI_TOO_LONG,
            `The URL is too long (the server reads at most ${kilobytes} KB of URL and headers)`,
          )
        : new DomainError(ErrorCode.HEADERS_TOO_LARGE, `The request headers are larger than ${kilobytes} KB`);
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new DomainError(ErrorCode.REQUEST_TIMEOUT, 'The request did not arrive in time');
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined;
    default:
      return new DomainError(ErrorCode.MALFORMED_REQUEST, 'The request is not valid HTTP');
  }
}

/**
 * Node's HTTP parser refuses some requests (an oversized URL or headers, bytes that are not HTTP)
 * before express sees them, and by default answers with a bare status line. This answers them like
 * every other refusal of the API: the standard error body with a request id, then closes the
 * connection (the parser cannot read the rest of it).
 */
export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (error: ClientError, socket: HttpSocket) => {
    const refusal = refusalOf(error, maxHeaderSize);
    if (!refusal || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const status = httpStatusFor(refusal.code);
    const requestId = randomUUID();
    const body: ErrorResponse = { code: refusal.code, message: refusal.message, details: [], requestId };
    const json = JSON.stringify(body);
    logger.info({ requestId, status, parserError: error.code }, 'request refused by the HTTP parser');
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(json)}`,
        `x-request-id: ${requestId}`,
        'Connection: close',
        '',
        json,
      ].join('\r\n'),
    );
  });
}
