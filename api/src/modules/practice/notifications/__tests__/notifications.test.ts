// Notifications end to end against the real database and Redis: notify inside a write's
// transaction, the caller's own list and summary over HTTP, and the daily task digest run by two
// workers at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueService, runAsOrganization, TaskDigestService, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  type ListPage,
  type NotificationResponse,
  type NotificationSummary,
  type TaskStatus,
} from '@meridian/domain';
import { startTestWorker } from '#test/support/app.js';
import { addUser } from '#test/support/factories.js';
import { createHousehold } from '#test/support/crm-factories.js';
import { apiAs } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';
import { startWithTwoFirms, type SignedInFirm, type TwoFirms } from '#test/support/two-firms.js';
import { waitFor } from '#test/support/wait.js';
import type { RunningWorker } from '@meridian/workers';
import { scopeToCurrentOrganization } from '../../../../common/tenancy/tenant-scope.js';
import { writeScope } from '../../../../common/tenancy/write-scope.js';
import { NotificationsService, type Notice } from '../notifications.service.js';

const DAY_MS = 86_400_000;

let world: TwoFirms;
let worker: RunningWorker;
let north: SignedInFirm;
let south: SignedInFirm;
/** A second user of North: the one told. */
let dana: { userId: string; email: string; token: string; teamMemberId: string };

/** Today's UTC day, `offset` days away, as a `date` column holds it. */
function day(offset: number, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * DAY_MS);
}

async function teamMemberOf(prisma: PrismaClient, userId: string): Promise<string> {
  return (await prisma.teamMember.findFirstOrThrow({ where: { userId }, select: { id: true } })).id;
}

/** A task of North's team assigned to `teamMemberId`. */
async function task(
  firm: SignedInFirm,
  assigneeTeamMemberId: string | null,
  fields: { title: string; dueDate: Date | null; status?: TaskStatus; householdId?: string },
): Promise<string> {
  const id = newId(EntityType.basicTask);
  await world.prisma.task.create({
    data: {
      id,
      organizationId: firm.organizationId,
      teamId: firm.teamId,
      householdId: fields.householdId ?? null,
      title: fields.title,
      dueDate: fields.dueDate,
      status: fields.status ?? 'TODO',
      assigneeTeamMemberId,
      ownerKind: 'TEAM',
      ownerTeamId: firm.teamId,
    },
  });
  return id;
}

/** `notify` in a transaction of `firm`, acting as `actorUserId`; dispatches after the commit. */
async function notifyAs(firm: SignedInFirm, actorUserId: string, notices: Notice[]): Promise<string[]> {
  const service = worker.context.get(NotificationsService);
  const tenant = scopeToCurrentOrganization(world.prisma);
  const ids = await runAsOrganization({ organizationId: firm.organizationId }, () =>
    tenant.$transaction((tx) => service.notify(writeScope(tx, { actor: { kind: 'USER', id: actorUserId } }), notices)),
  );
  await service.dispatch(ids);
  return ids;
}

beforeAll(async () => {
  world = await startWithTwoFirms();
  worker = await startTestWorker(world.api.environment);
  [north, south] = world.firms;
  const user = await addUser(world.prisma, north, 'ADVISOR');
  dana = {
    ...user,
    token: await login(world.api.baseUrl, user.email, user.password),
    teamMemberId: await teamMemberOf(world.prisma, user.userId),
  };
});
afterAll(async () => {
  await worker?.close();
  await world?.close();
});

describe('notify', () => {
  it('writes a notification and an e-mail per notice, never to the actor, each notice once', async () => {
    const householdId = await createHousehold(world.prisma, north, { name: 'Tremblay household' });
    const taskId = await task(north, dana.teamMemberId, { title: 'Annual review', dueDate: null, householdId });
    const notice: Notice = {
      userId: dana.userId,
      kind: 'TASK_ASSIGNED',
      title: 'Factory User gave you the task “Annual review”',
      entityKind: 'BASIC_TASK',
      entityId: taskId,
    };
    const mention: Notice = {
      userId: dana.userId,
      kind: 'MENTIONED',
      title: 'Factory User mentioned you in a note on Tremblay household',
      entityKind: 'HOUSEHOLD',
      entityId: householdId,
    };
    const ids = await notifyAs(north, north.userId, [
      notice,
      notice,
      mention,
      { ...notice, userId: north.userId },
      // A user of another firm is not one of North's: nobody is told.
      { ...notice, userId: south.userId },
    ]);
    expect(ids).toHaveLength(2);

    const rows = await world.prisma.notification.findMany({ orderBy: { kind: 'asc' } });
    expect(rows.map((row) => [row.userId, row.kind, row.entityId, row.actorUserId, row.readAt])).toEqual([
      [dana.userId, 'TASK_ASSIGNED', taskId, north.userId, null],
      [dana.userId, 'MENTIONED', householdId, north.userId, null],
    ]);
    const emails = await world.prisma.outboxEmail.findMany({ where: { id: { in: ids } }, orderBy: { subject: 'asc' } });
    expect(emails.map((email) => [email.toAddress, email.subject])).toEqual([
      [dana.email, 'Factory User gave you the task “Annual review”'],
      [dana.email, 'Factory User mentioned you in a note on Tremblay household'],
    ]);
    expect(emails[0]!.textBody).toContain('/tasks');
    expect(emails[1]!.textBody).toContain(`/crm/households/${householdId}`);
    // Dispatched after the commit: the worker delivers them.
    await waitFor('the notices to be sent', async () => {
      const sent = await world.prisma.outboxEmail.count({ where: { id: { in: ids }, status: 'SENT' } });
      return sent === 2 || undefined;
    });
  });

  it('writes nothing when the actor is the only one told', async () => {
    const before = await world.prisma.notification.count();
    const ids = await notifyAs(north, dana.userId, [
      { userId: dana.userId, kind: 'MENTIONED', title: 'x', entityKind: 'HOUSEHOLD', entityId: 'household-x' },
    ]);
    expect(ids).toEqual([]);
    expect(await world.prisma.notification.count()).toBe(before);
  });
});

describe('the caller’s notifications', () => {
  const asDana = () => apiAs(world.api.baseUrl, dana.token);
  const asNorthAdmin = () => apiAs(world.api.baseUrl, north.token);

  it('lists only your own, newest first, with the link, the actor and the unread flag', async () => {
    const page = await asDana()<ListPage<NotificationResponse>>('GET', '/api/notifications?limit=10');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.items.map((item) => item.kind).sort()).toEqual(['MENTIONED', 'TASK_ASSIGNED']);
    const assigned = page.body.items.find((item) => item.kind === 'TASK_ASSIGNED')!;
    expect(assigned).toMatchObject({
      entityKind: 'BASIC_TASK',
      path: `/tasks?task=${assigned.entityId}`,
      actorName: 'Factory User',
      unread: true,
    });
    const mine = await asNorthAdmin()<ListPage<NotificationResponse>>('GET', '/api/notifications');
    expect(mine.body).toMatchObject({ items: [], total: 0 });
  });

  it('marks one read; another user’s is not found for you', async () => {
    const { items } = (await asDana()<ListPage<NotificationResponse>>('GET', '/api/notifications')).body;
    const first = items[0]!;
    const foreign = await asNorthAdmin()('PATCH', `/api/notifications/${first.id}/mark-read`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    const south404 = await apiAs(world.api.baseUrl, south.token)('PATCH', `/api/notifications/${first.id}/mark-read`);
    expect(south404.status).toBe(404);
    expect((await asDana()('PATCH', `/api/notifications/${first.id}/mark-read`)).status).toBe(204);
    // Marking it again keeps it read.
    expect((await asDana()('PATCH', `/api/notifications/${first.id}/mark-read`)).status).toBe(204);
    const after = (await asDana()<ListPage<NotificationResponse>>('GET', '/api/notifications')).body.items;
    expect(after.find((item) => item.id === first.id)?.unread).toBe(false);
    expect((await asDana()<NotificationSummary>('GET', '/api/notifications/summary')).body.unread).toBe(1);
  });

  it('marks all read', async () => {
    const marked = await asDana()<{ marked: number }>('PATCH', '/api/notifications/mark-all-read');
    expect(marked).toMatchObject({ status: 200, body: { marked: 1 } });
    expect((await asDana()<NotificationSummary>('GET', '/api/notifications/summary')).body.unread).toBe(0);
  });

  it('counts your open tasks overdue and due today', async () => {
    const admin = await teamMemberOf(world.prisma, north.userId);
    await task(north, admin, { title: 'Overdue one', dueDate: day(-3) });
    await task(north, admin, { title: 'Overdue two', dueDate: day(-1) });
    await task(north, admin, { title: 'Today', dueDate: day(0) });
    await task(north, admin, { title: 'Tomorrow', dueDate: day(1) });
    await task(north, admin, { title: 'Done late', dueDate: day(-2), status: 'DONE' });
    await task(north, admin, { title: 'Cancelled today', dueDate: day(0), status: 'CANCELLED' });
    await task(north, null, { title: 'Nobody’s', dueDate: day(-2) });
    const summary = await asNorthAdmin()<NotificationSummary>('GET', '/api/notifications/summary');
    expect(summary).toMatchObject({ status: 200, body: { unread: 0, overdueTasks: 2, dueToday: 1 } });
    // Dana's task has no due date; South's admin has none.
    expect((await asDana()<NotificationSummary>('GET', '/api/notifications/summary')).body).toEqual({
      unread: 0,
      overdueTasks: 0,
      dueToday: 0,
    });
  });
});

describe('the daily task digest', () => {
  it('e-mails each user once a day their tasks due today and overdue, even run twice at once', async () => {
    // North's admin has the tasks of the summary test; South's admin one overdue task; Dana none due.
    const southMember = await teamMemberOf(world.prisma, south.userId);
    const householdId = await createHousehold(world.prisma, south, { name: 'Okafor household' });
    await task(south, southMember, { title: 'Send the KYC form', dueDate: day(-5), householdId });
    const digest = worker.context.get(TaskDigestService);
    const now = new Date();
    const written = await Promise.all([digest.run(now), digest.run(now)]);
    expect(written[0] + written[1]).toBe(2);

    const today = day(0, now).toISOString().slice(0, 10);
    const digests = await world.prisma.outboxEmail.findMany({
      where: { dedupeKey: { startsWith: 'task-digest:' } },
      orderBy: { toAddress: 'asc' },
    });
    expect(digests.map((email) => [email.organizationId, email.dedupeKey]).sort()).toEqual(
      [
        [north.organizationId, `task-digest:${north.userId}:${today}`],
        [south.organizationId, `task-digest:${south.userId}:${today}`],
      ].sort(),
    );
    const northMail = digests.find((email) => email.organizationId === north.organizationId)!;
    expect(northMail.toAddress).toBe(north.email);
    expect(northMail.subject).toContain('2 overdue and 1 due today');
    const lines = northMail.textBody.split('\n').filter((line) => line.startsWith('- '));
    // Due today first, then the most recently overdue.
    expect(lines).toEqual([
      expect.stringMatching(/^- Today: due today/),
      expect.stringMatching(/^- Overdue two: due .*, 1 day overdue$/),
      expect.stringMatching(/^- Overdue one: due .*, 3 days overdue$/),
    ]);
    expect(northMail.textBody).not.toContain('more.');
    const southMail = digests.find((email) => email.organizationId === south.organizationId)!;
    expect(southMail.textBody).toMatch(/- Send the KYC form \(Okafor household\): due .*, 5 days overdue/);

    // The scheduled job itself, a third time today: nothing more.
    await worker.context.get(TaskDigestService).run(now);
    expect(await world.prisma.outboxEmail.count({ where: { dedupeKey: { startsWith: 'task-digest:' } } })).toBe(2);
    // Dana, with nothing due, got no digest.
    expect(await world.prisma.outboxEmail.count({ where: { toAddress: dana.email, dedupeKey: { not: null } } })).toBe(
      0,
    );
  });

  it('lists the first twenty tasks of a long backlog and counts the rest', async () => {
    await world.prisma.outboxEmail.deleteMany({ where: { dedupeKey: { startsWith: 'task-digest:' } } });
    const southMember = await teamMemberOf(world.prisma, south.userId);
    for (let late = 10; late < 40; late += 1) {
      await task(south, southMember, { title: `Backlog ${late}`, dueDate: day(-late) });
    }
    await worker.context.get(TaskDigestService).run(new Date());
    const mail = await world.prisma.outboxEmail.findFirstOrThrow({
      where: { organizationId: south.organizationId, dedupeKey: { startsWith: 'task-digest:' } },
    });
    // 30 backlog tasks and the KYC form: all counted, twenty listed, the newest first.
    expect(mail.subject).toContain('31 overdue');
    const lines = mail.textBody.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatch(/^- Send the KYC form \(Okafor household\): due .*, 5 days overdue$/);
    expect(lines[1]).toMatch(/^- Backlog 10: /);
    expect(mail.textBody).toContain('…and 11 more.');
  });

  it('runs as the practice queue’s job', async () => {
    await world.prisma.outboxEmail.deleteMany({ where: { dedupeKey: { startsWith: 'task-digest:' } } });
    const queue = worker.context.get(QueueService);
    await queue.enqueue('practice.task-digest', {});
    await waitFor('the job’s digests', async () => {
      const count = await world.prisma.outboxEmail.count({ where: { dedupeKey: { startsWith: 'task-digest:' } } });
      return count === 2 || undefined;
    });
  });
});
