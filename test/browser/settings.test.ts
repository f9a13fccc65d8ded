import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { DEMO_ADMIN, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';

/** How long to wait for the page to show what the API now says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('settings pages', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let organizationId: string;
  let teamId: string;
  let professionalId: string;

  beforeAll(async () => {
    api = await startTestApi();
    prisma = createPrismaClient(api.databaseUrl);
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    organizationId = admin.organizationId;
    const membership = await prisma.teamMember.findFirstOrThrow({ where: { userId: admin.id } });
    teamId = membership.teamId;
    // The admin's own professional profile, made here when the seed gave them none.
    const existing = await prisma.professional.findUnique({ where: { userId: admin.id } });
    professionalId =
      existing?.id ??
      (
        await prisma.professional.create({
          data: {
            id: newId(EntityType.professional),
            organizationId,
            userId: admin.id,
            displayName: admin.name,
            role: 'ADVISOR',
          },
        })
      ).id;
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  function signIn(): Promise<Page> {
    return signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
  }

  it('lets an administrator set the legal name and NRD, with the NRD’s message for two digits', async () => {
    const page = await signIn();
    await page.getByTestId('nav-practice').click();
    await page.waitForURL(`${api.baseUrl}/settings/organization`);
    const legalName = page.getByLabel('Legal name');
    await legalName.waitFor();
    await legalName.fill('Demo Wealth Partners Inc.');
    await page.getByLabel('NRD number').fill('12');
    await page.getByLabel('Primary regulator').selectOption('OSC');
    // Labels, never codes: the regulator reads as its name.
    expect(await page.getByLabel('Primary regulator').locator('option:checked').textContent()).toBe(
      'Ontario Securities Commission',
    );
    await page.getByTestId('org-save').click();
    const nrdError = page.getByTestId('org-nrd-error');
    await nrdError.waitFor();
    expect(await nrdError.textContent()).toBe('NRD must be at least 3 digits');
    await browser.screenshot('settings-organization-nrd-error');
    // The other fields were saved; the NRD was not.
    await expect
      .poll(
        async () => (await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).legalName,
        POLL,
      )
      .toBe('Demo Wealth Partners Inc.');
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).nrd).not.toBe('12');

    await page.getByLabel('NRD number').fill('12345');
    await page.getByTestId('org-save').click();
    await page.getByTestId('org-saved').waitFor();
    const saved = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } });
    expect(saved).toMatchObject({ legalName: 'Demo Wealth Partners Inc.', nrd: '12345', primaryRegulator: 'OSC' });
    await page.reload();
    await page.getByLabel('Legal name').waitFor();
    expect(await page.getByLabel('NRD number').inputValue()).toBe('12345');
    await browser.screenshot('settings-organization');
  });

  it('renames a team and shows its members', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/settings/teams`);
    const detail = page.getByTestId('team-detail');
    await page.getByTestId('team-list').getByRole('button').first().waitFor();
    const name = (await prisma.team.findUniqueOrThrow({ where: { id: teamId } })).name;
    await page
      .getByTestId('team-list')
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await detail.getByLabel('Team name').waitFor();
    expect(await detail.getByLabel('Team name').inputValue()).toBe(name);
    expect(await page.getByTestId('team-members').textContent()).toContain(DEMO_ADMIN.email);
    await detail.getByLabel('Team name').fill('ab');
    await detail.getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('team-name-error').waitFor();
    expect(await page.getByTestId('team-name-error').textContent()).toBe('Team name must be at least 3 characters');
    await detail.getByLabel('Team name').fill('Downtown advisory team');
    await detail.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.getByTestId('team-heading').textContent(), POLL).toBe('Downtown advisory team');
    await expect.poll(() => page.getByTestId('team-list').textContent(), POLL).toContain('Downtown advisory team');
    expect((await prisma.team.findUniqueOrThrow({ where: { id: teamId } })).name).toBe('Downtown advisory team');
    await page.getByTestId('team-invitations-slot').waitFor();
    await browser.screenshot('settings-teams');
  });

  it('edits the professional profile, with the 500-word limit and a live word count', async () => {
    const page = await signIn();
    await page.getByTestId('nav-profile').click();
    await page.waitForURL(`${api.baseUrl}/settings/profile`);
    await page.getByLabel('First name').waitFor();
    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Lefebvre');
    await page.getByLabel('Job title').fill('Senior wealth advisor');
    const bio = page.getByTestId('profile-bio');
    await bio.fill(Array.from({ length: 501 }, (_, index) => `word${index}`).join(' '));
    expect(await page.getByTestId('profile-bio-count').textContent()).toBe('501 / 500 words');
    await page.getByLabel('Certified Financial Planner').check();
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-bio-error').waitFor();
    expect(await page.getByTestId('profile-bio-error').textContent()).toBe(
      'Bio should be no more than 500 words in length',
    );
    await browser.screenshot('settings-profile-bio-too-long');

    await bio.fill('I help families in Montréal plan retirement and estates.');
    expect(await page.getByTestId('profile-bio-count').textContent()).toBe('9 / 500 words');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-saved').waitFor();
    const stored = await prisma.professional.findUniqueOrThrow({ where: { id: professionalId } });
    expect(stored).toMatchObject({
      firstName: 'Morgan',
      lastName: 'Lefebvre',
      jobTitle: 'Senior wealth advisor',
      bio: 'I help families in Montréal plan retirement and estates.',
      designations: expect.arrayContaining(['CFP']),
    });
    await browser.screenshot('settings-profile');
  });
});
