import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createCustomField, createHousehold } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
let contactId: string;
let householdId: string;
let foreign: { contactId: string; householdId: string; definitionId: string };

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South', role: 'ADMIN' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  contactId = (await createContact(prisma, north)).contactId;
  householdId = await createHousehold(prisma, north);
  foreign = {
    contactId: (await createContact(prisma, south)).contactId,
    householdId: await createHousehold(prisma, south),
    definitionId: await createCustomField(prisma, south, { entityKind: 'CONTACT', type: 'TEXT', name: 'Nickname' }),
  };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

async function define(body: object): Promise<string> {
  const response = await northApi('POST', '/api/custom-fields', body);
  expect(response.status).toBe(201);
  return response.body.id;
}

describe('custom field definitions', () => {
  it('defines, lists, renames and archives fields per entity kind', async () => {
    const response = await northApi('POST', '/api/custom-fields', {
      entityKind: 'CONTACT',
      type: 'SINGLE_SELECT',
      name: 'Risk profile',
      options: ['Low', 'Medium', 'High'],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      entityKind: 'CONTACT',
      type: 'SINGLE_SELECT',
      name: 'Risk profile',
      options: ['Low', 'Medium', 'High'],
      position: 0,
    });
    const id = response.body.id;
    await define({ entityKind: 'HOUSEHOLD', type: 'DATE', name: 'Review date' });
    const contacts = await northApi('GET', '/api/custom-fields?entityKind=CONTACT');
    expect(contacts.body.map((field: { name: string }) => field.name)).toEqual(['Risk profile']);

    const renamed = await northApi('PATCH', `/api/custom-fields/${id}`, { name: 'Risk', options: ['Low', 'High'] });
    expect(renamed.body).toMatchObject({ name: 'Risk', options: ['Low', 'High'] });
    const archived = await northApi('DELETE', `/api/custom-fields/${id}`);
    expect(archived.status).toBe(200);
    expect((await northApi('GET', '/api/custom-fields?entityKind=CONTACT')).body).toEqual([]);
    const log = await northApi('GET', `/api/audit-logs?entityId=${id}`);
    expect(log.body.items.map((item: { action: string }) => item.action)).toEqual(['SOFT_DELETE', 'UPDATE', 'CREATE']);
  });

  it('refuses a second field of the same kind and name (409)', async () => {
    await define({ entityKind: 'HOUSEHOLD', type: 'TEXT', name: 'Referral' });
    const again = await northApi('POST', '/api/custom-fields', {
      entityKind: 'HOUSEHOLD',
      type: 'NUMBER',
      name: 'referral',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'A custom field with this name already exists' });
  });

  it.each([
    [{ type: 'TEXT', name: 'N' }, 'entityKind', 'Please select a valid entity kind'],
    [{ entityKind: 'CONTACT', type: 'COLOUR', name: 'N' }, 'type', 'Please select a valid field type'],
    [{ entityKind: 'CONTACT', type: 'TEXT', name: '' }, 'name', 'Field name is required'],
    [
      { entityKind: 'CONTACT', type: 'TEXT', name: 'N'.repeat(101) },
      'name',
      'Field name must be at most 100 characters',
    ],
    [{ entityKind: 'CONTACT', type: 'MULTI_SELECT', name: 'N' }, 'options', 'Select fields need at least one option'],
    [{ entityKind: 'CONTACT', type: 'MULTI_SELECT', name: 'N', options: ['a', ''] }, 'options.1', 'Option is required'],
    [
      { entityKind: 'CONTACT', type: 'MULTI_SELECT', name: 'N', options: ['a', 'a'] },
      'options',
      'Options must be unique',
    ],
    [{ entityKind: 'CONTACT', type: 'TEXT', name: 'N', options: ['a'] }, 'options', 'Only select fields have options'],
  ])('POST refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('POST', '/api/custom-fields', body), path, message);
  });

  it('validates the update and the list query', async () => {
    const id = await define({ entityKind: 'CONTACT', type: 'TEXT', name: 'Hobby' });
    expectInvalid(await northApi('PATCH', `/api/custom-fields/${id}`, {}), '', 'Nothing to update');
    expectInvalid(
      await northApi('PATCH', `/api/custom-fields/${id}`, { options: ['a'] }),
      'options',
      'Only select fields have options',
    );
    expectInvalid(await northApi('PATCH', `/api/custom-fields/${id}`, { name: '' }), 'name', 'Field name is required');
    expectInvalid(
      await northApi('PATCH', `/api/custom-fields/${id}`, { options: ['a', 'a'] }),
      'options',
      'Options must be unique',
    );
    expectInvalid(
      await northApi('GET', '/api/custom-fields?entityKind=PET'),
      'entityKind',
      'Please select a valid entity kind',
    );
    expectInvalid(await northApi('DELETE', '/api/custom-fields/x'), 'definitionId', 'Invalid custom field id');
  });

  it("answers 404 for another organization's field", async () => {
    expectNotFound(
      await northApi('PATCH', `/api/custom-fields/${foreign.definitionId}`, { name: 'X' }),
      'Custom field',
    );
    expectNotFound(await northApi('DELETE', `/api/custom-fields/${foreign.definitionId}`), 'Custom field');
    const list = await northApi('GET', '/api/custom-fields');
    expect(list.body.map((field: { id: string }) => field.id)).not.toContain(foreign.definitionId);
  });
});

describe('custom field values on contacts and households', () => {
  const cases: [string, object, unknown, unknown][] = [
    ['CHECKBOX', {}, true, true],
    ['CURRENCY_VALUE', {}, { value: 1250.5, currency: 'CAD' }, { value: 1250.5, currency: 'CAD' }],
    ['DATE', {}, '2026-04-30', '2026-04-30'],
    ['MULTI_SELECT', { options: ['Golf', 'Sailing'] }, ['Sailing', 'Golf'], ['Sailing', 'Golf']],
    ['NUMBER', {}, 42.5, 42.5],
    ['SINGLE_SELECT', { options: ['Low', 'High'] }, 'High', 'High'],
    ['TEXT', {}, '  Ana  ', 'Ana'],
    ['TEXTAREA', {}, 'Line one\nLine two', 'Line one\nLine two'],
    ['EXTERNAL_URL', {}, 'https://crm.example.com/x', 'https://crm.example.com/x'],
  ];

  it.each(cases)('stores a %s value on a contact and shows it on the contact', async (type, extra, value, shown) => {
    const definitionId = await define({ entityKind: 'CONTACT', type, name: `Contact ${type}`, ...extra });
    const response = await northApi('PATCH', `/api/contacts/${contactId}/custom-fields`, { definitionId, value });
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual(expect.objectContaining({ definitionId, type, value: shown }));
    const contact = await northApi('GET', `/api/contacts/${contactId}`);
    expect(contact.body.customFields).toContainEqual(expect.objectContaining({ definitionId, value: shown }));
  });

  it('stores a household value, clears it with null, and logs both', async () => {
    const definitionId = await define({ entityKind: 'HOUSEHOLD', type: 'NUMBER', name: 'Assets under management' });
    const set = await northApi('PATCH', `/api/households/${householdId}/custom-fields`, {
      definitionId,
      value: 1000000,
    });
    expect(set.body).toContainEqual(expect.objectContaining({ definitionId, value: 1000000 }));
    const household = await northApi('GET', `/api/households/${householdId}`);
    expect(household.body.customFields).toContainEqual(expect.objectContaining({ definitionId, value: 1000000 }));
    const cleared = await northApi('PATCH', `/api/households/${householdId}/custom-fields`, {
      definitionId,
      value: null,
    });
    expect(cleared.body).toContainEqual(expect.objectContaining({ definitionId, value: null }));
    const log = await northApi('GET', `/api/audit-logs?entityId=${householdId}&limit=2`);
    expect(log.body.items).toMatchObject([
      { before: { customField: { value: 1000000 } }, after: { customField: { value: null } } },
      { before: { customField: { value: null } }, after: { customField: { value: 1000000 } } },
    ]);
  });

  it.each([
    ['CHECKBOX', {}, 'yes', 'value', 'Value must be true or false'],
    ['CURRENCY_VALUE', {}, { value: 5 }, 'value.currency', 'Currency is required'],
    ['CURRENCY_VALUE', {}, { value: 5, currency: 'XYZ' }, 'value.currency', 'Currency is not valid'],
    ['CURRENCY_VALUE', {}, { currency: 'CAD' }, 'value.value', 'Money value is required'],
    ['CURRENCY_VALUE', {}, { value: 'five', currency: 'CAD' }, 'value.value', 'Money value must be a number'],
    ['DATE', {}, '2026-02-30', 'value', 'Please enter a valid date'],
    ['MULTI_SELECT', { options: ['A'] }, ['B'], 'value.0', 'Value must be one of the options'],
    ['MULTI_SELECT', { options: ['A'] }, 'A', 'value', 'Value must be one of the options'],
    ['NUMBER', {}, '12', 'value', 'Value must be a number'],
    ['SINGLE_SELECT', { options: ['A'] }, 'B', 'value', 'Value must be one of the options'],
    ['TEXT', {}, 7, 'value', 'Value must be text'],
    ['TEXT', {}, 'x'.repeat(256), 'value', 'Text must be at most 255 characters'],
    ['TEXTAREA', {}, 'x'.repeat(5001), 'value', 'Text must be at most 5000 characters'],
    ['EXTERNAL_URL', {}, 'ftp://files.test/x', 'value', 'A web address must start with https:// or http://'],
    ['EXTERNAL_URL', {}, 'not a link', 'value', 'Please enter a valid URL'],
  ])('refuses a %s value %j', async (type, extra, value, path, message) => {
    const definitionId = await define({
      entityKind: 'CONTACT',
      type,
      name: `Check ${type} ${path} ${message}`,
      ...extra,
    });
    expectInvalid(
      await northApi('PATCH', `/api/contacts/${contactId}/custom-fields`, { definitionId, value }),
      path,
      message,
    );
  });

  it('requires the field, and refuses a field of another entity kind (404)', async () => {
    expectInvalid(
      await northApi('PATCH', `/api/contacts/${contactId}/custom-fields`, { value: 1 }),
      'definitionId',
      'Custom field is required',
    );
    const householdField = await define({ entityKind: 'HOUSEHOLD', type: 'TEXT', name: 'Household only' });
    expectNotFound(
      await northApi('PATCH', `/api/contacts/${contactId}/custom-fields`, { definitionId: householdField, value: 'x' }),
      'Custom field',
    );
  });

  it("answers 404 for another organization's contact, household or field", async () => {
    const mine = await define({ entityKind: 'CONTACT', type: 'TEXT', name: 'Mine' });
    const householdField = await define({ entityKind: 'HOUSEHOLD', type: 'TEXT', name: 'Mine too' });
    expectNotFound(
      await northApi('PATCH', `/api/contacts/${foreign.contactId}/custom-fields`, { definitionId: mine, value: 'x' }),
      'Contact',
    );
    expectNotFound(
      await northApi('PATCH', `/api/households/${foreign.householdId}/custom-fields`, {
        definitionId: householdField,
        value: 'x',
      }),
      'Household',
    );
    expectNotFound(
      await northApi('PATCH', `/api/contacts/${contactId}/custom-fields`, {
        definitionId: foreign.definitionId,
        value: 'x',
      }),
      'Custom field',
    );
  });
});
