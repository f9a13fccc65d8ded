import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, MeetingCallMessage, MeetingChangeMessage, MeetingMessage, newId } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { createContact, createHousehold, createPerson } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall, type Body } from '#test/support/crm-api.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let counter: ChangeCounter;
let asAdvisor: ApiCall;
let asOtherTeam: ApiCall;
let asSouth: ApiCall;
let teamA: string;
let teamB: string;
let advisorMember: string;
let colleagueMember: string;
let colleagueUser: string;
let teamBMember: string;
let householdId: string;
let contactId: string;
let personId: string;

const memberOf = async (userId: string, teamId: string) =>
  (await world.prisma.teamMember.findFirstOrThrow({ where: { userId, teamId } })).id;

/** A phone meeting of team A on 1 May 2026, 10:00 in Toronto, with one outside guest. */
const meeting = (overrides: Record<string, unknown> = {}) => ({
  teamId: teamA,
  organizer: advisorMember,
  title: 'Annual review',
  message: 'Your yearly review',
  type: 'PHONE',
  startTime: '2026-05-01T14:00:00Z',
  duration: 60,
  timeZone: 'America/Toronto',
  participants: [{ email: 'guest@outside.test', name: 'Gil Guest', role: 'EXTERNAL' }],
  agendaItems: [{ type: 'FREEFORM', value: 'Goals' }],
  ...overrides,
});

async function made(overrides: Record<string, unknown> = {}): Promise<Body> {
  const response = await asAdvisor('POST', '/api/meetings', meeting(overrides));
  expect(response.status).toBe(201);
  return response.body;
}

const task = (timing: string, overrides: Record<string, unknown> = {}) => ({
  timing,
  assignee: { canonicalId: colleagueMember },
  content: { title: `Task ${timing}`, description: 'Something to do' },
  ...overrides,
});

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
  const colleague = await addUser(world.prisma, north, 'ADVISOR');
  const other = await addUser(world.prisma, { organizationId: north.organizationId, teamId: teamB }, 'ADVISOR');
  await world.prisma.user.update({ where: { id: colleague.userId }, data: { name: 'Cora Colleague' } });
  advisorMember = await memberOf(advisor.userId, teamA);
  colleagueMember = await memberOf(colleague.userId, teamA);
  colleagueUser = colleague.userId;
  teamBMember = await memberOf(other.userId, teamB);
  asAdvisor = apiClient(world.api.baseUrl, await login(world.api.baseUrl, advisor.email, advisor.password));
  asOtherTeam = apiClient(world.api.baseUrl, await login(world.api.baseUrl, other.email, other.password));
  asSouth = apiClient(world.api.baseUrl, south.token);
  householdId = await createHousehold(world.prisma, north, { name: 'Ruiz household' });
  personId = await createPerson(world.prisma, north, { householdId, firstName: 'Ana', lastName: 'Ruiz' });
  contactId = (
    await createContact(world.prisma, north, {
      firstName: 'Ana',
      lastName: 'Ruiz',
      householdId,
      personId,
      emails: ['ana@ruiz.test'],
    })
  ).contactId;
  counter = await installChangeCounter(world.api.databaseUrl);
});
afterAll(async () => {
  await counter?.close();
  await world?.close();
});

describe('scheduling and reading a meeting', () => {
  it('schedules a meeting organized by a member of the team, who takes part, and shows its page', async () => {
    const created = await made({
      householdId,
      participants: [
        { email: 'ana@ruiz.test', name: 'Ana Ruiz', role: 'CONTACT', participant: contactId },
        { email: 'guest@outside.test', name: 'Gil Guest', role: 'EXTERNAL' },
      ],
    });
    expect(created).toMatchObject({
      teamId: teamA,
      householdId,
      title: 'Annual review',
      message: 'Your yearly review',
      type: 'PHONE',
      location: null,
      startTime: '2026-05-01T14:00:00.000Z',
      endTime: '2026-05-01T15:00:00.000Z',
      duration: 60,
      timeZone: 'America/Toronto',
      organizer: { id: advisorMember, name: 'Factory ADVISOR' },
      agendaItems: [{ type: 'FREEFORM', value: 'Goals' }],
      tasks: { PRE: [], DURING: [], POST: [] },
      transcript: null,
      cancelledAt: null,
      viewedAt: null,
    });
    expect(created.participants).toEqual([
      { role: 'CONTACT', name: 'Ana Ruiz', email: 'ana@ruiz.test', participant: contactId },
      { role: 'TEAM_MEMBER', name: 'Factory ADVISOR', email: expect.any(String), participant: advisorMember },
      { role: 'EXTERNAL', name: 'Gil Guest', email: 'guest@outside.test', participant: null },
    ]);
    expect((await asAdvisor('GET', `/api/meetings/${created.id}`)).body).toEqual(created);
    const audit = await world.prisma.auditLog.findFirstOrThrow({ where: { entityId: created.id } });
    expect(audit).toMatchObject({ action: 'CREATE', entityType: 'meeting' });
  });

  it('makes the tasks to do before and after the meeting with it, due the day before and after', async () => {
    const created = await made({
      preTasks: [
        {
          assignee: { canonicalId: colleagueMember },
          content: { title: 'Gather statements', description: 'All accounts' },
        },
      ],
      postTasks: [{ assignee: { canonicalId: personId }, content: { title: 'Sign forms', description: 'Two forms' } }],
    });
    expect(created.tasks.PRE).toEqual([
      expect.objectContaining({ title: 'Gather statements', dueDate: '2026-04-30', timing: 'PRE', status: 'TODO' }),
    ]);
    expect(created.tasks.POST).toEqual([
      expect.objectContaining({
        title: 'Sign forms',
        dueDate: '2026-05-02',
        assignee: { id: personId, name: 'Ana Ruiz' },
      }),
    ]);
    expectInvalid(
      await asAdvisor('POST', '/api/meetings', meeting({ preTasks: [{ assignee: { canonicalId: colleagueMember } }] })),
      'preTasks.0.content.title',
      MeetingMessage.taskTitleRequired,
    );
  });

  it('answers crm §5’s messages for a meeting it cannot make', async () => {
    const response = await asAdvisor('POST', '/api/meetings', {
      ...meeting({ type: 'IN_PERSON', participants: [] }),
      startTime: undefined,
    });
    expectInvalid(response, 'location', MeetingMessage.locationRequired);
    expectInvalid(response, 'startTime', MeetingMessage.startTimeRequired);
    expectInvalid(response, 'participants', MeetingMessage.participantsRequired);
    expectInvalid(
      await asAdvisor('POST', '/api/meetings', meeting({ participants: [{ email: '', name: 'X', role: 'EXTERNAL' }] })),
      'participants.0.email',
      MeetingMessage.participantEmailRequired,
    );
    expectInvalid(
      await asAdvisor('POST', '/api/meetings', meeting({ title: 'x'.repeat(101) })),
      'title',
      'Title cannot exceed 100 characters',
    );
  });

  it('keeps another team’s team, organizer, household and participants out, as missing ones', async () => {
    const otherHousehold = await createHousehold(world.prisma, world.firms[0], { teamId: teamB });
    await refusedUnchanged('Team', [() => asAdvisor('POST', '/api/meetings', meeting({ teamId: teamB }))]);
    await refusedUnchanged('Team member', [
      () => asAdvisor('POST', '/api/meetings', meeting({ organizer: teamBMember })),
      () =>
        asAdvisor(
          'POST',
          '/api/meetings',
          meeting({
            participants: [{ email: 'b@firm.test', name: 'B', role: 'TEAM_MEMBER', participant: teamBMember }],
          }),
        ),
    ]);
    await refusedUnchanged('Team member', [
      () =>
        asAdvisor(
          'POST',
          '/api/meetings',
          meeting({
            postTasks: [{ assignee: { canonicalId: teamBMember }, content: { title: 'T', description: 'D' } }],
          }),
        ),
    ]);
    await refusedUnchanged('Household', [
      () => asAdvisor('POST', '/api/meetings', meeting({ householdId: otherHousehold })),
    ]);
  });

  it('lists a team’s meetings overlapping a window, at most 62 days, with their participants', async () => {
    const early = await made({ startTime: '2026-06-01T13:30:00Z', duration: 60 });
    const late = await made({ startTime: '2026-06-03T14:00:00Z', duration: 30 });
    const window = (from: string, to: string) =>
      asAdvisor('GET', `/api/meetings/by-team/${teamA}?from=${from}&to=${to}`);
    const response = await window('2026-06-01T14:00:00Z', '2026-06-03T14:00:00Z');
    expect(response.status).toBe(200);
    // The first overlaps the window's start; the second starts at its (open) end.
    expect(response.body.map((entry: Body) => entry.id)).toEqual([early.id]);
    expect(response.body[0]).toMatchObject({ title: 'Annual review', type: 'PHONE', organizer: { id: advisorMember } });
    expect(response.body[0].participants).toHaveLength(2);
    const wide = await window('2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z');
    expect(wide.body.map((entry: Body) => entry.id)).toEqual(expect.arrayContaining([early.id, late.id]));
    expectInvalid(
      await window('2026-05-01T00:00:00Z', '2026-07-03T00:00:00Z'),
      'to',
      MeetingCallMessage.windowTooLong(62),
    );
    expectNotFound(
      await asAdvisor('GET', `/api/meetings/by-team/${teamB}?from=2026-05-01T00:00:00Z&to=2026-06-01T00:00:00Z`),
      'Team',
    );
  });

  it('hides a meeting from another team and another firm', async () => {
    const created = await made();
    expectNotFound(await asOtherTeam('GET', `/api/meetings/${created.id}`), 'Meeting');
    expectNotFound(await asSouth('GET', `/api/meetings/${created.id}`), 'Meeting');
    await refusedUnchanged('Meeting', [
      () => asOtherTeam('PATCH', `/api/meetings/${created.id}/cancel`),
      () => asOtherTeam('PATCH', `/api/meeting/${created.id}`, { title: 'Mine' }),
      () => asSouth('PATCH', `/api/meetings/${created.id}/add-task`, task('PRE')),
    ]);
  });

  it('leaves the templates’ one-segment routes to them', async () => {
    const zones = await asAdvisor('GET', '/api/meetings/timezone-opts');
    expect(zones.status).toBe(200);
    expect(zones.body).toHaveLength(6);
    expectNotFound(
      await asAdvisor('GET', `/api/meetings/scheduling-status?configId=${newId(EntityType.meetingTemplate)}`),
      'Scheduling configuration',
    );
    expect((await asAdvisor('GET', `/api/meetings/templates/by-team/${teamA}`)).status).toBe(200);
    expect((await asAdvisor('GET', `/api/meetings/booking/${newId(EntityType.meetingTemplate)}`)).status).toBe(404);
    expect((await asAdvisor('GET', '/api/meetings/not-an-id')).body.details).toEqual([
      { path: 'meetingId', message: 'Invalid meeting id' },
    ]);
  });
});

describe('a meeting’s tasks', () => {
  it('adds real tasks due the day before, of and after the meeting, and groups them by timing', async () => {
    // 20:30 on 1 May in Toronto (00:30 UTC on the 2nd), for an hour.
    const created = await made({ startTime: '2026-05-02T00:30:00Z', householdId });
    await asAdvisor('PATCH', `/api/meetings/${created.id}/add-task`, task('PRE'));
    await asAdvisor(
      'PATCH',
      `/api/meetings/${created.id}/add-task`,
      task('DURING', { assignee: { canonicalId: personId } }),
    );
    await asAdvisor('PATCH', `/api/meetings/${created.id}/add-task`, task('POST'));
    const page = await asAdvisor(
      'PATCH',
      `/api/meetings/${created.id}/add-task`,
      task('POST', { dueDate: '2026-05-20' }),
    );
    expect(page.status).toBe(200);
    expect(page.body.tasks.PRE).toEqual([
      {
        id: expect.any(String),
        title: 'Task PRE',
        description: 'Something to do',
        timing: 'PRE',
        status: 'TODO',
        dueDate: '2026-04-30',
        assignee: { id: colleagueMember, name: 'Cora Colleague' },
      },
    ]);
    expect(page.body.tasks.DURING[0]).toMatchObject({
      dueDate: '2026-05-01',
      assignee: { id: personId, name: 'Ana Ruiz' },
    });
    expect(page.body.tasks.POST.map((entry: Body) => entry.dueDate)).toEqual(['2026-05-02', '2026-05-20']);
    // A real task: the tasks' own routes show it, of the meeting, about its household.
    const own = await asAdvisor('GET', `/api/tasks/${page.body.tasks.PRE[0].id}`);
    expect(own.body).toMatchObject({
      meetingId: created.id,
      meetingTaskType: 'PRE',
      teamId: teamA,
      owner: { kind: 'HOUSEHOLD', id: householdId },
    });
    const audit = await world.prisma.auditLog.findFirstOrThrow({ where: { entityId: page.body.tasks.PRE[0].id } });
    expect(audit).toMatchObject({ action: 'CREATE', entityType: 'basic_task' });
    // The colleague given it is told, as the tasks' own assignment tells them.
    const notices = await world.prisma.notification.findMany({ where: { entityId: page.body.tasks.PRE[0].id } });
    expect(notices.map((notice) => [notice.userId, notice.kind, notice.title])).toEqual([
      [colleagueUser, 'TASK_ASSIGNED', 'Factory ADVISOR gave you the task “Task PRE”'],
    ]);
  });

  it('answers crm §5’s task messages, and keeps another team’s assignee out', async () => {
    const created = await made();
    const response = await asAdvisor('PATCH', `/api/meetings/${created.id}/add-task`, {
      timing: 'PRE',
      assignee: { canonicalId: colleagueMember },
      content: { title: ' ', description: '' },
    });
    expectInvalid(response, 'content.title', MeetingMessage.taskTitleRequired);
    expectInvalid(response, 'content.description', MeetingMessage.taskDescriptionRequired);
    await refusedUnchanged('Team member', [
      () =>
        asAdvisor(
          'PATCH',
          `/api/meetings/${created.id}/add-task`,
          task('PRE', { assignee: { canonicalId: teamBMember } }),
        ),
    ]);
  });

  it('moves and removes only the meeting’s own tasks', async () => {
    const first = await made();
    const second = await made();
    const added = await asAdvisor('PATCH', `/api/meetings/${first.id}/add-task`, task('PRE'));
    const taskId = added.body.tasks.PRE[0].id as string;
    const moved = await asAdvisor('PATCH', `/api/meetings/${first.id}/move-task`, { taskId, timing: 'POST' });
    expect(moved.status).toBe(200);
    expect(moved.body.tasks.PRE).toEqual([]);
    expect(moved.body.tasks.POST.map((entry: Body) => entry.id)).toEqual([taskId]);
    await refusedUnchanged('Task', [
      () => asAdvisor('PATCH', `/api/meetings/${second.id}/move-task`, { taskId, timing: 'PRE' }),
      () => asAdvisor('PATCH', `/api/meetings/${second.id}/remove-task`, { taskId }),
    ]);
    const removed = await asAdvisor('PATCH', `/api/meetings/${first.id}/remove-task`, { taskId });
    expect(removed.body.tasks).toEqual({ PRE: [], DURING: [], POST: [] });
    expect(await world.prisma.task.findUnique({ where: { id: taskId } })).toBeNull();
    const audit = await world.prisma.auditLog.findMany({ where: { entityId: taskId }, orderBy: { occurredAt: 'asc' } });
    expect(audit.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });
});

describe('changing a meeting', () => {
  it('edits every field, replacing participants and agenda, the organizer kept in it', async () => {
    const created = await made();
    const response = await asAdvisor('PATCH', `/api/meetings/${created.id}/edit`, {
      title: 'Planning session',
      message: 'Let us plan',
      type: 'IN_PERSON',
      location: '1 King St W',
      startTime: '2026-05-04T15:00:00Z',
      duration: 90,
      participants: [
        { email: 'cora@firm.test', name: 'Cora Colleague', role: 'TEAM_MEMBER', participant: colleagueMember },
      ],
      agendaItems: [
        { type: 'FREEFORM', value: 'Budget' },
        { type: 'FREEFORM', value: 'Taxes' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: 'Planning session',
      type: 'IN_PERSON',
      location: '1 King St W',
      startTime: '2026-05-04T15:00:00.000Z',
      duration: 90,
      timeZone: 'America/Toronto',
      agendaItems: [
        { type: 'FREEFORM', value: 'Budget' },
        { type: 'FREEFORM', value: 'Taxes' },
      ],
    });
    expect(response.body.participants.map((entry: Body) => entry.participant).sort()).toEqual(
      [advisorMember, colleagueMember].sort(),
    );
    const audit = await world.prisma.auditLog.findFirstOrThrow({ where: { entityId: created.id, action: 'UPDATE' } });
    expect(audit.before).toMatchObject({ title: 'Annual review' });
    expect(audit.after).toMatchObject({ title: 'Planning session' });
    const invalid = await asAdvisor('PATCH', `/api/meetings/${created.id}/edit`, {
      ...meeting({ type: 'OTHER' }),
      startTime: null,
    });
    expectInvalid(invalid, 'location', MeetingMessage.locationRequired);
    expectInvalid(invalid, 'startTime', MeetingMessage.startTimeRequired);
  });

  it('updates only the fields given, the location rule held against the meeting as it will be', async () => {
    const created = await made();
    expectInvalid(
      await asAdvisor('PATCH', `/api/meeting/${created.id}`, { type: 'IN_PERSON' }),
      'location',
      MeetingMessage.locationRequired,
    );
    const response = await asAdvisor('PATCH', `/api/meeting/${created.id}`, {
      type: 'IN_PERSON',
      location: 'Our office',
      organizer: colleagueMember,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: 'Annual review',
      type: 'IN_PERSON',
      location: 'Our office',
      organizer: { id: colleagueMember, name: 'Cora Colleague' },
      agendaItems: [{ type: 'FREEFORM', value: 'Goals' }],
    });
    expect(response.body.participants.map((entry: Body) => entry.participant)).toContain(colleagueMember);
  });

  it('saves a transcript as text, refusing anything else with crm §5’s message', async () => {
    const created = await made();
    const saved = await asAdvisor('PATCH', `/api/meetings/${created.id}/set-transcript`, {
      transcript: 'Ana: hello\nAdvisor: welcome',
    });
    expect(saved.body.transcript).toBe('Ana: hello\nAdvisor: welcome');
    expectInvalid(
      await asAdvisor('PATCH', `/api/meetings/${created.id}/set-transcript`, { transcript: 42 }),
      'transcript',
      MeetingMessage.transcriptInvalid,
    );
  });

  it('marks a meeting viewed once, and a cancelled meeting refuses every change (409)', async () => {
    const created = await made();
    const viewed = await asAdvisor('PATCH', `/api/meetings/${created.id}/view`);
    expect(viewed.body.viewedAt).not.toBeNull();
    expect((await asAdvisor('PATCH', `/api/meetings/${created.id}/view`)).body.viewedAt).toBe(viewed.body.viewedAt);
    const cancelled = await asAdvisor('PATCH', `/api/meetings/${created.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelledAt).not.toBeNull();
    const before = await counter.read();
    for (const [method, path, body] of [
      ['PATCH', `/api/meetings/${created.id}/edit`, meeting()],
      ['PATCH', `/api/meeting/${created.id}`, { title: 'Again' }],
      ['PATCH', `/api/meetings/${created.id}/cancel`, undefined],
      ['PATCH', `/api/meetings/${created.id}/set-transcript`, { transcript: 'late' }],
      ['PATCH', `/api/meetings/${created.id}/add-task`, task('POST')],
    ] as const) {
      const response = await asAdvisor(method, path, body);
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 409,
        message: MeetingChangeMessage.cancelled,
      });
    }
    expect(changedTables(before, await counter.read())).toEqual({});
    expect((await asAdvisor('PATCH', `/api/meetings/${created.id}/view`)).status).toBe(200);
  });
});

describe('who a team’s meeting may invite', () => {
  it('lists the team’s contacts and members by name, paged, by role, searched, narrowed to a household', async () => {
    const all = await asAdvisor('GET', `/api/teams/${teamA}/available-participants?limit=100`);
    expect(all.status).toBe(200);
    expect(all.body.items).toContainEqual({ id: contactId, role: 'CONTACT', name: 'Ana Ruiz', email: 'ana@ruiz.test' });
    expect(all.body.items).toContainEqual({
      id: colleagueMember,
      role: 'TEAM_MEMBER',
      name: 'Cora Colleague',
      email: expect.any(String),
    });
    expect(all.body.items.map((entry: Body) => entry.id)).not.toContain(teamBMember);
    const members = await asAdvisor('GET', `/api/teams/${teamA}/available-participants?role=TEAM_MEMBER&limit=100`);
    expect(new Set(members.body.items.map((entry: Body) => entry.role))).toEqual(new Set(['TEAM_MEMBER']));
    const searched = await asAdvisor('GET', `/api/teams/${teamA}/available-participants?search=ruiz.test`);
    expect(searched.body).toMatchObject({ items: [{ id: contactId }], total: 1, page: 1, limit: 20 });
    const narrowed = await asAdvisor('GET', `/api/teams/${teamA}/available-participants?entityId=${householdId}`);
    expect(narrowed.body.items.map((entry: Body) => entry.id)).toEqual([contactId]);
    const paged = await asAdvisor('GET', `/api/teams/${teamA}/available-participants?limit=1&page=2`);
    expect(paged.body).toMatchObject({ page: 2, limit: 1, total: all.body.total });
    expect(paged.body.items).toEqual([all.body.items[1]]);
    expectNotFound(await asAdvisor('GET', `/api/teams/${teamB}/available-participants`), 'Team');
  });
});
