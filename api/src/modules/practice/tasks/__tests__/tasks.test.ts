import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplication } from '@nestjs/common';
import { createApiApp, createLogger, createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  TaskTransitionMessage,
  TodayMessage,
  type AssignableEntity,
  type ListPage,
  type MyTasksResponse,
  type TaskBoardResponse,
  type TaskResponse,
} from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold, type FinancialHousehold } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';
import { TaskEvents, type TaskStatusChange } from '../task-events.js';

let environment: TestEnvironment;
let app: INestApplication;
let baseUrl: string;
let prisma: PrismaClient;
let north: CreatedOrganization;
let household: FinancialHousehold;
/** North's admin, its advisor on the same team, and an advisor of another team of North. */
let asAdmin: ReturnType<typeof apiAs>;
let asAdvisor: ReturnType<typeof apiAs>;
let asOtherTeam: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
let advisorMemberId: string;
let otherTeamId: string;
let otherTeamMemberId: string;
let otherHouseholdId: string;
let southHouseholdId: string;
/** What the status listener was told, in order. */
const told: TaskStatusChange[][] = [];

const FUTURE = '2099-06-01T14:00:00.000Z';

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await createApiApp(environment.config, createLogger(environment.config.LOG_LEVEL));
  // As the workflows module does: a listener registered on the tasks module's events.
  app.get(TaskEvents).onStatusChanged(async (scope, changes) => {
    // Inside the change's transaction: the task is already written there.
    const [row] = await scope.sql.query<{ status: string }>(
      'SELECT status::text AS status FROM tasks WHERE id = $1',
      changes[0]!.taskId,
    );
    expect(row?.status).toBe(changes[0]!.to);
    told.push([...changes]);
  });
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  prisma = createPrismaClient(environment.databaseUrl);

  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  household = await createFinancialHousehold(prisma, north, 'Tremblay household');
  asAdmin = apiAs(baseUrl, await login(baseUrl, north.email, north.password));
  const advisor = await addUser(prisma, north, 'ADVISOR');
  await prisma.user.update({ where: { id: advisor.userId }, data: { name: 'Dana Lee' } });
  advisorMemberId = (await prisma.teamMember.findFirstOrThrow({ where: { userId: advisor.userId } })).id;
  asAdvisor = apiAs(baseUrl, await login(baseUrl, advisor.email, advisor.password));

  otherTeamId = newId(EntityType.team);
  await prisma.team.create({ data: { id: otherTeamId, organizationId: north.organizationId, name: 'Other team' } });
  const other = await addUser(prisma, north, 'ADVISOR', [otherTeamId]);
  otherTeamMemberId = (await prisma.teamMember.findFirstOrThrow({ where: { userId: other.userId } })).id;
  asOtherTeam = apiAs(baseUrl, await login(baseUrl, other.email, other.password));
  otherHouseholdId = (await createFinancialHousehold(prisma, { ...north, teamId: otherTeamId }, 'Other household'))
    .householdId;

  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  southHouseholdId = (await createFinancialHousehold(prisma, south, 'South household')).householdId;
  asSouth = apiAs(baseUrl, await login(baseUrl, south.email, south.password));
});

afterAll(async () => {
  await prisma?.$disconnect();
  await app?.close();
  await environment?.dispose();
});

async function createTask(body: Record<string, unknown>, as = asAdmin): Promise<TaskResponse> {
  const response = await as<TaskResponse>('POST', '/api/tasks', {
    title: 'Annual review',
    owner: { kind: 'HOUSEHOLD', id: household.householdId },
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

function messages(body: unknown): string[] {
  return ((body as { details?: { path: string; message: string }[] }).details ?? []).map(
    (detail) => `${detail.path}: ${detail.message}`,
  );
}

describe('POST /tasks', () => {
  it('creates a task of a household, assigned and recurring, named and said in words; the assignee is told', async () => {
    const task = await createTask({
      type: 'ANNUAL_REVIEW',
      note: 'Bring the statements',
      priority: 'HIGH',
      dueDate: '2027-03-15',
      recurrence: 'FREQ=YEARLY',
      assigneeId: advisorMemberId,
    });
    expect(task).toMatchObject({
      teamId: north.teamId,
      householdId: household.householdId,
      title: 'Annual review',
      note: 'Bring the statements',
      type: 'ANNUAL_REVIEW',
      priority: 'HIGH',
      dueDate: '2027-03-15',
      status: 'TODO',
      scheduledTime: null,
      recurrence: 'DTSTART:20270315\nRRULE:FREQ=YEARLY',
      recurrenceText: 'Every year',
      owner: { kind: 'HOUSEHOLD', id: household.householdId, name: 'Tremblay household' },
      assignee: { kind: 'TEAM_MEMBER', id: advisorMemberId, name: 'Dana Lee' },
      completedAt: null,
    });
    expect((await asAdmin<TaskResponse>('GET', `/api/tasks/${task.id}`)).body).toEqual(task);
    const notices = await prisma.notification.findMany({ where: { entityId: task.id } });
    expect(notices.map((notice) => [notice.kind, notice.title])).toEqual([
      ['TASK_ASSIGNED', 'Factory User gave you the task “Annual review”'],
    ]);
  });

  it('takes an owner of each of the nine kinds and files the task under its team and household', async () => {
    const contactId = newId(EntityType.contact);
    await prisma.contact.create({
      data: {
        id: contactId,
        organizationId: north.organizationId,
        teamId: north.teamId,
        householdId: household.householdId,
        firstName: 'Amélie',
        lastName: 'Tremblay',
      },
    });
    const groupId = newId(EntityType.group);
    await prisma.group.create({
      data: { id: groupId, organizationId: north.organizationId, teamId: north.teamId, name: 'Golfers' },
    });
    const professionalId = newId(EntityType.professional);
    await prisma.professional.create({
      data: { id: professionalId, organizationId: north.organizationId, displayName: 'Sam Roy', role: 'ADVISOR' },
    });
    const owners = {
      TEAM: north.teamId,
      HOUSEHOLD: household.householdId,
      PROFESSIONAL: professionalId,
      CONTACT: contactId,
      PERSON: household.personIds[0],
      CORPORATION: household.corporationId,
      FOUNDATION: household.foundationId,
      TRUST: household.trustId,
      GROUP: groupId,
    };
    for (const [kind, id] of Object.entries(owners)) {
      const task = await createTask({ owner: { kind, id } });
      expect(task.owner).toMatchObject({ kind, id });
      expect(task.owner.name).not.toBeNull();
      expect(task.teamId).toBe(north.teamId);
    }
    const row = await prisma.task.findFirstOrThrow({ where: { ownerGroupId: groupId } });
    expect(row).toMatchObject({ ownerKind: 'GROUP', ownerContactId: null, ownerTeamId: null });
  });

  it('refuses the scheduling rules, bad types and recurrences with their messages, and writes nothing', async () => {
    const before = await prisma.task.count();
    const refused = async (body: Record<string, unknown>) => {
      const response = await asAdmin('POST', '/api/tasks', { title: 'Call', ...body });
      expect(response.status).toBe(400);
      return messages(response.body);
    };
    expect(await refused({ status: 'SCHEDULED', scheduledTime: '2020-01-01T10:00:00Z' })).toEqual([
      'scheduledTime: Scheduled date must be in the future',
    ]);
    expect(await refused({ status: 'SCHEDULED' })).toEqual([
      'scheduledTime: A scheduled task must have a scheduled time',
    ]);
    expect(await refused({ scheduledTime: FUTURE })).toEqual([
      'scheduledTime: Only a scheduled task may have a scheduled time',
    ]);
    expect(await refused({ type: 'LUNCH' })).toEqual(['type: Please select a valid task type']);
    expect(await refused({ recurrence: 'FREQ=YEARLY' })).toEqual(['recurrence: A recurring task needs a due date']);
    expect(await refused({ recurrence: 'FREQ=HOURLY', dueDate: '2027-01-01' })).toEqual([
      'recurrence: A task can repeat daily at most',
    ]);
    expect(await refused({ recurrence: 'every tuesday', dueDate: '2027-01-01' })).toEqual([
      'recurrence: Recurrence must be a repeat rule such as FREQ=YEARLY or FREQ=MONTHLY;INTERVAL=3',
    ]);
    expect(await refused({ owner: { kind: 'TEAM', id: household.householdId } })).toEqual([
      'owner.id: The owner is not of the kind given',
    ]);
    expect(await prisma.task.count()).toBe(before);
  });

  it('answers 404 for an owner, assignee or mention out of reach, as for one that does not exist', async () => {
    const south = await asSouth('POST', '/api/tasks', {
      title: 'Peek',
      owner: { kind: 'HOUSEHOLD', id: household.householdId },
    });
    expect(south.status).toBe(404);
    expect(south.body).toMatchObject({ message: 'Household not found' });
    const otherTeam = await asAdvisor('POST', '/api/tasks', {
      title: 'Peek',
      owner: { kind: 'HOUSEHOLD', id: otherHouseholdId },
    });
    expect(otherTeam.status).toBe(404);
    const mention = await asAdmin('POST', '/api/tasks', { title: 'Peek', mentions: [southHouseholdId] });
    expect(mention.status).toBe(404);
  });

  it('tells mentioned users, but not the one who wrote it', async () => {
    const task = await createTask({ title: 'Check the KYC', mentions: [advisorMemberId] }, asAdmin);
    const notices = await prisma.notification.findMany({ where: { entityId: task.id } });
    expect(notices.map((notice) => [notice.kind, notice.title])).toEqual([
      ['MENTIONED', 'Factory User mentioned you in the task “Check the KYC”'],
    ]);
    const own = await createTask({ title: 'Self', assigneeId: advisorMemberId }, asAdvisor);
    expect(await prisma.notification.count({ where: { entityId: own.id } })).toBe(0);
  });
});

describe('mentions', () => {
  let colleague: { userId: string; memberId: string };

  beforeAll(async () => {
    const user = await addUser(prisma, north, 'ADVISOR');
    await prisma.user.update({ where: { id: user.userId }, data: { name: 'Eli Park' } });
    const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: user.userId } });
    colleague = { userId: user.userId, memberId: member.id };
  });

  const mentionedTold = (taskId: string) =>
    prisma.notification.findMany({ where: { entityId: taskId, kind: 'MENTIONED' }, orderBy: { createdAt: 'asc' } });

  it('keeps a created task’s mentions, each once, and answers them named in every read', async () => {
    const personId = household.personIds[0]!;
    const task = await createTask({ title: 'Call about the RESP', mentions: [advisorMemberId, personId, personId] });
    const named = [
      { kind: 'TEAM_MEMBER', id: advisorMemberId, name: 'Dana Lee' },
      { kind: 'PERSON', id: personId, name: 'Amélie Tremblay' },
    ];
    expect(task.mentions).toHaveLength(2);
    expect(task.mentions).toEqual(expect.arrayContaining(named));
    expect((await asAdmin<TaskResponse>('GET', `/api/tasks/${task.id}`)).body.mentions).toEqual(task.mentions);
    const plain = await createTask({ title: 'Send the statements' });
    expect(plain.mentions).toEqual([]);
    const listed = await asAdmin<TaskResponse[]>('GET', `/api/tasks?householdId=${household.householdId}`);
    expect(listed.body.find((item) => item.id === task.id)?.mentions).toEqual(task.mentions);
    expect(listed.body.find((item) => item.id === plain.id)?.mentions).toEqual([]);
    expect((await mentionedTold(task.id)).map((notice) => notice.userId)).toHaveLength(1);
  });

  it('tells only the mentions an edit adds, and drops those it leaves out', async () => {
    const task = await createTask({ title: 'Rebalance', mentions: [advisorMemberId] });
    expect(await mentionedTold(task.id)).toHaveLength(1);
    const edit = (body: Record<string, unknown>) => asAdmin<TaskResponse>('PATCH', `/api/tasks/${task.id}/edit`, body);

    const added = await edit({ mentions: [advisorMemberId, colleague.memberId] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.mentions.map((mention) => mention.name).sort()).toEqual(['Dana Lee', 'Eli Park']);
    const told = await mentionedTold(task.id);
    expect(told.map((notice) => notice.title)).toEqual([
      'Factory User mentioned you in the task “Rebalance”',
      'Factory User mentioned you in the task “Rebalance”',
    ]);
    expect(told.filter((notice) => notice.userId === colleague.userId)).toHaveLength(1);

    // The same set again, and an edit that does not name mentions: nobody is told twice.
    expect((await edit({ mentions: [colleague.memberId, advisorMemberId] })).status).toBe(200);
    expect((await edit({ note: 'Quarterly' })).body.mentions).toHaveLength(2);
    expect(await mentionedTold(task.id)).toHaveLength(2);

    const removed = await edit({ mentions: [colleague.memberId] });
    expect(removed.body.mentions).toEqual([{ kind: 'TEAM_MEMBER', id: colleague.memberId, name: 'Eli Park' }]);
    expect(await prisma.taskMention.count({ where: { taskId: task.id } })).toBe(1);
    expect((await edit({ mentions: [] })).body.mentions).toEqual([]);
    expect(await prisma.taskMention.count({ where: { taskId: task.id } })).toBe(0);
    expect(await mentionedTold(task.id)).toHaveLength(2);
  });

  it('keeps a mention out of the editor’s reach as it was, unnamed; a new one out of reach is 404 and changes nothing', async () => {
    // Another team's household: the admin may mention it, the advisor does not see it.
    const task = await createTask({ title: 'Hand over', mentions: [otherHouseholdId] });
    const seen = await asAdvisor<TaskResponse>('GET', `/api/tasks/${task.id}`);
    expect(seen.body.mentions).toEqual([{ kind: 'HOUSEHOLD', id: otherHouseholdId, name: null }]);
    const kept = await asAdvisor<TaskResponse>('PATCH', `/api/tasks/${task.id}/edit`, {
      mentions: [otherHouseholdId, colleague.memberId],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.mentions.map((mention) => mention.id).sort()).toEqual(
      [otherHouseholdId, colleague.memberId].sort(),
    );
    const refused = await asAdvisor('PATCH', `/api/tasks/${task.id}/edit`, {
      note: 'Peek',
      mentions: [colleague.memberId, southHouseholdId],
    });
    expect(refused.status).toBe(404);
    const after = (await asAdmin<TaskResponse>('GET', `/api/tasks/${task.id}`)).body;
    expect(after.note).toBeNull();
    expect(after.mentions.map((mention) => mention.id).sort()).toEqual([otherHouseholdId, colleague.memberId].sort());
  });
});

describe('the task lifecycle', () => {
  it('completes, reopens, cancels, refusing out-of-order moves with 409 and the lifecycle’s sentence; the listener hears each change', async () => {
    const task = await createTask({ title: 'Transfer the RRSP' });
    const patch = (action: string, body?: unknown) =>
      asAdvisor<TaskResponse>('PATCH', `/api/tasks/${task.id}/${action}`, body);
    told.length = 0;

    const done = await patch('mark-complete');
    expect(done.body).toMatchObject({ status: 'DONE' });
    expect(done.body.completedAt).not.toBeNull();
    expect((await patch('mark-complete')).body).toMatchObject({ message: TaskTransitionMessage.alreadyComplete });
    const cancelDone = await patch('cancel');
    expect(cancelDone.status).toBe(409);
    expect(cancelDone.body).toMatchObject({ message: TaskTransitionMessage.completedCannotCancel });
    expect((await patch('set-title', { title: 'Renamed' })).body).toMatchObject({
      message: TaskTransitionMessage.closedCannotEdit,
    });

    const reopened = await patch('mark-incomplete');
    expect(reopened.body).toMatchObject({ status: 'TODO', completedAt: null });
    expect((await patch('mark-incomplete')).body).toMatchObject({ message: TaskTransitionMessage.notClosed });
    expect((await patch('cancel')).body).toMatchObject({ status: 'CANCELLED' });
    const completeCancelled = await patch('mark-complete');
    expect(completeCancelled.status).toBe(409);
    expect(completeCancelled.body).toMatchObject({ message: TaskTransitionMessage.cancelledCannotComplete });
    expect((await patch('cancel')).body).toMatchObject({ message: TaskTransitionMessage.alreadyCancelled });
    expect((await patch('mark-incomplete')).body).toMatchObject({ status: 'TODO', cancelledAt: null });

    expect(told.map(([change]) => [change!.from, change!.to])).toEqual([
      ['TODO', 'DONE'],
      ['DONE', 'TODO'],
      ['TODO', 'CANCELLED'],
      ['CANCELLED', 'TODO'],
    ]);
    expect(told[0]).toEqual([{ taskId: task.id, workflowId: null, workflowStepId: null, from: 'TODO', to: 'DONE' }]);
  });

  it('sets title, due date and assignee; an assignee of another team or firm is 404', async () => {
    const task = await createTask({ title: 'Draft' });
    const patch = (action: string, body?: unknown) =>
      asAdmin<TaskResponse>('PATCH', `/api/tasks/${task.id}/${action}`, body);
    expect((await patch('set-title', { title: 'Beneficiary review' })).body).toMatchObject({
      title: 'Beneficiary review',
    });
    expect(messages((await patch('set-title', { title: ' ' })).body)).toEqual(['title: Title is required']);
    expect((await patch('set-due-date', { dueDate: '2027-05-01' })).body).toMatchObject({ dueDate: '2027-05-01' });
    expect((await patch('set-due-date', { dueDate: null })).body).toMatchObject({ dueDate: null });
    expect(messages((await patch('set-due-date', { dueDate: 'soon' })).body)).toEqual([
      'dueDate: Please enter a valid due date',
    ]);
    const assigned = await patch('assign', { entityId: advisorMemberId });
    expect(assigned.body.assignee).toEqual({ kind: 'TEAM_MEMBER', id: advisorMemberId, name: 'Dana Lee' });
    expect(await prisma.notification.count({ where: { entityId: task.id, kind: 'TASK_ASSIGNED' } })).toBe(1);
    const toPerson = await patch('assign', { entityId: household.personIds[1] });
    expect(toPerson.body.assignee).toEqual({ kind: 'PERSON', id: household.personIds[1], name: 'Louis Tremblay' });
    // A member of another team is not found on this task's team, as one of another firm.
    const otherTeam = await patch('assign', { entityId: otherTeamMemberId });
    expect(otherTeam.status).toBe(404);
    expect(otherTeam.body).toMatchObject({ message: 'Team member not found' });
    const wrongKind = await patch('assign', { entityId: household.householdId });
    expect(wrongKind.status).toBe(400);
    const south = await asSouth('PATCH', `/api/tasks/${task.id}/assign`, { entityId: advisorMemberId });
    expect(south.status).toBe(404);
    expect(south.body).toMatchObject({ message: 'Team member not found' });
  });

  it('moves on the board with set-status: SCHEDULED carries a future time and no other status does', async () => {
    const task = await createTask({ title: 'Call Ana' });
    const setStatus = (body: unknown) => asAdmin<TaskResponse>('PATCH', `/api/tasks/${task.id}/set-status`, body);
    expect(messages((await setStatus({ status: 'SCHEDULED' })).body)).toEqual([
      'scheduledTime: A scheduled task must have a scheduled time',
    ]);
    expect(messages((await setStatus({ status: 'SCHEDULED', scheduledTime: '2020-01-01T00:00:00Z' })).body)).toEqual([
      'scheduledTime: Scheduled date must be in the future',
    ]);
    expect(messages((await setStatus({ status: 'IN_PROGRESS', scheduledTime: FUTURE })).body)).toEqual([
      'scheduledTime: Only a scheduled task may have a scheduled time',
    ]);
    expect((await setStatus({ status: 'SCHEDULED', scheduledTime: FUTURE })).body).toMatchObject({
      status: 'SCHEDULED',
      scheduledTime: FUTURE,
    });
    expect((await setStatus({ status: 'IN_PROGRESS' })).body).toMatchObject({
      status: 'IN_PROGRESS',
      scheduledTime: null,
    });
    expect((await setStatus({ status: 'DONE' })).body).toMatchObject({ status: 'DONE' });
    expect((await setStatus({ status: 'CANCELLED' })).body).toMatchObject({
      message: TaskTransitionMessage.completedCannotCancel,
    });
    expect((await setStatus({ status: 'IN_REVIEW' })).body).toMatchObject({ status: 'IN_REVIEW', completedAt: null });
    const row = await prisma.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(row).toMatchObject({ status: 'IN_REVIEW', scheduledTime: null, completedAt: null });
  });

  it('edits note, type, priority, recurrence and the scheduled time of a scheduled task', async () => {
    const task = await createTask({ title: 'Rebalance', dueDate: '2027-01-15' });
    const edit = (body: unknown) => asAdmin<TaskResponse>('PATCH', `/api/tasks/${task.id}/edit`, body);
    const edited = await edit({
      note: 'After the deposit',
      type: 'PORTFOLIO_REBALANCE',
      priority: 'LOW',
      recurrence: 'FREQ=MONTHLY;INTERVAL=3',
    });
    expect(edited.body).toMatchObject({
      note: 'After the deposit',
      type: 'PORTFOLIO_REBALANCE',
      priority: 'LOW',
      recurrence: 'DTSTART:20270115\nRRULE:FREQ=MONTHLY;INTERVAL=3',
      recurrenceText: 'Every 3 months',
    });
    expect(messages((await edit({ scheduledTime: FUTURE })).body)).toEqual([
      'scheduledTime: Only a scheduled task may have a scheduled time',
    ]);
    expect(messages((await edit({ type: 'NAP' })).body)).toEqual(['type: Please select a valid task type']);
    await asAdmin('PATCH', `/api/tasks/${task.id}/set-status`, { status: 'SCHEDULED', scheduledTime: FUTURE });
    const later = '2099-07-01T09:30:00.000Z';
    expect((await edit({ scheduledTime: later })).body).toMatchObject({ scheduledTime: later });
    expect(messages((await edit({ scheduledTime: '2001-01-01T00:00:00Z' })).body)).toEqual([
      'scheduledTime: Scheduled date must be in the future',
    ]);
    expect((await edit({ recurrence: null, note: null })).body).toMatchObject({ recurrence: null, note: null });
  });
});

describe('recurrence', () => {
  it('makes the next occurrence once, dated from the series’ first due date, even when completed twice at once', async () => {
    const task = await createTask({ title: 'RRIF payment', dueDate: '2027-03-15', recurrence: 'FREQ=YEARLY;COUNT=3' });
    const [first, second] = await Promise.all([
      asAdmin<TaskResponse>('PATCH', `/api/tasks/${task.id}/mark-complete`),
      asAdvisor<TaskResponse>('PATCH', `/api/tasks/${task.id}/mark-complete`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const next = await prisma.task.findMany({ where: { previousOccurrenceId: task.id } });
    expect(next.map((row) => row.dueDate?.toISOString().slice(0, 10))).toEqual(['2028-03-15']);
    expect(next[0]).toMatchObject({ status: 'TODO', title: 'RRIF payment', recurrence: task.recurrence });

    // Reopened and completed again: still one next occurrence.
    await asAdmin('PATCH', `/api/tasks/${task.id}/mark-incomplete`);
    await asAdmin('PATCH', `/api/tasks/${task.id}/mark-complete`);
    expect(await prisma.task.count({ where: { previousOccurrenceId: task.id } })).toBe(1);

    // The third occurrence is the last of COUNT=3, counted from the first task.
    await asAdmin('PATCH', `/api/tasks/${next[0]!.id}/mark-complete`);
    const third = await prisma.task.findUniqueOrThrow({ where: { previousOccurrenceId: next[0]!.id } });
    expect(third.dueDate?.toISOString().slice(0, 10)).toBe('2029-03-15');
    await asAdmin('PATCH', `/api/tasks/${third.id}/mark-complete`);
    expect(await prisma.task.count({ where: { previousOccurrenceId: third.id } })).toBe(0);
  });
});

describe('reads', () => {
  it('lists a household’s and a contact’s tasks, workflow tasks left out on request', async () => {
    const task = await createTask({ title: 'Household task' });
    const workflowId = newId(EntityType.workflow);
    await prisma.workflow.create({
      data: {
        id: workflowId,
        organizationId: north.organizationId,
        teamId: north.teamId,
        householdId: household.householdId,
        name: 'Onboarding',
      },
    });
    const inWorkflow = await createTask({ title: 'Workflow task' });
    await prisma.task.update({ where: { id: inWorkflow.id }, data: { workflowId } });
    const ids = async (query: string) =>
      (await asAdmin<TaskResponse[]>('GET', `/api/tasks/?${query}`)).body.map((listed) => listed.id);
    const all = await ids(`householdId=${household.householdId}`);
    expect(all).toEqual(expect.arrayContaining([task.id, inWorkflow.id]));
    const without = await ids(`householdId=${household.householdId}&excludeWorkflowTasks=true`);
    expect(without).toContain(task.id);
    expect(without).not.toContain(inWorkflow.id);
    expect(
      await ids(`householdId=${household.householdId}&excludeWorkflowTasks=true&showCustomWorkflowTasks=true`),
    ).not.toContain(inWorkflow.id);
    const otherTeam = await asAdvisor('GET', `/api/tasks/?householdId=${otherHouseholdId}`);
    expect(otherTeam.status).toBe(404);
    expect(messages((await asAdmin('GET', '/api/tasks/?excludeWorkflowTasks=maybe')).body)).toEqual([
      'excludeWorkflowTasks: excludeWorkflowTasks must be true or false',
    ]);
  });

  it('keeps a non-admin to their teams’ tasks: another team’s is 404 to read and to change', async () => {
    const task = await createTask({ title: 'Other team’s', owner: { kind: 'HOUSEHOLD', id: otherHouseholdId } });
    expect(task.teamId).toBe(otherTeamId);
    expect((await asOtherTeam('GET', `/api/tasks/${task.id}`)).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', `/api/tasks/${task.id}`, undefined],
      ['PATCH', `/api/tasks/${task.id}/mark-complete`, undefined],
      ['PATCH', `/api/tasks/${task.id}/set-title`, { title: 'Mine now' }],
      ['GET', `/api/tasks/board/${otherTeamId}`, undefined],
      ['GET', `/api/tasks/team/${otherTeamId}/assignable-entities`, undefined],
    ] as const) {
      const response = await asAdvisor(method, path, body);
      expect(response.status, path).toBe(404);
    }
    expect((await asSouth('GET', `/api/tasks/${task.id}`)).body).toMatchObject({ message: 'Task not found' });
    expect((await prisma.task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe('TODO');
    expect((await asAdmin('GET', '/api/tasks/basic_task-nope')).body).toMatchObject({
      details: [{ path: 'taskId', message: 'Invalid task id' }],
    });
  });

  it('groups the caller’s open tasks into due today, overdue and upcoming', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const due = (dueDate: string | undefined, title: string) =>
      createTask({ title, assigneeId: advisorMemberId, ...(dueDate ? { dueDate } : {}) });
    const now = await due(today, 'Today');
    const late = await due('2020-01-02', 'Late');
    const soon = await due('2099-01-01', 'Later');
    const undated = await due(undefined, 'Whenever');
    const closed = await due(today, 'Closed');
    await asAdmin('PATCH', `/api/tasks/${closed.id}/cancel`);
    const mine = (await asAdvisor<MyTasksResponse>('GET', '/api/tasks/mine')).body;
    expect(mine.today).toBe(today);
    const idsOf = (tasks: TaskResponse[]) => tasks.map((task) => task.id);
    expect(idsOf(mine.dueToday)).toContain(now.id);
    expect(idsOf(mine.overdue.items)).toContain(late.id);
    expect(idsOf(mine.upcoming.items)).toEqual(expect.arrayContaining([soon.id, undated.id]));
    expect([...idsOf(mine.dueToday), ...idsOf(mine.overdue.items), ...idsOf(mine.upcoming.items)]).not.toContain(
      closed.id,
    );
    expect(idsOf(mine.overdue.items)).not.toContain(now.id);
    expect(mine.dueToday.find((task) => task.id === now.id)).toMatchObject({
      owner: { kind: 'HOUSEHOLD', name: 'Tremblay household' },
      assignee: { kind: 'TEAM_MEMBER', id: advisorMemberId, name: 'Dana Lee' },
    });
    expect(mine.overdue).toMatchObject({ page: 1, limit: 20 });
    expect(mine.upcoming).toMatchObject({ page: 1, limit: 20 });

    // By the caller's own date (the dashboard sends it): a day either side of the UTC date is
    // someone's today somewhere; further is refused.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const ahead = (await asAdvisor<MyTasksResponse>('GET', `/api/tasks/mine?today=${tomorrow}`)).body;
    expect(ahead.today).toBe(tomorrow);
    expect(idsOf(ahead.overdue.items)).toContain(now.id);
    expect(idsOf(ahead.dueToday)).not.toContain(now.id);
    const far = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const refused = await asAdvisor('GET', `/api/tasks/mine?today=${far}`);
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toEqual([`today: ${TodayMessage.invalid}`]);
    const summary = await asAdvisor<{ overdueTasks: number; dueToday: number }>(
      'GET',
      `/api/notifications/summary?today=${tomorrow}`,
    );
    const summaryToday = await asAdvisor<{ overdueTasks: number; dueToday: number }>(
      'GET',
      '/api/notifications/summary',
    );
    expect(summary.body.overdueTasks).toBe(summaryToday.body.overdueTasks + summaryToday.body.dueToday);
    expect((await asAdvisor('GET', `/api/notifications/summary?today=${far}`)).status).toBe(400);
  });

  it('pages the overdue and the upcoming tasks, each with its total, by due date then undated', async () => {
    // A user of their own, so the lists hold only this test's tasks.
    const user = await addUser(prisma, north, 'ADVISOR');
    const memberId = (await prisma.teamMember.findFirstOrThrow({ where: { userId: user.userId } })).id;
    const asUser = apiAs(baseUrl, await login(baseUrl, user.email, user.password));
    const today = new Date().toISOString().slice(0, 10);
    const made = async (dueDate: string | null, title: string) =>
      (await createTask({ title, assigneeId: memberId, ...(dueDate ? { dueDate } : {}) })).id;
    const overdue = [
      await made('2020-01-01', 'Late 1'),
      await made('2020-01-02', 'Late 2'),
      await made('2020-01-03', 'Late 3'),
    ];
    const todays = [await made(today, 'Today 1'), await made(today, 'Today 2'), await made(today, 'Today 3')];
    const upcoming = [
      await made('2098-01-01', 'Soon'),
      await made('2099-01-01', 'Later'),
      await made(null, 'Whenever 1'),
      await made(null, 'Whenever 2'),
    ];
    // Given to the user's membership but of another team (as an import may leave it): out of an
    // advisor's reach, in the lists and in their totals alike.
    const elsewhere = await createTask({
      title: 'Elsewhere',
      owner: { kind: 'HOUSEHOLD', id: otherHouseholdId },
      assigneeId: otherTeamMemberId,
      dueDate: '2020-01-01',
    });
    await prisma.task.update({ where: { id: elsewhere.id }, data: { assigneeTeamMemberId: memberId } });
    const pageOf = async (query: string) => {
      const response = await asUser<MyTasksResponse>('GET', `/api/tasks/mine?${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    const ids = (tasks: TaskResponse[]) => tasks.map((task) => task.id);

    const first = await pageOf('overdueLimit=2&upcomingLimit=3');
    expect(ids(first.dueToday)).toEqual(todays);
    expect(first.overdue).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(ids(first.overdue.items)).toEqual(overdue.slice(0, 2));
    expect(first.upcoming).toMatchObject({ page: 1, limit: 3, total: 4 });
    expect(ids(first.upcoming.items)).toEqual(upcoming.slice(0, 3));

    const second = await pageOf('overduePage=2&overdueLimit=2&upcomingPage=2&upcomingLimit=3');
    expect(ids(second.dueToday)).toEqual(todays);
    expect(ids(second.overdue.items)).toEqual(overdue.slice(2));
    expect(ids(second.upcoming.items)).toEqual(upcoming.slice(3));
    expect(second.upcoming).toMatchObject({ page: 2, limit: 3, total: 4 });

    const beyond = await pageOf('overduePage=9&upcomingPage=9');
    expect(beyond.overdue).toMatchObject({ items: [], page: 9, total: 3 });
    expect(beyond.upcoming).toMatchObject({ items: [], page: 9, total: 4 });

    const refused = await asUser('GET', '/api/tasks/mine?overduePage=0&upcomingLimit=501');
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toEqual([
      'overduePage: Page must be a whole number of at least 1',
      'upcomingLimit: Limit must be at most 500',
    ]);
  });

  it('shows a team’s board: a page per status with each status’s count', async () => {
    const board = await asAdmin<TaskBoardResponse>('GET', `/api/tasks/board/${north.teamId}?limit=2`);
    expect(board.status).toBe(200);
    expect(board.body.columns.map((column) => column.status)).toEqual([
      'BLOCKED',
      'CANCELLED',
      'DONE',
      'IN_PROGRESS',
      'IN_REVIEW',
      'SCHEDULED',
      'TODO',
      'TRIAGE',
    ]);
    const todo = board.body.columns.find((column) => column.status === 'TODO')!;
    expect(todo.items).toHaveLength(2);
    expect(todo.total).toBe(await prisma.task.count({ where: { teamId: north.teamId, status: 'TODO' } }));
    expect(todo.items.every((task) => task.status === 'TODO')).toBe(true);
    const page2 = await asAdmin<TaskBoardResponse>('GET', `/api/tasks/board/${north.teamId}?limit=2&page=2`);
    const todo2 = page2.body.columns.find((column) => column.status === 'TODO')!;
    expect(todo2.items.map((task) => task.id)).not.toContain(todo.items[0]!.id);
    expect((await asSouth('GET', `/api/tasks/board/${north.teamId}`)).status).toBe(404);
  });

  it('pages and searches the assignable entities of a team, members first when asked', async () => {
    const path = `/api/tasks/team/${north.teamId}/assignable-entities`;
    const page = (query: string) => asAdmin<ListPage<AssignableEntity>>('GET', `${path}?${query}`);
    const all = (await page('limit=50')).body;
    expect(all.items).toEqual(
      expect.arrayContaining([
        { id: advisorMemberId, kind: 'TEAM_MEMBER', name: 'Dana Lee' },
        { id: household.personIds[0], kind: 'PERSON', name: 'Amélie Tremblay' },
      ]),
    );
    expect(all.items.map((entity) => entity.id)).not.toContain(otherTeamMemberId);
    const first = (await page('limit=1&preferTeamMembers=true')).body;
    expect(first.items[0]!.kind).toBe('TEAM_MEMBER');
    expect(first.total).toBe(all.total);
    expect((await page('search=louis')).body.items).toEqual([
      { id: household.personIds[1], kind: 'PERSON', name: 'Louis Tremblay' },
    ]);
    expect(
      (await page('entityType=TEAM_MEMBER&limit=50')).body.items.every((entity) => entity.kind === 'TEAM_MEMBER'),
    ).toBe(true);
    expect((await page(`entityIds=${advisorMemberId},${household.personIds[1]}`)).body.total).toBe(2);
    expect((await page(`entityId=${household.personIds[0]}&limit=50`)).body.items.map((entity) => entity.kind)).toEqual(
      ['PERSON', 'PERSON'],
    );
    // A household's task goes to its persons: asking for team members of it finds nobody, not an error.
    const membersOfHousehold = await page(`entityId=${household.householdId}&entityType=TEAM_MEMBER`);
    expect(membersOfHousehold.status).toBe(200);
    expect(membersOfHousehold.body).toMatchObject({ items: [], total: 0 });
    expect(messages((await page('limit=0')).body)).toEqual(['limit: Limit must be a whole number of at least 1']);
    expect((await page(`entityId=${southHouseholdId}`)).status).toBe(404);
    expect((await asSouth('GET', path)).status).toBe(404);
  });
});
