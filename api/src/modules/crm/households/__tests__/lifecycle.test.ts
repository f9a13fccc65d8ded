import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, LifecycleMessage, newId, permissionRefusal, USER_ROLE_LABELS } from '@meridian/domain';
import { createPrismaClient, hashPassword, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createHousehold, createPerson } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let advisor: ApiCall;
let admin: ApiCall;
let southHouseholdId: string;
let southPersonId: string;
let southContactId: string;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  advisor = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const adminEmail = 'admin-lifecycle@north.test';
  await prisma.user.create({
    data: {
      id: newId(EntityType.user),
      organizationId: north.organizationId,
      email: adminEmail,
      name: 'North Admin',
      passwordHash: await hashPassword('admin-password-1'),
      role: 'ADMIN',
    },
  });
  admin = apiClient(api.baseUrl, await login(api.baseUrl, adminEmail, 'admin-password-1'));
  southHouseholdId = await createHousehold(prisma, south);
  southPersonId = await createPerson(prisma, south, { householdId: southHouseholdId });
  southContactId = (await createContact(prisma, south, { emails: ['shared@firm.test'], phones: ['4165550100'] }))
    .contactId;
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

const memberNames = (household: { members: { name: { first: string } }[] }) =>
  household.members.map((member) => member.name.first).sort();
const roleOf = (household: { families: { relationships: { personId: string; role: string }[] }[] }, id: string) =>
  household.families[0]?.relationships.find((member) => member.personId === id)?.role;

describe('household members', () => {
  let householdId: string;

  beforeAll(async () => {
    householdId = await createHousehold(prisma, north, { name: 'Members household' });
  });

  it('adds a new person as the head, an existing person and an existing contact, each with a family role', async () => {
    const added = await advisor('POST', `/api/households/${householdId}/members`, {
      kind: 'NEW_PERSON',
      name: { first: 'Ada', last: 'Lovelace' },
      dateOfBirth: '1980-12-10',
      role: 'HEAD',
    });
    expect(added.status).toBe(201);
    const ada = added.body.members[0];
    expect(ada).toMatchObject({ name: { first: 'Ada' }, dateOfBirth: '1980-12-10' });
    expect(roleOf(added.body, ada.id)).toBe('HEAD');

    const loose = await createPerson(prisma, north, { firstName: 'Byron' });
    const withPerson = await advisor('POST', `/api/households/${householdId}/members`, {
      kind: 'PERSON',
      personId: loose,
    });
    expect(withPerson.status).toBe(201);
    expect(roleOf(withPerson.body, loose)).toBe('MEMBER');

    const { contactId } = await createContact(prisma, north, { firstName: 'Carla', emails: ['carla@firm.test'] });
    const withContact = await advisor('POST', `/api/households/${householdId}/members`, {
      kind: 'CONTACT',
      contactId,
      role: 'MEMBER',
    });
    expect(withContact.status).toBe(201);
    expect(memberNames(withContact.body)).toEqual(['Ada', 'Byron', 'Carla']);
    expect(withContact.body.contacts.map((contact: { id: string }) => contact.id)).toEqual([contactId]);
    // The contact's new person is the contact: its name and primary e-mail.
    const contact = await advisor('GET', `/api/contacts/${contactId}`);
    const carla = withContact.body.members.find((member: { id: string }) => member.id === contact.body.personId);
    expect(carla).toMatchObject({ email: 'carla@firm.test', householdId });

    const log = await advisor('GET', `/api/audit-logs?entityId=${householdId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({ action: 'UPDATE' });
    expect(log.body.items[0].after.members).toHaveLength(3);
  });

  it('refuses a person who is already a member (409) and changes nothing', async () => {
    const before = await advisor('GET', `/api/households/${householdId}`);
    const again = await advisor('POST', `/api/households/${householdId}/members`, {
      kind: 'PERSON',
      personId: before.body.members[0].id,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LifecycleMessage.alreadyMember);
    expect((await advisor('GET', `/api/households/${householdId}`)).body.members).toHaveLength(3);
  });

  it('removes a member from the household and its families; their contact leaves it, both stay', async () => {
    const household = (await advisor('GET', `/api/households/${householdId}`)).body;
    const contactId = household.contacts[0].id;
    const personId = (await advisor('GET', `/api/contacts/${contactId}`)).body.personId;
    const removed = await advisor('DELETE', `/api/households/${householdId}/members/${personId}`);
    expect(removed.status).toBe(200);
    expect(memberNames(removed.body)).toEqual(['Ada', 'Byron']);
    expect(removed.body.contacts).toEqual([]);
    expect(removed.body.families[0].relationships).toHaveLength(2);
    expect((await advisor('GET', `/api/persons/${personId}`)).body.householdId).toBeNull();
    expect((await advisor('GET', `/api/contacts/${contactId}`)).body.householdId).toBeNull();
    // Not a member any more.
    expectNotFound(await advisor('DELETE', `/api/households/${householdId}/members/${personId}`), 'Household member');
  });

  it('answers 404 for another organization’s household, person or contact', async () => {
    expectNotFound(
      await advisor('POST', `/api/households/${southHouseholdId}/members`, {
        kind: 'NEW_PERSON',
        name: { first: 'A', last: 'B' },
      }),
      'Household',
    );
    expectNotFound(
      await advisor('POST', `/api/households/${householdId}/members`, { kind: 'PERSON', personId: southPersonId }),
      'Person',
    );
    expectNotFound(
      await advisor('POST', `/api/households/${householdId}/members`, { kind: 'CONTACT', contactId: southContactId }),
      'Contact',
    );
    expectNotFound(
      await advisor('DELETE', `/api/households/${southHouseholdId}/members/${southPersonId}`),
      'Household',
    );
    expect((await prisma.person.findUniqueOrThrow({ where: { id: southPersonId } })).householdId).toBe(
      southHouseholdId,
    );
  });

  it('refuses bad input with a clear 400', async () => {
    expectInvalid(
      await advisor('POST', `/api/households/${householdId}/members`, { kind: 'FRIEND' }),
      'kind',
      LifecycleMessage.memberKindInvalid,
    );
    expectInvalid(
      await advisor('POST', `/api/households/${householdId}/members`, { kind: 'PERSON', personId: 'x', role: 'BOSS' }),
      'role',
      LifecycleMessage.roleInvalid,
    );
    const badId = await advisor('DELETE', `/api/households/${householdId}/members/not-a-person`);
    expect(badId.status).toBe(400);
  });
});

describe('soft delete and restore of a contact', () => {
  let contactId: string;

  beforeAll(async () => {
    contactId = (
      await createContact(prisma, north, { firstName: 'Dora', lastName: 'Deleted', emails: ['dora@firm.test'] })
    ).contactId;
  });

  it('hides a deleted contact from its page, lists, search and possible duplicates', async () => {
    const deleted = await advisor('DELETE', `/api/contacts/${contactId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: contactId });
    expectNotFound(await advisor('GET', `/api/contacts/${contactId}`), 'Contact');
    expect((await advisor('GET', '/api/contacts?search=Dora')).body.total).toBe(0);
    expect((await advisor('GET', '/api/contacts/possible-duplicates?email=dora@firm.test')).body).toEqual([]);
    const report = await advisor('GET', '/api/reports/contacts?limit=500');
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body)).not.toContain(contactId);
    expectNotFound(
      await advisor('PATCH', `/api/contacts/${contactId}/name`, { name: { first: 'X', last: 'Y' } }),
      'Contact',
    );
    expectNotFound(await advisor('DELETE', `/api/contacts/${contactId}`), 'Contact');
    const log = await advisor('GET', `/api/audit-logs?entityId=${contactId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({ action: 'SOFT_DELETE' });
  });

  it('lets only an admin see the deleted records and restore', async () => {
    const forbidden = await advisor('GET', '/api/deleted-records');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(permissionRefusal('RECORDS_RESTORE', USER_ROLE_LABELS.ADVISOR));
    expect((await advisor('POST', `/api/contacts/${contactId}/restore`)).status).toBe(403);

    const list = await admin('GET', '/api/deleted-records?kind=CONTACT');
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(
      expect.objectContaining({ kind: 'CONTACT', id: contactId, name: 'Dora Deleted', restorable: true, reason: null }),
    );
    const restored = await admin('POST', `/api/contacts/${contactId}/restore`);
    expect(restored.status).toBe(200);
    expect((await advisor('GET', `/api/contacts/${contactId}`)).body.emails).toHaveLength(1);
    const again = await admin('POST', `/api/contacts/${contactId}/restore`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LifecycleMessage.notDeleted);
    const log = await advisor('GET', `/api/audit-logs?entityId=${contactId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({ action: 'RESTORE' });
  });

  it('says a merged contact comes back only through its merge’s undo', async () => {
    const into = await createContact(prisma, north, { firstName: 'Kept', lastName: 'Contact' });
    const merged = await createContact(prisma, north, { firstName: 'Merged', lastName: 'Away' });
    await prisma.contact.update({
      where: { id: merged.contactId },
      data: { deletedAt: new Date(), mergedIntoId: into.contactId },
    });
    const list = await admin('GET', '/api/deleted-records?kind=CONTACT');
    expect(list.body.items).toContainEqual(
      expect.objectContaining({
        id: merged.contactId,
        restorable: false,
        reason: LifecycleMessage.mergedNotRestorable,
        mergedInto: { id: into.contactId, name: 'Kept Contact' },
      }),
    );
    const refused = await admin('POST', `/api/contacts/${merged.contactId}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LifecycleMessage.mergedNotRestorable);
  });

  it('answers 404 for another organization’s contact, and 400 for a bad kind', async () => {
    expectNotFound(await advisor('DELETE', `/api/contacts/${southContactId}`), 'Contact');
    expectNotFound(await admin('POST', `/api/contacts/${southContactId}/restore`), 'Contact');
    expect((await prisma.contact.findUniqueOrThrow({ where: { id: southContactId } })).deletedAt).toBeNull();
    expectInvalid(await admin('GET', '/api/deleted-records?kind=TASK'), 'kind', LifecycleMessage.kindInvalid);
  });
});

describe('soft delete and restore of a household and a person', () => {
  let householdId: string;
  let personId: string;
  let contactId: string;

  beforeAll(async () => {
    householdId = await createHousehold(prisma, north, { name: 'Gone household' });
    personId = await createPerson(prisma, north, { householdId, firstName: 'Gina' });
    contactId = (await createContact(prisma, north, { firstName: 'Gina', personId, householdId })).contactId;
  });

  it('says what a deletion takes, then hides the household with its members and contacts', async () => {
    const preview = await advisor('GET', `/api/households/${householdId}/deletion`);
    expect(preview.body).toEqual({
      members: [{ id: personId, name: 'Gina Factory' }],
      contacts: [{ id: contactId, name: 'Gina Factory' }],
      financialRecords: 0,
      families: 0,
    });
    expect((await advisor('DELETE', `/api/households/${householdId}`)).status).toBe(200);
    expectNotFound(await advisor('GET', `/api/households/${householdId}`), 'Household');
    expect((await advisor('GET', `/api/get-financial-view/${householdId}`)).status).toBe(404);
    expect((await advisor('GET', '/api/households?search=Gone')).body.total).toBe(0);
    const report = await advisor('GET', '/api/reports/households?limit=500');
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body)).not.toContain(householdId);
    const csv = await advisor('GET', '/api/reports/contacts/csv');
    expect(JSON.stringify(csv.body ?? '')).not.toContain('Gina');
    expectNotFound(await advisor('GET', `/api/persons/${personId}`), 'Person');
    expectNotFound(await advisor('GET', `/api/contacts/${contactId}`), 'Contact');
  });

  it('restores the household with what went with it; its contact alone waits for it', async () => {
    const list = await admin('GET', '/api/deleted-records');
    expect(list.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'CONTACT',
        id: contactId,
        restorable: false,
        reason: LifecycleMessage.householdDeleted,
      }),
    );
    expect((await admin('POST', `/api/contacts/${contactId}/restore`)).status).toBe(409);
    expect((await admin('POST', `/api/households/${householdId}/restore`)).status).toBe(200);
    const household = await advisor('GET', `/api/households/${householdId}`);
    expect(household.body.members.map((member: { id: string }) => member.id)).toEqual([personId]);
    expect(household.body.contacts.map((contact: { id: string }) => contact.id)).toEqual([contactId]);
  });

  it('deletes and restores a person', async () => {
    expect((await advisor('DELETE', `/api/persons/${personId}`)).status).toBe(200);
    expect((await advisor('GET', `/api/households/${householdId}`)).body.members).toEqual([]);
    expect((await admin('POST', `/api/persons/${personId}/restore`)).status).toBe(200);
    expect((await advisor('GET', `/api/persons/${personId}`)).status).toBe(200);
  });

  it('answers 404 for another organization’s household or person', async () => {
    expectNotFound(await advisor('GET', `/api/households/${southHouseholdId}/deletion`), 'Household');
    expectNotFound(await advisor('DELETE', `/api/households/${southHouseholdId}`), 'Household');
    expectNotFound(await advisor('DELETE', `/api/persons/${southPersonId}`), 'Person');
    expectNotFound(await admin('POST', `/api/households/${southHouseholdId}/restore`), 'Household');
    expectNotFound(await admin('POST', `/api/persons/${southPersonId}/restore`), 'Person');
    expect((await prisma.household.findUniqueOrThrow({ where: { id: southHouseholdId } })).deletedAt).toBeNull();
  });
});

describe('POST /api/contacts/{contactId}/convert', () => {
  it('makes a lead a client of a new household, same contact, tags and history kept, lead qualified', async () => {
    const lead = await advisor('POST', '/api/contacts', {
      type: 'LEAD',
      teamId: north.teamId,
      name: { first: 'Leo', last: 'Lead' },
      email: 'leo@firm.test',
      source: 'REFERRAL',
      discoveryMethod: 'INBOUND',
      tags: [{ name: 'Golf', type: 'interest', emoji: null }],
    });
    expect(lead.status).toBe(201);
    const converted = await advisor('POST', `/api/contacts/${lead.body.id}/convert`, {
      household: { kind: 'NEW', name: 'Lead household' },
      role: 'HEAD',
    });
    expect(converted.status).toBe(200);
    expect(converted.body).toMatchObject({ id: lead.body.id, type: 'CLIENT', leadId: lead.body.leadId });
    expect(converted.body.tags).toMatchObject([{ name: 'Golf' }]);
    const household = await advisor('GET', `/api/households/${converted.body.householdId}`);
    expect(household.body).toMatchObject({ name: 'Lead household', teamId: north.teamId });
    expect(roleOf(household.body, converted.body.personId)).toBe('HEAD');
    const leadRow = await prisma.lead.findUniqueOrThrow({ where: { id: lead.body.leadId } });
    expect(leadRow.qualifiedAt).not.toBeNull();
    const log = await advisor('GET', `/api/audit-logs?entityId=${lead.body.id}`);
    expect(log.body.items.map((item: { action: string }) => item.action)).toContain('CREATE');

    const again = await advisor('POST', `/api/contacts/${lead.body.id}/convert`, {
      household: { kind: 'NEW', name: 'Twice' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LifecycleMessage.onlyLeads);
  });

  it('joins an existing household; another organization’s answers 404 and nothing changes', async () => {
    const householdId = await createHousehold(prisma, north, { name: 'Existing household' });
    const lead = await createContact(prisma, north, { type: 'LEAD', firstName: 'Lia' });
    expectNotFound(
      await advisor('POST', `/api/contacts/${lead.contactId}/convert`, {
        household: { kind: 'EXISTING', householdId: southHouseholdId },
      }),
      'Household',
    );
    expect((await prisma.contact.findUniqueOrThrow({ where: { id: lead.contactId } })).type).toBe('LEAD');
    expectNotFound(
      await advisor('POST', `/api/contacts/${southContactId}/convert`, {
        household: { kind: 'EXISTING', householdId },
      }),
      'Contact',
    );
    const joined = await advisor('POST', `/api/contacts/${lead.contactId}/convert`, {
      household: { kind: 'EXISTING', householdId },
    });
    expect(joined.body).toMatchObject({ type: 'CLIENT', householdId });
  });

  it('refuses a missing household choice or a blank name', async () => {
    const lead = await createContact(prisma, north, { type: 'LEAD' });
    expectInvalid(
      await advisor('POST', `/api/contacts/${lead.contactId}/convert`, { household: { kind: 'OTHER' } }),
      'household.kind',
      LifecycleMessage.householdChoiceInvalid,
    );
    expectInvalid(
      await advisor('POST', `/api/contacts/${lead.contactId}/convert`, { household: { kind: 'NEW', name: ' ' } }),
      'household.name',
      LifecycleMessage.householdNameRequired,
    );
  });
});

describe('GET /api/contacts/possible-duplicates', () => {
  let contactId: string;

  beforeAll(async () => {
    contactId = (
      await createContact(prisma, north, {
        firstName: 'Paula',
        lastName: 'Phone',
        emails: ['Paula@Firm.test'],
        phones: ['4165550199'],
      })
    ).contactId;
  });

  it('finds a contact by e-mail (case aside) or by phone as people type it', async () => {
    const byEmail = await advisor('GET', '/api/contacts/possible-duplicates?email=paula@firm.TEST');
    expect(byEmail.body).toMatchObject([
      { contact: { id: contactId, name: { first: 'Paula' } }, matchedOn: ['EMAIL'] },
    ]);
    for (const phone of ['(416) 555-0199', '416-555-0199', '+1 416 555 0199']) {
      const byPhone = await advisor('GET', `/api/contacts/possible-duplicates?phone=${encodeURIComponent(phone)}`);
      expect(byPhone.body).toMatchObject([{ contact: { id: contactId }, matchedOn: ['PHONE'] }]);
    }
    const both = await advisor('GET', '/api/contacts/possible-duplicates?email=paula@firm.test&phone=4165550199');
    expect(both.body[0].matchedOn).toEqual(['EMAIL', 'PHONE']);
    expect((await advisor('GET', '/api/contacts/possible-duplicates?email=nobody@firm.test')).body).toEqual([]);
  });

  it('never shows another organization’s contacts, and needs an e-mail or a phone', async () => {
    expect(
      (await advisor('GET', '/api/contacts/possible-duplicates?email=shared@firm.test&phone=4165550100')).body,
    ).toEqual([]);
    const empty = await advisor('GET', '/api/contacts/possible-duplicates');
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContainEqual({ path: '', message: LifecycleMessage.duplicateQueryRequired });
  });
});
