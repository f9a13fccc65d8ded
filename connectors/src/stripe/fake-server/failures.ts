/** Stripe's error answers: `{ error: { type, code, message, param } }` with the HTTP status Stripe uses. */
import type { StripeErrorBody } from './payloads.js';

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, param?: string, code?: string): never {
  throw new StripeFailure(400, {
    type: 'invalid_request_error',
    message,
    ...(code === undefined ? {} : { code }),
    ...(param === undefined ? {} : { param }),
  });
}

/** 404 resource_missing, worded as Stripe words it: "No such customer: 'cus_123'". */
export function noSuch(kind: string, id: string, param = 'id'): never {
  throw new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function missingParam(param: string): never {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}
