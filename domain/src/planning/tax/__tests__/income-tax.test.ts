import type { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { TaxProvince } from '../../../shared/regions/regions.js';
import type { UsFilingStatus } from '../../plans/enums.js';
import { DecimalArith } from '../../shared/arith.js';
import { householdIncomeTax } from '../income-tax.js';
import type { PersonTax, TaxableIncome, Taxpayer } from '../types.js';

type IncomeParts = Partial<Record<keyof TaxableIncome<Decimal>, number>>;

function income(parts: IncomeParts): TaxableIncome<Decimal> {
  const of = (value: number | undefined) => DecimalArith.of(value ?? 0);
  return {
    employment: of(parts.employment),
    eligiblePension: of(parts.eligiblePension),
    cppQpp: of(parts.cppQpp),
    oas: of(parts.oas),
    socialSecurity: of(parts.socialSecurity),
    otherOrdinary: of(parts.otherOrdinary),
    eligibleDividends: of(parts.eligibleDividends),
    capitalGains: of(parts.capitalGains),
  };
}

function canadian(personId: string, province: TaxProvince, age: number, parts: IncomeParts): Taxpayer<Decimal> {
  return { personId, age, country: 'CA', province, usFilingStatus: null, income: income(parts) };
}

function american(personId: string, status: UsFilingStatus, age: number, parts: IncomeParts): Taxpayer<Decimal> {
  return { personId, age, country: 'US', province: null, usFilingStatus: status, income: income(parts) };
}

function tax(year: number, taxpayers: Taxpayer<Decimal>[], pensionIncomeSplitting = false): PersonTax<Decimal>[] {
  return householdIncomeTax(DecimalArith, { year, taxpayers, pensionIncomeSplitting, explain: true });
}

function only(result: PersonTax<Decimal>[]): PersonTax<Decimal> {
  expect(result).toHaveLength(1);
  return result[0] as PersonTax<Decimal>;
}

const fixed = (value: Decimal) => value.toFixed(2);

describe('Canada: federal and Ontario tax, 2025', () => {
  it('taxes $80,000 of employment income in Ontario', () => {
    // By hand (CRA 2025 figures, lowest rate 14.5%):
    // federal brackets: 14.5% x 57,375 = 8,319.375; 20.5% x (80,000 - 57,375 = 22,625) = 4,638.125;
    //   sum 12,957.50; credits: basic personal amount 16,129 x 14.5% = 2,338.705;
    //   federal = 12,957.50 - 2,338.705 = 10,618.795 -> 10,618.80.
    // Ontario brackets: 5.05% x 52,886 = 2,670.743; 9.15% x (80,000 - 52,886 = 27,114) = 2,480.931;
    //   sum 5,151.674; credits 12,747 x 5.05% = 643.7235; after credits 4,507.9505 (under the
    //   $5,710 surtax threshold: no surtax); health premium at $80,000: 600 + 25% x 8,000 capped
    //   at 750 = 750; Ontario = 5,257.9505 -> 5,257.95.
    // total = 10,618.80 + 5,257.95 = 15,876.75.
    const person = only(tax(2025, [canadian('p1', 'ONTARIO', 40, { employment: 80000 })]));
    expect(fixed(person.taxableIncome)).toBe('80000.00');
    expect(fixed(person.federal)).toBe('10618.80');
    expect(fixed(person.provincial)).toBe('5257.95');
    expect(fixed(person.oasClawback)).toBe('0.00');
    expect(fixed(person.total)).toBe('15876.75');
    expect(person.explanations.federal?.text).toBe(
      'Federal tax on $80,000.00 taxable income (2025): 14.5% of $57,375.00 + 20.5% of $22,625.00 = $12,957.50, ' +
        'less credits of $2,338.71 (14.5% of basic personal amount $16,129.00) = $10,618.80',
    );
    expect(person.explanations.federal?.rule).toContain('2025');
    expect(person.explanations.provincial?.text).toContain('plus the Ontario Health Premium $750.00 = $5,257.95');
  });

  it('adds the Ontario surtax above its thresholds', () => {
    // $150,000, 2025. Ontario brackets: 2,670.743 + 9.15% x 52,889 (= 4,839.3435)
    //   + 11.16% x (150,000 - 105,775 = 44,225) (= 4,935.51) = 12,445.5965; less 643.7235 = 11,801.873.
    // surtax: 20% x (11,801.873 - 5,710) = 1,218.3746 + 36% x (11,801.873 - 7,307) = 1,618.15428;
    //   = 2,836.52888; health premium at $150,000 = 750 (capped).
    // Ontario = 11,801.873 + 2,836.52888 + 750 = 15,388.40188 -> 15,388.40.
    const person = only(tax(2025, [canadian('p1', 'ONTARIO', 40, { employment: 150000 })]));
    expect(fixed(person.provincial)).toBe('15388.40');
    expect(person.explanations.provincial?.text).toContain('plus surtax $2,836.53');
  });
});

describe('Canada: a Quebec resident', () => {
  it('reduces basic federal tax by the 16.5% abatement and pays Quebec tax', () => {
    // Federal before abatement as for Ontario: 10,618.795; abatement 16.5% = 1,752.101175;
    //   federal = 8,866.693825 -> 8,866.69.
    // Quebec: 14% x 53,255 = 7,455.70; 19% x (80,000 - 53,255 = 26,745) = 5,081.55; sum 12,537.25;
    //   credits 18,571 x 14% = 2,599.94; Quebec = 9,937.31.
    const person = only(tax(2025, [canadian('p1', 'QUEBEC', 40, { employment: 80000 })]));
    expect(fixed(person.federal)).toBe('8866.69');
    expect(fixed(person.provincial)).toBe('9937.31');
    expect(fixed(person.total)).toBe('18804.00');
    expect(person.explanations.federal?.text).toContain('less the Quebec abatement 16.5% of $10,618.80 = $1,752.10');
  });
});

describe('Canada: dividends, gains, age and pension credits', () => {
  it('grosses up eligible dividends, includes half of gains and gives the dividend tax credit', () => {
    // 2025, Ontario, age 40: dividends 10,000 -> 13,800 grossed up; gains 10,000 -> 5,000.
    // taxable = 18,800. Federal: 14.5% x 18,800 = 2,726 - 2,338.705 - 15.0198% x 13,800 (= 2,072.7324)
    //   < 0 -> 0. Ontario: 5.05% x 18,800 = 949.40 - 643.7235 = 305.6765 - 10% x 13,800 < 0 -> 0;
    //   health premium at $18,800: none. Total 0.
    const person = only(tax(2025, [canadian('p1', 'ONTARIO', 40, { eligibleDividends: 10000, capitalGains: 10000 })]));
    expect(fixed(person.taxableIncome)).toBe('18800.00');
    expect(fixed(person.total)).toBe('0.00');
  });

  it('gives a retiree the age and pension amounts', () => {
    // 2025, Ontario, age 70: pension 30,000 + CPP 10,000 + OAS 8,800 = net 48,800.
    // Federal: 14.5% x 48,800 = 7,076; age amount 9,028 - 15% x (48,800 - 45,522 = 3,278) = 8,536.30;
    //   credits 14.5% x (16,129 + 8,536.30 + 2,000 = 26,665.30) = 3,866.4685; federal = 3,209.5315 -> 3,209.53.
    // Ontario: 5.05% x 48,800 = 2,464.40; age 6,223 - 15% x (48,800 - 46,330 = 2,470) = 5,852.50;
    //   credits 5.05% x (12,747 + 5,852.50 + 1,762 = 20,361.50) = 1,028.25575; after credits 1,436.14425;
    //   health premium in the 48,000-72,000 tier: min(600, 450 + 25% x 800 = 650) = 600;
    //   Ontario = 2,036.14425 -> 2,036.14.
    const person = only(
      tax(2025, [canadian('p1', 'ONTARIO', 70, { eligiblePension: 30000, cppQpp: 10000, oas: 8800 })]),
    );
    expect(fixed(person.federal)).toBe('3209.53');
    expect(fixed(person.provincial)).toBe('2036.14');
    expect(person.explanations.federal?.text).toContain('age amount $8,536.30 + pension amount $2,000.00');
  });
});

describe('Canada: OAS recovery tax', () => {
  it('recovers 15% of net income over the threshold', () => {
    // 2025: net = 120,000 + 8,800 = 128,800; 15% x (128,800 - 93,454) = 5,301.90 (< OAS 8,800).
    // taxable = 128,800 - 5,301.90 = 123,498.10.
    const person = only(tax(2025, [canadian('p1', 'ONTARIO', 70, { otherOrdinary: 120000, oas: 8800 })]));
    expect(fixed(person.oasClawback)).toBe('5301.90');
    expect(fixed(person.taxableIncome)).toBe('123498.10');
    expect(person.total.toFixed(2)).toBe(person.federal.plus(person.provincial).plus(person.oasClawback).toFixed(2));
  });

  it('recovers at most the OAS received', () => {
    // 15% x (208,800 - 93,454) = 17,301.90 > 8,800 -> 8,800.
    const person = only(tax(2025, [canadian('p1', 'ONTARIO', 70, { otherOrdinary: 200000, oas: 8800 })]));
    expect(fixed(person.oasClawback)).toBe('8800.00');
  });
});

describe('Canada: pension income splitting', () => {
  it('moves pension income to the spouse with less income and lowers the household tax', () => {
    const couple = [
      canadian('a', 'ONTARIO', 70, { eligiblePension: 80000, oas: 8800 }),
      canadian('b', 'ONTARIO', 70, { oas: 8800 }),
    ];
    const without = tax(2025, couple, false);
    const withSplit = tax(2025, couple, true);
    const total = (people: PersonTax<Decimal>[]) => people.reduce((sum, p) => sum.plus(p.total), DecimalArith.zero);
    const [a, b] = withSplit as [PersonTax<Decimal>, PersonTax<Decimal>];
    expect(a.pensionSplitAmount.isNegative()).toBe(true);
    expect(b.pensionSplitAmount.eq(a.pensionSplitAmount.neg())).toBe(true);
    // At most half of the transferor's eligible pension income.
    expect(b.pensionSplitAmount.lte(40000)).toBe(true);
    expect(total(withSplit).lt(total(without))).toBe(true);
    // No split on a $250 grid does better than the one chosen.
    for (let moved = 0; moved <= 40000; moved += 250) {
      const manual = tax(2025, [
        canadian('a', 'ONTARIO', 70, { eligiblePension: 80000 - moved, oas: 8800 }),
        canadian('b', 'ONTARIO', 70, { eligiblePension: moved, oas: 8800 }),
      ]);
      expect(total(withSplit).lte(total(manual))).toBe(true);
    }
    expect(b.explanations.taxableIncome?.text).toContain(
      `pension income split: ${'$' + Number(b.pensionSplitAmount.toFixed(2)).toLocaleString('en-US', { minimumFractionDigits: 2 })} received from the spouse`,
    );
  });
});

describe('United States: federal tax', () => {
  it('taxes a single filer (2025, Rev. Proc. 2024-40 brackets, OBBBA standard deduction)', () => {
    // taxable = 100,000 - 15,750 = 84,250.
    // 10% x 11,925 = 1,192.50; 12% x (48,475 - 11,925 = 36,550) = 4,386; 22% x (84,250 - 48,475 = 35,775)
    //   = 7,870.50; total 13,449.00 (the IRS worksheet: 22% x 84,250 - 5,086 = 13,449).
    const person = only(tax(2025, [american('p1', 'SINGLE', 40, { employment: 100000 })]));
    expect(fixed(person.taxableIncome)).toBe('84250.00');
    expect(fixed(person.federal)).toBe('13449.00');
    expect(fixed(person.provincial)).toBe('0.00');
    expect(fixed(person.total)).toBe('13449.00');
    expect(person.explanations.provincial?.text).toBe('State and local income tax is not modelled: zero');
  });

  it('taxes a married couple filing jointly on combined income and shares the tax by income', () => {
    // combined 120,000 + 30,000 = 150,000; taxable = 150,000 - 31,500 = 118,500.
    // 10% x 23,850 = 2,385; 12% x (96,950 - 23,850 = 73,100) = 8,772; 22% x (118,500 - 96,950 = 21,550)
    //   = 4,741; joint tax 15,898 (IRS worksheet: 22% x 118,500 - 10,172 = 15,898).
    // shares 120/150 = 80% -> 12,718.40 and taxable 94,800; 20% -> 3,179.60 and 23,700.
    const [a, b] = tax(2025, [
      american('a', 'MARRIED_FILING_JOINTLY', 40, { employment: 120000 }),
      american('b', 'MARRIED_FILING_JOINTLY', 40, { employment: 30000 }),
    ]) as [PersonTax<Decimal>, PersonTax<Decimal>];
    expect(fixed(a.federal)).toBe('12718.40');
    expect(fixed(b.federal)).toBe('3179.60');
    expect(fixed(a.taxableIncome)).toBe('94800.00');
    expect(fixed(b.taxableIncome)).toBe('23700.00');
    expect(a.explanations.federal?.text).toContain('joint tax $15,898.00');
  });

  it('taxes long-term gains at 0% and 15% on top of ordinary income', () => {
    // 2025 single: AGI 40,000 + 30,000 = 70,000; taxable 54,250; ordinary part 24,250.
    // ordinary: 1,192.50 + 12% x (24,250 - 11,925 = 12,325) = 1,479 -> 2,671.50.
    // gains from 24,250 to 54,250: 0% up to 48,350 (24,100), 15% x 5,900 = 885. total 3,556.50.
    const person = only(tax(2025, [american('p1', 'SINGLE', 40, { otherOrdinary: 40000, capitalGains: 30000 })]));
    expect(fixed(person.federal)).toBe('3556.50');
  });

  it('taxes part of Social Security by provisional income and gives seniors their deductions', () => {
    // 2025 single, 70: benefits 30,000, other 30,000; provisional = 30,000 + 15,000 = 45,000.
    // first tier: min(15,000, 50% x min(45,000 - 25,000, 9,000)) = 4,500; 85% x (45,000 - 34,000) = 9,350;
    //   taxable benefits = min(25,500, 13,850) = 13,850. AGI = 43,850.
    // deductions: 15,750 + 2,000 (65+) + 6,000 (OBBBA senior deduction, AGI under 75,000) = 23,750.
    // taxable = 20,100; tax = 1,192.50 + 12% x 8,175 (= 981) = 2,173.50.
    const person = only(tax(2025, [american('p1', 'SINGLE', 70, { otherOrdinary: 30000, socialSecurity: 30000 })]));
    expect(fixed(person.taxableIncome)).toBe('20100.00');
    expect(fixed(person.federal)).toBe('2173.50');
  });
});

describe('explanations', () => {
  it('are built only when asked (the Monte Carlo does not ask)', () => {
    const [person] = householdIncomeTax(DecimalArith, {
      year: 2025,
      taxpayers: [canadian('p1', 'ONTARIO', 70, { eligiblePension: 50000, oas: 8800 })],
      pensionIncomeSplitting: false,
      explain: false,
    });
    expect(person?.explanations).toEqual({});
    const explained = only(tax(2025, [canadian('p1', 'ONTARIO', 70, { eligiblePension: 50000, oas: 8800 })]));
    expect(Object.keys(explained.explanations).sort()).toEqual([
      'federal',
      'oasClawback',
      'provincial',
      'taxableIncome',
    ]);
    expect(explained.explanations.taxableIncome?.inputs).toContainEqual({ label: 'OAS pension', value: '$8,800.00' });
  });
});

describe('years outside the tables', () => {
  it('uses the last known table after it and the first before it, and says so', () => {
    const after = only(tax(2031, [canadian('p1', 'ONTARIO', 40, { employment: 80000 })]));
    const last = only(tax(2026, [canadian('p1', 'ONTARIO', 40, { employment: 80000 })]));
    expect(fixed(after.total)).toBe(fixed(last.total));
    expect(after.explanations.federal?.rule).toContain('2031 not yet published: the 2026 table is used');
    const before = only(tax(2019, [american('p1', 'SINGLE', 40, { employment: 80000 })]));
    const first = only(tax(2024, [american('p1', 'SINGLE', 40, { employment: 80000 })]));
    expect(fixed(before.federal)).toBe(fixed(first.federal));
  });
});
