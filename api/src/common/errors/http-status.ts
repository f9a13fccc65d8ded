import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@meridian/domain';

/** The one place a domain error code becomes an HTTP status. Unlisted codes are client errors (400). */
export const HTTP_STATUS_BY_CODE: Partial<Record<ErrorCode, HttpStatus>> = {
  [ErrorCode.UNAUTHENTICATED]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.FORBIDDEN]: HttpStatus.FORBIDDEN,
  [ErrorCode.NOT_FOUND]: HttpStatus.NOT_FOUND,
  [ErrorCode.CONFLICT]: HttpStatus.CONFLICT,
  [ErrorCode.TOO_MANY_REQUESTS]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.PAYLOAD_TOO_LARGE]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  [ErrorCode.URI_TOO_LONG]: HttpStatus.URI_TOO_LONG,
  // Nest's HttpStatus has no 431.
  [ErrorCode.HEADERS_TOO_LARGE]: 431 as HttpStatus,
  [ErrorCode.REQUEST_TIMEOUT]: HttpStatus.REQUEST_TIMEOUT,
  [ErrorCode.INTERNAL_ERROR]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ErrorCode.ERR_INITIALIZATION]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ErrorCode.UNHANDLED_CASE_ERROR]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ErrorCode.CREDENTIALS_KEY_MISSING]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ErrorCode.CREDENTIALS_UNREADABLE]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ErrorCode.PROVIDER_UNAVAILABLE]: HttpStatus.BAD_GATEWAY,
  [ErrorCode.PROVIDER_REJECTED]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.WEBHOOK_UNVERIFIED]: HttpStatus.UNAUTHORIZED,
};

export function httpStatusFor(code: ErrorCode): HttpStatus {
  return HTTP_STATUS_BY_CODE[code] ?? HttpStatus.BAD_REQUEST;
}
