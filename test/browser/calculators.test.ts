import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegisteredLimits } from '@meridian/domain';
import { DEMO_ADMIN, startTestApi } from '../support/app.js';
import { browserPerTest, computedStyle, localStorageItem, signInAs } from '../support/browser.js';
import { call } from '../support/http.js';

const TOKEN_KEY = 'meridian.accessToken';
/** What a chart line computes to when its Tailwind colour class is missing. */
const UNCOLOURED = /^(rgb\(0, 0, 0\)|none)$/;

/** The sticky top bar would otherwise be painted where the page was scrolled to in a full-page shot. */
async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
}

describe('dashboard calculators', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  const browser = browserPerTest();

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api?.close();
  });

  /** Signs the demo admin in and opens Calculators from the side navigation. */
  async function openCalculators(): Promise<Page> {
    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);

    const link = page.getByTestId('nav-calculators');
    expect(await link.textContent()).toBe('Calculators');
    await link.click();
    await page.waitForURL(`${api.baseUrl}/calculators`);
    await page.getByTestId('calculators-page').waitFor();
    expect(await link.getAttribute('aria-current')).toBe('page');
    return page;
  }

  it('charts the limits by year and shows the figures of a chosen year as the API gives them', async () => {
    const page = await openCalculators();

    const card = page.getByTestId('year-limits');
    await card.getByLabel('Tax year').selectOption('2025');
    expect(await card.getByTestId('limit-tfsa').textContent()).toBe('$7,000');
    expect(await card.getByTestId('limit-rrsp').textContent()).toBe('$32,490');

    // Every figure on the card is the API's for that year.
    const token = await localStorageItem(page, TOKEN_KEY);
    const response = await call<RegisteredLimits>(api.baseUrl, 'GET', '/api/calculators/registered-limits?year=2025', {
      token: token ?? undefined,
    });
    expect(response.status).toBe(200);
    const dollars = (value: number) => `$${new Intl.NumberFormat('en-US').format(value)}`;
    const limits = response.body;
    const expected: Record<string, string> = {
      'limit-tfsa': dollars(limits.tfsa),
      'limit-rrsp': dollars(limits.rrsp.dollarLimit),
      'limit-fhsa': dollars(limits.fhsa.annual),
      'limit-fhsa-lifetime': dollars(limits.fhsa.lifetime),
      'limit-dpsp': dollars(limits.dpsp),
      'resp-grant-rate': `${limits.resp.grantRate}%`,
      'resp-max-grant': dollars(limits.resp.maxGrantPerYear),
      'resp-lifetime-grant': dollars(limits.resp.lifetimeGrantMax),
      'resp-max-contribution': dollars(limits.resp.maxContributionPerBeneficiary),
      'resp-tax-penalty': `${limits.resp.taxPenaltyRate}%`,
    };
    for (const [testId, text] of Object.entries(expected)) {
      expect(await card.getByTestId(testId).textContent(), testId).toBe(text);
    }

    await card.getByLabel('Tax year').selectOption('2015');
    expect(await card.getByTestId('limit-tfsa').textContent()).toBe('$10,000');

    // One coloured line per plan (a missing Tailwind safelist paints them black), a point per year since 2009.
    const limitLines = page.locator('[data-testid="limits-chart"] path.recharts-line-curve');
    await limitLines.first().waitFor();
    expect(await limitLines.count()).toBe(4);
    for (const line of await limitLines.all()) expect(await computedStyle(line, 'stroke')).not.toMatch(UNCOLOURED);
    const yearTicks = await page
      .locator('[data-testid="limits-chart"] .recharts-xAxis .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(yearTicks[0]).toBe('2009');
    expect(yearTicks[yearTicks.length - 1]).toBe(String(new Date().getFullYear()));

    // The withdrawal curves: one point per age, a coloured line.
    for (const chart of ['rrif-chart', 'lif-chart']) {
      const line = page.locator(`[data-testid="${chart}"] path.recharts-line-curve`);
      await line.waitFor();
      expect(await computedStyle(line, 'stroke'), chart).not.toMatch(UNCOLOURED);
    }
    expect(
      await page
        .locator('[data-testid="lif-chart"] .recharts-xAxis .recharts-cartesian-axis-tick-value')
        .first()
        .textContent(),
    ).toBe('50');

    await scrollToTop(page);
    const shot = await browser.screenshot('calculators');
    expect(shot).toMatch(/calculators\.png$/);
  });

  it('looks withdrawal rates up and shows the API message for an age outside the table beside the field', async () => {
    const page = await openCalculators();
    const lookup = page.getByTestId('withdrawal-lookup');
    const type = lookup.getByLabel('Account type');
    const age = lookup.getByLabel('Age');
    const submit = lookup.getByRole('button', { name: 'Look up rate' });

    await type.selectOption('RRIF');
    await age.fill('65');
    await submit.click();
    await lookup.getByTestId('withdrawal-result').waitFor();
    expect(await lookup.getByTestId('withdrawal-rate').textContent()).toBe('4.00%');
    expect(await lookup.getByTestId('withdrawal-kind').textContent()).toBe('Minimum');

    await type.selectOption('LIF');
    await age.fill('70');
    await submit.click();
    await lookup.getByTestId('withdrawal-result').waitFor();
    expect(await lookup.getByTestId('withdrawal-rate').textContent()).toBe('6.61%');
    expect(await lookup.getByTestId('withdrawal-kind').textContent()).toBe('Maximum');

    await type.selectOption('RRIF');
    await age.fill('96');
    await submit.click();
    const ageError = lookup.getByTestId('withdrawal-age-error');
    await ageError.waitFor();
    expect(await ageError.textContent()).toBe('Age must be between 20 and 95 for RRIF');
    expect(await age.getAttribute('aria-invalid')).toBe('true');
    expect(await age.getAttribute('aria-describedby')).toBe(await ageError.getAttribute('id'));
    expect(await lookup.getByTestId('withdrawal-result').count()).toBe(0);

    await type.selectOption('LIF');
    await age.fill('49');
    await submit.click();
    await ageError.waitFor();
    expect(await ageError.textContent()).toBe('Age must be between 50 and 89 for LIF');
    await scrollToTop(page);
    await browser.screenshot('calculators-withdrawal-age-error');
  });

  it('calculates a flat-benefit pension and its commuted value, and shows why OTHER cannot be calculated', async () => {
    const page = await openCalculators();
    const pension = page.getByTestId('pension-calculator');
    const pensionRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/calculators/pension')) pensionRequests.push(request.method());
    });

    await pension.getByLabel('Benefit formula').selectOption('FLAT_BENEFIT');
    await pension.getByLabel('Service start date').fill('2000-01-01');
    await pension.getByLabel('Service end date').fill('2025-01-01');
    await pension.getByLabel('Expected years in retirement').fill('20');
    expect(await pension.getByLabel('Discount rate (%)').inputValue()).toBe('4');

    // The shared schema catches a missing amount in the browser: no request is made.
    await pension.getByRole('button', { name: 'Calculate' }).click();
    const amountError = pension.getByTestId('pension-amountPerYear-error');
    await amountError.waitFor();
    expect(await amountError.textContent()).toBe('Amount per year is required');
    expect(await pension.getByLabel('Amount per year of service').getAttribute('aria-invalid')).toBe('true');
    expect(pensionRequests).toEqual([]);

    await pension.getByLabel('Amount per year of service').fill('1200');
    expect(await amountError.count()).toBe(0);
    await pension.getByRole('button', { name: 'Calculate' }).click();
    await pension.getByTestId('pension-result').waitFor();
    expect(await pension.getByTestId('pension-annual-payout').textContent()).toBe('$30,000.00');
    expect(await pension.getByTestId('pension-commuted-value').textContent()).toBe('$407,709.79');
    expect(await pension.getByTestId('pension-years-of-service').textContent()).toBe('25.0');
    expect(await pension.getByTestId('pension-accrued-benefit').textContent()).toBe('$30,000.00');
    expect(await pension.getByTestId('pension-reduction').textContent()).toBe('0.00%');
    expect(pensionRequests).toEqual(['POST']);
    await scrollToTop(page);
    await browser.screenshot('calculators-pension');

    // Early retirement and caps are folded away; the schema's limit on the reduction cap shows beside it.
    await pension.getByText('Early retirement and caps').click();
    const cap = pension.getByLabel('Largest total reduction (%)');
    await cap.fill('150');
    await pension.getByRole('button', { name: 'Calculate' }).click();
    const capError = pension.getByTestId('pension-earlyRetirementPenaltyCapPercent-error');
    await capError.waitFor();
    expect(await capError.textContent()).toBe('Early retirement penalty cap must be at most 100 percent');
    expect(pensionRequests).toEqual(['POST']);
    await cap.fill('');

    // OTHER has no fields of its own; the API refuses it and its message is the form's error.
    await pension.getByLabel('Benefit formula').selectOption('OTHER');
    expect(await pension.getByLabel('Amount per year of service').count()).toBe(0);
    expect(await pension.getByTestId('pension-result').count()).toBe(0);
    await pension.getByRole('button', { name: 'Calculate' }).click();
    const error = pension.getByTestId('pension-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await pension.getByTestId('pension-error-message').allTextContents()).toEqual([
      'Cannot calculate payout for OTHER benefit formula type',
    ]);
    expect(await pension.getByTestId('pension-result').count()).toBe(0);
    expect(pensionRequests).toEqual(['POST', 'POST']);
    await scrollToTop(page);
    await browser.screenshot('calculators-pension-other');
  });

  it('calculates TFSA and RRSP contribution room', async () => {
    const page = await openCalculators();
    const room = page.getByTestId('contribution-room');
    const submit = room.getByRole('button', { name: 'Calculate room' });

    await room.getByLabel('Account').selectOption('TFSA');
    await room.getByLabel('Birth year').fill('1990');
    await room.getByLabel('Tax year').fill('2024');
    await submit.click();
    await room.getByTestId('room-result').waitFor();
    expect(await room.getByTestId('room-amount').textContent()).toBe('$95,000');

    await room.getByLabel('Account').selectOption('RRSP');
    await room.getByLabel('Tax year').fill('2025');
    await submit.click();
    const incomeError = room.getByTestId('room-previousYearEarnedIncome-error');
    await incomeError.waitFor();
    expect(await incomeError.textContent()).toBe("Previous year's earned income is required");

    await room.getByLabel("Previous year's earned income").fill('100000');
    await submit.click();
    await room.getByTestId('room-result').waitFor();
    expect(await room.getByTestId('room-amount').textContent()).toBe('$18,000');
  });

  it('shows US limits for a year and age with their parts, and a US RMD', async () => {
    const page = await openCalculators();
    const limits = page.getByTestId('us-limits');
    await limits.getByLabel('Tax year').selectOption('2026');
    await limits.getByLabel('Age at year end').fill('52');
    await limits.getByLabel('Filing status').selectOption({ label: 'Single' });
    await limits.getByLabel('Modified AGI').fill('160500');
    await limits.getByRole('button', { name: 'Show limits' }).click();
    await limits.getByTestId('us-limits-result').waitFor();

    const k401 = limits.getByTestId('us-limit-row-ACCOUNT_401K');
    expect(await k401.getByRole('cell').first().textContent()).toBe('401(k)');
    expect(await k401.getByTestId('us-limit-amount').textContent()).toBe('$32,500');
    expect(await k401.getByTestId('us-limit-explanation').textContent()).toBe(
      '2026 401(k) limit $24,500 + age-50 catch-up $8,000 = $32,500',
    );
    // 8,600 × (168,000 − 160,500) / 15,000 = 4,300 after the single filer's phase-out.
    const roth = limits.getByTestId('us-limit-row-ROTH_IRA');
    expect(await roth.getByTestId('us-limit-amount').textContent()).toBe('$4,300');
    expect(await limits.getByTestId('us-limit-row-ACCOUNT_529').getByTestId('us-limit-amount').textContent()).toBe(
      'No federal limit',
    );
    // Labels, never the enum constants, are what the advisor reads.
    expect(await limits.getByTestId('us-limits-result').textContent()).not.toMatch(/ACCOUNT_|_IRA|SELF_ONLY/);

    const rmd = page.getByTestId('us-rmd');
    await rmd.getByLabel('Account').selectOption({ label: 'Traditional IRA' });
    await rmd.getByLabel('Balance on 31 December of the prior year').fill('500000');
    await rmd.getByLabel('Age reached in the distribution year').fill('75');
    await rmd.getByLabel('Birth year').fill('1950');
    await rmd.getByRole('button', { name: 'Calculate RMD' }).click();
    await rmd.getByTestId('us-rmd-result').waitFor();
    expect(await rmd.getByTestId('us-rmd-amount').textContent()).toBe('$20,325.20');
    expect(await rmd.getByTestId('us-rmd-reason').textContent()).toBe(
      'Balance divided by the Uniform Lifetime Table divisor 24.6 at age 75.',
    );
  });
});
