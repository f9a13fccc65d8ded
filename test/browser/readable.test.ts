import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { DEMO_ADMIN, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { call, login } from '../support/http.js';
import { createFinancialHousehold, createRecord } from '../support/financial-factories.js';
import { seedPlaidConnection, seedRun } from '../support/hub-factories.js';

/** How long to wait for the page to show what the API says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('readable everywhere', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let token: string;
  let adminName: string;
  let contactId: string;
  let householdId: string;
  let runId: string;

  beforeAll(async () => {
    api = await startTestApi();
    prisma = createPrismaClient(api.databaseUrl);
    const organization = await prisma.organization.findFirstOrThrow({ where: { isDemo: true } });
    const team = await prisma.team.findFirstOrThrow({ where: { organizationId: organization.id } });
    const admin = await prisma.user.findFirstOrThrow({ where: { email: DEMO_ADMIN.email } });
    adminName = admin.name;
    token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const as = (method: string, path: string, body?: unknown) => call(api.baseUrl, method, path, { token, body });

    // A lead found through SEO, and a contact whose last name is corrected.
    const lead = await as('POST', '/api/leads', {
      name: { first: 'Séverine', last: 'Brightwater' },
      teamId: team.id,
      discoveryMethod: 'INBOUND',
      source: 'SEO',
    });
    expect(lead.status).toBe(201);
    const contact = await as('POST', '/api/contacts', {
      type: 'OTHER',
      name: { first: 'Oluwaseun', last: 'Adebayo-Smyth' },
      teamId: team.id,
    });
    expect(contact.status).toBe(201);
    contactId = contact.body.id as string;
    const renamed = await as('PATCH', `/api/contacts/${contactId}/name`, {
      name: { first: 'Oluwaseun', last: 'Adebayo-Smith' },
    });
    expect(renamed.status).toBe(200);

    // A household with a TFSA, and a sync run that created the household.
    const household = await createFinancialHousehold(
      prisma,
      { organizationId: organization.id, teamId: team.id },
      'Quillfeather-Ambrose household',
    );
    householdId = household.householdId;
    await createRecord(api.baseUrl, token, {
      householdId,
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'TFSA',
      marketValue: { value: 62000, currency: 'CAD' },
      owners: [household.personIds[0]],
    });
    const bank = await seedPlaidConnection(prisma, api.environment.config, {
      organizationId: organization.id,
      householdId,
      displayName: 'Tartan Bank',
    });
    runId = await seedRun(prisma, { organizationId: organization.id, connectionId: bank.id, status: 'SUCCEEDED' });
    // What the sync's writers record for a record they create: actor SYNC, actor id the run's.
    await prisma.auditLog.create({
      data: {
        id: newId(EntityType.auditLog),
        organizationId: organization.id,
        actorKind: 'SYNC',
        actorId: runId,
        action: 'CREATE',
        entityType: 'household',
        entityId: householdId,
        after: { name: 'Quillfeather-Ambrose household' },
      },
    });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  it("the audit page shows a contact's change as before → after, by the user's name", async () => {
    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-page').waitFor();
    await page.getByTestId('audit-filter-kind').selectOption('contact');
    const entry = page
      .getByTestId('audit-entry')
      .filter({ hasText: 'Adebayo-Smyth' })
      .filter({ has: page.getByTestId('audit-entry-action').getByText('Updated') });
    await entry.waitFor(POLL);
    expect(await entry.getByTestId('audit-entry-diff-row').allInnerTexts()).toEqual([
      'Last name: Adebayo-Smyth → Adebayo-Smith',
    ]);
    expect(await entry.getByTestId('audit-entry-actor').innerText()).toBe(adminName);
    // Named after the contact, linked to its page; no JSON anywhere.
    expect(await entry.getByTestId('audit-entry-entity').innerText()).toBe('Oluwaseun Adebayo-Smith');
    expect(await entry.getByTestId('audit-entry-entity').getAttribute('href')).toBe(`/crm/contacts/${contactId}`);
    expect(await page.getByTestId('audit-list').innerText()).not.toMatch(/[{}]|contact-[A-Za-z0-9_-]{21}/);
    await browser.screenshot('readable-audit-page');
  });

  it('a run detail lists the record it created, linked to its page', async () => {
    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/connections/runs/${runId}`);
    const changes = page.getByTestId('run-changes');
    await changes.getByTestId('audit-entry').first().waitFor(POLL);
    const entry = changes.getByTestId('audit-entry');
    expect(await entry.count()).toBe(1);
    expect(await entry.getByTestId('audit-entry-action').innerText()).toBe('Created');
    const link = entry.getByTestId('audit-entry-entity');
    expect(await link.innerText()).toBe('Quillfeather-Ambrose household');
    expect(await entry.getByTestId('audit-entry-diff-row').allInnerTexts()).toEqual([
      'Name: Quillfeather-Ambrose household',
    ]);
    await browser.screenshot('readable-run-changes');
    await link.click();
    await page.waitForURL(`${api.baseUrl}/crm/households/${householdId}`, POLL);
  });

  it('lists show labels: the lead source "SEO" and the account type "TFSA"', async () => {
    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/crm/leads`);
    const row = page.getByTestId('contact-row').filter({ hasText: 'Brightwater' });
    await row.waitFor(POLL);
    expect(await row.getByTestId('contact-source').innerText()).toBe('SEO');
    await page.goto(`${api.baseUrl}/financial-records/${householdId}`);
    await page.getByText('TFSA').first().waitFor(POLL);
    expect(await page.locator('body').innerText()).not.toMatch(/\bTfsa\b|\bSeo\b/);
    await browser.screenshot('readable-labels');
  });
});
