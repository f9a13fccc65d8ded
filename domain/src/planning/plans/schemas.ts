import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { DebtType, InvestmentAccountType, PaymentFrequency } from '../../financials/records/enums.js';
import { ExpenseSubtypeCategory } from '../../financials/cash-flows/enums.js';
import { pensionInputSchema, type PensionInput } from '../../financials/pension/pension-input.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import type { MoneyJson } from '../../shared/money/money.js';
import { makeMoneyValueSchema } from '../../shared/money/money.schema.js';
import { CountryCode, TaxProvince } from '../../shared/regions/regions.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { listOf } from '../../shared/input/lists.js';
import { requiredString } from '../../shared/input/text.js';
import {
  FlowChangeType,
  InterestType,
  MarketReturnClass,
  PaymentType,
  PlanAssetKind,
  PlanIncomeKind,
  RateType,
  UsFilingStatus,
} from './enums.js';
import type {
  FlowChange,
  FrequencyAmount,
  FundingSource,
  MilestoneCondition,
  PlanPerson,
  TimeFrame,
  TimePoint,
} from './document.js';

/** The years a plan may name: a start year or a purchase far outside them is a typing mistake. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
/** Ages up to 120; the projection itself stops at 100 (projection/types.ts). */
export const AGE_MAX = 120;
export const RETIREMENT_AGE_MIN = 18;
/** The retirement age a plan gives a person unless told otherwise. */
export const DEFAULT_RETIREMENT_AGE = 65;
/**
 * The inflation a new plan assumes: FP Canada and the Institute of Financial Planning's
 * Projection Assumption Guidelines, 2025 edition: 2.1% a year.
 */
export const DEFAULT_INFLATION_PERCENT = '2.1';
/** A plan's parts are a household's: a few dozen of each at most in practice. */
export const PLAN_PART_LIMIT = 200;
export const MILESTONE_CONDITION_LIMIT = 10;

/**
 * The plan calls' request rules (crm §7 "Plans", crm §3 "Plan"). The spec names the plan's parts
 * and their fields but gives no messages for them, so every message here is ours, in the spec's
 * style ('Name is required'). Amounts come in as foundations §5 money values ({ value, currency },
 * value a number) and leave as the document's MoneyJson (a decimal string); percents come in as
 * numbers and leave as decimal strings, so nothing after the request is a float.
 */
export const PlanMessage = {
  nameRequired: 'Name is required',
  publishInvalid: 'Publish must be true or false',
  yearInvalid: (label: string) => `${label} must be a year between ${YEAR_MIN} and ${YEAR_MAX}`,
  ageInvalid: (label: string) => `${label} must be a whole number between 0 and ${AGE_MAX}`,
  retirementAgeInvalid: `Retirement age must be a whole number between ${RETIREMENT_AGE_MIN} and ${AGE_MAX}`,
  percentInvalid: (label: string, min: number, max: number) => `${label} must be a number between ${min} and ${max}`,
  wholeNumberInvalid: (label: string, max: number) => `${label} must be a whole number between 0 and ${max}`,
  choiceInvalid: (label: string) => `Please select a valid ${label}`,
  rateRequired: 'A fixed rate needs its rate',
  marketClassRequired: 'A market return profile needs its market class',
  colorInvalid: 'Colour must be a hex colour such as #1a2b3c',
  conditionsRequired: 'A milestone needs at least one condition',
  ownersRequired: 'An account has one owner, or two for a joint account',
  assetOwnersInvalid: 'An asset has at most two owners',
  earnersRequired: 'An income needs at least one earner',
  peopleRepeated: 'A person is named twice',
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  currentValueOrPurchase: 'An asset needs its current value, or a purchase in a later year',
  financedNeedsLiability: 'A financed purchase names the liability that finances it',
  currencyInvalid: 'Currency is not valid',
  booleanInvalid: (label: string) => `${label} must be true or false`,
  nothingToChange: 'Give at least one field to change',
  definedBenefitInvalid: 'The defined-benefit pension is not valid',
} as const;

// ---- primitives ----

const isMissing = (input: unknown) => input === undefined || input === null;

/** A number as the decimal string the document holds (rounded as numeric(_, 8) stores it). */
export function decimalText(value: number, places = 8): string {
  return new Decimal(value).toDecimalPlaces(places).toFixed();
}

/** A money value in, the document's MoneyJson out. */
function money(label: string, options: { nonNegative?: boolean } = { nonNegative: true }) {
  return makeMoneyValueSchema(
    {
      valueRequired: `${label} is required`,
      valueNotNumber: `${label} must be a number`,
      valueTooLarge: `${label} must be less than 1,000,000,000,000`,
      valueNegative: `${label} must not be negative`,
    },
    options,
  ).transform((input): MoneyJson => ({ value: decimalText(input.value), currency: input.currency }));
}

/** A percent as a number in [min, max], kept as a decimal string. */
function percent(label: string, min: number, max: number) {
  const message = PlanMessage.percentInvalid(label, min, max);
  return z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .transform((value) => decimalText(value, 6));
}

function wholeNumber(label: string, min: number, max: number, message = PlanMessage.wholeNumberInvalid(label, max)) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const year = (label: string) => wholeNumber(label, YEAR_MIN, YEAR_MAX, PlanMessage.yearInvalid(label));
const age = (label: string) => wholeNumber(label, 0, AGE_MAX, PlanMessage.ageInvalid(label));
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: PlanMessage.choiceInvalid(label) });
const bool = (label: string) => z.boolean({ error: PlanMessage.booleanInvalid(label) });
const isoDate = (label: string) =>
  z.iso.date({ error: PlanMessage.dateInvalid(label) }).refine(isStorableIsoDate, PlanMessage.dateInvalid(label));
const name = requiredString(PlanMessage.nameRequired, { max: 200 });

export const planPersonId = idParam(EntityType.person, 'person');
export const planAccountId = idParam(EntityType.planAccount, 'plan account');
export const planAssetId = idParam(EntityType.planAsset, 'plan asset');
export const planLiabilityId = idParam(EntityType.planLiability, 'plan liability');

/** A list of distinct people. */
function people(max: number, min = 0, tooFew: string = PlanMessage.ownersRequired, tooMany = tooFew) {
  return listOf(planPersonId, max)
    .min(min, tooFew)
    .max(max, tooMany)
    .refine((ids) => new Set(ids).size === ids.length, PlanMessage.peopleRepeated);
}

// ---- the document's nested shapes ----

export const timePointSchema: z.ZodType<TimePoint> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('PLAN_START') }),
    z.object({ kind: z.literal('YEAR'), year: year('Year') }),
    z.object({ kind: z.literal('AGE'), personId: planPersonId, age: age('Age') }),
    z.object({ kind: z.literal('RETIREMENT'), personId: planPersonId }),
    z.object({ kind: z.literal('PLAN_END') }),
  ],
  { error: PlanMessage.choiceInvalid('time point') },
);

export const timeFrameSchema: z.ZodType<TimeFrame> = z.object({ start: timePointSchema, end: timePointSchema });

const WHOLE_PLAN: TimeFrame = { start: { kind: 'PLAN_START' }, end: { kind: 'PLAN_END' } };

export const frequencyAmountSchema = z.object({
  amount: money('Amount'),
  frequency: choice(PaymentFrequency, 'frequency'),
}) satisfies z.ZodType<FrequencyAmount, unknown>;

export const flowChangeSchema = z
  .object({
    type: choice(FlowChangeType, 'change'),
    ratePercent: percent('Rate', -100, 100).nullish(),
  })
  .refine((change) => change.type !== 'FIXED_RATE' || !isMissing(change.ratePercent), {
    error: PlanMessage.rateRequired,
    path: ['ratePercent'],
  })
  .transform((change): FlowChange => ({
    type: change.type,
    ratePercent: change.type === 'FIXED_RATE' ? (change.ratePercent ?? null) : null,
  }));

const RISES_WITH_INFLATION: FlowChange = { type: 'INFLATION', ratePercent: null };

export const fundingSourceSchema: z.ZodType<FundingSource, unknown> = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('PLAN_CASH') }), z.object({ kind: z.literal('ACCOUNT'), accountId: planAccountId })],
  { error: PlanMessage.choiceInvalid('funding source') },
);

/** A defined-benefit pension's formula, checked as the calculators check it, kept with ISO dates. */
const definedBenefitSchema = z.unknown().transform((input, ctx): PensionInput => {
  const parsed = pensionInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const asDate = (value: Date | undefined) => (value === undefined ? undefined : value.toISOString().slice(0, 10));
  const data = parsed.data;
  return {
    ...data,
    serviceStartDate: asDate(data.serviceStartDate)!,
    serviceEndDate: asDate(data.serviceEndDate)!,
    fullRetirementDate: asDate(data.fullRetirementDate),
    retirementDate: asDate(data.retirementDate),
  } as PensionInput;
});

export const accountGrowthSchema = z
  .object({
    type: choice(RateType, 'growth type'),
    ratePercent: percent('Growth rate', -100, 100).nullish(),
    marketClass: choice(MarketReturnClass, 'market class').nullish(),
  })
  .superRefine((growth, ctx) => {
    if (growth.type === 'FIXED_RATE' && isMissing(growth.ratePercent)) {
      ctx.addIssue({ code: 'custom', message: PlanMessage.rateRequired, path: ['ratePercent'] });
    }
    if (growth.type === 'MARKET_RETURN_PROFILE' && isMissing(growth.marketClass)) {
      ctx.addIssue({ code: 'custom', message: PlanMessage.marketClassRequired, path: ['marketClass'] });
    }
  })
  .transform((growth) => ({
    type: growth.type,
    ratePercent: growth.type === 'FIXED_RATE' ? (growth.ratePercent ?? null) : null,
    marketClass: growth.type === 'MARKET_RETURN_PROFILE' ? (growth.marketClass ?? null) : null,
  }));

export const liquidityRuleSchema = z.object({
  acceptsSurplus: bool('Accepts surplus'),
  priority: wholeNumber('Priority', 0, 1000),
});

export const withdrawalRuleSchema = z.object({
  allowed: bool('Withdrawals allowed'),
  order: wholeNumber('Order', 0, 1000),
  earliestAge: age('Earliest age')
    .nullish()
    .transform((value) => value ?? null),
});

const contributionSchema = z.object({ frequencyAmount: frequencyAmountSchema, timeFrame: timeFrameSchema });

export const milestoneConditionSchema: z.ZodType<MilestoneCondition, unknown> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('YEAR_REACHED'), year: year('Year') }),
    z.object({ kind: z.literal('AGE_REACHED'), personId: planPersonId, age: age('Age') }),
    z.object({ kind: z.literal('RETIRED'), personId: planPersonId }),
    z.object({ kind: z.literal('NET_WORTH_AT_LEAST'), amount: money('Amount') }),
    z.object({ kind: z.literal('ACCOUNT_BALANCE_AT_LEAST'), accountId: planAccountId, amount: money('Amount') }),
    z.object({ kind: z.literal('DEBT_FREE') }),
  ],
  { error: PlanMessage.choiceInvalid('condition') },
);

// ---- the plan ----

/** `POST /plans`: the plan form of crm §2 (household, name, publish). */
export const createPlanSchema = z.object({
  householdId: idParam(EntityType.household, 'household'),
  name,
  publish: bool('Publish').default(false),
});
export type CreatePlanInput = z.output<typeof createPlanSchema>;

/** `PATCH /plans/{planId}/settings/edit`: the plan's name, publication and assumptions. */
export const editPlanSettingsSchema = z
  .object({
    name: name.optional(),
    publish: bool('Publish').optional(),
    startYear: year('Start year').optional(),
    currency: z.enum(CURRENCY_CODES, { error: PlanMessage.currencyInvalid }).optional(),
    inflationPercent: percent('Inflation', -10, 50).optional(),
    pensionIncomeSplitting: bool('Pension income splitting').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), PlanMessage.nothingToChange);
export type EditPlanSettingsInput = z.output<typeof editPlanSettingsSchema>;

/** `PATCH /plans/{planId}/people/edit`: one of the plan's people's planning facts. */
export const editPlanPersonSchema = z.object({
  personId: planPersonId,
  retirementAge: wholeNumber(
    'Retirement age',
    RETIREMENT_AGE_MIN,
    AGE_MAX,
    PlanMessage.retirementAgeInvalid,
  ).optional(),
  country: choice(CountryCode, 'country').optional(),
  province: choice(TaxProvince, 'province').nullish(),
  usFilingStatus: choice(UsFilingStatus, 'filing status').nullish(),
  rrspRoom: money('RRSP room').nullish(),
  tfsaRoom: money('TFSA room').nullish(),
});
export type EditPlanPersonInput = z.output<typeof editPlanPersonSchema>;

/**
 * Why a person's tax residence cannot be projected, or null: a Canadian pays tax in a province
 * (never FEDERAL) and has no US filing status; a US person has a filing status and no province.
 */
export function taxResidenceProblem(
  person: Pick<PlanPerson, 'country' | 'province' | 'usFilingStatus'>,
): { path: string; message: string } | null {
  if (person.country === 'CA') {
    if (person.province === null || person.province === 'FEDERAL') {
      return { path: 'province', message: 'A person in Canada needs their province of residence' };
    }
    if (person.usFilingStatus !== null) {
      return { path: 'usFilingStatus', message: 'A filing status is for a person in the United States' };
    }
    return null;
  }
  if (person.usFilingStatus === null) {
    return { path: 'usFilingStatus', message: 'A person in the United States needs their filing status' };
  }
  if (person.province !== null) {
    return { path: 'province', message: 'A province is for a person in Canada' };
  }
  return null;
}

// ---- milestones ----

const milestoneFields = {
  name,
  conditions: listOf(milestoneConditionSchema, MILESTONE_CONDITION_LIMIT).min(1, PlanMessage.conditionsRequired),
  display: z
    .object({
      colorHex: z
        .string({ error: PlanMessage.colorInvalid })
        .regex(/^#[0-9A-Fa-f]{6}$/, PlanMessage.colorInvalid)
        .nullish()
        .transform((value) => value ?? null),
      icon: requiredString('Icon must be text', { max: 50 })
        .nullish()
        .transform((value) => value ?? null),
    })
    .default({ colorHex: null, icon: null }),
};

export const addMilestoneSchema = z.object(milestoneFields);
export type AddMilestoneInput = z.output<typeof addMilestoneSchema>;
export const editMilestoneSchema = z.object({
  name: milestoneFields.name.optional(),
  conditions: milestoneFields.conditions.optional(),
  display: milestoneFields.display.optional(),
});
export type EditMilestoneInput = z.output<typeof editMilestoneSchema>;

// ---- incomes and expenses ----

const incomeFields = {
  name,
  kind: choice(PlanIncomeKind, 'income kind'),
  timeFrame: timeFrameSchema.default(WHOLE_PLAN),
  frequencyAmount: frequencyAmountSchema,
  change: flowChangeSchema.default(RISES_WITH_INFLATION),
  earners: people(PLAN_PART_LIMIT, 1, PlanMessage.earnersRequired),
  taxExempt: bool('Tax exempt').default(false),
  definedBenefit: definedBenefitSchema.nullish().transform((value) => value ?? null),
};

export const addIncomeSchema = z.object(incomeFields);
export type AddIncomeInput = z.output<typeof addIncomeSchema>;
export const editIncomeSchema = z.object({
  name: incomeFields.name.optional(),
  kind: incomeFields.kind.optional(),
  timeFrame: timeFrameSchema.optional(),
  frequencyAmount: frequencyAmountSchema.optional(),
  change: flowChangeSchema.optional(),
  earners: incomeFields.earners.optional(),
  taxExempt: bool('Tax exempt').optional(),
  definedBenefit: definedBenefitSchema.nullish(),
});
export type EditIncomeInput = z.output<typeof editIncomeSchema>;

const expenseFields = {
  name,
  category: choice(ExpenseSubtypeCategory, 'category'),
  timeFrame: timeFrameSchema.default(WHOLE_PLAN),
  frequencyAmount: frequencyAmountSchema,
  change: flowChangeSchema.default(RISES_WITH_INFLATION),
  spenders: people(PLAN_PART_LIMIT).default([]),
  fundingSource: fundingSourceSchema.default({ kind: 'PLAN_CASH' }),
};

export const addExpenseSchema = z.object(expenseFields);
export type AddExpenseInput = z.output<typeof addExpenseSchema>;
export const editExpenseSchema = z.object({
  name: expenseFields.name.optional(),
  category: expenseFields.category.optional(),
  timeFrame: timeFrameSchema.optional(),
  frequencyAmount: frequencyAmountSchema.optional(),
  change: flowChangeSchema.optional(),
  spenders: people(PLAN_PART_LIMIT).optional(),
  fundingSource: fundingSourceSchema.optional(),
});
export type EditExpenseInput = z.output<typeof editExpenseSchema>;

// ---- accounts ----

const accountFields = {
  name,
  accountType: choice(InvestmentAccountType, 'account type'),
  jurisdiction: choice(CountryCode, 'jurisdiction').default('CA'),
  owners: people(2, 1),
  marketValue: money('Market value'),
  costBasis: money('Cost basis')
    .nullish()
    .transform((value) => value ?? null),
  dividendPercent: percent('Dividend', 0, 100).default('0'),
  feesPercent: percent('Fees', 0, 100).default('0'),
  growth: accountGrowthSchema.default({ type: 'MARKET_RETURN_PROFILE', ratePercent: null, marketClass: 'BALANCED' }),
  liquidityRule: liquidityRuleSchema.default({ acceptsSurplus: true, priority: 100 }),
  withdrawalRule: withdrawalRuleSchema.default({ allowed: true, order: 100, earliestAge: null }),
  paymentsActive: bool('Payments active').default(true),
  contribution: contributionSchema.nullish().transform((value) => value ?? null),
  annualTaxExemptAmount: money('Annual tax-exempt amount')
    .nullish()
    .transform((value) => value ?? null),
};

export const addAccountSchema = z.object(accountFields);
export type AddAccountInput = z.output<typeof addAccountSchema>;
export const editAccountSchema = z.object({
  accountId: planAccountId,
  name: accountFields.name.optional(),
  accountType: accountFields.accountType.optional(),
  jurisdiction: choice(CountryCode, 'jurisdiction').optional(),
  owners: accountFields.owners.optional(),
  marketValue: accountFields.marketValue.optional(),
  costBasis: money('Cost basis').nullish(),
  dividendPercent: percent('Dividend', 0, 100).optional(),
  feesPercent: percent('Fees', 0, 100).optional(),
  growth: accountGrowthSchema.optional(),
  liquidityRule: liquidityRuleSchema.optional(),
  withdrawalRule: withdrawalRuleSchema.optional(),
  paymentsActive: bool('Payments active').optional(),
  contribution: contributionSchema.nullish(),
  annualTaxExemptAmount: money('Annual tax-exempt amount').nullish(),
});
export type EditAccountInput = z.output<typeof editAccountSchema>;
export const removeAccountSchema = z.object({ accountId: planAccountId });

// ---- assets ----

const purchaseSchema = z
  .object({
    year: year('Purchase year'),
    price: money('Price'),
    paymentType: choice(PaymentType, 'payment type'),
    fundingAccountId: planAccountId.nullish().transform((value) => value ?? null),
    liabilityId: planLiabilityId.nullish().transform((value) => value ?? null),
  })
  .refine((purchase) => purchase.paymentType !== 'FINANCED' || purchase.liabilityId !== null, {
    error: PlanMessage.financedNeedsLiability,
    path: ['liabilityId'],
  });

const saleSchema = z.object({
  year: year('Sale year'),
  proceedsAccountId: planAccountId.nullish().transform((value) => value ?? null),
});

const rentalIncomeSchema = z.object({
  frequencyAmount: frequencyAmountSchema,
  change: flowChangeSchema.default(RISES_WITH_INFLATION),
});

const assetFields = {
  name,
  kind: choice(PlanAssetKind, 'asset kind'),
  owners: people(2, 0, PlanMessage.assetOwnersInvalid).default([]),
  currentValue: money('Current value')
    .nullish()
    .transform((value) => value ?? null),
  costBasis: money('Cost basis')
    .nullish()
    .transform((value) => value ?? null),
  valueChange: flowChangeSchema.default(RISES_WITH_INFLATION),
  purchase: purchaseSchema.nullish().transform((value) => value ?? null),
  sale: saleSchema.nullish().transform((value) => value ?? null),
  rentalIncome: rentalIncomeSchema.nullish().transform((value) => value ?? null),
  isPrimaryResidence: bool('Primary residence').default(false),
};

export const addAssetSchema = z
  .object(assetFields)
  .refine((asset) => asset.currentValue !== null || asset.purchase !== null, {
    error: PlanMessage.currentValueOrPurchase,
    path: ['currentValue'],
  });
export type AddAssetInput = z.output<typeof addAssetSchema>;
export const editAssetSchema = z.object({
  assetId: planAssetId,
  name: assetFields.name.optional(),
  kind: assetFields.kind.optional(),
  owners: people(2, 0, PlanMessage.assetOwnersInvalid).optional(),
  currentValue: money('Current value').nullish(),
  costBasis: money('Cost basis').nullish(),
  valueChange: flowChangeSchema.optional(),
  purchase: purchaseSchema.nullish(),
  sale: saleSchema.nullish(),
  rentalIncome: rentalIncomeSchema.nullish(),
  isPrimaryResidence: bool('Primary residence').optional(),
});
export type EditAssetInput = z.output<typeof editAssetSchema>;
export const removeAssetSchema = z.object({ assetId: planAssetId });

// ---- liabilities ----

const interestSchema = z.object({
  ratePercent: percent('Interest rate', 0, 100),
  compounding: z
    .object({
      frequency: choice(PaymentFrequency, 'compounding frequency'),
      type: choice(InterestType, 'interest type'),
    })
    .default({ frequency: 'MONTHLY', type: 'COMPOUND' }),
});

const paymentSchema = z.object({
  frequencyAmount: frequencyAmountSchema,
  start: isoDate('Payment start')
    .nullish()
    .transform((value) => value ?? null),
});

const liabilityFields = {
  name,
  type: choice(DebtType, 'debt type'),
  currentBalance: money('Current balance'),
  downPayment: money('Down payment')
    .nullish()
    .transform((value) => value ?? null),
  effectiveDate: isoDate('Effective date')
    .nullish()
    .transform((value) => value ?? null),
  interest: interestSchema,
  payment: paymentSchema,
  assetId: planAssetId.nullish().transform((value) => value ?? null),
};

export const addLiabilitySchema = z.object(liabilityFields);
export type AddLiabilityInput = z.output<typeof addLiabilitySchema>;
export const editLiabilitySchema = z.object({
  liabilityId: planLiabilityId,
  name: liabilityFields.name.optional(),
  type: liabilityFields.type.optional(),
  currentBalance: liabilityFields.currentBalance.optional(),
  downPayment: money('Down payment').nullish(),
  effectiveDate: isoDate('Effective date').nullish(),
  interest: interestSchema.optional(),
  payment: paymentSchema.optional(),
  assetId: planAssetId.nullish(),
});
export type EditLiabilityInput = z.output<typeof editLiabilitySchema>;
export const removeLiabilitySchema = z.object({ liabilityId: planLiabilityId });
