import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, MeetingMessage, newId, TimeMessage } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall, type Body } from '#test/support/crm-api.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let counter: ChangeCounter;
let asAdmin: ApiCall;
let asAdvisor: ApiCall;
let asPm: ApiCall;
let asSouth: ApiCall;
let teamA: string;
let teamB: string;

/** A valid template of team A: weekday mornings and Saturday, in Toronto. */
const template = () => ({
  teamId: teamA,
  title: 'Discovery call',
  message: 'A first talk about your plans',
  duration: 30,
  availableDaysInFuture: 60,
  openingHours: [
    { days: [6], start: '10:00', end: '12:00' },
    { days: [5, 1, 3, 3], start: '09:00', end: '12:00' },
  ],
  beforeBuffer: 10,
  afterBuffer: 5,
  minimumNotice: 120,
  minimumCancellationNotice: 1440,
  timeZone: 'America/Toronto',
});

async function made(client: ApiCall, overrides: Record<string, unknown> = {}): Promise<Body> {
  const response = await client('POST', '/api/meetings/template', { ...template(), ...overrides });
  expect(response.status).toBe(201);
  return response.body;
}

/** Runs `requests`, each answering "<what> not found", and checks no row of the database changed. */
async function refusedUnchanged(what: string, requests: (() => ReturnType<ApiCall>)[]): Promise<void> {
  const before = await counter.read();
  for (const request of requests) expectNotFound(await request(), what);
  expect(changedTables(before, await counter.read())).toEqual({});
}

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [north, south] = world.firms;
  teamA = north.teamId;
  teamB = newId(EntityType.team);
  await world.prisma.team.create({ data: { id: teamB, organizationId: north.organizationId, name: 'Desk B' } });
  const advisor = await addUser(world.prisma, north, 'ADVISOR');
  const pm = await addUser(world.prisma, north, 'PM');
  asAdmin = apiClient(world.api.baseUrl, north.token);
  asSouth = apiClient(world.api.baseUrl, south.token);
  asAdvisor = apiClient(world.api.baseUrl, await login(world.api.baseUrl, advisor.email, advisor.password));
  asPm = apiClient(world.api.baseUrl, await login(world.api.baseUrl, pm.email, pm.password));
  counter = await installChangeCounter(world.api.databaseUrl);
});
afterAll(async () => {
  await counter?.close();
  await world?.close();
});

describe('meeting templates', () => {
  it('makes a template with its opening hours in week order, labelled, and lists it by team', async () => {
    const created = await made(asAdvisor, { provider: 'virtual-calendar' });
    expect(created).toMatchObject({
      teamId: teamA,
      title: 'Discovery call',
      message: 'A first talk about your plans',
      duration: 30,
      availableDaysInFuture: 60,
      beforeBuffer: 10,
      afterBuffer: 5,
      minimumNotice: 120,
      minimumCancellationNotice: 1440,
      status: null,
      provider: 'virtual-calendar',
      providerLabel: 'Virtual calendar',
      timeZone: 'America/Toronto',
      timeZoneLabel: 'Toronto',
      connectionId: null,
      configId: null,
    });
    expect(created.openingHours).toEqual([
      { days: [1, 3, 5], dayLabels: ['Monday', 'Wednesday', 'Friday'], start: '09:00', end: '12:00' },
      { days: [6], dayLabels: ['Saturday'], start: '10:00', end: '12:00' },
    ]);
    const listed = await asAdvisor('GET', `/api/meetings/templates/by-team/${teamA}`);
    expect(listed.status).toBe(200);
    expect(listed.body.find((entry: Body) => entry.id === created.id)).toEqual(created);
  });

  it('takes zero buffers and no provider when none are given', async () => {
    const { beforeBuffer: _before, afterBuffer: _after, minimumCancellationNotice: _notice, ...bare } = template();
    const response = await asAdvisor('POST', '/api/meetings/template', { ...bare, message: '' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      beforeBuffer: 0,
      afterBuffer: 0,
      minimumCancellationNotice: null,
      message: null,
      provider: null,
      providerLabel: null,
    });
  });

  it('edits the fields given, replaces the opening hours when given, and audits each change', async () => {
    const created = await made(asAdvisor);
    const edited = await asAdvisor('PATCH', `/api/meetings/templates/${created.id}`, {
      title: 'Annual review',
      openingHours: [{ days: [2], start: '13:00', end: '16:30' }],
      timeZone: 'America/Vancouver',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Annual review',
      timeZone: 'America/Vancouver',
      timeZoneLabel: 'Vancouver',
      // Left out, so left as they were (not reset to the create's defaults).
      beforeBuffer: 10,
      afterBuffer: 5,
      duration: 30,
      message: 'A first talk about your plans',
      openingHours: [{ days: [2], dayLabels: ['Tuesday'], start: '13:00', end: '16:30' }],
    });
    expect(await world.prisma.meetingTemplateOpeningHours.count({ where: { templateId: created.id } })).toBe(1);

    const cleared = await asAdvisor('PATCH', `/api/meetings/templates/${created.id}`, {
      message: null,
      minimumCancellationNotice: null,
    });
    expect(cleared.body).toMatchObject({ message: null, minimumCancellationNotice: null, title: 'Annual review' });

    const audits = await world.prisma.auditLog.findMany({
      where: { entityId: created.id },
      select: { action: true, entityType: true, before: true, after: true },
    });
    expect(audits.map((audit) => audit.action).sort()).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    const retitled = audits.find((audit) => (audit.before as Body)?.title === 'Discovery call');
    expect(retitled).toMatchObject({
      entityType: 'meeting_template',
      before: { title: 'Discovery call', timeZone: 'America/Toronto' },
      after: { title: 'Annual review', timeZone: 'America/Vancouver', openingHours: [{ days: [2] }] },
    });
  });

  it('duplicates a template under a title a person tells apart, numbered, within 200 characters', async () => {
    const original = await made(asAdvisor, { title: 'Intro meeting' });
    const first = await asAdvisor('POST', `/api/meetings/templates/${original.id}/duplicate`);
    expect(first.status).toBe(201);
    const { id: _id, title: _title, createdAt: _created, updatedAt: _updated, ...settings } = original;
    expect(first.body).toMatchObject({ ...settings, title: 'Intro meeting (copy)' });
    expect(first.body.id).not.toBe(original.id);
    const second = await asAdvisor('POST', `/api/meetings/templates/${original.id}/duplicate`);
    expect(second.body.title).toBe('Intro meeting (copy 2)');
    const ofCopy = await asAdvisor('POST', `/api/meetings/templates/${first.body.id}/duplicate`);
    expect(ofCopy.body.title).toBe('Intro meeting (copy 3)');

    // Two at once (a double click) take two titles.
    const twin = await made(asAdvisor, { title: 'Twin' });
    const both = await Promise.all([1, 2].map(() => asAdvisor('POST', `/api/meetings/templates/${twin.id}/duplicate`)));
    expect(both.map((response) => response.body.title).sort()).toEqual(['Twin (copy 2)', 'Twin (copy)']);

    const long = await made(asAdvisor, { title: 'é'.repeat(200) });
    const copy = await asAdvisor('POST', `/api/meetings/templates/${long.id}/duplicate`);
    expect(copy.body.title).toBe(`${'é'.repeat(193)} (copy)`);
    const audit = await world.prisma.auditLog.findFirst({ where: { entityId: copy.body.id } });
    expect(audit).toMatchObject({ action: 'CREATE', after: { title: copy.body.title } });
  });

  it('deletes a template with its opening hours, audited', async () => {
    const created = await made(asAdvisor);
    const removed = await asAdvisor('DELETE', `/api/meetings/templates/${created.id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: created.id } });
    expect(await world.prisma.meetingTemplate.count({ where: { id: created.id } })).toBe(0);
    expect(await world.prisma.meetingTemplateOpeningHours.count({ where: { templateId: created.id } })).toBe(0);
    const listed = await asAdvisor('GET', `/api/meetings/templates/by-team/${teamA}`);
    expect(listed.body.map((entry: Body) => entry.id)).not.toContain(created.id);
    const audit = await world.prisma.auditLog.findFirst({ where: { entityId: created.id, action: 'DELETE' } });
    expect(audit?.before).toMatchObject({ title: 'Discovery call' });
    expectNotFound(await asAdvisor('DELETE', `/api/meetings/templates/${created.id}`), 'Meeting template');
  });

  it('refuses to delete a template a meeting was booked through, with a sentence, and keeps both', async () => {
    const created = await made(asAdvisor);
    const [north] = world.firms;
    const organizer = await world.prisma.teamMember.findFirstOrThrow({ where: { teamId: teamA } });
    const meetingId = newId(EntityType.meeting);
    await world.prisma.meeting.create({
      data: {
        id: meetingId,
        organizationId: north.organizationId,
        teamId: teamA,
        templateId: created.id,
        organizerTeamMemberId: organizer.id,
        title: 'Discovery call',
        message: 'Booked on the public page',
        type: 'PHONE',
        startTime: new Date('2030-03-04T15:00:00Z'),
        durationMinutes: 30,
        timeZone: 'America/Toronto',
      },
    });
    const before = await counter.read();
    const refused = await asAdvisor('DELETE', `/api/meetings/templates/${created.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: 'This template cannot be deleted: 1 meeting was booked through it',
    });
    expect(changedTables(before, await counter.read())).toEqual({});
    expect(await world.prisma.meeting.findUnique({ where: { id: meetingId } })).toMatchObject({
      templateId: created.id,
    });
  });

  it('answers the six Canadian time zones with their labels, to any signed-in user', async () => {
    for (const client of [asPm, asAdvisor]) {
      const response = await client('GET', '/api/meetings/timezone-opts');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { value: 'America/Halifax', label: 'Halifax' },
        { value: 'America/Winnipeg', label: 'Winnipeg' },
        { value: 'America/Toronto', label: 'Toronto' },
        { value: 'America/Edmonton', label: 'Edmonton' },
        { value: 'America/St_Johns', label: 'St Johns' },
        { value: 'America/Vancouver', label: 'Vancouver' },
      ]);
    }
    expect((await call(world.api.baseUrl, 'GET', '/api/meetings/timezone-opts')).status).toBe(401);
  });

  it('lets a PM make and edit templates but not delete them', async () => {
    const created = await made(asPm);
    expect((await asPm('PATCH', `/api/meetings/templates/${created.id}`, { duration: 45 })).status).toBe(200);
    expect((await asPm('DELETE', `/api/meetings/templates/${created.id}`)).status).toBe(403);
  });
});

describe('crm §5 messages, through the API', () => {
  const create = (overrides: Record<string, unknown>) =>
    asAdvisor('POST', '/api/meetings/template', { ...template(), ...overrides });

  it("refuses no opening hours: 'Opening hours must not be empty'", async () => {
    expectInvalid(await create({ openingHours: [] }), 'openingHours', MeetingMessage.openingHoursRequiredApi);
    expectInvalid(await create({ openingHours: undefined }), 'openingHours', 'Opening hours must not be empty');
  });

  it("refuses opening hours without a day: 'At least one day must be selected'; days are 0-6", async () => {
    const noDay = await create({ openingHours: [{ days: [], start: '09:00', end: '17:00' }] });
    expectInvalid(noDay, 'openingHours.0.days', 'At least one day must be selected');
    const badDay = await create({ openingHours: [{ days: [7], start: '09:00', end: '17:00' }] });
    expectInvalid(badDay, 'openingHours.0.days.0', MeetingMessage.dayInvalid);
  });

  it('refuses a time zone other than the six Canadian ones', async () => {
    expectInvalid(await create({ timeZone: 'America/Montreal' }), 'timeZone', MeetingMessage.timeZoneInvalid);
    expectInvalid(await create({ timeZone: 'Europe/Paris' }), 'timeZone', MeetingMessage.timeZoneInvalid);
  });

  it("refuses a title over 200 characters (the API's variant): 'Title cannot exceed 200 characters'", async () => {
    expectInvalid(await create({ title: 'x'.repeat(201) }), 'title', 'Title cannot exceed 200 characters');
    expect((await create({ title: 'x'.repeat(200) })).status).toBe(201);
  });

  it("refuses available days outside 1-365: 'Please enter a number between 1 and 365'", async () => {
    for (const availableDaysInFuture of [0, 366, 1.5, '30', undefined]) {
      expectInvalid(
        await create({ availableDaysInFuture }),
        'availableDaysInFuture',
        'Please enter a number between 1 and 365',
      );
    }
  });

  it("requires a duration and a minimum notice: 'Please enter a valid duration'", async () => {
    for (const duration of [undefined, 0, -5, 'thirty', 1441]) {
      expectInvalid(await create({ duration }), 'duration', 'Please enter a valid duration');
    }
    expectInvalid(await create({ minimumNotice: undefined }), 'minimumNotice', 'Please enter a valid duration');
  });

  it('bounds the minutes and the opening hours, so no number past the database’s integer reaches it', async () => {
    expectInvalid(await create({ duration: 1e12 }), 'duration', MeetingMessage.durationInvalid);
    expectInvalid(await create({ minimumNotice: 2 ** 31 }), 'minimumNotice', MeetingMessage.durationInvalid);
    expectInvalid(await create({ beforeBuffer: 1e15 }), 'beforeBuffer', MeetingMessage.bufferInvalid);
    expectInvalid(
      await create({ minimumCancellationNotice: 600_000 }),
      'minimumCancellationNotice',
      MeetingMessage.bufferInvalid,
    );
    const many = Array.from({ length: 101 }, () => ({ days: [1], start: '09:00', end: '10:00' }));
    expectInvalid(await create({ openingHours: many }), 'openingHours', 'At most 100 items');
    expect((await create({ duration: 1440, minimumNotice: 525_600 })).status).toBe(201);
  });

  it('requires HH:mm times on 24 hours, start before end', async () => {
    const hours = (start: unknown, end: unknown) => ({ openingHours: [{ days: [1], start, end }] });
    expectInvalid(await create(hours('9:00', '17:00')), 'openingHours.0.start', TimeMessage.format);
    expectInvalid(await create(hours('09:00', '24:00')), 'openingHours.0.end', 'Time must be in the format "HH:mm"');
    expectInvalid(await create(hours(undefined, '17:00')), 'openingHours.0.start', 'Time is required');
    expectInvalid(await create(hours('17:00', '09:00')), 'openingHours.0.end', MeetingMessage.endBeforeStart);
  });

  it('requires a team and a title', async () => {
    expectInvalid(await create({ teamId: undefined }), 'teamId', MeetingMessage.teamRequired);
    expectInvalid(await create({ title: '  ' }), 'title', MeetingMessage.titleRequired);
  });

  it('gives an edit the same rules and messages, and changes nothing on a refusal', async () => {
    const created = await made(asAdvisor);
    const edit = (body: unknown) => asAdvisor('PATCH', `/api/meetings/templates/${created.id}`, body);
    const before = await counter.read();
    expectInvalid(await edit({ openingHours: [] }), 'openingHours', 'Opening hours must not be empty');
    expectInvalid(
      await edit({ openingHours: [{ days: [], start: '09:00', end: '10:00' }] }),
      'openingHours.0.days',
      'At least one day must be selected',
    );
    expectInvalid(await edit({ title: 'x'.repeat(201) }), 'title', 'Title cannot exceed 200 characters');
    expectInvalid(
      await edit({ availableDaysInFuture: 400 }),
      'availableDaysInFuture',
      MeetingMessage.availableDaysRange,
    );
    expectInvalid(await edit({ duration: 0 }), 'duration', MeetingMessage.durationInvalid);
    expectInvalid(await edit({ minimumNotice: null }), 'minimumNotice', MeetingMessage.durationInvalid);
    expectInvalid(await edit({ timeZone: 'UTC' }), 'timeZone', MeetingMessage.timeZoneInvalid);
    expectInvalid(await edit({ beforeBuffer: -1 }), 'beforeBuffer', MeetingMessage.bufferInvalid);
    expect(changedTables(before, await counter.read())).toEqual({});
  });

  it('refuses a malformed template id with 400, never 500', async () => {
    const response = await asAdvisor('PATCH', '/api/meetings/templates/not-an-id', { title: 'x' });
    expectInvalid(response, 'templateId', 'Invalid meeting template id');
  });
});

describe('scope: organization and team', () => {
  it("keeps another team's templates from an advisor, exactly as missing ones, changing nothing", async () => {
    const theirs = await made(asAdmin, { teamId: teamB, title: 'Desk B intro' });
    const missing = newId(EntityType.meetingTemplate);
    for (const id of [theirs.id, missing]) {
      await refusedUnchanged('Meeting template', [
        () => asAdvisor('PATCH', `/api/meetings/templates/${id}`, { title: 'Taken over' }),
        () => asAdvisor('DELETE', `/api/meetings/templates/${id}`),
        () => asAdvisor('POST', `/api/meetings/templates/${id}/duplicate`),
      ]);
      expectNotFound(
        await asAdvisor('GET', `/api/meetings/scheduling-status?configId=${id}`),
        'Scheduling configuration',
      );
    }
    await refusedUnchanged('Team', [
      () => asAdvisor('GET', `/api/meetings/templates/by-team/${teamB}`),
      () => asAdvisor('POST', '/api/meetings/template', { ...template(), teamId: teamB }),
      () => asAdvisor('POST', '/api/meetings/template', { ...template(), teamId: newId(EntityType.team) }),
      () => asAdvisor('GET', `/api/meetings/templates/by-team/${newId(EntityType.team)}`),
    ]);
    expect(await world.prisma.meetingTemplate.findUnique({ where: { id: theirs.id } })).toMatchObject({
      title: 'Desk B intro',
    });
  });

  it('lets an admin reach every team of the firm', async () => {
    const theirs = await made(asAdmin, { teamId: teamB, title: 'Desk B review' });
    const listed = await asAdmin('GET', `/api/meetings/templates/by-team/${teamB}`);
    expect(listed.body.map((entry: Body) => entry.id)).toContain(theirs.id);
    const ofA = await made(asAdvisor, { title: 'Desk A review' });
    expect((await asAdmin('PATCH', `/api/meetings/templates/${ofA.id}`, { duration: 60 })).body.duration).toBe(60);
    expect((await asAdmin('GET', `/api/meetings/scheduling-status?configId=${theirs.id}`)).status).toBe(200);
  });

  it("keeps one firm's templates and teams from another firm's admin", async () => {
    const ours = await made(asAdvisor);
    await refusedUnchanged('Meeting template', [
      () => asSouth('PATCH', `/api/meetings/templates/${ours.id}`, { title: 'Taken over' }),
      () => asSouth('DELETE', `/api/meetings/templates/${ours.id}`),
      () => asSouth('POST', `/api/meetings/templates/${ours.id}/duplicate`),
    ]);
    await refusedUnchanged('Team', [
      () => asSouth('GET', `/api/meetings/templates/by-team/${teamA}`),
      () => asSouth('POST', '/api/meetings/template', template()),
    ]);
    expectNotFound(
      await asSouth('GET', `/api/meetings/scheduling-status?configId=${ours.id}`),
      'Scheduling configuration',
    );
  });
});

describe('scheduling status', () => {
  it("says a template with no calendar connected books on the firm's own calendar, and is bookable", async () => {
    const created = await made(asAdvisor);
    const response = await asAdvisor('GET', `/api/meetings/scheduling-status?configId=${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      configId: created.id,
      templateId: created.id,
      calendar: 'virtual-calendar',
      calendarLabel: 'Virtual calendar',
      firmCalendar: true,
      state: 'READY',
      stateLabel: 'Bookable',
      bookable: true,
    });
    expect(response.body.message).toMatch(/virtual calendar/);
  });

  it('follows a connected calendar: set up, then bookable by its configuration id, then to reconnect', async () => {
    const created = await made(asAdvisor);
    const [north] = world.firms;
    const connectionId = newId(EntityType.connection);
    await world.prisma.connection.create({
      data: {
        id: connectionId,
        organizationId: north.organizationId,
        service: 'NYLAS',
        status: 'SUCCESS',
        ownerTeamId: teamA,
        calendarProvider: 'google',
      },
    });
    await world.prisma.meetingTemplate.update({ where: { id: created.id }, data: { connectionId } });
    const status = async (configId: string) =>
      (await asAdvisor('GET', `/api/meetings/scheduling-status?configId=${encodeURIComponent(configId)}`)).body;
    expect(await status(created.id)).toMatchObject({
      calendar: 'google',
      calendarLabel: 'Google Calendar',
      firmCalendar: false,
      state: 'SETTING_UP',
      stateLabel: 'Being set up',
      bookable: false,
    });

    const configId = 'c7b0f9d2-4c1e-4f7a-9a55-0d3b2e1f6a88';
    await world.prisma.meetingTemplate.update({ where: { id: created.id }, data: { configId } });
    expect(await status(configId)).toMatchObject({
      configId,
      templateId: created.id,
      state: 'READY',
      bookable: true,
    });

    await world.prisma.connection.update({ where: { id: connectionId }, data: { needsReauthSince: new Date() } });
    expect(await status(configId)).toMatchObject({ state: 'NEEDS_RECONNECT', bookable: false });
  });

  it('answers 404 for an unknown configuration and 400 without one', async () => {
    expectNotFound(
      await asAdvisor('GET', '/api/meetings/scheduling-status?configId=no-such-config'),
      'Scheduling configuration',
    );
    expectInvalid(await asAdvisor('GET', '/api/meetings/scheduling-status'), 'configId', 'Configuration is required');
  });
});
