import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  createContact,
  createCustomField,
  createFamily,
  createHousehold,
  createHouseholdEntities,
  createPerson,
} from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
let southHouseholdId: string;
let southPersonId: string;
let professionalId: string;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  southHouseholdId = await createHousehold(prisma, south);
  southPersonId = await createPerson(prisma, south, { householdId: southHouseholdId });
  professionalId = newId(EntityType.professional);
  await prisma.professional.create({
    data: { id: professionalId, organizationId: north.organizationId, displayName: 'Olivia Advisor', role: 'ADVISOR' },
  });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('POST /api/households and PATCH /api/households/{householdId}', () => {
  let householdId: string;

  it('creates a household and logs it', async () => {
    const response = await northApi('POST', '/api/households', {
      teamId: north.teamId,
      name: 'Tremblay household',
      salutation: 'Mr. and Mrs. Tremblay',
      primaryAdvisorId: professionalId,
      lastKycUpdatedAt: '2026-01-15',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      teamId: north.teamId,
      name: 'Tremblay household',
      salutation: 'Mr. and Mrs. Tremblay',
      primaryAdvisor: { id: professionalId, displayName: 'Olivia Advisor' },
      lastKycUpdatedAt: '2026-01-15T00:00:00.000Z',
      members: [],
      families: [],
      customFields: [],
    });
    householdId = response.body.id;
    const log = await northApi('GET', `/api/audit-logs?entityId=${householdId}`);
    expect(log.body.items).toMatchObject([{ action: 'CREATE', after: { name: 'Tremblay household' } }]);
  });

  it('updates a household and logs before and after', async () => {
    const response = await northApi('PATCH', `/api/households/${householdId}`, {
      name: 'Tremblay family',
      salutation: null,
      primaryAdvisorId: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Tremblay family', salutation: null, primaryAdvisor: null });
    const log = await northApi('GET', `/api/audit-logs?entityId=${householdId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({
      action: 'UPDATE',
      before: { name: 'Tremblay household', primaryAdvisorId: professionalId },
      after: { name: 'Tremblay family', primaryAdvisorId: null },
    });
  });

  it.each([
    [{ name: 'H' }, 'teamId', 'Team is required'],
    [{ teamId: 't', name: '' }, 'name', 'Household name is required'],
    [{ teamId: 't', name: 'H'.repeat(201) }, 'name', 'Household name must be at most 200 characters'],
    [{ teamId: 't', name: 'H', lastKycUpdatedAt: 'yesterday' }, 'lastKycUpdatedAt', 'Please enter a valid date'],
  ])('POST refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('POST', '/api/households', body), path, message);
  });

  it.each([
    [{}, '', 'Nothing to update'],
    [{ name: ' ' }, 'name', 'Household name is required'],
    [{ lastKycUpdatedAt: '2026-02-30' }, 'lastKycUpdatedAt', 'Please enter a valid date'],
  ])('PATCH refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/households/${householdId}`, body), path, message);
  });

  it("answers 404 for another organization's household, team or advisor", async () => {
    expectNotFound(await northApi('PATCH', `/api/households/${southHouseholdId}`, { name: 'X' }), 'Household');
    expectNotFound(await northApi('POST', '/api/households', { teamId: south.teamId, name: 'X' }), 'Team');
    expectNotFound(
      await northApi('PATCH', `/api/households/${householdId}`, { primaryAdvisorId: newId(EntityType.professional) }),
      'Professional',
    );
  });
});

describe('GET /api/households/{householdId} and its related lists', () => {
  let householdId: string;
  let personId: string;
  let entities: Awaited<ReturnType<typeof createHouseholdEntities>>;

  beforeAll(async () => {
    householdId = await createHousehold(prisma, north, { name: 'Nair household' });
    personId = await createPerson(prisma, north, {
      householdId,
      firstName: 'Priya',
      lastName: 'Nair',
      dateOfBirth: '1985-07-01',
    });
    const child = await createPerson(prisma, north, { householdId, firstName: 'Dev', lastName: 'Nair' });
    await createFamily(prisma, north, householdId, [{ personId, role: 'HEAD' }, { personId: child }], 'Nair family');
    await createContact(prisma, north, { householdId, personId, firstName: 'Priya', lastName: 'Nair', type: 'CLIENT' });
    entities = await createHouseholdEntities(prisma, north, householdId);
  });

  it('shows the household with members, entities, families, contacts; permissions on request', async () => {
    const response = await northApi('GET', `/api/households/${householdId}?withPermissions=true&currency=CAD`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: householdId,
      name: 'Nair household',
      members: [
        { name: { first: 'Dev', last: 'Nair' } },
        { id: personId, name: { first: 'Priya', display: 'Priya Nair' }, dateOfBirth: '1985-07-01' },
      ],
      corporations: [
        { id: entities.corporationId, name: 'Factory Holdings Inc.', incorporationJurisdiction: 'ONTARIO' },
      ],
      trusts: [{ id: entities.trustId, country: 'CA' }],
      foundations: [{ id: entities.foundationId }],
      families: [
        {
          name: 'Nair family',
          relationships: [
            { personId, name: 'Priya Nair', role: 'HEAD' },
            { name: 'Dev Nair', role: 'MEMBER' },
          ],
        },
      ],
      contacts: [{ type: 'CLIENT', name: { display: 'Priya Nair' } }],
      permissions: {
        role: 'ADVISOR',
        isTeamMember: true,
        can: { edit: true, delete: true, editFinancials: true, deleteFinancials: true, linkBank: true },
      },
    });
    const plain = await northApi('GET', `/api/households/${householdId}`);
    expect(plain.body).not.toHaveProperty('permissions');
  });

  it.each([
    ['members', (body: { id: string }[]) => body.map((item) => item.id).includes(personId)],
    ['corporations', (body: { id: string }[]) => body[0]?.id === entities.corporationId],
    ['trusts', (body: { id: string }[]) => body[0]?.id === entities.trustId],
    ['foundations', (body: { id: string }[]) => body[0]?.id === entities.foundationId],
  ])('lists the %s of a household, and 404 for another organization’s', async (kind, check) => {
    const response = await northApi('GET', `/api/households/${householdId}/${kind}`);
    expect(response.status).toBe(200);
    expect(check(response.body)).toBe(true);
    expectNotFound(await northApi('GET', `/api/households/${southHouseholdId}/${kind}`), 'Household');
  });

  it('validates the query and the id', async () => {
    expectInvalid(
      await northApi('GET', `/api/households/${householdId}?withPermissions=maybe`),
      'withPermissions',
      'withPermissions must be true or false',
    );
    expectInvalid(
      await northApi('GET', `/api/households/${householdId}?currency=XYZ`),
      'currency',
      'Currency is not valid',
    );
    expectInvalid(await northApi('GET', '/api/households/x'), 'householdId', 'Invalid household id');
  });

  it("answers 404 for another organization's household", async () => {
    expectNotFound(await northApi('GET', `/api/households/${southHouseholdId}`), 'Household');
  });

  it('leaves a deleted member out of the members and their family; a deleted household answers 404', async () => {
    const id = await createHousehold(prisma, north, { name: 'Okafor household' });
    const head = await createPerson(prisma, north, { householdId: id, firstName: 'Ada', lastName: 'Okafor' });
    const gone = await createPerson(prisma, north, { householdId: id, firstName: 'Ben', lastName: 'Okafor' });
    await createFamily(prisma, north, id, [{ personId: head, role: 'HEAD' }, { personId: gone }], 'Okafor family');
    await prisma.person.update({ where: { id: gone }, data: { deletedAt: new Date() } });

    const page = await northApi('GET', `/api/households/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.members.map((member: { id: string }) => member.id)).toEqual([head]);
    expect(page.body.families[0].relationships).toEqual([
      expect.objectContaining({ personId: head, name: 'Ada Okafor', role: 'HEAD' }),
    ]);

    await prisma.household.update({ where: { id }, data: { deletedAt: new Date() } });
    expectNotFound(await northApi('GET', `/api/households/${id}`), 'Household');
  });

  it('lists households by name with member count and contact type; search and team filter', async () => {
    const response = await northApi('GET', '/api/households?search=nair');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      total: 1,
      items: [{ id: householdId, name: 'Nair household', memberCount: 2, contactType: 'CLIENT' }],
    });
    const team = await northApi('GET', `/api/households?teamId=${north.teamId}&limit=500`);
    expect(team.body.items.map((item: { id: string }) => item.id)).toContain(householdId);
    expect(team.body.items.map((item: { id: string }) => item.id)).not.toContain(southHouseholdId);
    expectInvalid(await northApi('GET', '/api/households?page=0'), 'page', 'Page must be a whole number of at least 1');
    expectInvalid(await northApi('GET', '/api/households?teamId=x'), 'teamId', 'Invalid team id');
  });
});

describe('persons', () => {
  let householdId: string;
  let personId: string;

  beforeAll(async () => {
    householdId = await createHousehold(prisma, north);
  });

  it('creates, reads and updates a person, with audit entries', async () => {
    const created = await northApi('POST', '/api/persons', {
      householdId,
      name: { first: 'Marc', last: 'Chen', preferred: 'Marco' },
      dateOfBirth: '1979-11-02',
      gender: 'MALE',
      email: 'marc@chen.test',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      householdId,
      name: { first: 'Marc', last: 'Chen', preferred: 'Marco', display: 'Marco Chen' },
      dateOfBirth: '1979-11-02',
      gender: 'MALE',
      email: 'marc@chen.test',
    });
    personId = created.body.id;
    expect((await northApi('GET', `/api/persons/${personId}`)).body).toEqual(created.body);
    const updated = await northApi('PATCH', `/api/persons/${personId}`, { email: '', householdId: null, gender: '' });
    expect(updated.body).toMatchObject({ email: null, householdId: null, gender: null });
    const log = await northApi('GET', `/api/audit-logs?entityId=${personId}`);
    expect(log.body.items.map((item: { action: string }) => item.action)).toEqual(['UPDATE', 'CREATE']);
  });

  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: { first: '', last: 'C' } }, 'name.first', 'Please enter first name'],
    [{ name: { first: 'M' } }, 'name.last', 'Please enter last name'],
    [{ name: { first: 'M'.repeat(51), last: 'C' } }, 'name.first', 'First name must be at most 50 characters'],
    [{ name: { first: 'M', last: 'C'.repeat(51) } }, 'name.last', 'Last name must be at most 50 characters'],
    [
      { name: { first: 'M', last: 'C', middle: 'x'.repeat(51) } },
      'name.middle',
      'Middle name must be at most 50 characters',
    ],
    [
      { name: { first: 'M', last: 'C', preferred: 'x'.repeat(51) } },
      'name.preferred',
      'Preferred name must be at most 50 characters',
    ],
    [
      { name: { first: 'M', last: 'C', short: 'x'.repeat(51) } },
      'name.short',
      'Short name must be at most 50 characters',
    ],
    [{ name: { first: 'M', last: 'C' }, dateOfBirth: '1979-02-30' }, 'dateOfBirth', 'Please enter a valid date'],
    [{ name: { first: 'M', last: 'C' }, gender: 'X' }, 'gender', 'Please select a valid gender'],
    [{ name: { first: 'M', last: 'C' }, email: 'no' }, 'email', 'Please enter a valid email address'],
  ])('POST refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('POST', '/api/persons', body), path, message);
  });

  it.each([
    [{}, '', 'Nothing to update'],
    [{ name: { first: 'A' } }, 'name.last', 'Please enter last name'],
    [{ dateOfBirth: 'x' }, 'dateOfBirth', 'Please enter a valid date'],
  ])('PATCH refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/persons/${personId}`, body), path, message);
  });

  it("answers 404 for another organization's person or household", async () => {
    expectNotFound(await northApi('GET', `/api/persons/${southPersonId}`), 'Person');
    expectNotFound(await northApi('PATCH', `/api/persons/${southPersonId}`, { email: 'a@b.test' }), 'Person');
    expectNotFound(
      await northApi('POST', '/api/persons', { name: { first: 'A', last: 'B' }, householdId: southHouseholdId }),
      'Household',
    );
    expectInvalid(await northApi('GET', '/api/persons/x'), 'personId', 'Invalid person id');
  });
});

describe('custom fields on GET /api/households/{householdId}', () => {
  it('shows the active household fields in their order with the values the custom-fields route stored', async () => {
    // A firm of its own, so no other test's fields show up.
    const west = await createOrganization(prisma, { name: 'West', role: 'ADMIN' });
    const westApi = apiClient(api.baseUrl, await login(api.baseUrl, west.email, west.password));
    const householdId = await createHousehold(prisma, west);
    const fields: [Parameters<typeof createCustomField>[2]['type'], string[] | undefined, unknown][] = [
      ['CHECKBOX', undefined, false],
      ['CURRENCY_VALUE', undefined, { value: 1250.12345678, currency: 'USD' }],
      ['DATE', undefined, '2024-02-29'],
      ['MULTI_SELECT', ['Golf', 'Sailing'], ['Sailing', 'Golf']],
      ['NUMBER', undefined, -0.5],
      ['SINGLE_SELECT', ['Low', 'High'], 'High'],
      ['TEXT', undefined, 'Ana'],
    ];
    const archived = await createCustomField(prisma, west, { entityKind: 'HOUSEHOLD', type: 'TEXT', name: 'Archived' });
    const setValue = (definitionId: string, value: unknown) =>
      westApi('PATCH', `/api/households/${householdId}/custom-fields`, { definitionId, value });
    expect((await setValue(archived, 'Old')).status).toBe(200);
    expect((await westApi('DELETE', `/api/custom-fields/${archived}`)).status).toBe(200);
    await createCustomField(prisma, west, { entityKind: 'HOUSEHOLD', type: 'TEXTAREA', name: 'Unset' });
    await createCustomField(prisma, west, { entityKind: 'CONTACT', type: 'TEXT', name: 'A contact field' });
    let stored;
    for (const [index, [type, options, value]] of fields.entries()) {
      const definitionId = await createCustomField(prisma, west, {
        entityKind: 'HOUSEHOLD',
        type,
        name: `Field ${index}`,
        ...(options ? { options } : {}),
      });
      stored = await setValue(definitionId, value);
      expect(stored.status).toBe(200);
    }

    const page = await westApi('GET', `/api/households/${householdId}`);
    expect(page.status).toBe(200);
    expect(page.body.customFields).toEqual(stored!.body);
    expect(page.body.customFields.map((field: { name: string; value: unknown }) => [field.name, field.value])).toEqual([
      ...fields.map(([, , value], index) => [`Field ${index}`, value]),
      ['Unset', null],
    ]);
  });
});
