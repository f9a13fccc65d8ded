import { apiErrorFromResponse, networkError } from './api-error';
import { clearToken, readToken } from './token-store';

export const API_BASE = '/api';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/**
 * Called when an authenticated request comes back 401: the stored token is already cleared and
 * the handler sends the user to the login page. Returns a function that removes the handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token and treat a 401 as an expired session (default true). */
  authenticated?: boolean;
  /** Non-2xx statuses whose body is still a normal result (health answers 503 when degraded). */
  acceptStatuses?: readonly number[];
  signal?: AbortSignal;
}

/** Sends a JSON request to the API; resolves with the parsed body or rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, authenticated = true, acceptStatuses = [], signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = authenticated ? readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }

  if (response.ok || acceptStatuses.includes(response.status)) {
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw await apiErrorFromResponse(response);
    }
  }

  if (response.status === 401 && authenticated) {
    clearToken();
    onUnauthorized?.();
  }
  throw await apiErrorFromResponse(response);
}
