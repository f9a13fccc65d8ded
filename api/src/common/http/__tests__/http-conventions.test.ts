import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '#test/support/http.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from '#test/support/app.js';

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(() => api?.close());

describe('HTTP conventions', () => {
  it('reports PostgreSQL, Redis and the queues on the public health route', async () => {
    const response = await call<{
      status: string;
      checks: Record<string, { status: string }>;
      queues: { name: string }[];
    }>(api.baseUrl, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
    expect(response.body.checks.postgres!.status).toBe('up');
    expect(response.body.checks.redis!.status).toBe('up');
    expect(response.body.queues.map((queue) => queue.name)).toContain('email');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await call(api.baseUrl, 'GET', '/api/no-such-thing', { token });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No route for GET /api/no-such-thing',
      details: [],
    });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/auth/login', { rawBody: '{"email": "a@b.co",' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' });
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/auth/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reports validation failures field by field', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/auth/login', { body: { email: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [
        { path: 'email', message: 'Email is required' },
        { path: 'password', message: 'Password is required' },
      ],
      requestId: expect.any(String),
    });
  });

  it('echoes a request id, and generates one when none is sent', async () => {
    const echoed = await call(api.baseUrl, 'GET', '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const generated = await call(api.baseUrl, 'GET', '/api/no-route', {});
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((generated.body as { requestId: string }).requestId).toBe(generated.headers.get('x-request-id'));
  });

  it('serves the OpenAPI document and its UI', async () => {
    const document = await call<{ openapi: string; paths: Record<string, unknown> }>(
      api.baseUrl,
      'GET',
      '/api/docs-json',
    );
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.0.3');
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/auth/me',
        '/api/users/first-admin-user',
        '/api/teams/{teamId}',
      ]),
    );
    const login = (document.body.paths['/api/auth/login'] as { post: { requestBody: unknown } }).post;
    expect(JSON.stringify(login.requestBody)).toContain('"email"');
    const ui = await call<string>(api.baseUrl, 'GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('refuses every non-public route of the API document without a token', async () => {
    const document = await call<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      api.baseUrl,
      'GET',
      '/api/docs-json',
    );
    const protectedRoutes = Object.entries(document.body.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, 'team-AAAAAAAAAAAAAAAAAAAAA'),
        })),
    );
    expect(protectedRoutes.length).toBeGreaterThan(1);
    for (const route of protectedRoutes) {
      const response = await call(api.baseUrl, route.method, route.path, {
        body: route.method === 'GET' ? undefined : {},
      });
      expect({ route, status: response.status, code: (response.body as { code: string }).code }).toEqual({
        route,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
  });
});
