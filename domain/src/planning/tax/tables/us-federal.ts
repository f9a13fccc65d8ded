import type { UsFilingStatus } from '../../plans/enums.js';
import type { BracketSchedule } from '../brackets.js';

/** US federal income tax figures of one year. Amounts in USD, rates as fractions. */
export interface UsFederalYear {
  schedules: Readonly<Record<UsFilingStatus, BracketSchedule>>;
  standardDeduction: Readonly<Record<UsFilingStatus, number>>;
  /** The additional standard deduction per person 65 or older: unmarried (single, head of household) and married. */
  additionalAge65: { unmarried: number; married: number };
  /**
   * Qualified dividends and long-term capital gains: 0% up to `zeroRateTop`, 15% up to
   * `fifteenRateTop`, 20% above, by taxable income (IRC s. 1(h)).
   */
  zeroRateTop: Readonly<Record<UsFilingStatus, number>>;
  fifteenRateTop: Readonly<Record<UsFilingStatus, number>>;
  /**
   * The deduction for seniors of the One Big Beautiful Bill Act (Pub. L. 119-21, s. 70103), tax
   * years 2025-2028: per person 65+, reduced by `phaseOutRate` of modified AGI over the threshold.
   */
  seniorDeduction?: { amount: number; phaseOutRate: number; phaseOutFrom: { joint: number; other: number } };
  source: string;
}

const MFJ = 'MARRIED_FILING_JOINTLY';

/** Ordinary rates since 2018 (TCJA), made permanent by the OBBBA (2025). */
const RATES = [0.1, 0.12, 0.22, 0.24, 0.32, 0.35, 0.37];

const SENIOR_DEDUCTION = { amount: 6000, phaseOutRate: 0.06, phaseOutFrom: { joint: 150000, other: 75000 } };

/**
 * By year. Sources: IRS Rev. Proc. 2023-34 (2024), Rev. Proc. 2024-40 (2025) as amended by the
 * One Big Beautiful Bill Act (standard deduction $15,750 / $31,500 / $23,625 for 2025, OBBBA
 * s. 70102; the senior deduction, s. 70103), Rev. Proc. 2025-32 (2026).
 */
export const US_FEDERAL: Readonly<Record<number, UsFederalYear>> = {
  2024: {
    // Rev. Proc. 2023-34 s. 3.01 tables 1-4, s. 3.15 (standard deduction), s. 3.03 (maximum capital gains rate).
    schedules: {
      SINGLE: { thresholds: [11600, 47150, 100525, 191950, 243725, 609350], rates: RATES },
      [MFJ]: { thresholds: [23200, 94300, 201050, 383900, 487450, 731200], rates: RATES },
      MARRIED_FILING_SEPARATELY: { thresholds: [11600, 47150, 100525, 191950, 243725, 365600], rates: RATES },
      HEAD_OF_HOUSEHOLD: { thresholds: [16550, 63100, 100500, 191950, 243700, 609350], rates: RATES },
    },
    standardDeduction: { SINGLE: 14600, [MFJ]: 29200, MARRIED_FILING_SEPARATELY: 14600, HEAD_OF_HOUSEHOLD: 21900 },
    additionalAge65: { unmarried: 1950, married: 1550 },
    zeroRateTop: { SINGLE: 47025, [MFJ]: 94050, MARRIED_FILING_SEPARATELY: 47025, HEAD_OF_HOUSEHOLD: 63000 },
    fifteenRateTop: { SINGLE: 518900, [MFJ]: 583750, MARRIED_FILING_SEPARATELY: 291850, HEAD_OF_HOUSEHOLD: 551350 },
    source: 'IRS Rev. Proc. 2023-34',
  },
  2025: {
    // Rev. Proc. 2024-40 s. 3.01, s. 3.03; standard deduction as amended by OBBBA s. 70102.
    schedules: {
      SINGLE: { thresholds: [11925, 48475, 103350, 197300, 250525, 626350], rates: RATES },
      [MFJ]: { thresholds: [23850, 96950, 206700, 394600, 501050, 751600], rates: RATES },
      MARRIED_FILING_SEPARATELY: { thresholds: [11925, 48475, 103350, 197300, 250525, 375800], rates: RATES },
      HEAD_OF_HOUSEHOLD: { thresholds: [17000, 64850, 103350, 197300, 250500, 626350], rates: RATES },
    },
    standardDeduction: { SINGLE: 15750, [MFJ]: 31500, MARRIED_FILING_SEPARATELY: 15750, HEAD_OF_HOUSEHOLD: 23625 },
    additionalAge65: { unmarried: 2000, married: 1600 },
    zeroRateTop: { SINGLE: 48350, [MFJ]: 96700, MARRIED_FILING_SEPARATELY: 48350, HEAD_OF_HOUSEHOLD: 64750 },
    fifteenRateTop: { SINGLE: 533400, [MFJ]: 600050, MARRIED_FILING_SEPARATELY: 300000, HEAD_OF_HOUSEHOLD: 566700 },
    seniorDeduction: SENIOR_DEDUCTION,
    source: 'IRS Rev. Proc. 2024-40 and the One Big Beautiful Bill Act',
  },
  2026: {
    // Rev. Proc. 2025-32 (reflecting the OBBBA) s. 4.01, s. 4.03, standard deduction.
    schedules: {
      SINGLE: { thresholds: [12400, 50400, 105700, 201775, 256225, 640600], rates: RATES },
      [MFJ]: { thresholds: [24800, 100800, 211400, 403550, 512450, 768700], rates: RATES },
      MARRIED_FILING_SEPARATELY: { thresholds: [12400, 50400, 105700, 201775, 256225, 384350], rates: RATES },
      HEAD_OF_HOUSEHOLD: { thresholds: [17700, 67450, 105700, 201750, 256200, 640600], rates: RATES },
    },
    standardDeduction: { SINGLE: 16100, [MFJ]: 32200, MARRIED_FILING_SEPARATELY: 16100, HEAD_OF_HOUSEHOLD: 24150 },
    additionalAge65: { unmarried: 2050, married: 1650 },
    zeroRateTop: { SINGLE: 49450, [MFJ]: 98900, MARRIED_FILING_SEPARATELY: 49450, HEAD_OF_HOUSEHOLD: 66200 },
    fifteenRateTop: { SINGLE: 545500, [MFJ]: 613700, MARRIED_FILING_SEPARATELY: 306850, HEAD_OF_HOUSEHOLD: 579600 },
    seniorDeduction: SENIOR_DEDUCTION,
    source: 'IRS Rev. Proc. 2025-32',
  },
};

/** The senior deduction applies to tax years 2025 through 2028 only (OBBBA s. 70103). */
export const US_SENIOR_DEDUCTION_LAST_YEAR = 2028;

/**
 * Taxable Social Security (IRC s. 86): provisional income (other income + half the benefits) over
 * the base amount makes up to 50% taxable, over the adjusted base amount up to 85%. A married
 * person filing separately (who lived with the spouse) has base amounts of zero.
 */
export const US_SOCIAL_SECURITY_BASE: Readonly<Record<UsFilingStatus, { base: number; adjustedBase: number }>> = {
  SINGLE: { base: 25000, adjustedBase: 34000 },
  HEAD_OF_HOUSEHOLD: { base: 25000, adjustedBase: 34000 },
  [MFJ]: { base: 32000, adjustedBase: 44000 },
  MARRIED_FILING_SEPARATELY: { base: 0, adjustedBase: 0 },
};
