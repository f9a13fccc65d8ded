import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, addYears, formatISO } from 'date-fns';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { formatShortDate } from '@meridian/domain';
import { startTestApi } from '../support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, transitionsSettled, openAs } from '../support/browser.js';
import { createHousehold } from '../support/crm-factories.js';
import { call, login } from '../support/http.js';

const isoDate = (date: Date) => formatISO(date, { representation: 'date' });

describe('dashboard tasks and workflows', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  // An advisor's firm of its own: what the pages show is only what each test made.
  let firm: CreatedOrganization;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADVISOR' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  const signIn = (path: string): Promise<Page> => openAs(browser.page, api.baseUrl, firm, path);

  it('creates a recurring annual review for a household, completes it, and sees the next one a year later', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Tremblay household' });
    const due = addDays(new Date(), 20);
    const page = await signIn(`/crm/households/${householdId}?tab=tasks`);
    await page.getByTestId('household-tasks-empty').waitFor();

    await page.getByTestId('household-new-task').click();
    const drawer = page.getByTestId('task-drawer');
    await drawer.getByTestId('task-title').fill('Annual review with the Tremblays');
    await drawer.getByTestId('task-type').selectOption({ label: 'Annual review' });
    await drawer.getByTestId('task-due-date').fill(isoDate(due));
    // A custom rule reads back in words; the preset says the same.
    await drawer.getByTestId('task-recurrence-preset').selectOption({ label: 'Custom rule…' });
    await drawer.getByTestId('task-recurrence-rule').fill('FREQ=MONTHLY;INTERVAL=3');
    expect(await drawer.getByTestId('task-recurrence-words').textContent()).toBe('Every 3 months');
    await drawer.getByTestId('task-recurrence-preset').selectOption({ label: 'Every year' });
    // A new task is the author's own until given to someone else.
    await drawer.getByTestId('task-assignee-picked').waitFor();
    await browser.screenshot('tasks-new-task-drawer');
    await drawer.getByTestId('task-save').click();
    await drawer.waitFor({ state: 'detached' });

    const row = page.getByTestId('household-open-tasks').getByTestId('task-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('task-due').textContent()).toBe(`Due ${formatShortDate(isoDate(due), true)}`);
    expect(await row.getByTestId('task-type').textContent()).toBe('Annual review');

    // My tasks lists it as upcoming, with its household; completing it there brings the next one.
    await page.getByTestId('nav-my-tasks').click();
    const upcoming = page.getByTestId('my-tasks-upcoming-list');
    await upcoming.getByText('Annual review with the Tremblays').waitFor();
    expect(await upcoming.getByTestId('task-household').textContent()).toBe('Tremblay household');
    await browser.screenshot('tasks-my-tasks');
    await upcoming.getByTestId('task-row-complete').click();

    const nextDue = `Due ${formatShortDate(isoDate(addYears(due, 1)), true)}`;
    await upcoming.getByTestId('task-due').getByText(nextDue).waitFor();
    expect(await upcoming.getByTestId('task-row').count()).toBe(1);

    // The next one opens in the drawer with every field, its recurrence in words.
    await upcoming.getByTestId('task-title-link').click();
    const opened = page.getByTestId('task-drawer');
    expect(await opened.getByTestId('task-recurrence-text').textContent()).toBe('Every year');
    expect(await opened.getByTestId('task-type').inputValue()).toBe('ANNUAL_REVIEW');
    expect(await opened.getByTestId('task-assignee-picked').textContent()).toContain('Factory User');
    await browser.screenshot('tasks-drawer-next-occurrence');
    await opened.getByRole('button', { name: 'Close' }).click();
    await opened.waitFor({ state: 'detached' });

    // The household keeps the completed one and shows the next.
    await page.goto(`${api.baseUrl}/crm/households/${householdId}?tab=tasks`);
    await page.getByTestId('household-open-tasks').getByText(nextDue).waitFor();
    await page.getByTestId('household-closed-toggle').click();
    const closed = page.getByTestId('household-closed-tasks').getByTestId('task-row');
    expect(await closed.getByTestId('task-status').textContent()).toBe('Done');
    await browser.screenshot('tasks-household-tab');
  });

  it('starts the onboarding workflow and opens its second step when the first step’s tasks are done', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Okafor household' });
    const page = await signIn(`/crm/households/${householdId}?tab=tasks`);
    await page.getByTestId('household-workflows-empty').waitFor();

    await page.getByTestId('start-workflow-template').selectOption({ label: 'New client onboarding' });
    await page.getByTestId('start-workflow-submit').click();
    const workflow = page.getByTestId('workflow');
    await workflow.getByTestId('workflow-step').first().waitFor();

    const steps = workflow.getByTestId('workflow-step');
    const first = steps.nth(0);
    const second = steps.nth(1);
    expect(await first.getByTestId('workflow-step-status').textContent()).toBe('Open');
    expect(await second.getByTestId('workflow-step-status').textContent()).toBe('Waiting for the step before');
    expect(await second.getByTestId('workflow-task').count()).toBe(0);
    await browser.screenshot('tasks-workflow-started');

    const firstTasks = first.getByTestId('workflow-task');
    const count = await firstTasks.count();
    expect(count).toBeGreaterThan(0);
    for (let done = 0; done < count; done += 1) {
      // Each completion re-reads the steps: wait for one fewer Complete button before the next.
      await first.getByTestId('workflow-task-complete').first().click();
      await page.waitForFunction(
        ([left]) =>
          (
            globalThis as unknown as {
              document: { querySelector(s: string): { querySelectorAll(s: string): { length: number } } | null };
            }
          ).document
            .querySelector('[data-testid="workflow-step"]')
            ?.querySelectorAll('[data-testid="workflow-task-complete"]').length === left,
        [count - done - 1] as const,
      );
    }

    await second.getByTestId('workflow-step-status').getByText('Open', { exact: true }).waitFor();
    expect(await first.getByTestId('workflow-step-status').textContent()).toBe('Completed');
    expect(await second.getByTestId('workflow-task').count()).toBeGreaterThan(0);
    expect(await workflow.getByTestId('workflow-steps-done').textContent()).toMatch(/^1 of 5 steps\s+complete/);
    expect(await workflow.getByTestId('workflow-progress').textContent()).toMatch(
      new RegExp(`^${count} of \\d+ tasks done$`),
    );
    await browser.screenshot('tasks-workflow-second-step');
  });

  it('moves a card on the team board, and puts a refused move back with the reason', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const create = (title: string) =>
      call<{ id: string }>(api.baseUrl, 'POST', '/api/tasks', {
        token,
        body: { title, type: 'KYC_UPDATE', dueDate: isoDate(addDays(new Date(), 5)) },
      });
    const done = await create('Send the Roy statements');
    expect((await call(api.baseUrl, 'PATCH', `/api/tasks/${done.body.id}/mark-complete`, { token })).status).toBe(200);
    const colleague = await addUser(prisma, firm, 'PM');

    // A team task from My tasks, mentioning a colleague picked by autocomplete.
    const page = await signIn('/tasks');
    await page.getByTestId('new-task').click();
    const drawer = page.getByTestId('task-drawer');
    await drawer.getByTestId('task-title').fill('Update the Roy KYC');
    await drawer.getByTestId('task-type').selectOption({ label: 'KYC update' });
    await drawer.getByTestId('task-mentions-search').fill('@Factory PM');
    await drawer.getByTestId('task-mentions-option').filter({ hasText: 'Factory PM' }).click();
    expect(await drawer.getByTestId('task-mentions-chip').textContent()).toContain('@Factory PM');
    await drawer.getByTestId('task-save').click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('my-tasks-upcoming-list').getByText('Update the Roy KYC').waitFor();
    // Opened again, the drawer shows whom the task mentions, as it stored them.
    await page
      .getByTestId('my-tasks-upcoming-list')
      .getByTestId('task-title-link')
      .filter({ hasText: 'Update the Roy KYC' })
      .click();
    await drawer.getByTestId('task-mentions-chip').filter({ hasText: '@Factory PM' }).waitFor();
    // The drawer fades in: once its transition ends, the screenshot shows it as seen.
    await transitionsSettled(page);
    await browser.screenshot('tasks-drawer-stored-mentions');
    // Saving sends the edited set: the mention removed is dropped.
    await drawer.getByRole('button', { name: 'Remove Factory PM' }).click();
    await drawer.getByTestId('task-save').click();
    await expect
      .poll(async () => {
        const tasks = await call<{ title: string; mentions: unknown[] }[]>(api.baseUrl, 'GET', '/api/tasks', { token });
        return tasks.body.find((task) => task.title === 'Update the Roy KYC')?.mentions.length;
      })
      .toBe(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    const colleagueToken = await login(api.baseUrl, colleague.email, colleague.password);
    const notices = await call<{ items: { title: string }[] }>(api.baseUrl, 'GET', '/api/notifications', {
      token: colleagueToken,
    });
    expect(notices.body.items.map((notice) => notice.title).join(' ')).toContain('Update the Roy KYC');
    const mine = await call<{ upcoming: { items: { id: string; title: string }[] } }>(
      api.baseUrl,
      'GET',
      '/api/tasks/mine',
      { token },
    );
    const moving = mine.body.upcoming.items.find((task) => task.title === 'Update the Roy KYC')!;

    await page.getByTestId('nav-tasks').click();
    const card = (title: string) => page.locator(`[data-testid="board-card"][data-task-title="${title}"]`);
    const column = (status: string) => page.getByTestId(`board-column-${status}`);
    await column('todo').locator(card('Update the Roy KYC')).waitFor();

    await card('Update the Roy KYC').dragTo(column('in_progress'));
    await column('in_progress').locator(card('Update the Roy KYC')).waitFor();
    // The board moves the card before the API answers: the stored status follows.
    await expect
      .poll(
        async () =>
          (await call<{ status: string }>(api.baseUrl, 'GET', `/api/tasks/${moving.id}`, { token })).body.status,
      )
      .toBe('IN_PROGRESS');

    // A completed task cannot be cancelled: the API's sentence shows and the card stays in Done.
    await card('Send the Roy statements').dragTo(column('cancelled'));
    await page.getByTestId('board-refused').waitFor();
    expect(await page.getByTestId('board-refused').textContent()).toContain(
      'A completed task cannot be cancelled; mark it incomplete first',
    );
    expect(await column('done').locator(card('Send the Roy statements')).count()).toBe(1);
    await browser.screenshot('tasks-board');
  });

  it('pages the upcoming tasks of My tasks twenty at a time, today’s in full', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const memberId = (await prisma.teamMember.findFirstOrThrow({ where: { userId: firm.userId } })).id;
    const create = (title: string, dueDate: Date) =>
      call(api.baseUrl, 'POST', '/api/tasks', {
        token,
        body: { title, assigneeId: memberId, dueDate: isoDate(dueDate) },
      });
    // Far enough ahead to come after the other tests' upcoming tasks, in the order made.
    for (let index = 1; index <= 22; index += 1) {
      expect(
        (await create(`Far review ${String(index).padStart(2, '0')}`, addYears(new Date(), 50 + index))).status,
      ).toBe(201);
    }
    expect((await create('Call the Roys back', new Date())).status).toBe(201);
    const mine = await call<{ upcoming: { total: number } }>(api.baseUrl, 'GET', '/api/tasks/mine', { token });
    const total = mine.body.upcoming.total;
    expect(total).toBeGreaterThanOrEqual(22);

    const page = await signIn('/tasks');
    const upcoming = page.getByTestId('my-tasks-upcoming');
    await upcoming.getByTestId('my-tasks-upcoming-list').waitFor();
    expect(await upcoming.getByTestId('task-row').count()).toBe(20);
    expect(await upcoming.getByTestId('my-tasks-upcoming-count').textContent()).toBe(`(${total})`);
    await page.getByTestId('my-tasks-dueToday-list').getByText('Call the Roys back').waitFor();
    const pager = page.getByTestId('my-tasks-upcoming-pager');
    expect(await pager.getByTestId('list-count').textContent()).toBe(
      `${total} results · page 1 of ${Math.ceil(total / 20)}`,
    );
    expect(await page.getByTestId('my-tasks-overdue-pager').count()).toBe(0);

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager
      .getByTestId('list-count')
      .getByText(`page 2 of ${Math.ceil(total / 20)}`)
      .waitFor();
    await upcoming.getByText('Far review 22').waitFor();
    expect(await upcoming.getByTestId('task-row').count()).toBe(Math.min(20, total - 20));
    await browser.screenshot('tasks-my-tasks-upcoming-page-2');
  });
});
