import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  createFamily,
  createFamilyAddress,
  createHousehold,
  createInvitation,
  createPerson,
} from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
let foreign: { familyId: string; personId: string; addressId: string; householdId: string };

const address = { Line1: '5 Elm St', City: 'Calgary', Province: 'AB', PostalCode: 'T2P 1J9', CountryName: 'Canada' };

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const householdId = await createHousehold(prisma, south);
  const personId = await createPerson(prisma, south, { householdId });
  const familyId = await createFamily(prisma, south, householdId, [{ personId, role: 'HEAD' }]);
  foreign = { familyId, personId, householdId, addressId: await createFamilyAddress(prisma, south, familyId) };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

/** A household with three persons: a head, a spouse and a child. */
async function household() {
  const householdId = await createHousehold(prisma, north, { name: 'Okafor household' });
  const head = await createPerson(prisma, north, { householdId, firstName: 'Daniel', lastName: 'Okafor' });
  const spouse = await createPerson(prisma, north, { householdId, firstName: 'Ada', lastName: 'Okafor' });
  const child = await createPerson(prisma, north, { householdId, firstName: 'Chidi', lastName: 'Okafor' });
  return { householdId, head, spouse, child };
}

describe('POST /api/families', () => {
  it('creates a family of household members, the head first', async () => {
    const { householdId, head, spouse } = await household();
    const response = await northApi('POST', '/api/families', {
      householdId,
      name: 'Okafor family',
      members: [{ personId: spouse }, { personId: head, role: 'HEAD' }],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      householdId,
      name: 'Okafor family',
      relationships: [
        { personId: head, name: 'Daniel Okafor', role: 'HEAD' },
        { personId: spouse, role: 'MEMBER' },
      ],
      addresses: [],
    });
    const log = await northApi('GET', `/api/audit-logs?entityId=${response.body.id}`);
    expect(log.body.items).toMatchObject([{ action: 'CREATE', after: { name: 'Okafor family' } }]);
  });

  it('refuses a person from outside the household', async () => {
    const { householdId } = await household();
    const stranger = await createPerson(prisma, north);
    expectInvalid(
      await northApi('POST', '/api/families', { householdId, name: 'F', members: [{ personId: stranger }] }),
      'members.0.personId',
      'Person must be a member of the household',
    );
  });

  it.each([
    [{ name: 'F', members: [{ personId: 'p' }] }, 'householdId', 'Household is required'],
    [{ householdId: 'h', name: '', members: [{ personId: 'p' }] }, 'name', 'Family name is required'],
    [
      { householdId: 'h', name: 'F'.repeat(201), members: [{ personId: 'p' }] },
      'name',
      'Family name must be at most 200 characters',
    ],
    [{ householdId: 'h', name: 'F', members: [] }, 'members', 'A family needs at least one member'],
    [{ householdId: 'h', name: 'F' }, 'members', 'A family needs at least one member'],
    [{ householdId: 'h', name: 'F', members: [{ personId: '' }] }, 'members.0.personId', 'Person is required'],
    [
      { householdId: 'h', name: 'F', members: [{ personId: 'p', role: 'BOSS' }] },
      'members.0.role',
      'Role must be HEAD or MEMBER',
    ],
    [
      {
        householdId: 'h',
        name: 'F',
        members: [
          { personId: 'p', role: 'HEAD' },
          { personId: 'q', role: 'HEAD' },
        ],
      },
      'members',
      'A family has at most one head',
    ],
    [
      { householdId: 'h', name: 'F', members: [{ personId: 'p' }, { personId: 'p' }] },
      'members',
      'A person can be listed only once',
    ],
  ])('refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('POST', '/api/families', body), path, message);
  });

  it("answers 404 for another organization's household", async () => {
    const body = { householdId: foreign.householdId, name: 'F', members: [{ personId: foreign.personId }] };
    expectNotFound(await northApi('POST', '/api/families', body), 'Household');
  });
});

describe('the family view, a person’s families, rename', () => {
  let familyId: string;
  let people: Awaited<ReturnType<typeof household>>;

  beforeAll(async () => {
    people = await household();
    familyId = await createFamily(prisma, north, people.householdId, [
      { personId: people.head, role: 'HEAD' },
      { personId: people.child },
    ]);
    await createInvitation(prisma, north, { personId: people.head, householdId: people.householdId });
  });

  it('shows the relationships, and the invitations only when asked', async () => {
    const plain = await northApi('GET', `/api/families/${familyId}`);
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('invitations');
    expect(plain.body.relationships.map((item: { role: string }) => item.role)).toEqual(['HEAD', 'MEMBER']);
    const withInvitations = await northApi('GET', `/api/families/${familyId}?withInvitations=true`);
    expect(withInvitations.body.invitations).toMatchObject([
      { personId: people.head, type: 'CLIENT', method: 'EMAIL', status: 'CREATED', email: 'client@family.test' },
    ]);
    expectInvalid(
      await northApi('GET', `/api/families/${familyId}?withInvitations=sure`),
      'withInvitations',
      'withInvitations must be true or false',
    );
  });

  it("lists a person's families", async () => {
    const response = await northApi('GET', `/api/families/by-person/${people.child}`);
    expect(response.status).toBe(200);
    expect(response.body.map((family: { id: string }) => family.id)).toEqual([familyId]);
    expect((await northApi('GET', `/api/families/by-person/${people.spouse}`)).body).toEqual([]);
  });

  it('renames a family and logs it', async () => {
    const response = await northApi('PATCH', `/api/families/${familyId}/rename`, { name: 'The Okafors' });
    expect(response.body.name).toBe('The Okafors');
    const log = await northApi('GET', `/api/audit-logs?entityId=${familyId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({ action: 'UPDATE', after: { name: 'The Okafors' } });
    expectInvalid(
      await northApi('PATCH', `/api/families/${familyId}/rename`, { name: '' }),
      'name',
      'Family name is required',
    );
    expectInvalid(
      await northApi('PATCH', `/api/families/${familyId}/rename`, { name: 'x'.repeat(201) }),
      'name',
      'Family name must be at most 200 characters',
    );
  });

  it("answers 404 for another organization's family or person", async () => {
    expectNotFound(await northApi('GET', `/api/families/${foreign.familyId}`), 'Family');
    expectNotFound(await northApi('GET', `/api/families/by-person/${foreign.personId}`), 'Person');
    expectNotFound(await northApi('PATCH', `/api/families/${foreign.familyId}/rename`, { name: 'X' }), 'Family');
    expectInvalid(await northApi('GET', '/api/families/x'), 'familyId', 'Invalid family id');
  });
});

describe('PATCH /api/families/{familyId}/members/{member}/remove', () => {
  it('removes a member from this family only, or with deleteRelationships from every family of the household', async () => {
    const people = await household();
    const parents = await createFamily(prisma, north, people.householdId, [
      { personId: people.head, role: 'HEAD' },
      { personId: people.spouse },
      { personId: people.child },
    ]);
    const kids = await createFamily(prisma, north, people.householdId, [{ personId: people.child, role: 'HEAD' }]);
    const grand = await createFamily(prisma, north, people.householdId, [
      { personId: people.spouse },
      { personId: people.head },
    ]);

    const kept = await northApi('PATCH', `/api/families/${parents}/members/${people.spouse}/remove`, {});
    expect(kept.status).toBe(200);
    expect(kept.body.relationships.map((item: { personId: string }) => item.personId)).toEqual([
      people.head,
      people.child,
    ]);
    expect(
      (await northApi('GET', `/api/families/by-person/${people.spouse}`)).body.map((f: { id: string }) => f.id),
    ).toEqual([grand]);

    const cut = await northApi('PATCH', `/api/families/${parents}/members/${people.child}/remove`, {
      deleteRelationships: true,
    });
    expect(cut.body.relationships.map((item: { personId: string }) => item.personId)).toEqual([people.head]);
    expect((await northApi('GET', `/api/families/by-person/${people.child}`)).body).toEqual([]);
    const kidsLog = await northApi('GET', `/api/audit-logs?entityId=${kids}`);
    expect(kidsLog.body.items[0]).toMatchObject({
      action: 'UPDATE',
      before: { relationships: [{ personId: people.child }] },
      after: { relationships: [] },
    });
  });

  it('validates the flag and answers 404 for a person outside the family', async () => {
    const people = await household();
    const familyId = await createFamily(prisma, north, people.householdId, [{ personId: people.head }]);
    expectInvalid(
      await northApi('PATCH', `/api/families/${familyId}/members/${people.head}/remove`, {
        deleteRelationships: 'yes',
      }),
      'deleteRelationships',
      'deleteRelationships must be true or false',
    );
    expectNotFound(
      await northApi('PATCH', `/api/families/${familyId}/members/${people.child}/remove`, {}),
      'Family member',
    );
    expectInvalid(
      await northApi('PATCH', `/api/families/${familyId}/members/x/remove`, {}),
      'member',
      'Invalid person id',
    );
    expectNotFound(
      await northApi('PATCH', `/api/families/${foreign.familyId}/members/${foreign.personId}/remove`, {}),
      'Family',
    );
  });
});

describe('family addresses (/family/...)', () => {
  it('adds addresses, sets the primary, removes one, and lists them', async () => {
    const people = await household();
    const familyId = await createFamily(prisma, north, people.householdId, [{ personId: people.head }]);
    const first = await northApi('PATCH', `/api/family/${familyId}/add-address`, { address });
    expect(first.status).toBe(200);
    expect(first.body.addresses).toMatchObject([{ Line1: '5 Elm St', primary: true }]);
    const second = await northApi('PATCH', `/api/family/${familyId}/add-address`, {
      address: { ...address, Line1: '6 Oak St' },
    });
    const [elm, oak] = second.body.addresses as { Id: string; primary: boolean }[];
    expect([elm!.primary, oak!.primary]).toEqual([true, false]);
    const primary = await northApi('PATCH', `/api/family/${familyId}/set-primary-address`, { addressId: oak!.Id });
    expect(primary.body.addresses.map((item: { primary: boolean }) => item.primary)).toEqual([false, true]);
    const removed = await northApi('PATCH', `/api/family/${familyId}/remove-address/${oak!.Id}`);
    expect(removed.body.addresses).toMatchObject([{ Id: elm!.Id, primary: true }]);
    const listed = await northApi('GET', `/api/family/${familyId}/addresses`);
    expect(listed.body).toMatchObject([{ Id: elm!.Id, primary: true }]);
    const log = await northApi('GET', `/api/audit-logs?entityId=${familyId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({
      before: { addresses: [{ primary: false }, { Id: oak!.Id, primary: true }] },
      after: { addresses: [{ Id: elm!.Id, primary: true }] },
    });
  });

  it.each([
    [{ address: { ...address, Line1: '' } }, 'address.Line1', 'Line 1 is required'],
    [{ address: { ...address, City: '' } }, 'address.City', 'City is required'],
    [{ address: { ...address, Province: '' } }, 'address.Province', 'Province is required'],
    [{ address: { ...address, PostalCode: '' } }, 'address.PostalCode', 'Postal code is required'],
    [{ address: { ...address, CountryName: '' } }, 'address.CountryName', 'Country is required'],
  ])('refuses %j', async (body, path, message) => {
    const people = await household();
    const familyId = await createFamily(prisma, north, people.householdId, []);
    expectInvalid(await northApi('PATCH', `/api/family/${familyId}/add-address`, body), path, message);
    expectInvalid(
      await northApi('PATCH', `/api/family/${familyId}/set-primary-address`, {}),
      'addressId',
      'Address is required',
    );
  });

  it("answers 404 for another organization's family or address", async () => {
    const { familyId: f, addressId } = foreign;
    expectNotFound(await northApi('GET', `/api/family/${f}/addresses`), 'Family');
    expectNotFound(await northApi('PATCH', `/api/family/${f}/add-address`, { address }), 'Family');
    expectNotFound(await northApi('PATCH', `/api/family/${f}/remove-address/${addressId}`), 'Family');
    expectNotFound(await northApi('PATCH', `/api/family/${f}/set-primary-address`, { addressId }), 'Family');
    const people = await household();
    const mine = await createFamily(prisma, north, people.householdId, []);
    expectNotFound(await northApi('PATCH', `/api/family/${mine}/remove-address/${addressId}`), 'Address');
    expectNotFound(await northApi('PATCH', `/api/family/${mine}/set-primary-address`, { addressId }), 'Address');
  });
});
