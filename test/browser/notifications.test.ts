import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { startTestApi } from '../support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createHousehold } from '../support/crm-factories.js';

const POLL = { timeout: 15_000, interval: 100 };
const DAY_MS = 86_400_000;

describe('dashboard: notifications in the shell', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let firm: CreatedOrganization;
  let householdId: string;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Bell Wealth', role: 'ADVISOR' });
    const colleague = await addUser(prisma, firm, 'ADMIN');
    await prisma.user.update({ where: { id: colleague.userId }, data: { name: 'Dana Lee' } });
    householdId = await createHousehold(prisma, firm, { name: 'Tremblay household' });
    const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: firm.userId } });
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const taskId = newId(EntityType.basicTask);
    await prisma.task.create({
      data: {
        id: taskId,
        organizationId: firm.organizationId,
        teamId: firm.teamId,
        householdId,
        title: 'Annual review',
        dueDate: new Date(today - 2 * DAY_MS),
        assigneeTeamMemberId: member.id,
        ownerKind: 'TEAM',
        ownerTeamId: firm.teamId,
      },
    });
    // What the tasks and notes modules write through NotificationsService.notify.
    const notice = (
      minutesAgo: number,
      fields: {
        kind: 'TASK_ASSIGNED' | 'MENTIONED';
        title: string;
        entityKind: 'BASIC_TASK' | 'HOUSEHOLD';
        entityId: string;
      },
    ) =>
      prisma.notification.create({
        data: {
          id: newId(EntityType.notification),
          organizationId: firm.organizationId,
          userId: firm.userId,
          actorUserId: colleague.userId,
          createdAt: new Date(now.getTime() - minutesAgo * 60_000),
          ...fields,
        },
      });
    await notice(90, {
      kind: 'TASK_ASSIGNED',
      title: 'Dana Lee gave you the task “Annual review”',
      entityKind: 'BASIC_TASK',
      entityId: taskId,
    });
    await notice(5, {
      kind: 'MENTIONED',
      title: 'Dana Lee mentioned you in a note on Tremblay household',
      entityKind: 'HOUSEHOLD',
      entityId: householdId,
    });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  it('shows the unread count and the overdue tasks, lists the notices with links, marks them read', async () => {
    const page = await signInAs(browser.page, api.baseUrl, firm);
    const count = page.getByTestId('notification-count');
    await expect.poll(() => count.textContent(), POLL).toBe('2');
    await expect.poll(() => page.getByTestId('my-tasks-overdue').textContent(), POLL).toBe('1 overdue');
    expect(await page.getByTestId('nav-my-tasks').getAttribute('href')).toBe('/tasks');

    await page.getByTestId('notification-bell').click();
    const items = page.getByTestId('notification');
    await expect.poll(() => items.count(), POLL).toBe(2);
    // Newest first, each a sentence linked to its page.
    expect(await items.nth(0).innerText()).toContain('Dana Lee mentioned you in a note on Tremblay household');
    expect(await items.nth(0).getByRole('link').getAttribute('href')).toBe(`/crm/households/${householdId}`);
    // A task's notice opens the task itself, in its drawer over My tasks.
    expect(await items.nth(1).getByRole('link').getAttribute('href')).toMatch(/^\/tasks\?task=basic_task-/);
    expect(await page.getByTestId('notification-panel').innerText()).not.toMatch(/MENTIONED|TASK_ASSIGNED|household-/);
    await browser.screenshot('notifications-panel');

    await items.nth(1).getByTestId('notification-mark-read').click();
    await expect.poll(() => count.textContent(), POLL).toBe('1');
    await expect.poll(() => items.nth(1).getAttribute('data-unread'), POLL).toBe('false');

    await page.getByTestId('notification-mark-all-read').click();
    await expect.poll(() => count.count(), POLL).toBe(0);
    await expect.poll(() => items.nth(0).getAttribute('data-unread'), POLL).toBe('false');
    await browser.screenshot('notifications-read');

    // The link opens the household's page and closes the panel.
    await items.nth(0).getByRole('link').click();
    await page.waitForURL(`${api.baseUrl}/crm/households/${householdId}`, POLL);
    await expect.poll(() => page.getByTestId('notification-panel').count(), POLL).toBe(0);
  });
});
