import { z } from 'zod';
import { moneyJsonSchema } from '../../financials/shared-schemas.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { AGE_MAX, PlanMessage, RETIREMENT_AGE_MIN, planPersonId } from './schemas.js';

/** The plan calls' path and query parameters (crm §7 "Plans") and their HTTP response shapes. */

export const planIdParamsSchema = z.object({ planId: idParam(EntityType.plan, 'plan') });
export type PlanIdParams = z.output<typeof planIdParamsSchema>;

export const planMilestoneParamsSchema = planIdParamsSchema.extend({
  id: idParam(EntityType.planMilestone, 'plan milestone'),
});
export const planFlowParamsSchema = planIdParamsSchema.extend({ flowId: idParam(EntityType.planFlow, 'plan flow') });

/** The path's `{kind}` of `flows/{kind}/{flowId}/edit`: the two lists the add calls name. */
export const PlanFlowPathKind = ['income', 'expenses'] as const;
export type PlanFlowPathKind = (typeof PlanFlowPathKind)[number];
export const planFlowKindParamsSchema = planFlowParamsSchema.extend({
  kind: z.enum(PlanFlowPathKind, { error: "Flow kind must be 'income' or 'expenses'" }),
});

/** `GET /plans?planId=`. */
export const planQuerySchema = z.object({ planId: idParam(EntityType.plan, 'plan') });
/** `PATCH /plans/list?householdId=`. */
export const planListQuerySchema = z.object({ householdId: idParam(EntityType.household, 'household') });

const retirementAgeQuery = z.coerce
  .number({ error: PlanMessage.retirementAgeInvalid })
  .int(PlanMessage.retirementAgeInvalid)
  .min(RETIREMENT_AGE_MIN, PlanMessage.retirementAgeInvalid)
  .max(AGE_MAX, PlanMessage.retirementAgeInvalid);

/**
 * `GET /plans/{planId}/sim?currency=`: the currency every figure is shown in (the plan's unless
 * given), a what-if retirement age for one of the plan's people, not saved, and whether to run the
 * Monte Carlo.
 */
export const planSimQuerySchema = z
  .object({
    currency: z.enum(CURRENCY_CODES, { error: PlanMessage.currencyInvalid }).optional(),
    personId: planPersonId.optional(),
    retirementAge: retirementAgeQuery.optional(),
    /**
     * `false` skips the Monte Carlo (its answer is then null): the dashboard's what-if shows the
     * projection at once and asks for the market paths beside it, as they take seconds.
     */
    monteCarlo: z
      .enum(['true', 'false'], { error: 'monteCarlo must be true or false' })
      .transform((value) => value === 'true')
      .default(true),
  })
  .refine((query) => (query.personId === undefined) === (query.retirementAge === undefined), {
    error: 'A what-if retirement age names its person: give personId and retirementAge together',
    path: ['retirementAge'],
  });
export type PlanSimQuery = z.output<typeof planSimQuerySchema>;

// ---- responses ----

const timePoint = z.object({
  kind: z.string(),
  year: z.number().int().optional(),
  personId: z.string().optional(),
  age: z.number().int().optional(),
});
const timeFrame = z.object({ start: timePoint, end: timePoint });
const frequencyAmount = z.object({ amount: moneyJsonSchema, frequency: z.string() });
const flowChange = z.object({ type: z.string(), ratePercent: z.string().nullable() });

/** The PlanDocument (planning/plans/document.ts) as the plan calls answer it. */
export const planDocumentSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  name: z.string(),
  published: z.boolean(),
  settings: z.object({
    startYear: z.number().int(),
    currency: z.enum(CURRENCY_CODES),
    inflationPercent: z.string(),
    pensionIncomeSplitting: z.boolean(),
  }),
  people: z.array(
    z.object({
      personId: z.string(),
      name: z.string(),
      birthDate: z.string(),
      retirementAge: z.number().int(),
      country: z.string(),
      province: z.string().nullable(),
      usFilingStatus: z.string().nullable(),
      rrspRoom: moneyJsonSchema.nullable(),
      tfsaRoom: moneyJsonSchema.nullable(),
    }),
  ),
  incomes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      timeFrame,
      frequencyAmount,
      change: flowChange,
      earners: z.array(z.string()),
      taxExempt: z.boolean(),
      definedBenefit: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  expenses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      timeFrame,
      frequencyAmount,
      change: flowChange,
      spenders: z.array(z.string()),
      fundingSource: z.object({ kind: z.string(), accountId: z.string().optional() }),
    }),
  ),
  accounts: z.array(
    z.object({
      id: z.string(),
      financialRecordId: z.string().nullable(),
      name: z.string(),
      accountType: z.string(),
      jurisdiction: z.string(),
      owners: z.array(z.string()),
      marketValue: moneyJsonSchema,
      costBasis: moneyJsonSchema.nullable(),
      dividendPercent: z.string(),
      feesPercent: z.string(),
      growth: z.object({ type: z.string(), ratePercent: z.string().nullable(), marketClass: z.string().nullable() }),
      liquidityRule: z.object({ acceptsSurplus: z.boolean(), priority: z.number().int() }),
      withdrawalRule: z.object({
        allowed: z.boolean(),
        order: z.number().int(),
        earliestAge: z.number().int().nullable(),
      }),
      paymentsActive: z.boolean(),
      contribution: z.object({ frequencyAmount, timeFrame }).nullable(),
      annualTaxExemptAmount: moneyJsonSchema.nullable(),
    }),
  ),
  assets: z.array(
    z.object({
      id: z.string(),
      financialRecordId: z.string().nullable(),
      name: z.string(),
      kind: z.string(),
      owners: z.array(z.string()),
      currentValue: moneyJsonSchema.nullable(),
      costBasis: moneyJsonSchema.nullable(),
      valueChange: flowChange,
      purchase: z
        .object({
          year: z.number().int(),
          price: moneyJsonSchema,
          paymentType: z.string(),
          fundingAccountId: z.string().nullable(),
          liabilityId: z.string().nullable(),
        })
        .nullable(),
      sale: z.object({ year: z.number().int(), proceedsAccountId: z.string().nullable() }).nullable(),
      rentalIncome: z.object({ frequencyAmount, change: flowChange }).nullable(),
      isPrimaryResidence: z.boolean(),
    }),
  ),
  liabilities: z.array(
    z.object({
      id: z.string(),
      financialRecordId: z.string().nullable(),
      name: z.string(),
      type: z.string(),
      currentBalance: moneyJsonSchema,
      downPayment: moneyJsonSchema.nullable(),
      effectiveDate: z.string().nullable(),
      interest: z.object({
        ratePercent: z.string(),
        compounding: z.object({ frequency: z.string(), type: z.string() }),
      }),
      payment: z.object({ frequencyAmount, start: z.string().nullable() }),
      assetId: z.string().nullable(),
    }),
  ),
  milestones: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      conditions: z.array(z.record(z.string(), z.unknown())),
      display: z.object({ colorHex: z.string().nullable(), icon: z.string().nullable() }),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One plan of a household's list. */
export const planSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type PlanSummary = z.output<typeof planSummarySchema>;
export const planListSchema = z.object({ plans: z.array(planSummarySchema) });
export type PlanList = z.output<typeof planListSchema>;

const figure = z.record(z.string(), z.unknown());

/**
 * `GET /plans/{planId}/sim`: the projection (projection/types.ts Projection: year by year to the
 * last person's 100th year) and the Monte Carlo run; figures carry their explanation.
 */
export const planSimResponseSchema = z.object({
  projection: z.object({
    planId: z.string(),
    currency: z.enum(CURRENCY_CODES),
    startYear: z.number().int(),
    endYear: z.number().int(),
    years: z.array(z.object({ year: z.number().int(), netWorth: figure }).passthrough()),
    milestones: z.array(z.object({ milestoneId: z.string(), year: z.number().int().nullable() })),
    firstShortfallYear: z.number().int().nullable(),
  }),
  /** Null when the query said `monteCarlo=false`. */
  monteCarlo: z
    .object({
      paths: z.number().int(),
      seed: z.number().int(),
      successProbability: z.number(),
      years: z.array(z.object({ year: z.number().int(), p10: z.number(), p50: z.number(), p90: z.number() })),
    })
    .nullable(),
});
