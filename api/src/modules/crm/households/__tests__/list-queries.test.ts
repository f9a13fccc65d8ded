// The lists' sort and filter parameters (step 10): contacts, leads, households and sync runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createHousehold, createMeeting, createPerson } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, type ApiCall, type Body } from '#test/support/crm-api.js';
import { seedPlaidConnection, seedRun } from '#test/support/hub-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
/** Ids of the rows the tests seed, filled in beforeAll. */
const ids = {} as Record<
  | 'adams'
  | 'ann'
  | 'annPerson'
  | 'bob'
  | 'bobPerson'
  | 'carl'
  | 'deleted'
  | 'dora'
  | 'gone'
  | 'olivia'
  | 'smithA'
  | 'smithB'
  | 'victor'
  | 'vip'
  | 'zed',
  string
>;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
/** A date of birth whose birthday is `days` from today (UTC), born in 1980. */
function bornDaysAhead(days: number): string {
  const date = new Date(Date.now() + days * DAY);
  return `1980-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}
const idsOf = (body: Body): string[] => body.items.map((item: { id: string }) => item.id);

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const organizationId = north.organizationId;
  ids.olivia = newId(EntityType.professional);
  ids.victor = newId(EntityType.professional);
  await prisma.professional.createMany({
    data: [
      { id: ids.olivia, organizationId, displayName: 'Olivia Advisor', role: 'ADVISOR' },
      { id: ids.victor, organizationId, displayName: 'Victor Advisor', role: 'ADVISOR' },
    ],
  });
  // Two households of the same name: the advisor and the members tell them apart.
  ids.smithA = await createHousehold(prisma, north, { name: 'Smith household', lastKycUpdatedAt: daysAgo(30) });
  ids.smithB = await createHousehold(prisma, north, { name: 'Smith household' });
  ids.adams = await createHousehold(prisma, north, { name: 'Adams household', lastKycUpdatedAt: daysAgo(800) });
  ids.zed = await createHousehold(prisma, north, { name: 'Zed household', lastKycUpdatedAt: daysAgo(900) });
  ids.gone = await createHousehold(prisma, north, { name: 'Smith household' });
  await prisma.household.update({ where: { id: ids.gone }, data: { deletedAt: new Date() } });
  await prisma.household.update({ where: { id: ids.smithA }, data: { primaryAdvisorId: ids.olivia } });
  await prisma.household.update({ where: { id: ids.smithB }, data: { primaryAdvisorId: ids.victor } });
  // Zed had a meeting last month: its review is not overdue though its KYC is old.
  await createMeeting(prisma, north, { startTime: daysAgo(30), householdId: ids.zed });
  // A cancelled meeting does not count for Adams.
  await createMeeting(prisma, north, { startTime: daysAgo(20), householdId: ids.adams, cancelled: true });
  ids.annPerson = await createPerson(prisma, north, {
    householdId: ids.smithA,
    firstName: 'Ann',
    lastName: 'Smith',
    dateOfBirth: bornDaysAhead(5),
  });
  ids.bobPerson = await createPerson(prisma, north, {
    householdId: ids.smithB,
    firstName: 'Bob',
    lastName: 'Smith',
    dateOfBirth: bornDaysAhead(45),
  });
  const gonePerson = await createPerson(prisma, north, {
    householdId: ids.smithA,
    firstName: 'Gone',
    lastName: 'Smith',
  });
  await prisma.person.update({ where: { id: gonePerson }, data: { deletedAt: new Date() } });
  ids.ann = (
    await createContact(prisma, north, {
      firstName: 'Ann',
      lastName: 'Smith',
      householdId: ids.smithA,
      personId: ids.annPerson,
      emails: ['zz-ann@smith.test'],
    })
  ).contactId;
  ids.bob = (
    await createContact(prisma, north, {
      firstName: 'Bob',
      lastName: 'Smith',
      type: 'PROSPECT',
      householdId: ids.smithB,
      personId: ids.bobPerson,
      emails: ['aa-bob@smith.test'],
    })
  ).contactId;
  ids.carl = (await createContact(prisma, north, { firstName: 'Carl', lastName: 'Adams', type: 'LEAD' })).contactId;
  ids.dora = (await createContact(prisma, north, { firstName: 'Dora', lastName: 'Young', type: 'LEAD' })).contactId;
  ids.deleted = (await createContact(prisma, north, { firstName: 'Deleted', lastName: 'Smith' })).contactId;
  await prisma.contact.update({ where: { id: ids.deleted }, data: { deletedAt: new Date() } });
  ids.vip = newId(EntityType.tag);
  await prisma.tag.create({ data: { id: ids.vip, organizationId, name: 'VIP', type: 'CLIENT' } });
  for (const contactId of [ids.bob, ids.dora]) {
    await prisma.contactTag.create({ data: { organizationId, contactId, tagId: ids.vip } });
  }
  await createContact(prisma, south, { firstName: 'Ann', lastName: 'Smith' });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('GET /api/contacts: sort and filters', () => {
  it('sorts by e-mail both ways, contacts without one last', async () => {
    const ascending = await northApi('GET', '/api/contacts?sort=email&order=asc');
    expect(idsOf(ascending.body).slice(0, 2)).toEqual([ids.bob, ids.ann]);
    const descending = await northApi('GET', '/api/contacts?sort=email&order=desc');
    expect(idsOf(descending.body).slice(0, 2)).toEqual([ids.ann, ids.bob]);
  });

  it('sorts by household name and by type', async () => {
    const byType = await northApi('GET', '/api/contacts?sort=type');
    expect(byType.body.items.map((item: { type: string }) => item.type)).toEqual([
      'CLIENT',
      'LEAD',
      'LEAD',
      'PROSPECT',
    ]);
    const byHousehold = await northApi('GET', '/api/contacts?sort=household');
    expect(idsOf(byHousehold.body).slice(0, 2)).toEqual([ids.ann, ids.bob]);
  });

  it('filters by tag, advisor and type, never showing a soft-deleted or another organization’s contact', async () => {
    expect(idsOf((await northApi('GET', `/api/contacts?tagId=${ids.vip}`)).body)).toEqual([ids.bob, ids.dora]);
    expect(idsOf((await northApi('GET', `/api/contacts?advisorId=${ids.olivia}`)).body)).toEqual([ids.ann]);
    const all = await northApi('GET', '/api/contacts?search=smith');
    expect(idsOf(all.body)).toEqual([ids.ann, ids.bob]);
    expect(all.body.total).toBe(2);
  });

  it('filters upcoming birthdays from the person’s date of birth', async () => {
    expect(idsOf((await northApi('GET', '/api/contacts?birthdayWithinDays=30')).body)).toEqual([ids.ann]);
    expect(idsOf((await northApi('GET', '/api/contacts?birthdayWithinDays=60')).body)).toEqual([ids.ann, ids.bob]);
  });

  it.each([
    ['birthdayWithinDays=400', 'birthdayWithinDays', 'birthdayWithinDays must be a whole number from 0 to 366'],
    ['advisorId=nope', 'advisorId', 'Invalid advisor id'],
  ])('refuses %s', async (query, path, message) => {
    const response = await northApi('GET', `/api/contacts?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe(path);
    if (path === 'birthdayWithinDays') expectInvalid(response, path, message);
  });

  it('answers an empty page for another organization’s advisor', async () => {
    const southAdvisor = newId(EntityType.professional);
    await prisma.professional.create({
      data: { id: southAdvisor, organizationId: south.organizationId, displayName: 'S', role: 'ADVISOR' },
    });
    const response = await northApi('GET', `/api/contacts?advisorId=${southAdvisor}`);
    expect(response.body).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/leads: the contact list’s filters', () => {
  it('keeps team= working and filters by tag, search, with a sort', async () => {
    expect(idsOf((await northApi('GET', `/api/leads?team=${north.teamId}&sort=name&order=asc`)).body)).toEqual([
      ids.carl,
      ids.dora,
    ]);
    expect(idsOf((await northApi('GET', `/api/leads?tagId=${ids.vip}`)).body)).toEqual([ids.dora]);
    expect(idsOf((await northApi('GET', '/api/leads?search=adams')).body)).toEqual([ids.carl]);
  });
});

describe('GET /api/households: sort, filters and what tells two apart', () => {
  it('shows members, advisor and assets; leaves soft-deleted households and members out', async () => {
    const response = await northApi('GET', '/api/households?search=smith');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.items).toMatchObject([
      {
        name: 'Smith household',
        memberCount: 1,
        memberNames: expect.any(Array),
        totalAssets: '0',
        assetsCurrency: 'CAD',
      },
      { name: 'Smith household', memberCount: 1 },
    ]);
    const byId = new Map(response.body.items.map((item: Body) => [item.id, item]));
    expect(byId.get(ids.smithA)).toMatchObject({
      memberNames: ['Ann Smith'],
      primaryAdvisor: { id: ids.olivia, displayName: 'Olivia Advisor' },
    });
    expect(byId.get(ids.smithB)).toMatchObject({ memberNames: ['Bob Smith'], contactType: 'PROSPECT' });
  });

  it('sorts by advisor and by name descending', async () => {
    const byAdvisor = await northApi('GET', '/api/households?sort=advisor&order=desc');
    expect(idsOf(byAdvisor.body).slice(0, 2)).toEqual([ids.smithB, ids.smithA]);
    const byName = await northApi('GET', '/api/households?sort=name&order=desc');
    expect(idsOf(byName.body)[0]).toBe(ids.zed);
    expect(idsOf(byName.body).at(-1)).toBe(ids.adams);
  });

  it('filters by advisor, contact type and tag', async () => {
    expect(idsOf((await northApi('GET', `/api/households?advisorId=${ids.victor}`)).body)).toEqual([ids.smithB]);
    expect(idsOf((await northApi('GET', '/api/households?type=CLIENT')).body)).toEqual([ids.smithA]);
    expect(idsOf((await northApi('GET', `/api/households?tagId=${ids.vip}`)).body)).toEqual([ids.smithB]);
  });

  it('reviewOverdue=true: no KYC update and no meeting held in 12 months, or never', async () => {
    const response = await northApi('GET', '/api/households?reviewOverdue=true');
    expect(idsOf(response.body)).toEqual([ids.adams, ids.smithB]);
  });

  it('refuses an unknown sort', async () => {
    expectInvalid(
      await northApi('GET', '/api/households?sort=size'),
      'sort',
      'Sort must be one of name, members, advisor, lastKycUpdatedAt, createdAt',
    );
  });

  it('GET /api/advisors lists the organization’s professionals', async () => {
    const response = await northApi('GET', '/api/advisors');
    expect(response.body).toEqual([
      { id: ids.olivia, displayName: 'Olivia Advisor' },
      { id: ids.victor, displayName: 'Victor Advisor' },
    ]);
  });
});

describe('GET /api/sync-runs: sort and stale connections', () => {
  it('stale=true keeps the newest run of each connection not synced within its schedule', async () => {
    const organizationId = north.organizationId;
    const config = api.environment.config;
    const late = await seedPlaidConnection(prisma, config, { organizationId, householdId: ids.smithA });
    const fresh = await seedPlaidConnection(prisma, config, {
      organizationId,
      householdId: ids.smithA,
      displayName: 'Alpha Bank',
    });
    // Every 6 hours: synced 2 days ago is stale, 1 hour ago is not.
    await prisma.connection.update({ where: { id: late.id }, data: { lastSyncedAt: daysAgo(2) } });
    await prisma.connection.update({
      where: { id: fresh.id },
      data: { lastSyncedAt: new Date(Date.now() - 3_600_000) },
    });
    await seedRun(prisma, { organizationId, connectionId: late.id, status: 'SUCCEEDED', queuedAt: daysAgo(3) });
    const newest = await seedRun(prisma, {
      organizationId,
      connectionId: late.id,
      status: 'FAILED',
      queuedAt: daysAgo(2),
    });
    const freshRun = await seedRun(prisma, { organizationId, connectionId: fresh.id, status: 'SUCCEEDED' });

    expect(idsOf((await northApi('GET', '/api/sync-runs?stale=true')).body)).toEqual([newest]);
    expect(idsOf((await northApi('GET', '/api/sync-runs?status=FAILED')).body)).toEqual([newest]);
    const byConnection = await northApi('GET', '/api/sync-runs?sort=connection&order=asc');
    expect(idsOf(byConnection.body)[0]).toBe(freshRun);
    expectInvalid(await northApi('GET', '/api/sync-runs?stale=yes'), 'stale', 'stale must be true or false');
  });
});
