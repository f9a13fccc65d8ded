import type { BracketSchedule } from '../brackets.js';

/** Canada's federal income tax figures of one year. Amounts in CAD, rates as fractions. */
export interface CaFederalYear {
  schedule: BracketSchedule;
  /** The basic personal amount: `max` up to the fourth bracket's threshold, falling evenly to `min` at the fifth. */
  basicPersonalAmount: { max: number; min: number; reductionFrom: number; reductionTo: number };
  /** The age amount (65+): reduced by `reductionRate` of net income over `threshold`. */
  ageAmount: { amount: number; threshold: number; reductionRate: number };
  /** The pension income amount: eligible pension income up to this figure. */
  pensionAmount: number;
  /** The OAS recovery tax: `rate` of net income over `threshold`, at most the OAS received. */
  oasRecovery: { threshold: number; rate: number };
  source: string;
}

/** Eligible dividends are grossed up by 38% (ITA s. 82(1)(b)(ii)); the same every year since 2019. */
export const CA_ELIGIBLE_DIVIDEND_GROSS_UP = 0.38;
/** Federal dividend tax credit on eligible dividends: 6/11 of the gross-up = 15.0198% of the grossed-up dividend (ITA s. 121). */
export const CA_FEDERAL_ELIGIBLE_DIVIDEND_CREDIT = 0.150198;
/** One half of a capital gain is taxable (ITA s. 38(a)); the proposed 2/3 inclusion was cancelled in March 2025. */
export const CA_CAPITAL_GAINS_INCLUSION = 0.5;
/** Quebec residents reduce their basic federal tax by 16.5% (the Quebec abatement, ITA s. 120(2)). */
export const CA_QUEBEC_ABATEMENT = 0.165;
/**
 * A Canadian resident is taxed on 85% of US Social Security benefits (Canada-US tax convention,
 * art. XVIII(5)(a)).
 */
export const CA_US_SOCIAL_SECURITY_INCLUSION = 0.85;

/**
 * By year. Sources: CRA T4127 Payroll Deductions Formulas and T4032 tables (January editions) and
 * TD1 (federal) forms of each year; CRA "Tax rates and income brackets for individuals"; OAS
 * recovery threshold from CRA "Old Age Security pension recovery tax" (income year).
 * The lowest rate is 15% to 2024, 14.5% for 2025 (14% from 1 July 2025, a blended 14.5% for the
 * year: Bill C-4 / Notice of Ways and Means Motion, 2025) and 14% from 2026; non-refundable
 * credits are computed at the same lowest rate.
 */
export const CA_FEDERAL: Readonly<Record<number, CaFederalYear>> = {
  2024: {
    // T4032 / TD1 2024 (indexation 4.7%).
    schedule: { thresholds: [55867, 111733, 173205, 246752], rates: [0.15, 0.205, 0.26, 0.29, 0.33] },
    basicPersonalAmount: { max: 15705, min: 14156, reductionFrom: 173205, reductionTo: 246752 },
    ageAmount: { amount: 8790, threshold: 44325, reductionRate: 0.15 },
    pensionAmount: 2000,
    // OAS recovery threshold, 2024 income year: $90,997.
    oasRecovery: { threshold: 90997, rate: 0.15 },
    source: 'CRA T4032 and TD1 2024',
  },
  2025: {
    // T4032 / TD1 2025 (indexation 2.7%); lowest rate 14.5% blended (T4127 July 2025 edition).
    schedule: { thresholds: [57375, 114750, 177882, 253414], rates: [0.145, 0.205, 0.26, 0.29, 0.33] },
    basicPersonalAmount: { max: 16129, min: 14538, reductionFrom: 177882, reductionTo: 253414 },
    ageAmount: { amount: 9028, threshold: 45522, reductionRate: 0.15 },
    pensionAmount: 2000,
    // OAS recovery threshold, 2025 income year: $93,454.
    oasRecovery: { threshold: 93454, rate: 0.15 },
    source: 'CRA T4032 and TD1 2025 (July 2025 edition, 14.5% lowest rate)',
  },
  2026: {
    // T4032 / TD1 2026 (indexation 2.0%); lowest rate 14%.
    schedule: { thresholds: [58523, 117045, 181440, 258482], rates: [0.14, 0.205, 0.26, 0.29, 0.33] },
    basicPersonalAmount: { max: 16452, min: 14829, reductionFrom: 181440, reductionTo: 258482 },
    ageAmount: { amount: 9208, threshold: 46432, reductionRate: 0.15 },
    pensionAmount: 2000,
    // OAS recovery threshold, 2026 income year: $95,323.
    oasRecovery: { threshold: 95323, rate: 0.15 },
    source: 'CRA T4032 and TD1 2026',
  },
};
