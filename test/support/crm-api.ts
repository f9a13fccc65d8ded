// Helpers for the CRM API tests: a client bound to a token, and the failing fields of a 400.
import { expect } from 'vitest';
import { call, type JsonResponse } from './http.js';

// Response bodies are read loosely: the tests compare them with toMatchObject.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;
export type ApiCall = (method: string, path: string, body?: unknown) => Promise<JsonResponse<Body>>;

export function apiClient(baseUrl: string, token: string): ApiCall {
  return (method, path, body) => call<Body>(baseUrl, method, path, { token, body });
}

/** Asserts a 400 VALIDATION_ERROR that reports `message` on `path` (among any others). */
export function expectInvalid(response: JsonResponse<Body>, path: string, message: string): void {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  expect(response.body.details).toContainEqual({ path, message });
}

/** Asserts the 404 an unknown or another organization's record gets. */
export function expectNotFound(response: JsonResponse<Body>, what: string): void {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status: 404,
    body: { code: 'NOT_FOUND', message: `${what} not found` },
  });
}
