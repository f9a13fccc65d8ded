import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import { freeText } from '../../shared/input/text.js';
import { findTransactionCategory } from '../categories/classification.js';
import {
  CashFlowType,
  FlowDirection,
  FlowStatus,
  Necessity,
  TransactionCategoryGroup,
  TransactionCategoryNature,
} from './enums.js';
import { OwnerKind, PaymentFrequency } from '../records/enums.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { makeMoneyValueSchema } from '../../shared/money/money.schema.js';
import { CashFlowMessage, cashFlowItemSchema, createFlowSchema } from './schemas.js';
import { isBlank, requiredString } from '../../shared/input/common.js';
import { fxRateResponseSchema } from '../financial-view/view.js';
import { idOf, moneyJsonSchema } from '../shared-schemas.js';

/** Messages of the stream routes and the flow shortcuts; ours (the spec's are in schemas.ts). */
export const StreamMessage = {
  directionInvalid: 'Direction must be either Inflow or Outflow',
  frequencyInvalid: CashFlowMessage.frequencyInvalid,
  categoryRequired: 'Category is required',
  categoryInvalid: 'Category must be one of the transaction categories',
  streamIdInvalid: 'Invalid recurring stream id',
  sourceIdInvalid: 'Invalid cash flow source id',
  amountNegative: 'Average amount must not be negative',
} as const;

/** The subtype an income or expense made from a name alone gets (the Add Income / Add Expense forms). */
export const DEFAULT_INCOME_SUBTYPE = 'CUSTOM';
export const DEFAULT_EXPENSE_SUBTYPE = 'OTHER';
/** An expense made from a name alone counts as a need until the advisor says otherwise. */
export const DEFAULT_EXPENSE_NECESSITY = 'NEED';

const optionalSubtype = (fallback: string) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), freeText({ max: 100 }).default(fallback));

/**
 * The body of `POST /income-flows`: the spec's household and name, and optionally a subtype (CUSTOM
 * unless given) and the source's flows (none unless given).
 */
export const createIncomeFlowSchema = createFlowSchema.extend({
  subtype: optionalSubtype(DEFAULT_INCOME_SUBTYPE),
  flows: listOf(cashFlowItemSchema).default([]),
});
export type CreateIncomeFlow = z.output<typeof createIncomeFlowSchema>;

/** The body of `POST /expense-flows`: as for incomes, plus a necessity (NEED unless given). */
export const createExpenseFlowSchema = createFlowSchema.extend({
  subtype: optionalSubtype(DEFAULT_EXPENSE_SUBTYPE),
  necessity: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.enum(Necessity, { error: CashFlowMessage.necessityInvalid }).default(DEFAULT_EXPENSE_NECESSITY),
  ),
  flows: listOf(cashFlowItemSchema).default([]),
});
export type CreateExpenseFlow = z.output<typeof createExpenseFlowSchema>;

const category = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  z
    .string({
      error: (issue) => (issue.input === undefined ? StreamMessage.categoryRequired : StreamMessage.categoryInvalid),
    })
    .refine((code) => findTransactionCategory(code) !== undefined, StreamMessage.categoryInvalid),
);

/**
 * The body of `POST /streams`: a recurring stream entered by hand (the Plaid connector creates
 * them from transactions later).
 */
export const createStreamSchema = z.object({
  householdId: requiredString(CashFlowMessage.householdRequired),
  name: requiredString(CashFlowMessage.nameRequired),
  direction: z.enum(FlowDirection, { error: StreamMessage.directionInvalid }),
  frequency: z.enum(PaymentFrequency, { error: StreamMessage.frequencyInvalid }).nullish(),
  /** The direction says which way money moves: the amount itself is not negative. */
  averageAmount: makeMoneyValueSchema({ valueNegative: StreamMessage.amountNegative }, { nonNegative: true }).nullish(),
  merchantName: freeText().nullish(),
  financialRecordId: freeText({ kind: 'identifier' }).min(1).nullish(),
  /** A detailed transaction category (`FOOD_AND_DRINK_GROCERIES`). */
  category: category.optional(),
});
export type CreateStream = z.output<typeof createStreamSchema>;

/** The body of `PATCH /streams/{id}/categorize`. */
export const categorizeStreamSchema = z.object({ category });

export const cashFlowSourceIdParamsSchema = z.object({
  cashFlowSourceId: idOf([EntityType.cashFlowSource], StreamMessage.sourceIdInvalid),
});
export const streamIdParamsSchema = z.object({
  recurringStreamSourceId: idOf([EntityType.recurringStream], StreamMessage.streamIdInvalid),
});

// ─── Responses ────────────────────────────────────────────────────────────────────────────────

export const normalisationKind = z.enum(['RECURRING', 'ONE_TIME', 'IRREGULAR']);

export const cashFlowResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(FlowStatus),
  amount: moneyJsonSchema,
  frequency: z.object({ common: z.enum(PaymentFrequency) }),
  /** How the amount was normalised: recurring flows have monthly and annual figures. */
  normalisation: normalisationKind,
  monthly: moneyJsonSchema.nullable(),
  annual: moneyJsonSchema.nullable(),
});

const partySchema = z.object({ id: z.string(), kind: z.enum(OwnerKind), name: z.string() });

export const cashFlowSourceResponseSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  type: z.enum(CashFlowType),
  direction: z.enum(FlowDirection),
  name: z.string(),
  subtype: z.string().nullable(),
  necessity: z.enum(Necessity).nullable(),
  assetId: z.string().nullable(),
  liabilityId: z.string().nullable(),
  sourceAccountId: z.string().nullable(),
  destinationAccountId: z.string().nullable(),
  payers: z.array(partySchema),
  payees: z.array(partySchema),
  streams: z.array(z.string()),
  transactions: z.array(z.string()),
  flows: z.array(cashFlowResponseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CashFlowSourceResponse = z.infer<typeof cashFlowSourceResponseSchema>;

export const transactionCategoryResponseSchema = z.object({
  id: z.string(),
  primary: z.string(),
  primaryLabel: z.string(),
  label: z.string(),
  group: z.enum(TransactionCategoryGroup),
  nature: z.enum(TransactionCategoryNature),
});

export const recurringStreamResponseSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  name: z.string(),
  direction: z.enum(FlowDirection),
  frequency: z.enum(PaymentFrequency).nullable(),
  merchantName: z.string().nullable(),
  averageAmount: moneyJsonSchema.nullable(),
  lastAmount: moneyJsonSchema.nullable(),
  financialRecordId: z.string().nullable(),
  cashFlowSourceId: z.string().nullable(),
  category: transactionCategoryResponseSchema.nullable(),
  isActive: z.boolean(),
  confirmedAt: z.string().nullable(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  normalisation: normalisationKind.nullable(),
  monthly: moneyJsonSchema.nullable(),
  annual: moneyJsonSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringStreamResponse = z.infer<typeof recurringStreamResponseSchema>;

const periodTotals = z.object({ monthly: moneyJsonSchema, annual: moneyJsonSchema });

export const cashFlowSummarySchema = z.object({
  currency: z.string(),
  inflow: periodTotals,
  outflow: periodTotals,
  net: periodTotals,
  needs: periodTotals,
  wants: periodTotals,
  unclassified: periodTotals,
  byCategory: z.array(periodTotals.extend({ key: z.string(), label: z.string(), direction: z.enum(FlowDirection) })),
  oneTime: z.object({ inflow: moneyJsonSchema, outflow: moneyJsonSchema }),
  irregularCount: z.number().int(),
});

/** The response of `GET /cash-flow-view/{householdId}`. */
export const cashFlowViewSchema = z.object({
  householdId: z.string(),
  currency: z.string(),
  valuationDate: z.string(),
  /** Active flows of the sources, and confirmed streams no source explains, in the view's currency. */
  summary: cashFlowSummarySchema,
  sources: z.array(cashFlowSourceResponseSchema),
  streams: z.array(recurringStreamResponseSchema),
  ratesUsed: z.array(fxRateResponseSchema),
});
export type CashFlowView = z.infer<typeof cashFlowViewSchema>;
