import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { call, login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createHousehold, createMeeting, createNote } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';
import { csvField } from '../csv.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
let northToken: string;
const ids: Record<string, string> = {};

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  northToken = await login(api.baseUrl, north.email, north.password);
  northApi = apiClient(api.baseUrl, northToken);

  ids.kyc = await createHousehold(prisma, north, {
    name: 'Zed household',
    salutation: 'Dear Alice',
    lastKycUpdatedAt: daysAgo(30),
  });
  ids.quiet = await createHousehold(prisma, north, { name: 'Quiet household' });
  ids.alice = (
    await createContact(prisma, north, {
      firstName: 'Alice',
      lastName: 'Zed',
      householdId: ids.kyc,
      emails: ['alice@zed.test'],
      phones: ['4165550100'],
    })
  ).contactId;
  ids.bob = (await createContact(prisma, north, { firstName: 'Bob', lastName: 'Young', type: 'LEAD' })).contactId;
  ids.carol = (
    await createContact(prisma, north, { firstName: '=Carol', lastName: 'Xu, Jr.', type: 'PROSPECT' })
  ).contactId;
  await createMeeting(prisma, north, { startTime: daysAgo(10), contactId: ids.alice });
  await createNote(prisma, north, { date: daysAgo(3), contactId: ids.alice });
  await createMeeting(prisma, north, { startTime: daysAgo(2), contactId: ids.bob, cancelled: true });
  await createMeeting(prisma, north, { startTime: daysAgo(-5), contactId: ids.bob });
  await createNote(prisma, north, { date: daysAgo(20), contactId: ids.carol });
  await createMeeting(prisma, north, { startTime: daysAgo(7), householdId: ids.kyc });
  await createContact(prisma, south, { firstName: 'Southern', lastName: 'Secret' });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('GET /api/reports/contacts', () => {
  it('shows every column of crm §3 by default, sorted by display name', async () => {
    const response = await northApi('GET', '/api/reports/contacts');
    expect(response.status).toBe(200);
    expect(response.body.columns.map((column: { label: string }) => column.label)).toEqual([
      'Client service',
      'Display name',
      'First name',
      'Last name',
      'Primary email',
      'Portal access status',
      'Primary phone',
      'Type',
      'Days since last contact',
      'Days since last meeting',
    ]);
    expect(response.body).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(response.body.rows).toEqual([
      {
        id: ids.carol,
        values: expect.objectContaining({
          displayName: '=Carol Xu, Jr.',
          daysSinceLastContact: 20,
          daysSinceLastMeeting: null,
        }),
      },
      {
        id: ids.alice,
        values: {
          clientService: 'Factory team',
          displayName: 'Alice Zed',
          firstName: 'Alice',
          lastName: 'Zed',
          primaryEmail: 'alice@zed.test',
          portalAccessStatus: 'NONE',
          primaryPhone: '+1 4165550100',
          type: 'CLIENT',
          daysSinceLastContact: 3,
          daysSinceLastMeeting: 10,
        },
      },
      {
        id: ids.bob,
        // A cancelled meeting and a future one are not contact.
        values: expect.objectContaining({
          displayName: 'Bob Young',
          daysSinceLastContact: null,
          daysSinceLastMeeting: null,
        }),
      },
    ]);
  });

  it('shows the chosen columns in order, sorted by any column, empty cells last, and pages', async () => {
    const response = await northApi(
      'GET',
      '/api/reports/contacts?columns=lastName,daysSinceLastContact&sort=daysSinceLastContact&order=desc&limit=2',
    );
    expect(response.body.columns).toEqual([
      { key: 'lastName', label: 'Last name' },
      { key: 'daysSinceLastContact', label: 'Days since last contact' },
    ]);
    expect(response.body.rows).toEqual([
      { id: ids.carol, values: { lastName: 'Xu, Jr.', daysSinceLastContact: 20 } },
      { id: ids.alice, values: { lastName: 'Zed', daysSinceLastContact: 3 } },
    ]);
    const second = await northApi(
      'GET',
      '/api/reports/contacts?columns=lastName&sort=daysSinceLastContact&order=desc&limit=2&page=2',
    );
    expect(second.body).toMatchObject({ total: 3, rows: [{ id: ids.bob }] });
    const team = await northApi('GET', `/api/reports/contacts?teamId=${north.teamId}&columns=type&sort=type`);
    expect(team.body.rows.map((row: { values: { type: string } }) => row.values.type)).toEqual([
      'CLIENT',
      'LEAD',
      'PROSPECT',
    ]);
  });

  it.each([
    ['columns=firstName,shoeSize', 'columns.1', 'Unknown column'],
    ['sort=shoeSize', 'sort', 'Sort must be one of the report columns'],
    ['order=sideways', 'order', 'Order must be asc or desc'],
    ['teamId=x', 'teamId', 'Invalid team id'],
    ['page=0', 'page', 'Page must be a whole number of at least 1'],
    ['limit=0', 'limit', 'Limit must be a whole number of at least 1'],
  ])('refuses ?%s', async (query, path, message) => {
    expectInvalid(await northApi('GET', `/api/reports/contacts?${query}`), path, message);
    expectInvalid(await northApi('GET', `/api/reports/contacts/csv?${query}`), path, message);
  });

  it("answers 404 for another organization's team", async () => {
    expectNotFound(await northApi('GET', `/api/reports/contacts?teamId=${south.teamId}`), 'Team');
    expectNotFound(await northApi('GET', `/api/reports/contacts/csv?teamId=${south.teamId}`), 'Team');
  });
});

describe('GET /api/reports/contacts/csv', () => {
  it('downloads every row with the same columns and sort, quoted, formulas disarmed', async () => {
    const response = await call<string>(
      api.baseUrl,
      'GET',
      '/api/reports/contacts/csv?columns=displayName,primaryEmail,daysSinceLastMeeting&limit=1',
      { token: northToken },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contacts-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body).toBe(
      [
        'Display name,Primary email,Days since last meeting',
        `"'=Carol Xu, Jr.",,`,
        'Alice Zed,alice@zed.test,10',
        'Bob Young,,',
        '',
      ].join('\r\n'),
    );
  });

  it('shows enumeration values by their labels, as the page does', async () => {
    const response = await call<string>(
      api.baseUrl,
      'GET',
      '/api/reports/contacts/csv?columns=lastName,type,portalAccessStatus&sort=lastName',
      { token: northToken },
    );
    expect(response.body).toContain('Zed,Client,No access');
    expect(response.body).toContain('Young,Lead,');
    expect(response.body).not.toMatch(/CLIENT|LEAD|NONE/);
  });

  it('quotes and disarms fields as RFC 4180 and spreadsheets need', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('+1 4165550100')).toBe('+1 4165550100');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});

describe('GET /api/reports/households and its CSV', () => {
  it('shows name, contact type, salutation and the days since KYC update, contact and meeting', async () => {
    const response = await northApi('GET', '/api/reports/households');
    expect(response.status).toBe(200);
    expect(response.body.columns.map((column: { label: string }) => column.label)).toEqual([
      'Name',
      'Contact type',
      'Salutation',
      'Days since last KYC update',
      'Days since last contact',
      'Days since last meeting',
    ]);
    expect(response.body.rows).toEqual([
      {
        id: ids.quiet,
        values: {
          name: 'Quiet household',
          contactType: null,
          salutation: null,
          daysSinceLastKycUpdate: null,
          daysSinceLastContact: null,
          daysSinceLastMeeting: null,
        },
      },
      {
        id: ids.kyc,
        values: {
          name: 'Zed household',
          contactType: 'CLIENT',
          salutation: 'Dear Alice',
          daysSinceLastKycUpdate: 30,
          // Its own meeting 7 days ago, its contact's note 3 days ago.
          daysSinceLastContact: 3,
          daysSinceLastMeeting: 7,
        },
      },
    ]);
    const sorted = await northApi('GET', '/api/reports/households?sort=daysSinceLastKycUpdate&columns=name');
    expect(sorted.body.rows.map((row: { id: string }) => row.id)).toEqual([ids.kyc, ids.quiet]);
  });

  it('downloads the households report as CSV', async () => {
    const response = await call<string>(api.baseUrl, 'GET', '/api/reports/households/csv?columns=name,salutation', {
      token: northToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('Name,Salutation\r\nQuiet household,\r\nZed household,Dear Alice\r\n');
  });

  it('validates the query and answers 404 for another organization’s team', async () => {
    expectInvalid(await northApi('GET', '/api/reports/households?columns=firstName'), 'columns.0', 'Unknown column');
    expectInvalid(
      await northApi('GET', '/api/reports/households?sort=type'),
      'sort',
      'Sort must be one of the report columns',
    );
    expectInvalid(await northApi('GET', '/api/reports/households/csv?order=x'), 'order', 'Order must be asc or desc');
    expectNotFound(await northApi('GET', `/api/reports/households?teamId=${south.teamId}`), 'Team');
    expectNotFound(await northApi('GET', `/api/reports/households/csv?teamId=${south.teamId}`), 'Team');
  });
});
