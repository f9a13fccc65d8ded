import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { TextMessage, TEXT_LIMITS } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createHousehold } from '#test/support/financial-factories.js';
import { createContact } from '#test/support/crm-factories.js';

/**
 * The inputs that used to end in a 500 (issue "step 9"): each now answers 400 with the standard
 * body and a message a person can act on, and writes nothing.
 */
let api: TestApi;
let prisma: PrismaClient;
let org: CreatedOrganization;
let householdId: string;
let as: ReturnType<typeof apiAs>;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  org = await createOrganization(prisma, { name: 'Guarded Wealth' });
  householdId = await createHousehold(prisma, org);
  as = apiAs(api.baseUrl, await login(api.baseUrl, org.email, org.password));
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

/** Rows of the tables these requests could write. */
async function rowCounts(): Promise<Record<string, number>> {
  const rows = await prisma.$queryRawUnsafe<{ table: string; count: bigint }[]>(
    `SELECT 'households' AS "table", count(*) FROM households
     UNION ALL SELECT 'contacts', count(*) FROM contacts
     UNION ALL SELECT 'cash_flow_sources', count(*) FROM cash_flow_sources
     UNION ALL SELECT 'recurring_streams', count(*) FROM recurring_streams
     UNION ALL SELECT 'audit_logs', count(*) FROM audit_logs`,
  );
  return Object.fromEntries(rows.map((row) => [row.table, Number(row.count)]));
}

async function expectRefused(
  method: string,
  path: string,
  body: unknown,
  detail: { path: string; message: string },
): Promise<void> {
  const before = await rowCounts();
  const response = await as<{ code: string; message: string; details: unknown[]; requestId: string }>(
    method,
    path,
    body,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  expect(typeof response.body.requestId).toBe('string');
  expect(response.body.details).toContainEqual(detail);
  expect(await rowCounts()).toEqual(before);
}

const income = (value: unknown) => ({
  householdId: '',
  name: 'Salary',
  flows: [{ name: 'Pay', status: 'ACTIVE', amount: { value, currency: 'CAD' }, frequency: { common: 'MONTHLY' } }],
});

describe('inputs that reached the database unchecked', () => {
  it('refuses a NUL in a free-text field, wherever the field is', async () => {
    await expectRefused(
      'POST',
      '/api/households',
      { teamId: org.teamId, name: 'Lee\u0000 family' },
      { path: 'name', message: TextMessage.controlCharacters },
    );
    await expectRefused(
      'POST',
      '/api/income-flows',
      { ...income(100), householdId, name: 'Salary\u0000' },
      { path: 'name', message: TextMessage.controlCharacters },
    );
    await expectRefused(
      'POST',
      '/api/contacts',
      {
        type: 'OTHER',
        teamId: org.teamId,
        name: { first: 'Ann', last: 'Lee' },
        tags: [{ name: 'VIP\u0000', type: 'GENERAL' }],
      },
      { path: 'tags.0.name', message: TextMessage.controlCharacters },
    );
  });

  it('refuses a NUL in a path parameter, even on a route that reads the parameter itself', async () => {
    for (const [method, path] of [
      ['GET', '/api/households/%00'],
      ['PATCH', '/api/financial-records/bank-accounts/%00/remove-owner'],
    ] as const) {
      const before = await rowCounts();
      const response = await as<{ code: string; message: string; requestId: string }>(
        method,
        path,
        method === 'GET' ? undefined : { entityId: 'person-x' },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body).toMatchObject({
        code: 'MALFORMED_REQUEST',
        message: 'The URL path contains a control character',
      });
      expect(await rowCounts()).toEqual(before);
    }
  });

  it('refuses a control character in a query string', async () => {
    await expectRefused('GET', '/api/contacts?search=Lee%00', undefined, {
      path: 'search',
      message: TextMessage.controlCharacters,
    });
  });

  it('refuses amounts of 10^12 and more in cash flows and streams, as financial records do', async () => {
    await expectRefused(
      'POST',
      '/api/income-flows',
      { ...income(1e12), householdId },
      { path: 'flows.0.amount.value', message: 'Money value must be less than 1,000,000,000,000' },
    );
    await expectRefused(
      'POST',
      '/api/streams',
      { householdId, name: 'Rent', direction: 'OUTFLOW', averageAmount: { value: -5e15, currency: 'CAD' } },
      { path: 'averageAmount.value', message: 'Money value must be less than 1,000,000,000,000' },
    );
  });

  it('refuses a negative income or expense amount', async () => {
    await expectRefused(
      'POST',
      '/api/income-flows',
      { ...income(-2000), householdId },
      { path: 'flows.0.amount.value', message: 'Amount must not be negative' },
    );
    await expectRefused(
      'POST',
      '/api/expense-flows',
      { ...income(-5), householdId, name: 'Groceries' },
      { path: 'flows.0.amount.value', message: 'Amount must not be negative' },
    );
  });

  it('refuses free text of 100,000 characters', async () => {
    await expectRefused(
      'POST',
      '/api/households',
      { teamId: org.teamId, name: 'Lee family', salutation: 'x'.repeat(100_000) },
      { path: 'salutation', message: TextMessage.tooLong(TEXT_LIMITS.line) },
    );
  });

  it('refuses a date the database cannot store (there is no year 0)', async () => {
    await expectRefused(
      'PATCH',
      `/api/households/${householdId}`,
      { lastKycUpdatedAt: '0000-06-01' },
      { path: 'lastKycUpdatedAt', message: 'Please enter a valid date' },
    );
  });

  it('refuses a page whose offset the database cannot take', async () => {
    await expectRefused('GET', '/api/households?page=1e20', undefined, {
      path: 'page',
      message: 'Page must be at most 1,000,000',
    });
  });

  it('still takes ordinary text, line breaks where text may span lines, and amounts just under the limit', async () => {
    const created = await as<{ id: string; name: string }>('POST', '/api/income-flows', {
      ...income(999_999_999_999.99),
      householdId,
      name: '  Salary – Émile 😀  ',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe('Salary – Émile 😀');
  });
});

describe('web addresses the API stores', () => {
  it('refuses a javascript: or data: avatar with the scheme message, and keeps the contact as it was', async () => {
    const { contactId } = await createContact(prisma, org, { firstName: 'Ada', lastName: 'Script' });
    for (const avatarUrl of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>']) {
      await expectRefused(
        'PATCH',
        `/api/contacts/${contactId}/avatar`,
        { avatarUrl },
        { path: 'avatarUrl', message: TextMessage.urlScheme },
      );
    }
    expect((await prisma.contact.findUniqueOrThrow({ where: { id: contactId } })).avatarUrl).toBeNull();
    const set = await as('PATCH', `/api/contacts/${contactId}/avatar`, {
      avatarUrl: 'https://cdn.example.com/ada.png',
    });
    expect(set.status).toBe(200);
  });
});
