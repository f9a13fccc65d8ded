import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountGroupFor } from '../../accounts/account-groups.js';
import { isLiability } from '../../accounts/balance-sheet.js';
import { FinancialRecordType } from '../../records/enums.js';
import type { CurrencyCode } from '../../../shared/money/currency.js';
import { Money } from '../../../shared/money/money.js';
import {
  FxConverter,
  investmentAccountAttributes,
  orderRecords,
  ownerKindOfId,
  ownershipProblems,
  pensionFieldProblems,
  pensionPayoutOf,
  recordValue,
  summariseFinancialView,
  type StoredFxRate,
} from '../../index.js';

const rate = (date: string, base: CurrencyCode, quote: CurrencyCode, value: string): StoredFxRate => ({
  id: `fx_rate-${base}${quote}${date}`,
  date,
  base,
  quote,
  rate: value,
  source: null,
});

describe('ownership (foundations §5)', () => {
  it('lets only one person own a defined-benefit pension', () => {
    const pension = { recordType: 'DEFINED_BENEFIT_PENSION', isJoint: false } as const;
    expect(ownershipProblems({ ...pension, ownerKinds: ['Person'] })).toEqual([]);
    expect(ownershipProblems({ ...pension, ownerKinds: ['Trust'] })).toEqual([
      'A defined-benefit pension can only be owned by a person',
    ]);
    expect(ownershipProblems({ ...pension, ownerKinds: ['Person', 'Person'] })).toEqual([
      'A defined-benefit pension cannot be owned jointly',
    ]);
    expect(ownershipProblems({ ...pension, ownerKinds: [], isJoint: true })).toEqual([
      'A defined-benefit pension cannot be owned jointly',
    ]);
  });

  it('gives investment accounts the owner kinds of their type, and never joint FHSA, 529, ESA, UGMA, UTMA, HSA', () => {
    const account = (
      accountType: 'TFSA' | 'NRSP' | 'FHSA' | 'ACCOUNT_529' | 'HSA',
      ownerKinds: ('Person' | 'Trust')[],
    ) => ownershipProblems({ recordType: 'INVESTMENT_ACCOUNT', accountType, ownerKinds, isJoint: false });
    expect(account('TFSA', ['Trust'])).toEqual(['TFSA accounts can only be owned by a person']);
    expect(account('NRSP', ['Trust', 'Person'])).toEqual([]);
    expect(account('TFSA', ['Person', 'Person'])).toEqual([]);
    expect(account('FHSA', ['Person', 'Person'])).toEqual(['FHSA accounts cannot be owned jointly']);
    expect(account('ACCOUNT_529', ['Person', 'Person'])).toEqual(['529 Plan accounts cannot be owned jointly']);
    expect(
      ownershipProblems({ recordType: 'INVESTMENT_ACCOUNT', accountType: 'HSA', ownerKinds: [], isJoint: true }),
    ).toEqual(['HSA accounts cannot be owned jointly']);
  });

  it('lets bank accounts and every other record be owned by anyone, jointly', () => {
    for (const recordType of ['BANK_ACCOUNT', 'LOAN', 'REAL_ESTATE_PROPERTY'] as const) {
      expect(
        ownershipProblems({ recordType, ownerKinds: ['Person', 'Corporation', 'Trust', 'Foundation'], isJoint: true }),
      ).toEqual([]);
    }
  });

  it('reads the owner kind from an id', () => {
    expect(ownerKindOfId('person-AAAAAAAAAAAAAAAAAAAAA')).toBe('Person');
    expect(ownerKindOfId('foundation-AAAAAAAAAAAAAAAAAAAAA')).toBe('Foundation');
    expect(ownerKindOfId('team-AAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
  });
});

describe('investment account attributes', () => {
  it('derives tax status and jurisdiction, and lets them be chosen only for types of both countries', () => {
    expect(investmentAccountAttributes('TFSA', {})).toEqual({
      taxStatus: 'TAX_EXEMPT',
      jurisdiction: 'CA',
      problems: [],
    });
    expect(investmentAccountAttributes('CASH', { jurisdiction: 'US', taxStatus: 'TAX_DEFERRED' })).toEqual({
      taxStatus: 'TAX_DEFERRED',
      jurisdiction: 'US',
      problems: [],
    });
    expect(investmentAccountAttributes('ROTH_IRA', { jurisdiction: 'CA', taxStatus: 'TAXABLE' }).problems).toEqual([
      { path: 'taxStatus', message: 'Tax status cannot be chosen for Roth IRA accounts' },
      { path: 'jurisdiction', message: 'Jurisdiction cannot be chosen for Roth IRA accounts' },
    ]);
    // Repeating the type's own values is not a choice.
    expect(investmentAccountAttributes('RRSP', { jurisdiction: 'CA', taxStatus: 'TAX_DEFERRED' }).problems).toEqual([]);
  });
});

describe('defined-benefit pension records', () => {
  const flat = {
    formulaType: 'FLAT_BENEFIT',
    serviceStartDate: '2000-01-01',
    serviceEndDate: '2025-01-01',
    amountPerYear: { value: '1200', currency: 'CAD' },
    expectedYearsInRetirement: '20',
    earlyRetirementPenaltyPercentPerYear: '0',
    discountRatePercent: '4',
  };

  it('requires each formula its inputs, dates in order and one currency', () => {
    expect(pensionFieldProblems({ formulaType: 'CAREER_AVERAGE_EARNINGS', serviceStartDate: '2000-01-01' })).toEqual([
      { path: 'averageSalary', message: 'Average salary is required' },
      { path: 'accrualRatePercent', message: 'Accrual rate is required' },
    ]);
    expect(
      pensionFieldProblems({
        ...flat,
        serviceEndDate: '1999-12-31',
        accruedAmountCap: { value: '10', currency: 'USD' },
      }),
    ).toEqual([
      { path: 'serviceEndDate', message: 'Service end date must not be before the service start date' },
      { path: 'averageSalary', message: 'All amounts of a pension must be in the same currency' },
    ]);
    expect(pensionFieldProblems(flat)).toEqual([]);
    expect(pensionFieldProblems({ formulaType: 'OTHER', serviceStartDate: '2000-01-01' })).toEqual([]);
  });

  it('pays out with the domain calculator and counts at its commuted value', () => {
    const payout = pensionPayoutOf(flat, new Date('2030-01-01T00:00:00Z'));
    expect(payout).toEqual({
      yearsOfService: '25.0',
      accruedAnnualBenefit: { value: '30000', currency: 'CAD' },
      earlyRetirementReduction: '0',
      annualPayout: { value: '30000', currency: 'CAD' },
      commutedValue: { value: '407709.79', currency: 'CAD' },
      error: null,
    });
    expect(recordValue('DEFINED_BENEFIT_PENSION', flat, payout)?.toJSON()).toEqual({
      value: '407709.79',
      currency: 'CAD',
    });
  });

  it('accrues to the valuation date while service has not ended, with no commuted value without retirement years', () => {
    const { serviceEndDate: _end, expectedYearsInRetirement: _years, ...open } = flat;
    const payout = pensionPayoutOf(open, new Date('2010-07-01T00:00:00Z'));
    expect(payout.yearsOfService).toBe('10.5');
    expect(payout.annualPayout).toEqual({ value: '12600', currency: 'CAD' });
    expect(payout.commutedValue).toBeNull();
  });

  it('says why an OTHER formula has no payout', () => {
    const payout = pensionPayoutOf({ formulaType: 'OTHER', serviceStartDate: '2000-01-01' }, new Date());
    expect(payout).toMatchObject({
      annualPayout: null,
      error: 'Cannot calculate payout for OTHER benefit formula type',
    });
    expect(recordValue('DEFINED_BENEFIT_PENSION', {}, payout)).toBeNull();
  });
});

describe('record values', () => {
  it('takes each type its own figure', () => {
    const money = (value: string) => ({ value, currency: 'USD' });
    expect(recordValue('BANK_ACCOUNT', { balance: money('10') }, null)?.toJSON()).toEqual(money('10'));
    expect(recordValue('MORTGAGE', { balance: money('250000') }, null)?.toJSON()).toEqual(money('250000'));
    expect(recordValue('INVESTMENT_ACCOUNT', { marketValue: money('5') }, null)?.toJSON()).toEqual(money('5'));
    expect(recordValue('REAL_ASSET', { value: money('7') }, null)?.toJSON()).toEqual(money('7'));
    expect(
      recordValue('INSURANCE_POLICY', { cashValue: money('8'), faceAmount: money('1000') }, null)?.toJSON(),
    ).toEqual(money('8'));
    expect(
      recordValue(
        'COMPANY_EQUITY',
        { quantity: '100.5', pricePerShare: money('2.25'), currentValue: null },
        null,
      )?.toJSON(),
    ).toEqual(money('226.125'));
    expect(recordValue('LOAN', { balance: null }, null)).toBeNull();
  });
});

describe('exchange rates', () => {
  const rates = [
    rate('2024-01-01', 'USD', 'CAD', '1.30'),
    rate('2024-06-01', 'USD', 'CAD', '1.35'),
    rate('2024-03-01', 'CAD', 'EUR', '0.68'),
  ];

  it('uses the latest rate of the pair, stored either way round', () => {
    const toCad = new FxConverter('CAD', rates);
    expect(toCad.convert(Money.of(100, 'USD')).toJSON()).toEqual({ value: '135', currency: 'CAD' });
    // 100 EUR / 0.68 = 147.0588235...
    expect(toCad.convert(Money.of(100, 'EUR')).toJSON()).toEqual({ value: '147.0588', currency: 'CAD' });
    expect(toCad.ratesUsed(['USD', 'EUR', 'CAD']).map((used) => used.date)).toEqual(['2024-06-01', '2024-03-01']);
    expect(new FxConverter('USD', rates).convert(Money.of(135, 'CAD')).toJSON()).toEqual({
      value: '100',
      currency: 'USD',
    });
  });

  it("prefers the direct rate on a tie and leaves the target's own amounts alone", () => {
    const tie = [rate('2024-01-01', 'CAD', 'USD', '0.5'), rate('2024-01-01', 'USD', 'CAD', '1.25')];
    expect(new FxConverter('CAD', tie).convert(Money.of(2, 'USD')).value.toFixed()).toBe('2.5');
    expect(new FxConverter('CAD', []).convert(Money.of(2, 'CAD')).value.toFixed()).toBe('2');
  });

  it('never converts 1:1 without a rate: the spec money errors, naming the currency', () => {
    const error = (message: string) =>
      expect.objectContaining({ code: 'ERR_INVALID_PROPS', message, details: [{ path: 'currency', message }] });
    expect(() => new FxConverter('CAD', []).convert(Money.of(1, 'USD'))).toThrowError(error('Currency rates not set'));
    expect(() => new FxConverter('GBP', rates).convert(Money.of(1, 'USD'))).toThrowError(
      error('No rate found for target currency GBP'),
    );
    expect(() => new FxConverter('CAD', rates).convert(Money.of(1, 'JPY'))).toThrowError(
      error('No rate found for currency JPY'),
    );
  });
});

describe('financial view totals', () => {
  const currencies = ['CAD', 'USD', 'EUR'] as const;
  const record = fc.record({
    type: fc.constantFrom(...FinancialRecordType),
    currency: fc.constantFrom(...currencies),
    cents: fc.option(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), { nil: null }),
  });
  const positiveRate = fc.integer({ min: 1, max: 10 ** 9 }).map((micro) => (micro / 10 ** 6).toFixed(6));

  it('property: every total is the sum of its records, in any currency pair with rates set', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 25 }),
        fc.constantFrom(...currencies),
        positiveRate,
        positiveRate,
        (records, target, usdCad, eurCad) => {
          const converter = new FxConverter(target, [
            rate('2024-01-01', 'USD', 'CAD', usdCad),
            rate('2024-01-01', 'EUR', 'CAD', eurCad),
            rate('2024-01-01', 'USD', 'EUR', (Number(usdCad) / Number(eurCad)).toFixed(12)),
          ]);
          const valued = records.map((item) => ({
            type: item.type,
            accountGroup: accountGroupFor(item.type),
            converted:
              item.cents === null ? null : converter.convert(Money.of(String(item.cents), item.currency).divide(100)),
          }));
          const totals = summariseFinancialView(valued, target);
          const sum = (keep: (entry: (typeof valued)[number]) => boolean) =>
            Money.sum(
              valued.filter(keep).flatMap((entry) => (entry.converted ? [entry.converted] : [])),
              target,
            );
          expect(totals.totalDebt.equals(sum((entry) => isLiability(entry.type)))).toBe(true);
          expect(totals.totalAssets.equals(sum((entry) => !isLiability(entry.type)))).toBe(true);
          expect(totals.netWorth.equals(totals.totalAssets.subtract(totals.totalDebt))).toBe(true);
          for (const group of totals.accountGroups) {
            expect(group.total.equals(sum((entry) => entry.accountGroup === group.group))).toBe(true);
          }
          const snapshots = Money.sum(
            totals.snapshotGroups.map((group) => group.total),
            target,
          );
          expect(snapshots.equals(totals.totalAssets.add(totals.totalDebt))).toBe(true);
        },
      ),
    );
  });
});

describe('record order', () => {
  const account = (
    accountType: 'CASH' | 'TFSA' | 'RRSP' | 'LIRA' | 'OTHER' | 'ACCOUNT_401K',
    displayName: string = accountType,
  ) => ({
    accountGroup: 'INVESTMENT' as const,
    accountType,
    displayName,
  });

  it('orders groups, then investment accounts as the spec orders them, then by name', () => {
    const ordered = orderRecords(
      [
        { accountGroup: 'MORTGAGES' as const, displayName: 'Home mortgage' },
        account('OTHER'),
        { accountGroup: 'INVESTMENT' as const, displayName: 'Pension' },
        account('LIRA'),
        account('RRSP'),
        account('TFSA', 'b TFSA'),
        account('TFSA', 'a TFSA'),
        account('CASH'),
        { accountGroup: 'BANKING' as const, displayName: 'Chequing' },
      ],
      ['CA'],
    );
    expect(ordered.map((record) => record.displayName)).toEqual([
      'Chequing',
      'CASH',
      'a TFSA',
      'b TFSA',
      'RRSP',
      'LIRA',
      'OTHER',
      'Pension',
      'Home mortgage',
    ]);
    expect(orderRecords([account('RRSP'), account('ACCOUNT_401K')], ['US']).map((r) => r.accountType)).toEqual([
      'ACCOUNT_401K',
      'RRSP',
    ]);
  });
});
