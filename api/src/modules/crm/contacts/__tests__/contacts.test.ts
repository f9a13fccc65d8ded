import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createContactRecords, createHousehold, createPerson } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
let southContactId: string;
let southPersonId: string;

const lead = {
  type: 'LEAD',
  name: { first: 'Ana', last: 'Silva' },
  discoveryMethod: 'INBOUND',
  source: 'LINKED_IN',
};

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  // The firm's admin: the lists below span two teams (team scoping: test/integration/permissions.test.ts).
  north = await createOrganization(prisma, { name: 'North', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  southPersonId = await createPerson(prisma, south);
  southContactId = (await createContact(prisma, south, { personId: southPersonId })).contactId;
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('POST /api/contacts', () => {
  it('creates a lead with its primary e-mail and phone number, tags and lead record, and logs it', async () => {
    const response = await northApi('POST', '/api/contacts', {
      ...lead,
      teamId: north.teamId,
      email: 'ana@silva.test',
      gender: 'FEMALE',
      linkedinUrlBranch: 'ana-silva',
      avatarUrl: 'https://cdn.test/ana.png',
      phoneNumber: {
        number: { countryCode: '1', number: '4165550100' },
        type: 'MOBILE',
        label: 'Cell',
        primary: false,
      },
      tags: [{ name: 'VIP', type: 'CUSTOM', emoji: '⭐' }],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      teamId: north.teamId,
      type: 'LEAD',
      name: { first: 'Ana', last: 'Silva', middle: null, display: 'Ana Silva' },
      gender: 'FEMALE',
      source: 'LINKED_IN',
      discoveryMethod: 'INBOUND',
      linkedinUrlBranch: 'ana-silva',
      avatarUrl: 'https://cdn.test/ana.png',
      portalAccess: 'NONE',
      email: 'ana@silva.test',
      emails: [{ email: 'ana@silva.test', label: null, primary: true }],
      // The only phone number is the primary one, whatever the form said.
      phoneNumber: { number: { countryCode: '1', number: '4165550100' }, type: 'MOBILE', label: 'Cell', primary: true },
      tags: [{ name: 'VIP', type: 'CUSTOM', emoji: '⭐' }],
      customFields: [],
    });
    expect(response.body.id).toMatch(/^contact-/);
    expect(response.body.leadId).toMatch(/^lead-/);

    const log = await northApi('GET', `/api/audit-logs?entityId=${response.body.id}`);
    expect(log.body.items).toMatchObject([
      { action: 'CREATE', actorKind: 'USER', actorId: north.userId, entityType: 'contact', after: { type: 'LEAD' } },
    ]);
  });

  it('creates an OTHER contact without source; empty gender and phone number become null', async () => {
    const response = await northApi('POST', '/api/contacts', {
      type: 'OTHER',
      name: { first: 'Bo', last: 'Lee' },
      teamId: north.teamId,
      gender: '',
      phoneNumber: { number: { countryCode: '1', number: '' } },
      discoveryMethod: '',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'OTHER',
      gender: null,
      phoneNumber: null,
      phoneNumbers: [],
      source: null,
      discoveryMethod: null,
      leadId: null,
    });
  });

  const base = { ...lead, teamId: 'team-AAAAAAAAAAAAAAAAAAAAA' };
  it.each([
    [{ ...base, name: undefined }, 'name', 'Name is required'],
    [{ ...base, name: { first: '', last: 'Silva' } }, 'name.first', 'Please enter first name'],
    [{ ...base, name: { first: 'Ana', last: ' ' } }, 'name.last', 'Please enter last name'],
    [{ ...base, name: { first: 'A'.repeat(51), last: 'S' } }, 'name.first', 'First name must be at most 50 characters'],
    [{ ...base, name: { first: 'A', last: 'S'.repeat(51) } }, 'name.last', 'Last name must be at most 50 characters'],
    [
      { ...base, name: { first: 'A', last: 'S', middle: 'M'.repeat(51) } },
      'name.middle',
      'Middle name must be at most 50 characters',
    ],
    [
      { ...base, name: { first: 'A', last: 'S', preferred: 'P'.repeat(51) } },
      'name.preferred',
      'Preferred name must be at most 50 characters',
    ],
    [
      { ...base, name: { first: 'A', last: 'S', short: 'S'.repeat(51) } },
      'name.short',
      'Short name must be at most 50 characters',
    ],
    [{ ...base, type: 'CLIENT' }, 'type', 'Type must be OTHER or LEAD'],
    [{ ...base, discoveryMethod: undefined }, 'discoveryMethod', 'Discovery method is required'],
    [{ ...base, discoveryMethod: 'CARRIER_PIGEON' }, 'discoveryMethod', 'Please select a valid discovery method'],
    [{ ...base, source: '' }, 'source', 'Source is required'],
    [{ ...base, source: 'BILLBOARD' }, 'source', 'Please select a valid source'],
    [{ ...base, gender: 'UNKNOWN' }, 'gender', 'Please select a valid gender'],
    [{ ...base, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      { ...base, phoneNumber: { number: { countryCode: '1a', number: '4165550100' } } },
      'phoneNumber.number.countryCode',
      'Country code must be only digits',
    ],
    [
      { ...base, phoneNumber: { number: { countryCode: '1234', number: '4165550100' } } },
      'phoneNumber.number.countryCode',
      'Country code must be 1 to 3 digits',
    ],
    [
      { ...base, phoneNumber: { number: { countryCode: '1', number: '416-555-CALL' } } },
      'phoneNumber.number.number',
      'Phone number must be only digits',
    ],
    [
      { ...base, phoneNumber: { number: { countryCode: '1', number: '123' } } },
      'phoneNumber.number.number',
      'Phone number must be 4 to 12 digits',
    ],
    [
      { ...base, phoneNumber: { number: { countryCode: '1', number: '4165550100' }, type: 'FAX' } },
      'phoneNumber.type',
      'Please select a valid phone type',
    ],
    [
      { ...base, phoneNumber: { number: { countryCode: '1', number: '4165550100' }, label: 'L'.repeat(101) } },
      'phoneNumber.label',
      'Label must be at most 100 characters',
    ],
    [{ ...base, avatarUrl: 'not a url' }, 'avatarUrl', 'Avatar must be a valid URL'],
    [{ ...base, teamId: '' }, 'teamId', 'Team is required'],
    [{ ...base, tags: [{ name: '', type: 'CUSTOM' }] }, 'tags.0.name', 'Tag name is required'],
    [{ ...base, tags: [{ name: 'VIP', type: '' }] }, 'tags.0.type', 'Tag type is required'],
  ])('refuses %j: %s', async (body, path, message) => {
    expectInvalid(await northApi('POST', '/api/contacts', body), path, message);
  });

  it("answers 404 for another organization's team", async () => {
    expectNotFound(await northApi('POST', '/api/contacts', { ...lead, teamId: south.teamId }), 'Team');
  });
});

describe('POST /api/leads and GET /api/leads', () => {
  let leadId: string;

  it('creates a lead: a contact of type LEAD with its lead record', async () => {
    const response = await northApi('POST', '/api/leads', {
      name: { first: 'Lea', last: 'Moreau' },
      teamId: north.teamId,
      discoveryMethod: 'INTRODUCTION',
      source: 'REFERRAL',
      email: 'lea@moreau.test',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ type: 'LEAD', source: 'REFERRAL', discoveryMethod: 'INTRODUCTION' });
    leadId = response.body.id;
  });

  it.each([
    [
      { name: { first: 'L', last: 'M' }, teamId: 'x', source: 'REFERRAL' },
      'discoveryMethod',
      'Discovery method is required',
    ],
    [{ name: { first: 'L', last: 'M' }, teamId: 'x', discoveryMethod: 'INBOUND' }, 'source', 'Source is required'],
    [{ teamId: 'x', discoveryMethod: 'INBOUND', source: 'SEO' }, 'name', 'Name is required'],
    [{ name: { first: 'L', last: 'M' }, discoveryMethod: 'INBOUND', source: 'SEO' }, 'teamId', 'Team is required'],
    [
      {
        name: { first: 'L', last: 'M' },
        teamId: 'x',
        discoveryMethod: 'INBOUND',
        source: 'SEO',
        phoneNumber: { number: { countryCode: '1', number: '12' } },
      },
      'phoneNumber.number.number',
      'Phone number must be 4 to 12 digits',
    ],
  ])('refuses %j: %s', async (body, path, message) => {
    expectInvalid(await northApi('POST', '/api/leads', body), path, message);
  });

  it("answers 404 for another organization's team", async () => {
    const body = { name: { first: 'L', last: 'M' }, teamId: south.teamId, discoveryMethod: 'INBOUND', source: 'SEO' };
    expectNotFound(await northApi('POST', '/api/leads', body), 'Team');
  });

  it('lists leads, newest first, of one team when asked', async () => {
    const all = await northApi('GET', '/api/leads');
    expect(all.status).toBe(200);
    expect(all.body.items[0]).toMatchObject({ id: leadId, type: 'LEAD', leadId: expect.stringMatching(/^lead-/) });
    expect(all.body.items.every((item: { type: string }) => item.type === 'LEAD')).toBe(true);
    const team = await northApi('GET', `/api/leads?team=${north.teamId}&limit=1`);
    expect(team.body).toMatchObject({ page: 1, limit: 1, total: all.body.total, items: [{ id: leadId }] });
  });

  it('validates the query, and answers 404 for another organization’s team', async () => {
    expectInvalid(await northApi('GET', '/api/leads?team=nope'), 'team', 'Invalid team id');
    expectInvalid(await northApi('GET', '/api/leads?page=0'), 'page', 'Page must be a whole number of at least 1');
    expectInvalid(await northApi('GET', '/api/leads?limit=0'), 'limit', 'Limit must be a whole number of at least 1');
    expectNotFound(await northApi('GET', `/api/leads?team=${south.teamId}`), 'Team');
  });
});

describe('GET /api/contacts (search and lists)', () => {
  let ids: Record<string, string>;
  let vipTagId: string;

  beforeAll(async () => {
    const org = { ...north };
    const otherTeam = 'team-' + 'B'.repeat(21);
    await prisma.team.create({ data: { id: otherTeam, organizationId: north.organizationId, name: 'Second team' } });
    ids = {
      zoe: (await createContact(prisma, org, { firstName: 'Zoë', lastName: 'Search', emails: ['zoe@findme.test'] }))
        .contactId,
      yan: (await createContact(prisma, org, { firstName: 'Yan', lastName: 'Search', phones: ['6045550199'] }))
        .contactId,
      xia: (
        await createContact(prisma, org, { firstName: 'Xia', lastName: 'Search', type: 'PROSPECT', teamId: otherTeam })
      ).contactId,
    };
    const tagged = await northApi('PATCH', `/api/contacts/${ids.yan}/add-tag`, { name: 'Golf', type: 'HOBBY' });
    vipTagId = tagged.body.tags[0].id;
    (ids as Record<string, string>).otherTeam = otherTeam;
  });

  it('finds contacts by part of the name, case-insensitively', async () => {
    const response = await northApi('GET', '/api/contacts?search=SEARCH');
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { name: { first: string } }) => item.name.first)).toEqual([
      'Xia',
      'Yan',
      'Zoë',
    ]);
    expect(response.body.total).toBe(3);
  });

  it('finds contacts by e-mail and by phone digits, whatever the punctuation', async () => {
    const byEmail = await northApi('GET', '/api/contacts?search=findme');
    expect(byEmail.body.items.map((item: { id: string }) => item.id)).toEqual([ids.zoe]);
    expect(byEmail.body.items[0].email).toBe('zoe@findme.test');
    const byPhone = await northApi('GET', '/api/contacts?search=(604)%20555-0199');
    expect(byPhone.body.items.map((item: { id: string }) => item.id)).toEqual([ids.yan]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const response = await northApi('GET', '/api/contacts?search=%25');
    expect(response.body.total).toBe(0);
  });

  it('filters by type, tag and team', async () => {
    const prospects = await northApi('GET', '/api/contacts?type=PROSPECT');
    expect(prospects.body.items.map((item: { id: string }) => item.id)).toEqual([ids.xia]);
    const golfers = await northApi('GET', `/api/contacts?tagId=${vipTagId}`);
    expect(golfers.body.items).toMatchObject([{ id: ids.yan, tags: [{ name: 'Golf', type: 'HOBBY' }] }]);
    const team = await northApi('GET', `/api/contacts?teamId=${ids.otherTeam}`);
    expect(team.body.items.map((item: { id: string }) => item.id)).toEqual([ids.xia]);
  });

  it('pages in a stable order: the pages together are the whole list, once each', async () => {
    const whole = await northApi('GET', '/api/contacts?limit=500');
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.body.total / 2); page += 1) {
      const response = await northApi('GET', `/api/contacts?limit=2&page=${page}`);
      seen.push(...response.body.items.map((item: { id: string }) => item.id));
    }
    expect(seen).toEqual(whole.body.items.map((item: { id: string }) => item.id));
    const newest = await northApi('GET', '/api/contacts?sort=createdAt&order=desc&limit=1');
    expect(newest.body.items[0].id).toBe(ids.xia);
  });

  it.each([
    ['type=FRIEND', 'type', 'Please select a valid contact type'],
    ['sort=age', 'sort', 'Sort must be one of name, type, email, household, createdAt, updatedAt'],
    ['order=up', 'order', 'Order must be asc or desc'],
    [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters'],
    ['tagId=golf', 'tagId', 'Invalid tag id'],
    ['teamId=t', 'teamId', 'Invalid team id'],
    ['page=0', 'page', 'Page must be a whole number of at least 1'],
    ['limit=0', 'limit', 'Limit must be a whole number of at least 1'],
    ['limit=501', 'limit', 'Limit must be at most 500'],
  ])('refuses ?%s', async (query, path, message) => {
    expectInvalid(await northApi('GET', `/api/contacts?${query}`), path, message);
  });

  it("never lists another organization's contacts", async () => {
    const response = await northApi('GET', '/api/contacts?limit=500');
    expect(response.body.items.map((item: { id: string }) => item.id)).not.toContain(southContactId);
  });

  it('lists the organization’s tags', async () => {
    const response = await northApi('GET', '/api/tags');
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id: vipTagId, name: 'Golf', type: 'HOBBY', emoji: null });
  });
});

describe('GET /api/contacts/{contactId} and its addresses', () => {
  it('shows a contact with every sub-record', async () => {
    const { contactId } = await createContact(prisma, north, { emails: ['a@b.test', 'c@d.test'], phones: ['5550001'] });
    const { addressId, employmentId, linkId } = await createContactRecords(prisma, north, contactId);
    const response = await northApi('GET', `/api/contacts/${contactId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: contactId,
      email: 'a@b.test',
      emails: [
        { email: 'a@b.test', primary: true },
        { email: 'c@d.test', primary: false },
      ],
      phoneNumbers: [{ number: { countryCode: '1', number: '5550001' }, primary: true }],
      addresses: [{ Id: addressId, Line1: '1 King St W', City: 'Toronto', Line2: null, primary: true }],
      employments: [{ id: employmentId, employerName: 'Acme', primary: true }],
      socialLinks: [{ id: linkId, type: 'LinkedIn', branch: 'casey', url: 'https://www.linkedin.com/in/casey' }],
    });
    const addresses = await northApi('GET', `/api/contacts/${contactId}/addresses`);
    expect(addresses.body).toEqual([expect.objectContaining({ Id: addressId, primary: true })]);
  });

  it("answers 404 for another organization's contact, and 400 for a malformed id", async () => {
    expectNotFound(await northApi('GET', `/api/contacts/${southContactId}`), 'Contact');
    expectNotFound(await northApi('GET', `/api/contacts/${southContactId}/addresses`), 'Contact');
    expectInvalid(
      await northApi('GET', '/api/contacts/person-AAAAAAAAAAAAAAAAAAAAA'),
      'contactId',
      'Invalid contact id',
    );
  });
});

describe('PATCH name, gender, avatar, employment status', () => {
  let contactId: string;
  beforeAll(async () => {
    contactId = (await createContact(prisma, north, { firstName: 'Old', lastName: 'Name' })).contactId;
  });

  it('renames a contact and logs the name before and after', async () => {
    const response = await northApi('PATCH', `/api/contacts/${contactId}/name`, {
      name: { first: 'New', last: 'Name', preferred: 'Newt', middle: '' },
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toEqual({
      first: 'New',
      last: 'Name',
      middle: null,
      preferred: 'Newt',
      short: null,
      display: 'Newt Name',
    });
    const log = await northApi('GET', `/api/audit-logs?entityId=${contactId}`);
    expect(log.body.items[0]).toMatchObject({
      action: 'UPDATE',
      actorId: north.userId,
      before: { firstName: 'Old', preferredName: null },
      after: { firstName: 'New', preferredName: 'Newt' },
    });
  });

  it('sets and clears the gender, sets the avatar and the employment status', async () => {
    expect((await northApi('PATCH', `/api/contacts/${contactId}/gender`, { gender: 'MALE' })).body.gender).toBe('MALE');
    expect((await northApi('PATCH', `/api/contacts/${contactId}/gender`, { gender: '' })).body.gender).toBeNull();
    const avatar = await northApi('PATCH', `/api/contacts/${contactId}/avatar`, {
      avatarUrl: 'https://cdn.test/a.png',
    });
    expect(avatar.body.avatarUrl).toBe('https://cdn.test/a.png');
    const status = await northApi('PATCH', `/api/contacts/${contactId}/set-employment-status`, {
      employmentStatus: 'RETIRED',
    });
    expect(status.body.employmentStatus).toBe('RETIRED');
  });

  it.each([
    ['name', {}, 'name', 'Name is required'],
    ['name', { name: { first: '', last: 'X' } }, 'name.first', 'Please enter first name'],
    ['name', { name: { first: 'X' } }, 'name.last', 'Please enter last name'],
    [
      'name',
      { name: { first: 'X', last: 'Y', short: 'S'.repeat(51) } },
      'name.short',
      'Short name must be at most 50 characters',
    ],
    ['gender', { gender: 'N' }, 'gender', 'Please select a valid gender'],
    ['avatar', { avatarUrl: 'nope' }, 'avatarUrl', 'Avatar must be a valid URL'],
    ['avatar', {}, 'avatarUrl', 'Avatar must be a valid URL'],
    [
      'set-employment-status',
      { employmentStatus: 'BUSY' },
      'employmentStatus',
      'Please select a valid employment status',
    ],
  ])('PATCH %s refuses %j', async (route, body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/contacts/${contactId}/${route}`, body), path, message);
  });

  it.each([
    ['name', { name: { first: 'A', last: 'B' } }],
    ['gender', { gender: 'MALE' }],
    ['avatar', { avatarUrl: 'https://cdn.test/x.png' }],
    ['set-employment-status', { employmentStatus: 'STUDENT' }],
  ])("PATCH %s answers 404 for another organization's contact", async (route, body) => {
    expectNotFound(await northApi('PATCH', `/api/contacts/${southContactId}/${route}`, body), 'Contact');
  });
});

describe('tags', () => {
  let contactId: string;
  beforeAll(async () => {
    contactId = (await createContact(prisma, north)).contactId;
  });

  it('adds a tag once (created on first use), then removes it by name and type', async () => {
    const added = await northApi('PATCH', `/api/contacts/${contactId}/add-tag`, {
      name: 'Golf',
      type: 'HOBBY',
      emoji: '⛳',
    });
    expect(added.status).toBe(200);
    expect(added.body.tags).toEqual([{ id: expect.stringMatching(/^tag-/), name: 'Golf', type: 'HOBBY', emoji: '⛳' }]);
    const again = await northApi('PATCH', `/api/contacts/${contactId}/add-tag`, { name: 'Golf', type: 'HOBBY' });
    expect(again.body.tags).toHaveLength(1);
    const removed = await northApi('DELETE', `/api/contacts/${contactId}/remove-tag`, { name: 'Golf', type: 'HOBBY' });
    expect(removed.body.tags).toEqual([]);
    const log = await northApi('GET', `/api/audit-logs?entityId=${contactId}`);
    expect(log.body.items[0]).toMatchObject({ before: { tags: [{ name: 'Golf' }] }, after: { tags: [] } });
  });

  it('answers 404 for a tag the contact does not have', async () => {
    expectNotFound(
      await northApi('DELETE', `/api/contacts/${contactId}/remove-tag`, { name: 'Chess', type: 'HOBBY' }),
      'Tag',
    );
  });

  it.each([
    ['PATCH', 'add-tag', { type: 'HOBBY' }, 'name', 'Tag name is required'],
    ['PATCH', 'add-tag', { name: 'Golf' }, 'type', 'Tag type is required'],
    ['DELETE', 'remove-tag', { type: 'HOBBY' }, 'name', 'Tag name is required'],
    ['DELETE', 'remove-tag', { name: 'Golf', type: ' ' }, 'type', 'Tag type is required'],
  ])('%s %s refuses %j', async (method, route, body, path, message) => {
    expectInvalid(await northApi(method, `/api/contacts/${contactId}/${route}`, body), path, message);
  });

  it("answers 404 for another organization's contact", async () => {
    const tag = { name: 'Golf', type: 'HOBBY' };
    expectNotFound(await northApi('PATCH', `/api/contacts/${southContactId}/add-tag`, tag), 'Contact');
    expectNotFound(await northApi('DELETE', `/api/contacts/${southContactId}/remove-tag`, tag), 'Contact');
  });
});

describe('GET /api/contacts/by-team/{teamId} and /by-person/{personId}', () => {
  let teamId: string;
  let personId: string;
  let birthdayId: string;

  beforeAll(async () => {
    teamId = 'team-' + 'C'.repeat(21);
    await prisma.team.create({ data: { id: teamId, organizationId: north.organizationId, name: 'Birthday team' } });
    const householdId = await createHousehold(prisma, north, { name: 'March household', teamId });
    personId = await createPerson(prisma, north, { householdId, dateOfBirth: '1980-03-15' });
    const other = await createPerson(prisma, north, { dateOfBirth: '1980-04-15' });
    birthdayId = (await createContact(prisma, north, { teamId, personId, householdId, lastName: 'March' })).contactId;
    await createContact(prisma, north, { teamId, personId: other, lastName: 'April' });
    await createContact(prisma, north, { teamId, lastName: 'Unborn' });
    await northApi('PATCH', `/api/contacts/${birthdayId}/add-tag`, { name: 'Birthday', type: 'EVENT' });
  });

  it("lists a team's contacts, by day and month of birth, with entities and tags on request", async () => {
    const all = await northApi('GET', `/api/contacts/by-team/${teamId}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items[0]).not.toHaveProperty('tags');
    expect(all.body.items[0]).not.toHaveProperty('person');

    const march = await northApi(
      'GET',
      `/api/contacts/by-team/${teamId}?dobMonth=3&dobDay=15&includeEntities=true&includeTags=true`,
    );
    expect(march.body).toMatchObject({
      total: 1,
      items: [
        {
          id: birthdayId,
          tags: [{ name: 'Birthday', type: 'EVENT' }],
          person: { id: personId, dateOfBirth: '1980-03-15' },
          household: { name: 'March household' },
        },
      ],
    });
    const fifteenth = await northApi('GET', `/api/contacts/by-team/${teamId}?dobDay=15`);
    expect(fifteenth.body.total).toBe(2);
  });

  it("shows a contact's row in a list as the contact's own rows by person show it", async () => {
    // The list reads its rows in one SQL statement, the by-person route through Prisma's relations.
    await northApi('PATCH', `/api/contacts/${birthdayId}/add-tag`, { name: 'Anniversary', type: 'EVENT' });
    await northApi('PATCH', `/api/contacts/${birthdayId}/emails/add`, { email: 'march@x.test', label: 'Home' });
    await northApi('PATCH', `/api/contacts/${birthdayId}/emails/add`, { email: 'other@x.test' });
    await northApi('PATCH', `/api/contacts/${birthdayId}/phone-numbers/add`, {
      number: { countryCode: '1', number: '4165550123' },
      label: 'Cell',
    });
    const list = await northApi('GET', '/api/contacts?limit=100&search=march');
    const byPerson = await northApi('GET', `/api/contacts/by-person/${personId}`);
    expect(byPerson.status).toBe(200);
    const listed = list.body.items.filter((item: { id: string }) => item.id === birthdayId);
    expect(listed).toEqual(byPerson.body.filter((item: { id: string }) => item.id === birthdayId));
    expect(listed[0]).toMatchObject({
      email: 'march@x.test',
      phoneNumber: { number: { countryCode: '1', number: '4165550123' }, label: 'Cell', primary: true },
      tags: [{ name: 'Birthday' }, { name: 'Anniversary' }],
      person: { id: personId, dateOfBirth: '1980-03-15' },
      household: { name: 'March household' },
    });
  });

  it.each([
    ['dobDay=0', 'dobDay', 'Day of birth must be a whole number from 1 to 31'],
    ['dobDay=32', 'dobDay', 'Day of birth must be a whole number from 1 to 31'],
    ['dobMonth=13', 'dobMonth', 'Month of birth must be a whole number from 1 to 12'],
    ['includeEntities=yes', 'includeEntities', 'includeEntities must be true or false'],
    ['includeTags=1', 'includeTags', 'includeTags must be true or false'],
    ['page=0', 'page', 'Page must be a whole number of at least 1'],
  ])('refuses ?%s', async (query, path, message) => {
    expectInvalid(await northApi('GET', `/api/contacts/by-team/${teamId}?${query}`), path, message);
  });

  it("answers 404 for another organization's team, 400 for a malformed one", async () => {
    expectNotFound(await northApi('GET', `/api/contacts/by-team/${south.teamId}`), 'Team');
    expectInvalid(await northApi('GET', '/api/contacts/by-team/x'), 'teamId', 'Invalid team id');
  });

  it('lists the contacts that are a person', async () => {
    const response = await northApi('GET', `/api/contacts/by-person/${personId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject([{ id: birthdayId }]);
    expectNotFound(await northApi('GET', `/api/contacts/by-person/${southPersonId}`), 'Person');
    expectInvalid(await northApi('GET', '/api/contacts/by-person/x'), 'personId', 'Invalid person id');
  });
});
