import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { createTestEnvironment, startTestApi, type TestApi, type TestEnvironment } from '../support/app.js';
import { browserPerTest, launchBrowser, signInAs, type BrowserSession } from '../support/browser.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';

const POLL = { timeout: 15_000, interval: 100 };

describe('links profile: a professional publishes a page, a visitor writes, the advisor sees the lead', () => {
  let files: string;
  let environment: TestEnvironment;
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let visitor: BrowserSession | undefined;
  let advisor: CreatedOrganization;

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'meridian-links-'));
    // A portrait-ish photo: a slate background with a lighter head and shoulders.
    const portrait = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><rect width="480" height="600" fill="#334155"/><circle cx="240" cy="230" r="110" fill="#cbd5e1"/><ellipse cx="240" cy="560" rx="200" ry="170" fill="#cbd5e1"/></svg>',
    );
    await writeFile(join(files, 'portrait.png'), await sharp(portrait).png().toBuffer());
    // The page's minimum time before sending is the API tests' subject; here a person types at robot speed.
    environment = await createTestEnvironment({
      FILE_STORAGE_DIR: join(files, 'storage'),
      LINKS_CONTACT_MIN_SECONDS: '0',
    });
    api = await startTestApi({ seedDemo: false, environment });
    prisma = createPrismaClient(api.databaseUrl);
    advisor = await createOrganization(prisma, { name: 'Harbour Wealth', role: 'ADVISOR' });
    await prisma.professional.create({
      data: {
        id: newId(EntityType.professional),
        organizationId: advisor.organizationId,
        userId: advisor.userId,
        displayName: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'ADVISOR',
        jobTitle: 'Senior financial planner',
        bio: 'I help families in Halifax plan for retirement, education and everything in between.',
        designations: ['CFP', 'CIM'],
      },
    });
  });

  afterAll(async () => {
    await visitor?.close();
    await prisma?.$disconnect();
    await api?.close();
    await environment?.dispose();
    await rm(files, { recursive: true, force: true });
  });

  it('publishes with a photo and links; the visitor’s message becomes a “Links profile” lead', async () => {
    const page = await signInAs(browser.page, api.baseUrl, advisor);
    await page.goto(`${api.baseUrl}/settings/profile`);

    // The photo: uploaded, shown as the profile's and in the top bar.
    await page.getByTestId('avatar-initials').waitFor();
    await page.getByTestId('avatar-input').setInputFiles(join(files, 'portrait.png'));
    await page.getByTestId('avatar-image').waitFor(POLL);
    await page.getByTestId('user-avatar').waitFor(POLL);
    await page.getByTestId('avatar-remove').waitFor();

    // The links page: address, two links (the second moved first), created, then published.
    const panel = page.getByTestId('links-profile-panel');
    await panel.getByTestId('links-empty').waitFor();
    await panel.getByLabel('Page address').fill('Ada Lovelace');
    await panel.getByTestId('links-add').click();
    await panel.getByTestId('links-0-url').fill('ada.example.com');
    await panel.getByTestId('links-add').click();
    await panel.getByTestId('links-1-type').selectOption({ label: 'LinkedIn' });
    await panel.getByTestId('links-1-url').fill('https://www.linkedin.com/in/ada-lovelace');
    await panel.getByTestId('links-save').click();
    // A space is not allowed: the address field says so and nothing is created.
    await expect
      .poll(() => panel.getByTestId('links-slug-error').textContent(), POLL)
      .toBe(
        'The address may hold only lower-case letters, digits and single hyphens, and cannot start or end with a hyphen',
      );
    await panel.getByLabel('Page address').fill('ada-lovelace');
    await panel.getByTestId('links-1-up').click();
    await panel.getByTestId('links-save').click();
    await panel.getByTestId('links-publish').click();
    await expect.poll(() => panel.getByTestId('links-published').textContent(), POLL).toBe('Published');
    expect(await panel.getByTestId('links-page-link').textContent()).toBe(`${api.baseUrl}/p/ada-lovelace`);
    expect(await panel.getByTestId('links-0-type').inputValue()).toBe('LinkedIn');
    expect(await panel.getByTestId('links-1-url').inputValue()).toBe('https://ada.example.com');
    await browser.screenshot('links-profile-settings');

    // A visitor, in a browser of their own, nobody signed in.
    visitor = await launchBrowser();
    const publicPage = visitor.page;
    await publicPage.goto(`${api.baseUrl}/p/ada-lovelace`);
    await publicPage.getByTestId('links-page').waitFor(POLL);
    expect(await publicPage.getByTestId('links-page-name').textContent()).toBe('Ada Lovelace');
    expect(await publicPage.getByTestId('links-page-title').textContent()).toBe('Senior financial planner');
    expect(await publicPage.getByTestId('links-page-designations').getByRole('listitem').allInnerTexts()).toEqual([
      'Certified Financial Planner',
      'Chartered Investment Manager',
    ]);
    expect(await publicPage.getByTestId('links-page-links').getByRole('link').allInnerTexts()).toEqual([
      'LinkedIn · linkedin.com',
      'Website · ada.example.com',
    ]);
    await publicPage.waitForFunction(
      () => {
        const image = (
          globalThis as unknown as { document: { querySelector(s: string): { naturalWidth: number } | null } }
        ).document.querySelector('[data-testid="links-page-photo"]');
        return image !== null && image.naturalWidth === 256;
      },
      undefined,
      POLL,
    );
    expect(await publicPage.title()).toBe('Ada Lovelace · Meridian');

    await publicPage.getByLabel('First name').fill('Grace');
    await publicPage.getByLabel('Last name').fill('Hopper');
    await publicPage.getByLabel('E-mail').fill('grace@example.com');
    await publicPage.getByLabel('Phone (optional)').fill('902 555 0142');
    await publicPage.getByLabel('Message (optional)').fill('Could we talk about my RRSP before the deadline?');
    await visitor.screenshot('links-profile-public-page');
    await publicPage.getByTestId('links-contact-send').click();
    await publicPage.getByTestId('links-contact-sent').waitFor(POLL);

    // An unpublished or unknown address is not there.
    await publicPage.goto(`${api.baseUrl}/p/nobody-here`);
    await publicPage.getByTestId('links-page-missing').waitFor(POLL);
    expect(await publicPage.getByTestId('links-page-missing').textContent()).toContain('Page not found');

    // The advisor finds the lead, with its source, among the leads.
    await page.goto(`${api.baseUrl}/crm/leads`);
    const row = page.getByTestId('leads-table').getByTestId('contact-row').filter({ hasText: 'Hopper' });
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('Links profile');
    await browser.screenshot('links-profile-lead');
  });
});
