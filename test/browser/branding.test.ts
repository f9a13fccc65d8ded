import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { RunningWorker } from '@meridian/workers';
import {
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';

/** How long to wait for the page to show what the worker has done. */
const POLL = { timeout: 20_000 };

describe('branding: the admin uploads a square logo and sees it in the shell', () => {
  let files: string;
  let environment: TestEnvironment;
  let api: TestApi;
  let worker: RunningWorker;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let admin: CreatedOrganization;

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'meridian-branding-'));
    // A teal square with a white disc: easy to recognise in the screenshot.
    const disc = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#0f766e"/><circle cx="300" cy="300" r="180" fill="#ffffff"/></svg>',
    );
    await writeFile(join(files, 'firm-logo.png'), await sharp(disc).png().toBuffer());
    await writeFile(join(files, 'damaged.png'), Buffer.from('\x89PNG\r\n\x1a\nnot an image at all'));
    environment = await createTestEnvironment({ FILE_STORAGE_DIR: join(files, 'storage') });
    api = await startTestApi({ seedDemo: false, environment });
    worker = await startTestWorker(environment);
    prisma = createPrismaClient(api.databaseUrl);
    admin = await createOrganization(prisma, { name: 'Lakeshore Wealth', role: 'ADMIN' });
  });

  afterAll(async () => {
    await worker?.close();
    await prisma?.$disconnect();
    await api?.close();
    await environment?.dispose();
    await rm(files, { recursive: true, force: true });
  });

  it('shows the processed sizes and the firm logo in the top bar; a damaged file shows its reason and the logo stays', async () => {
    const page = await signInAs(browser.page, api.baseUrl, admin);
    // Before any upload the shell shows the Meridian mark.
    expect(await page.getByTestId('firm-logo').count()).toBe(0);

    await page.getByRole('link', { name: 'Branding' }).click();
    await page.getByTestId('branding-page').waitFor();
    await page.getByTestId('logo-square-empty').waitFor();
    await page.getByTestId('logo-square-input').setInputFiles(join(files, 'firm-logo.png'));

    const sizes = page.getByTestId('logo-square-sizes');
    await sizes.waitFor(POLL);
    expect(await sizes.getByRole('img').count()).toBe(3);
    expect(await sizes.getByRole('listitem').allInnerTexts()).toEqual([
      'Small · 64 × 64',
      'Medium · 256 × 256',
      'Large · 512 × 512',
    ]);
    const shellLogo = page.getByTestId('firm-logo');
    await shellLogo.waitFor(POLL);
    expect(await shellLogo.getAttribute('alt')).toBe('Lakeshore Wealth logo');
    await page.waitForFunction(
      () => {
        const image = (
          globalThis as unknown as { document: { querySelector(s: string): { naturalWidth: number } | null } }
        ).document.querySelector('[data-testid="firm-logo"]');
        return image !== null && image.naturalWidth > 0;
      },
      undefined,
      POLL,
    );
    await browser.screenshot('branding-square-logo');

    // A damaged file: the reason is shown, the processed logo stays in the page and in the shell.
    await page.getByTestId('logo-square-input').setInputFiles(join(files, 'damaged.png'));
    const failure = page.getByTestId('logo-square-failure');
    await failure.waitFor(POLL);
    expect(await failure.innerText()).toContain('The file is not an image that can be read (it may be damaged)');
    expect(await sizes.getByRole('img').count()).toBe(3);
    expect(await page.getByTestId('firm-logo').count()).toBe(1);
    await browser.screenshot('branding-damaged-upload');

    // After a reload, the shell still shows the firm's logo (it is stored, not only in the page).
    await page.reload();
    await page.getByTestId('firm-logo').waitFor(POLL);
  });
});
