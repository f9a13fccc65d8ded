/**
 * The API takes JSON bodies (issue "step 12"): every operation that is not a raw upload or a
 * signed webhook refuses a text, XML or multipart body with 415 and the standard error body, and
 * writes nothing. `PATCH /financial-records/{id}` used to read such a body as `{}` and write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization } from '#test/support/factories.js';
import { createHousehold, createRecord } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';

interface Operation {
  method: string;
  path: string;
  /** The content types of its documented body, if it has one. */
  bodyTypes: string[];
}

const ADMIN_EMAIL = 'body-types-admin@firm.test';

let api: TestApi;
let prisma: PrismaClient;
let counter: ChangeCounter;
let token: string;
let operations: Operation[];
let recordId: string;

beforeAll(async () => {
  // The admin is also the platform operator, so every route's guard lets the request through.
  const environment = await createTestEnvironment({ PLATFORM_OPERATOR_EMAILS: ADMIN_EMAIL });
  api = await startTestApi({ seedDemo: false, environment });
  prisma = createPrismaClient(api.databaseUrl);
  const firm = await createOrganization(prisma, { email: ADMIN_EMAIL, role: 'ADMIN' });
  await prisma.user.update({ where: { id: firm.userId }, data: { emailVerifiedAt: new Date() } });
  token = await login(api.baseUrl, firm.email, firm.password);
  const householdId = await createHousehold(prisma, firm);
  recordId = (await createRecord(api.baseUrl, token, { householdId, type: 'LOAN', nickname: 'Chequing' })).id;
  const document = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
    })),
  );
  counter = await installChangeCounter(api.databaseUrl);
});
afterAll(async () => {
  await counter?.close();
  await prisma?.$disconnect();
  await api?.close();
});

/** Bodies of the types a client might send by mistake or on purpose, each carrying a change. */
const NOT_JSON: { name: string; body: () => { body: string | FormData; headers: Record<string, string> } }[] = [
  {
    name: 'text/plain',
    body: () => ({ body: '{"nickname":"Changed"}', headers: { 'content-type': 'text/plain' } }),
  },
  {
    name: 'application/xml',
    body: () => ({
      body: '<record><nickname>Changed</nickname></record>',
      headers: { 'content-type': 'application/xml' },
    }),
  },
  {
    name: 'multipart/form-data',
    body: () => {
      const form = new FormData();
      form.set('nickname', 'Changed');
      return { body: form, headers: {} };
    },
  },
];

async function send(method: string, path: string, kind: (typeof NOT_JSON)[number]) {
  const { body, headers } = kind.body();
  const response = await fetch(`${api.baseUrl}${path}`, {
    method,
    body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Kept as text for the failure message.
  }
  return { status: response.status, body: parsed as Record<string, unknown> };
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'body-probe');
const isJsonBody = (operation: Operation) => operation.bodyTypes.includes('application/json');

describe('bodies that are not JSON', () => {
  it('are taken only by the routes that declare a raw body: the file upload, the import upload, the webhooks', () => {
    const raw = operations.filter((operation) => operation.bodyTypes.length > 0 && !isJsonBody(operation));
    expect(raw.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([
      'POST /api/imports',
      'POST /api/webhooks/nylas',
      'POST /api/webhooks/plaid',
      'POST /api/webhooks/stripe',
      'PUT /api/upload',
    ]);
  });

  it('are refused with 415 and the standard body by every operation that reads a JSON body, and change nothing', async () => {
    const withBody = operations.filter(isJsonBody);
    expect(withBody.length).toBeGreaterThan(90);
    const before = await counter.read();
    const wrong: string[] = [];
    for (const operation of withBody) {
      for (const kind of NOT_JSON) {
        const response = await send(operation.method, concrete(operation.path), kind);
        const standard =
          response.status === 415 &&
          response.body.code === 'UNSUPPORTED_MEDIA_TYPE' &&
          typeof response.body.message === 'string' &&
          typeof response.body.requestId === 'string';
        if (!standard) {
          wrong.push(
            `${operation.method} ${operation.path} (${kind.name}): ${response.status} ${JSON.stringify(response.body)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await counter.read())).toEqual({});
  });

  it('are refused by the routes without a documented body too (nothing reads them as empty)', async () => {
    const bodiless = operations.filter((operation) => operation.bodyTypes.length === 0 && operation.method !== 'GET');
    const wrong: string[] = [];
    for (const operation of bodiless) {
      const response = await send(operation.method, concrete(operation.path), NOT_JSON[0]!);
      if (response.status !== 415) wrong.push(`${operation.method} ${operation.path}: ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves a financial record as it was, where a text body used to be read as an empty edit', async () => {
    const before = await counter.read();
    for (const kind of NOT_JSON) {
      const response = await send('PATCH', `/api/financial-records/${recordId}`, kind);
      expect(response.status, kind.name).toBe(415);
      expect(response.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be JSON, sent with Content-Type: application/json',
      });
    }
    expect(changedTables(before, await counter.read())).toEqual({});
    const record = await fetch(`${api.baseUrl}/api/financial-records/${recordId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await record.json()) as { nickname: string }).nickname).toBe('Chequing');
  });

  it('still lets a JSON body, and a request without a body, through', async () => {
    const edited = await fetch(`${api.baseUrl}/api/financial-records/${recordId}/rename`, {
      method: 'PATCH',
      body: JSON.stringify({ nickname: 'Savings' }),
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${token}` },
    });
    expect(edited.status).toBe(200);
    const empty = await fetch(`${api.baseUrl}/api/financial-records/${recordId}/rename`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(empty.status).toBe(400);
  });
});
