import { z } from 'zod';
import { LIF_MAX_TABLE_MAX_AGE, LIF_MAX_TABLE_MIN_AGE } from '../registered/lif.js';
import { RRIF_MAX_TABLE_AGE, RRIF_MIN_TABLE_AGE } from '../registered/rrif.js';
import { Creatability, InvestmentAccountType, OwnerKind, TaxStatus } from '../records/enums.js';
import { CountryCode } from '../../shared/regions/regions.js';
import { UsFilingStatus } from '../../planning/plans/enums.js';
import { US_ACCOUNT_TYPES } from '../accounts/investment-accounts.js';
import { HsaCoverage } from '../registered/us/contribution-limit.js';
import { US_LIMITS_FIRST_YEAR } from '../registered/us/limits.js';
import { UNIFORM_LIFETIME_TABLE_FIRST_YEAR } from '../registered/us/rmd.js';

// Request and response shapes of the advisor calculators (GET/POST /api/calculators/...), shared by
// the API and the dashboard. Query values arrive as strings, hence the coercion. Money leaves as
// decimal strings, never as floats.

const year = z.coerce
  .number({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(1900, 'Year must be 1900 or later')
  .max(2100, 'Year must be 2100 or earlier');

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const registeredLimitsQuerySchema = z.object({ year });
export const registeredLimitsSchema = z.object({
  year: z.number().int(),
  tfsa: z.number(),
  rrsp: z.object({ dollarLimit: z.number(), earnedIncomePercent: z.number() }),
  fhsa: z.object({ annual: z.number(), lifetime: z.number() }),
  dpsp: z.number(),
  resp: z.object({
    grantRate: z.number(),
    maxGrantPerYear: z.number(),
    lifetimeGrantMax: z.number(),
    maxContributionPerBeneficiary: z.number(),
    taxPenaltyRate: z.number(),
  }),
});
export type RegisteredLimits = z.infer<typeof registeredLimitsSchema>;

/** Which table each withdrawal type reads, and the ages it covers. */
export const WITHDRAWAL_TABLES = {
  RRIF: { kind: 'MINIMUM', minAge: RRIF_MIN_TABLE_AGE, maxAge: RRIF_MAX_TABLE_AGE },
  PRIF: { kind: 'MINIMUM', minAge: RRIF_MIN_TABLE_AGE, maxAge: RRIF_MAX_TABLE_AGE },
  LIF: { kind: 'MAXIMUM', minAge: LIF_MAX_TABLE_MIN_AGE, maxAge: LIF_MAX_TABLE_MAX_AGE },
  LRIF: { kind: 'MAXIMUM', minAge: LIF_MAX_TABLE_MIN_AGE, maxAge: LIF_MAX_TABLE_MAX_AGE },
} as const;
export type WithdrawalAccountType = keyof typeof WITHDRAWAL_TABLES;
const withdrawalTypes = Object.keys(WITHDRAWAL_TABLES) as [WithdrawalAccountType, ...WithdrawalAccountType[]];

export const withdrawalRateQuerySchema = z
  .object({
    type: z.enum(withdrawalTypes, { error: `Type must be one of ${withdrawalTypes.join(', ')}` }),
    age: z.coerce.number({ error: 'Age must be a number' }).int('Age must be a whole number'),
  })
  .superRefine((query, context) => {
    const table = WITHDRAWAL_TABLES[query.type];
    if (query.age < table.minAge || query.age > table.maxAge) {
      context.addIssue({
        code: 'custom',
        path: ['age'],
        message: `Age must be between ${table.minAge} and ${table.maxAge} for ${query.type}`,
      });
    }
  });
export const withdrawalRateSchema = z.object({
  type: z.enum(withdrawalTypes),
  age: z.number().int(),
  kind: z.enum(['MINIMUM', 'MAXIMUM']),
  ratePercent: z.number(),
});
export type WithdrawalRate = z.infer<typeof withdrawalRateSchema>;

export const pensionResultSchema = z.object({
  yearsOfService: decimalString,
  accruedAnnualBenefit: decimalString,
  earlyRetirementReduction: decimalString,
  annualPayout: decimalString,
  commutedValue: decimalString,
});
export type PensionResult = z.infer<typeof pensionResultSchema>;

const money = z.coerce
  .number({ error: 'Earned income must be a number' })
  .nonnegative('Earned income cannot be negative');

export const contributionRoomQuerySchema = z.discriminatedUnion(
  'account',
  [
    z.object({ account: z.literal('TFSA'), birthYear: year, year }),
    z.object({
      account: z.literal('RRSP'),
      year,
      previousYearEarnedIncome: money,
      pensionAdjustment: money.default(0),
    }),
  ],
  { error: 'Account must be TFSA or RRSP' },
);
export type ContributionRoomQuery = z.infer<typeof contributionRoomQuerySchema>;
export const contributionRoomSchema = z.object({
  account: z.enum(['TFSA', 'RRSP']),
  year: z.number().int(),
  /** TFSA: cumulative room since eligibility; RRSP: new room for the year (no carry-forward). */
  room: decimalString,
});
export type ContributionRoom = z.infer<typeof contributionRoomSchema>;

export const accountRulesQuerySchema = z.object({
  type: z.enum(InvestmentAccountType, { error: 'Type must be an investment account type' }),
});
export const accountRulesSchema = z.object({
  type: z.enum(InvestmentAccountType),
  /** With the country flag, e.g. '🇨🇦 TFSA'. */
  label: z.string(),
  ownerKinds: z.array(z.enum(OwnerKind)),
  jointAllowed: z.boolean(),
  creatable: z.object({
    joint: z.enum(Creatability),
    jurisdiction: z.enum(Creatability),
    taxStatus: z.enum(Creatability),
  }),
  taxStatus: z.enum(TaxStatus),
  jurisdiction: z.enum(CountryCode),
  /** The account it must become in the year the holder turns 71, if any. */
  convertsAt71To: z.enum(['LIF', 'RRIF']).nullable(),
  /** The youngest age at which the account may be opened or paid out, where a rule sets one. */
  minimumAge: z.number().int().nullable(),
  /** The age from which a minimum withdrawal is required, where it applies. */
  minimumDistributionFromAge: z.number().int().nullable(),
});
export type AccountRules = z.infer<typeof accountRulesSchema>;

/** A span of years for charts; at most a century. */
export const registeredLimitsRangeQuerySchema = z
  .object({ from: year, to: year })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'The last year must not be before the first' })
  .refine((query) => query.to - query.from < 100, { path: ['to'], message: 'Ask for at most 100 years at a time' });

/** A whole withdrawal table, or the part between two ages, for charts. */
export const withdrawalRatesQuerySchema = z
  .object({
    type: z.enum(withdrawalTypes, { error: `Type must be one of ${withdrawalTypes.join(', ')}` }),
    fromAge: z.coerce.number({ error: 'Age must be a number' }).int('Age must be a whole number').optional(),
    toAge: z.coerce.number({ error: 'Age must be a number' }).int('Age must be a whole number').optional(),
  })
  .transform((query) => {
    const table = WITHDRAWAL_TABLES[query.type];
    return {
      type: query.type,
      fromAge: Math.max(query.fromAge ?? table.minAge, table.minAge),
      toAge: Math.min(query.toAge ?? table.maxAge, table.maxAge),
    };
  });

// US accounts: contribution limits for a year and age, and required minimum distributions.

const usAccountType = z.enum(US_ACCOUNT_TYPES, { error: 'Account type must be a US account type' });
const usYear = z.coerce
  .number({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(US_LIMITS_FIRST_YEAR, `US contribution limits are known from ${US_LIMITS_FIRST_YEAR}`)
  .max(2100, 'Year must be 2100 or earlier');
const age = z.coerce
  .number({ error: 'Age must be a number' })
  .int('Age must be a whole number')
  .min(0, 'Age cannot be negative')
  .max(130, 'Age must be 130 or less');
/** Dollars as typed in a form: digits with at most two decimals, kept as a string for decimal.js. */
const dollars = (what: string) =>
  z
    .string({ error: `${what} must be an amount in dollars` })
    .trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, `${what} must be an amount in dollars, such as 85000 or 85000.50`);

export const usContributionLimitsQuerySchema = z.object({
  year: usYear,
  /** The age reached by 31 December of the year. */
  age,
  /** One account type; every US account type when absent. */
  accountType: usAccountType.optional(),
  compensation: dollars('Compensation').optional(),
  filingStatus: z.enum(UsFilingStatus, { error: 'Filing status must be a US filing status' }).optional(),
  modifiedAgi: dollars('Modified AGI').optional(),
  hsaCoverage: z.enum(HsaCoverage, { error: 'HSA coverage must be SELF_ONLY or FAMILY' }).default('SELF_ONLY'),
});
export type UsContributionLimitsQuery = z.infer<typeof usContributionLimitsQuerySchema>;
export const usContributionLimitSchema = z.object({
  accountType: usAccountType,
  label: z.string(),
  year: z.number().int(),
  age: z.number().int(),
  /** Null where federal law sets no annual limit (529 plans, UGMA/UTMA accounts). */
  limit: decimalString.nullable(),
  /** The limit, its catch-ups (positive) and reductions (negative); they sum to `limit`. */
  parts: z.array(z.object({ label: z.string(), amount: decimalString })),
  notes: z.array(z.string()),
  /** e.g. '2026 401(k) limit $24,500 + age-50 catch-up $8,000 = $32,500'. */
  explanation: z.string(),
});
export type UsContributionLimitResult = z.infer<typeof usContributionLimitSchema>;

export const usRmdQuerySchema = z
  .object({
    /** The account's balance on 31 December of the year before the distribution year. */
    balance: dollars('Balance'),
    /** The age the owner reaches in the distribution year. */
    age,
    birthYear: year,
    accountType: usAccountType.default('TRADITIONAL_IRA'),
  })
  .refine((query) => query.birthYear + query.age >= UNIFORM_LIFETIME_TABLE_FIRST_YEAR, {
    path: ['age'],
    message: `The distribution year (birth year + age) must be ${UNIFORM_LIFETIME_TABLE_FIRST_YEAR} or later`,
  });
export type UsRmdQuery = z.infer<typeof usRmdQuerySchema>;
export const usRmdSchema = z.object({
  accountType: usAccountType,
  label: z.string(),
  /** The distribution year: birth year + age. */
  year: z.number().int(),
  age: z.number().int(),
  birthYear: z.number().int(),
  /** 70.5, 72, 73 or 75 by birth year. */
  startingAge: z.number(),
  required: z.boolean(),
  /** The Uniform Lifetime Table divisor used, when an RMD is required. */
  divisor: decimalString.nullable(),
  amount: decimalString,
  reason: z.string(),
});
export type UsRmd = z.infer<typeof usRmdSchema>;
