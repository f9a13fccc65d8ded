import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId, type GlobalSearchResult } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createHousehold, createPerson } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const advisor = newId(EntityType.professional);
  await prisma.professional.create({
    data: { id: advisor, organizationId: north.organizationId, displayName: 'Olivia Advisor', role: 'ADVISOR' },
  });
  ids.lapointe = await createHousehold(prisma, north, { name: 'Lapointe household' });
  await prisma.household.update({ where: { id: ids.lapointe }, data: { primaryAdvisorId: advisor } });
  ids.lapointeToo = await createHousehold(prisma, north, { name: 'Lapointe household' });
  ids.deletedHousehold = await createHousehold(prisma, north, { name: 'Lapointe old household' });
  await prisma.household.update({ where: { id: ids.deletedHousehold }, data: { deletedAt: new Date() } });
  ids.southHousehold = await createHousehold(prisma, south, { name: 'Lapointe household' });
  ids.person = await createPerson(prisma, north, {
    householdId: ids.lapointe,
    firstName: 'Marie',
    lastName: 'Lapointe',
    dateOfBirth: '1970-04-02',
  });
  ids.contact = (
    await createContact(prisma, north, {
      firstName: 'Marie',
      lastName: 'Lapointe',
      householdId: ids.lapointe,
      emails: ['marie@lapointe.test'],
      phones: ['4165550199'],
    })
  ).contactId;
  ids.other = (await createContact(prisma, north, { firstName: 'Jean', lastName: 'Tremblay' })).contactId;
  ids.deletedContact = (
    await createContact(prisma, north, { firstName: 'Marie', lastName: 'Lapointe-Gone' })
  ).contactId;
  await prisma.contact.update({ where: { id: ids.deletedContact }, data: { deletedAt: new Date() } });
  ids.southContact = (await createContact(prisma, south, { firstName: 'Marie', lastName: 'Lapointe' })).contactId;
  ids.southPerson = await createPerson(prisma, south, { firstName: 'Marie', lastName: 'Lapointe' });

  // Financial records: found by nickname, institution or kind, never across teams, firms or deletes.
  const northern = await createInstitution(north, 'Northern Trust Bank');
  ids.rrsp = await createInvestmentAccount(north, ids.lapointe, 'RRSP', { nickname: 'Retirement nest egg' });
  ids.tfsa = await createInvestmentAccount(north, ids.lapointe, 'TFSA', { institutionId: northern });
  ids.k401 = await createInvestmentAccount(north, ids.lapointe, 'ACCOUNT_401K', { name: 'Acme 401k plan' });
  ids.deletedRrsp = await createInvestmentAccount(north, ids.lapointe, 'RRSP', { deletedAt: new Date() });
  ids.deletedHouseholdRrsp = await createInvestmentAccount(north, ids.deletedHousehold, 'RRSP');
  const otherTeam = newId(EntityType.team);
  await prisma.team.create({ data: { id: otherTeam, organizationId: north.organizationId, name: 'Other team' } });
  const otherTeamHousehold = await createHousehold(prisma, north, { name: 'Other team household', teamId: otherTeam });
  ids.otherTeamRrsp = await createInvestmentAccount(north, otherTeamHousehold, 'RRSP', {
    institutionId: northern,
    nickname: 'Retirement elsewhere',
  });
  const southHousehold = ids.southHousehold;
  ids.southRrsp = await createInvestmentAccount(south, southHousehold, 'RRSP', {
    institutionId: await createInstitution(south, 'Northern Trust Bank'),
    nickname: 'Retirement nest egg',
  });
});

async function createInstitution(org: CreatedOrganization, name: string): Promise<string> {
  const id = newId(EntityType.institution);
  await prisma.institution.create({ data: { id, organizationId: org.organizationId, name } });
  return id;
}

async function createInvestmentAccount(
  org: CreatedOrganization,
  householdId: string,
  accountType: 'RRSP' | 'TFSA' | 'ACCOUNT_401K',
  fields: { nickname?: string; name?: string; institutionId?: string; deletedAt?: Date } = {},
): Promise<string> {
  const id = newId(EntityType.investmentAccount);
  const organizationId = org.organizationId;
  await prisma.financialRecord.create({
    data: { id, organizationId, householdId, type: 'INVESTMENT_ACCOUNT', ...fields },
  });
  await prisma.investmentAccount.create({ data: { id, organizationId, accountType } });
  return id;
}
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

function search(q: string, limit?: number) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return northApi('GET', `/api/search?${query.toString()}`) as Promise<{ status: number; body: GlobalSearchResult }>;
}

describe('GET /api/search', () => {
  it('finds contacts, households and persons by name, with what tells two of a name apart', async () => {
    const response = await search('lapointe');
    expect(response.status).toBe(200);
    expect(response.body.contacts).toEqual([
      {
        id: ids.contact,
        name: 'Marie Lapointe',
        type: 'CLIENT',
        email: 'marie@lapointe.test',
        phone: '+1 4165550199',
        household: { id: ids.lapointe, name: 'Lapointe household' },
      },
    ]);
    // Two households of one name rank alike (then by id, which is random): compare as a set.
    expect(response.body.households).toHaveLength(2);
    expect(response.body.households).toEqual(
      expect.arrayContaining([
        { id: ids.lapointe, name: 'Lapointe household', advisor: 'Olivia Advisor', memberNames: ['Marie Lapointe'] },
        { id: ids.lapointeToo, name: 'Lapointe household', advisor: null, memberNames: [] },
      ]),
    );
    expect(response.body.persons).toEqual([
      {
        id: ids.person,
        name: 'Marie Lapointe',
        dateOfBirth: '1970-04-02',
        household: { id: ids.lapointe, name: 'Lapointe household' },
      },
    ]);
  });

  it('finds a contact by e-mail and by phone typed with punctuation', async () => {
    expect((await search('marie@lap')).body.contacts.map((hit) => hit.id)).toEqual([ids.contact]);
    expect((await search('(416) 555-01')).body.contacts.map((hit) => hit.id)).toEqual([ids.contact]);
  });

  it('tolerates a typo and ranks the closest name first', async () => {
    const response = await search('lapointte');
    expect(response.body.households.map((hit) => hit.id)).toContain(ids.lapointe);
    const exact = await search('jean tremblay');
    expect(exact.body.contacts[0]?.id).toBe(ids.other);
  });

  it('never shows another organization’s or soft-deleted rows', async () => {
    const response = await search('lapointe', 20);
    const found = [
      ...response.body.contacts.map((hit) => hit.id),
      ...response.body.households.map((hit) => hit.id),
      ...response.body.persons.map((hit) => hit.id),
    ];
    for (const hidden of [
      ids.southHousehold,
      ids.southContact,
      ids.southPerson,
      ids.deletedHousehold,
      ids.deletedContact,
    ])
      expect(found).not.toContain(hidden);
  });

  it('finds an account by its kind’s label, nickname or institution, with its household', async () => {
    const byKind = await search('RRSP');
    expect(byKind.status).toBe(200);
    expect(byKind.body.financialRecords).toEqual([
      {
        id: ids.rrsp,
        label: 'Retirement nest egg',
        type: 'INVESTMENT_ACCOUNT',
        kind: 'RRSP',
        institution: null,
        household: { id: ids.lapointe, name: 'Lapointe household' },
      },
    ]);
    // "401k" reads as the label "401(k)"; a record without nickname shows its name.
    expect((await search('401k')).body.financialRecords).toEqual([
      expect.objectContaining({ id: ids.k401, label: 'Acme 401k plan', kind: '401(k)' }),
    ]);
    expect((await search('nest egg')).body.financialRecords.map((hit) => hit.id)).toEqual([ids.rrsp]);
    // Without nickname or name, the kind is the label.
    expect((await search('northern')).body.financialRecords).toEqual([
      expect.objectContaining({ id: ids.tfsa, label: 'TFSA', kind: 'TFSA', institution: 'Northern Trust Bank' }),
    ]);
  });

  it('never shows a record of another team, another firm, or one deleted with its household', async () => {
    const found = [
      ...(await search('rrsp', 20)).body.financialRecords,
      ...(await search('northern', 20)).body.financialRecords,
      ...(await search('retirement', 20)).body.financialRecords,
    ].map((hit) => hit.id);
    expect(found).toContain(ids.rrsp);
    for (const hidden of [ids.deletedRrsp, ids.deletedHouseholdRrsp, ids.otherTeamRrsp, ids.southRrsp]) {
      expect(found).not.toContain(hidden);
    }
  });

  it('ranks a word’s start, then the term inside a word, then a near miss, and a smaller limit shows the first of them', async () => {
    const named = async (firstName: string, lastName: string) =>
      (await createContact(prisma, north, { firstName, lastName })).contactId;
    // Created worst first, so that the order comes from the ranking and not from the rows' order.
    const nearMiss = await named('Nils', 'Hollm');
    const inside = await named('Lisa', 'Stockholm');
    const laterWord = await named('Eva', 'Holmberg');
    const wholeWord = await named('Ola', 'Holm');
    const ranked = [wholeWord, laterWord, inside, nearMiss];
    expect((await search('holm', 10)).body.contacts.map((hit) => hit.id)).toEqual(ranked);
    for (const limit of [1, 2, 3]) {
      expect((await search('holm', limit)).body.contacts.map((hit) => hit.id)).toEqual(ranked.slice(0, limit));
    }
  });

  it('limits each kind to `limit` results', async () => {
    const response = await search('lapointe', 1);
    expect(response.body.households).toHaveLength(1);
  });

  it.each([
    ['', 'q', 'Type something to search for'],
    ['x'.repeat(101), 'q', 'Search must be at most 100 characters'],
  ])('refuses q=%j', async (q, path, message) => {
    expectInvalid(await northApi('GET', `/api/search?q=${q}`), path, message);
  });

  it('refuses a limit out of range', async () => {
    expectInvalid(
      await northApi('GET', '/api/search?q=a&limit=0'),
      'limit',
      'Limit must be a whole number from 1 to 20',
    );
  });
});
