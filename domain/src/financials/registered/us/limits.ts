import type { FigureTable } from '../lookup.js';

// US contribution limits by tax year. Every figure names its source; years after the last entry use
// the last known figure (the lookup in lookup.ts does this), so a projection past 2026 holds the 2026
// limits flat in nominal dollars until the tables are extended.
//
// Sources: IRS Notice 2022-55 (2023), Notice 2023-75 (2024), Notice 2024-80 (2025), Notice 2025-67
// (2026) for retirement plans and IRAs; Rev. Proc. 2022-24 (2023), 2023-23 (2024), 2024-25 (2025),
// 2025-19 (2026) for HSAs; SECURE 2.0 Act (Pub. L. 117-328) §109 for the age 60-63 catch-up and §108
// for indexing the IRA catch-up from 2024 (first increased for 2026).

/** The first year the US tables cover; earlier years are refused rather than guessed. */
export const US_LIMITS_FIRST_YEAR = 2023;
/** The last year with published figures; later years repeat it. */
export const US_LIMITS_LAST_KNOWN_YEAR = 2026;

/**
 * Elective deferral limit, IRC §402(g)(1): 401(k), 403(b), the federal TSP, and (separately, §457(e)(15))
 * governmental 457(b). Roth 401(k)/403(b) deferrals share the same limit with pre-tax deferrals.
 */
export const US_ELECTIVE_DEFERRAL_LIMITS: FigureTable = {
  2023: 22500, // Notice 2022-55
  2024: 23000, // Notice 2023-75
  2025: 23500, // Notice 2024-80
  2026: 24500, // Notice 2025-67
};

/** Catch-up for age 50 or older by year end, IRC §414(v)(2)(B)(i) (401(k), 403(b), governmental 457(b)). */
export const US_CATCH_UP_50_LIMITS: FigureTable = {
  2023: 7500, // Notice 2022-55
  2024: 7500, // Notice 2023-75
  2025: 7500, // Notice 2024-80
  2026: 8000, // Notice 2025-67
};

/**
 * The higher catch-up for those who reach 60, 61, 62 or 63 in the year (SECURE 2.0 §109, from 2025):
 * the greater of $10,000 (indexed) and 150% of the 2024 regular catch-up. It replaces, not adds to,
 * the age-50 catch-up.
 */
export const US_CATCH_UP_60_TO_63_LIMITS: FigureTable = {
  2025: 11250, // Notice 2024-80
  2026: 11250, // Notice 2025-67
};

/** The first year of the age 60-63 catch-up (SECURE 2.0 §109). */
export const US_CATCH_UP_60_TO_63_FIRST_YEAR = 2025;
export const US_CATCH_UP_60_TO_63_MIN_AGE = 60;
export const US_CATCH_UP_60_TO_63_MAX_AGE = 63;
/** Catch-ups for 401(k)/403(b)/457(b)/SIMPLE/IRA start at 50 (IRC §414(v)(5), §219(b)(5)(B)). */
export const US_CATCH_UP_AGE = 50;

/** IRA contribution limit, IRC §219(b)(5)(A), shared between traditional and Roth IRAs. */
export const US_IRA_LIMITS: FigureTable = {
  2023: 6500, // Notice 2022-55
  2024: 7000, // Notice 2023-75
  2025: 7000, // Notice 2024-80
  2026: 7500, // Notice 2025-67
};

/** IRA catch-up at 50+, IRC §219(b)(5)(B): $1,000, indexed from 2024 by SECURE 2.0 §108; first raised for 2026. */
export const US_IRA_CATCH_UP_LIMITS: FigureTable = {
  2023: 1000, // Notice 2022-55
  2024: 1000, // Notice 2023-75
  2025: 1000, // Notice 2024-80
  2026: 1100, // Notice 2025-67
};

/**
 * SIMPLE IRA salary-reduction limit, IRC §408(p)(2)(E). The 110% limits SECURE 2.0 §117 allows for
 * employers of 25 or fewer employees (or who elect them) are not modelled: these are the general limits.
 */
export const US_SIMPLE_LIMITS: FigureTable = {
  2023: 15500, // Notice 2022-55
  2024: 16000, // Notice 2023-75
  2025: 16500, // Notice 2024-80
  2026: 17000, // Notice 2025-67
};

/** SIMPLE catch-up at 50+, IRC §414(v)(2)(B)(ii). */
export const US_SIMPLE_CATCH_UP_50_LIMITS: FigureTable = {
  2023: 3500, // Notice 2022-55
  2024: 3500, // Notice 2023-75
  2025: 3500, // Notice 2024-80
  2026: 4000, // Notice 2025-67
};

/** SIMPLE catch-up for ages 60-63 (SECURE 2.0 §109, from 2025): 150% of the 2024 SIMPLE catch-up. */
export const US_SIMPLE_CATCH_UP_60_TO_63_LIMITS: FigureTable = {
  2025: 5250, // Notice 2024-80
  2026: 5250, // Notice 2025-67
};

/**
 * Annual additions limit, IRC §415(c)(1)(A): the dollar cap on a SEP IRA contribution (which is also
 * limited to 25% of compensation, §402(h)(2)).
 */
export const US_ANNUAL_ADDITIONS_LIMITS: FigureTable = {
  2023: 66000, // Notice 2022-55
  2024: 69000, // Notice 2023-75
  2025: 70000, // Notice 2024-80
  2026: 72000, // Notice 2025-67
};

/** Compensation that may be counted, IRC §401(a)(17) (and §408(k)(3)(C) for SEPs). */
export const US_COMPENSATION_LIMITS: FigureTable = {
  2023: 330000, // Notice 2022-55
  2024: 345000, // Notice 2023-75
  2025: 350000, // Notice 2024-80
  2026: 360000, // Notice 2025-67
};

/** A SEP contribution is at most 25% of the participant's compensation (IRC §402(h)(2)(A)). */
export const US_SEP_COMPENSATION_PERCENT = 25;

/** HSA limit for self-only HDHP coverage, IRC §223(b)(2)(A). */
export const US_HSA_SELF_ONLY_LIMITS: FigureTable = {
  2023: 3850, // Rev. Proc. 2022-24
  2024: 4150, // Rev. Proc. 2023-23
  2025: 4300, // Rev. Proc. 2024-25
  2026: 4400, // Rev. Proc. 2025-19
};

/** HSA limit for family HDHP coverage, IRC §223(b)(2)(B). */
export const US_HSA_FAMILY_LIMITS: FigureTable = {
  2023: 7750, // Rev. Proc. 2022-24
  2024: 8300, // Rev. Proc. 2023-23
  2025: 8550, // Rev. Proc. 2024-25
  2026: 8750, // Rev. Proc. 2025-19
};

/** HSA catch-up at 55 or older by year end, IRC §223(b)(3): a fixed $1,000, not indexed. */
export const US_HSA_CATCH_UP = 1000;
export const US_HSA_CATCH_UP_AGE = 55;

/** Coverdell ESA: $2,000 per beneficiary a year, IRC §530(b)(1)(A)(iii), not indexed. */
export const US_ESA_LIMIT = 2000;

/** The modified AGI range over which a Roth IRA contribution is phased out: [start, end). */
export interface PhaseOutRange {
  readonly from: number;
  readonly to: number;
}

/**
 * Roth IRA phase-out for single filers and heads of household (and married filing separately who
 * lived apart all year), IRC §408A(c)(3).
 */
export const US_ROTH_PHASE_OUT_SINGLE: Readonly<Record<number, PhaseOutRange>> = {
  2023: { from: 138000, to: 153000 }, // Notice 2022-55
  2024: { from: 146000, to: 161000 }, // Notice 2023-75
  2025: { from: 150000, to: 165000 }, // Notice 2024-80
  2026: { from: 153000, to: 168000 }, // Notice 2025-67
};

/** Roth IRA phase-out for married filing jointly (and qualifying surviving spouses). */
export const US_ROTH_PHASE_OUT_JOINT: Readonly<Record<number, PhaseOutRange>> = {
  2023: { from: 218000, to: 228000 }, // Notice 2022-55
  2024: { from: 230000, to: 240000 }, // Notice 2023-75
  2025: { from: 236000, to: 246000 }, // Notice 2024-80
  2026: { from: 242000, to: 252000 }, // Notice 2025-67
};

/** Married filing separately (living with the spouse at any time in the year): $0-$10,000, not indexed. */
export const US_ROTH_PHASE_OUT_SEPARATE: PhaseOutRange = { from: 0, to: 10000 };

/** Coverdell ESA phase-out, IRC §530(c)(1): $95,000-$110,000, joint $190,000-$220,000, not indexed. */
export const US_ESA_PHASE_OUT_SINGLE: PhaseOutRange = { from: 95000, to: 110000 };
export const US_ESA_PHASE_OUT_JOINT: PhaseOutRange = { from: 190000, to: 220000 };
