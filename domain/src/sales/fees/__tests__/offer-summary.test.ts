import { describe, expect, it } from 'vitest';
import type { Decimal } from 'decimal.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { pricingPlanSchema } from '../../../crm/proposals/schemas.js';
import { FeeMessage } from '../messages.js';
import { offerFeeSummary } from '../offer-summary.js';

const tiers = [
  { breakpoint: 1_000_000, fee: 1 },
  { breakpoint: 4_000_000, fee: 0.75 },
  { breakpoint: 10_000_000, fee: 0.5 },
];

function fixed(values: Record<string, Decimal>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.toFixed(2)]));
}

describe('offerFeeSummary', () => {
  it('shows an AUM fee with its periods, the one-time fee and the first year of a recurring payment', () => {
    const plan = pricingPlanSchema.parse({
      type: 'AUM_FEE',
      paymentMethod: 'BILLED_FROM_CUSTODIAN',
      aumFee: { feeRubric: { tiers } },
      oneTimeFee: { amount: { currency: 'CAD', value: 1500 }, isUpfront: true },
      recurringPayment: { amount: { currency: 'CAD', value: 125.5 }, frequency: { common: 'QUARTERLY', duration: 8 } },
    });
    const summary = offerFeeSummary(plan, '2500000', { type: 'ON_START', date: '2027-01-15' });

    expect(summary.currency).toBe('CAD');
    expect(summary.firstYear).toEqual({ from: '2027-01-15', until: '2028-01-15' });
    expect(summary.aumFee?.annual.toFixed(2)).toBe('21250.00');
    expect(summary.aumFee?.effectiveRate.toFixed()).toBe('0.85');
    expect(fixed(summary.aumFee?.perPeriod ?? {})).toEqual({
      ANNUALLY: '21250.00',
      SEMI_ANNUALLY: '10625.00',
      QUARTERLY: '5312.50',
      MONTHLY: '1770.83',
    });
    expect([summary.oneTimeFee?.timing, summary.oneTimeFee?.date]).toEqual(['UPFRONT', '2027-01-15']);
    expect(summary.recurringPayment?.charges.map((charge) => charge.date)).toEqual([
      '2027-01-15',
      '2027-04-15',
      '2027-07-15',
      '2027-10-15',
    ]);
    expect(summary.recurringPayment?.total?.toFixed()).toBe('1004');
    expect(fixed(summary.firstYearTotals)).toEqual({
      aumFee: '21250.00',
      oneTimeFee: '1500.00',
      recurringPayment: '502.00',
      total: '23252.00',
    });
  });

  it('rounds each part to cents and adds the rounded parts', () => {
    const summary = offerFeeSummary({ aumFee: { feeRubric: { tiers: [{ breakpoint: 100, fee: 0.333 }] } } }, '123.45', {
      type: 'CUSTOM_DATE',
      date: '2027-03-01',
    });
    expect(summary.aumFee?.calculation.annual.toFixed()).toBe('0.4110885');
    expect(fixed(summary.firstYearTotals)).toEqual({
      aumFee: '0.41',
      oneTimeFee: '0.00',
      recurringPayment: '0.00',
      total: '0.41',
    });
    expect(summary.currency).toBeNull();
  });

  it('leaves out a part without an amount, and refuses parts in two currencies', () => {
    const unpriced = offerFeeSummary({ oneTimeFee: { amount: {}, isUpfront: false }, recurringPayment: undefined }, 0, {
      type: 'ON_START',
      date: '2027-03-01',
    });
    expect([unpriced.oneTimeFee, unpriced.firstYearTotals.total.toFixed()]).toEqual([null, '0']);

    const mixed = () =>
      offerFeeSummary(
        {
          oneTimeFee: { amount: { currency: 'CAD', value: 10 }, isUpfront: true },
          recurringPayment: { amount: { currency: 'USD', value: 10 }, frequency: { common: 'MONTHLY' } },
        },
        0,
        { type: 'ON_START', date: '2027-03-01' },
      );
    expect(mixed).toThrow(DomainError);
    expect(mixed).toThrow(FeeMessage.currenciesDiffer);
  });

  it('refuses an invalid start date even when no part needs it', () => {
    expect(() => offerFeeSummary({ aumFee: { feeRubric: { tiers } } }, 1, { type: 'ON_START', date: 'soon' })).toThrow(
      FeeMessage.dateInvalid('Start'),
    );
  });
});
