import { apiErrorFromResponse, networkError } from './api-error';
import { API_BASE } from './client';
import { readToken } from './token-store';

// Files the API answers (CSV reports) need the bearer token, so they are fetched and handed to the
// browser as a download rather than opened as a plain link.

/** `Accept` and, when signed in, the bearer token, for a request made outside apiRequest. */
export function authHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** GETs a file below the API with the bearer token; rejects with an ApiError as apiRequest does. */
export async function fetchFile(path: string, accept: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: authHeaders(accept) });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

/** Saves the response's body as a download named `fileName`. */
export async function saveFile(response: Response, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
