/** Small JSON client for the API tests. */
export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON bodies (the docs page, the dashboard) stay text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await call<{ accessToken: string }>(baseUrl, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.accessToken;
}
