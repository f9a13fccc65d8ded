import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { createTestEnvironment, startTestApi, type TestApi, type TestEnvironment } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createContact } from '../support/crm-factories.js';
import { FAKE_LOQATE_KEY, startFakeLoqate, type FakeLoqate } from '../support/fake-loqate.js';

describe('address completion in the address form', () => {
  let loqate: FakeLoqate;
  let environment: TestEnvironment;
  let api: TestApi;
  /** The same database without a provider: the form shows plain fields. */
  let offline: TestApi;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;
  const browser = browserPerTest();

  beforeAll(async () => {
    loqate = await startFakeLoqate();
    environment = await createTestEnvironment({ LOQATE_API_KEY: FAKE_LOQATE_KEY, LOQATE_BASE_URL: loqate.baseUrl });
    api = await startTestApi({ seedDemo: false, environment });
    offline = await startTestApi({
      seedDemo: false,
      environment: { ...environment, config: { ...environment.config, LOQATE_API_KEY: undefined } },
    });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Completion Wealth', role: 'ADMIN' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await offline?.close();
    await api?.close();
    await environment?.dispose();
    await loqate?.close();
  });

  it('finds an address, opens a street, fills the fields and keeps the provider’s id', async () => {
    const { contactId } = await createContact(prisma, firm, { firstName: 'Iris', lastName: 'Moreau' });
    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/crm/contacts/${contactId}`);
    await page.getByTestId('add-address-lookup-input').fill('cedarvale');
    await page.getByTestId('add-address-lookup-suggestion').getByText('Cedarvale Lane').click();
    await expect
      .poll(() => page.getByTestId('add-address-lookup-suggestion').allTextContents())
      .toEqual(['10 Cedarvale Lane Vancouver BC V5K 0A1', '20 Cedarvale Lane Vancouver BC V5K 0A2']);
    await page.getByTestId('add-address-lookup-suggestion').first().click();
    await expect.poll(() => page.getByTestId('add-address-Line1').inputValue()).toBe('10 Cedarvale Lane');
    expect(await page.getByTestId('add-address-Province').inputValue()).toBe('BC');
    expect(await page.getByTestId('add-address-PostalCode').inputValue()).toBe('V5K 0A1');
    expect(await page.getByTestId('add-address-CountryName').inputValue()).toBe('Canada');
    await browser.screenshot('address-completion-filled');
    // The suggestions close once one is picked, and stay closed.
    await expect.poll(() => page.getByTestId('add-address-lookup-suggestion').count()).toBe(0);
    await page.getByRole('form', { name: 'Add address' }).getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('address-row').first().waitFor();
    expect(await page.getByTestId('address-row').first().textContent()).toContain('10 Cedarvale Lane, Vancouver, BC');
    const kept = await prisma.contactAddress.findFirstOrThrow({ where: { contactId } });
    expect(kept.postCodeAnywhereId).toBe('CA|CP|A|3000001|ENG');
  });

  it('offers no completion without a provider', async () => {
    const { contactId } = await createContact(prisma, firm, { firstName: 'Jules', lastName: 'Roy' });
    const page = await signInAs(browser.page, offline.baseUrl, firm);
    // The form asks once whether completion is configured; the answer is in before looking.
    const asked = page.waitForResponse((response) => response.url().includes('/api/addresses/suggestions'));
    await page.goto(`${offline.baseUrl}/crm/contacts/${contactId}`);
    expect(await (await asked).json()).toEqual({ configured: false, suggestions: [] });
    await page.getByTestId('add-address-Line1').waitFor();
    expect(await page.getByTestId('add-address-lookup-input').count()).toBe(0);
  });
});
