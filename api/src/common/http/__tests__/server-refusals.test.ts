/**
 * Refusals that happen before any route (Node's HTTP parser, the path guard, the body's type)
 * answer like every other error of the API: `{code, message, details, requestId}`.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { call, login, type JsonResponse } from '#test/support/http.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from '#test/support/app.js';

let api: TestApi;
let token: string;
let prisma: PrismaClient;
let teamId: string;

beforeAll(async () => {
  api = await startTestApi();
  token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  prisma = createPrismaClient(api.databaseUrl);
  teamId = (await prisma.team.findFirstOrThrow({ select: { id: true } })).id;
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

function expectRefusal(response: JsonResponse, status: number, code: string, message: RegExp | string): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toEqual({
    code,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
    details: [],
    requestId: response.headers.get('x-request-id'),
  });
}

/** Bytes written straight to the socket, and everything the server answers before it closes. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('refusals of the HTTP parser', () => {
  it('answers an oversized URL with 414 and the standard body', async () => {
    for (const length of [20_000, 100_000]) {
      const response = await call(api.baseUrl, 'GET', `/api/contacts?search=${'a'.repeat(length)}`, { token });
      expectRefusal(response, 414, 'URI_TOO_LONG', /^The URL is too long/);
    }
  });

  it('answers oversized headers with 431 and the standard body', async () => {
    const response = await call(api.baseUrl, 'GET', '/api/contacts', {
      token,
      headers: { 'x-padding': 'h'.repeat(20_000) },
    });
    expectRefusal(response, 431, 'HEADERS_TOO_LARGE', 'The request headers are larger than 16 KB');
  });

  it('answers bytes that are not HTTP with 400 and the standard body', async () => {
    const answer = await rawExchange('HELLO THERE\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\nContent-Type: application\/json/);
    expect(JSON.parse(body!)).toEqual({
      code: 'MALFORMED_REQUEST',
      message: 'The request is not valid HTTP',
      details: [],
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('keeps serving after a refused connection', async () => {
    await call(api.baseUrl, 'GET', `/api/contacts?search=${'a'.repeat(30_000)}`, { token });
    const response = await call(api.baseUrl, 'GET', '/api/health');
    expect(response.status).toBe(200);
  });
});

describe('refusals of the URL path', () => {
  it('answers malformed percent-encoding with 400 MALFORMED_REQUEST', async () => {
    for (const path of ['/api/contacts/%E0%A4%A', '/api/contacts/%ZZ', '/api/no-such%E0route']) {
      const response = await call(api.baseUrl, 'GET', path, { token });
      expectRefusal(response, 400, 'MALFORMED_REQUEST', 'The URL path is not valid percent-encoding');
    }
  });

  it('answers a NUL or another control character in a path parameter with 400, whatever the route', async () => {
    // /api/imports/{batchId} took its parameter to PostgreSQL, which refuses a NUL: it answered 500.
    for (const path of [
      '/api/contacts/%00',
      '/api/imports/%00',
      '/api/import-folders/a%00b',
      '/api/households/x%1Fy',
    ]) {
      const response = await call(api.baseUrl, 'GET', path, { token });
      expectRefusal(response, 400, 'MALFORMED_REQUEST', 'The URL path contains a control character');
    }
  });

  it('leaves encoded characters that are not controls to the route', async () => {
    const response = await call(api.baseUrl, 'GET', '/api/contacts/caf%C3%A9', { token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'contactId' }] });
  });
});

describe('the body of a JSON route', () => {
  const household = { teamId: '', name: 'Media-type household' };

  it('refuses a body that is not JSON with 415 and changes nothing', async () => {
    const before = await prisma.household.count();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await call(api.baseUrl, 'POST', '/api/households', {
        token,
        rawBody: JSON.stringify({ ...household, teamId }),
        headers: { 'content-type': contentType },
      });
      expectRefusal(
        response,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'The request body must be JSON, sent with Content-Type: application/json',
      );
    }
    expect(await prisma.household.count()).toBe(before);
  });

  it('reads JSON whatever its charset parameter, and validates a missing body as empty', async () => {
    const created = await call(api.baseUrl, 'POST', '/api/households', {
      token,
      rawBody: JSON.stringify({ ...household, teamId }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(created.status).toBe(201);
    const missing = await call(api.baseUrl, 'POST', '/api/households', { token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers a charset or a Content-Encoding it cannot read with 415, a body that does not inflate with 400', async () => {
    const send = (path: string, headers: Record<string, string>, rawBody = '{"name":"x"}') =>
      call(api.baseUrl, 'POST', path, { token, rawBody, headers: { 'content-type': 'application/json', ...headers } });
    expectRefusal(
      await send('/api/households', { 'content-type': 'application/json; charset=latin-9' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      "The request body's charset (latin-9) is not supported: send UTF-8",
    );
    for (const path of ['/api/households', '/api/webhooks/plaid']) {
      expectRefusal(
        await send(path, { 'content-encoding': 'compress' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        "The request body's Content-Encoding is not supported: send it as is, or as gzip, deflate or br",
      );
      expectRefusal(
        await send(path, { 'content-encoding': 'gzip' }, 'not gzip at all'),
        400,
        'MALFORMED_REQUEST',
        'The request body could not be read (check its Content-Length and Content-Encoding)',
      );
    }
  });

  it('asks for a token before it looks at the body', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/households', {
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(401);
  });

  it('ignores unknown body fields, as the OpenAPI document says', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/auth/login', {
      body: { ...DEMO_ADMIN, rememberMe: true },
    });
    expect(response.status).toBe(200);
    const document = await call<{
      paths: Record<string, Record<string, { requestBody?: { description?: string }; responses: object }>>;
    }>(api.baseUrl, 'GET', '/api/docs-json');
    const households = document.body.paths['/api/households']!.post!;
    expect(households.requestBody?.description).toBe('Fields not described here are ignored.');
    expect(Object.keys(households.responses)).toContain('415');
    // Drop folders ignore them like every route; the import mapping's forms differ by their keys,
    // so each of them refuses the others' (and any unknown) field, and its document says which.
    expect(document.body.paths['/api/import-folders']!.post!.requestBody?.description).toBe(
      'Fields not described here are ignored.',
    );
    expect(document.body.paths['/api/imports/{batchId}/mapping']!.put!.requestBody?.description).toMatch(
      /^Fields not described here are refused \(400\)/,
    );
  });
});
