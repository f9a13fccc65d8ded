import { z } from 'zod';
import { listOf, LIST_LIMITS } from '../../shared/input/lists.js';
import { freeText } from '../../shared/input/text.js';
import { CashFlowType, FlowStatus, Necessity } from './enums.js';
import { PaymentFrequency } from '../records/enums.js';
import { makeMoneyValueSchema } from '../../shared/money/money.schema.js';
import { evenWhenFieldsFail, isBlank, requiredString } from '../../shared/input/common.js';

/** Cash flow messages; all are the spec's wording (foundations §5) except `frequencyInvalid` and `amountNegative`. */
export const CashFlowMessage = {
  householdRequired: 'Household is required',
  nameRequired: 'Name is required',
  typeRequired: 'Type is required',
  necessityRequired: 'Necessity is required for expenses',
  subtypeRequired: 'Subtype is required for expenses and incomes',
  necessityInvalid: 'Necessity must be either Need or Want',
  currencyRequired: 'Currency is required',
  amountValueRequired: 'Amount value is required',
  frequencyRequired: 'Frequency is required',
  flowNameRequired: 'Cash Flow name is required',
  flowStatusInvalid: 'Flow status must be either Active or Inactive',
  frequencyInvalid: 'Frequency must be one of the payment frequencies',
  amountNegative: 'Amount must not be negative',
} as const;

/** The cash flow types whose sources need a subtype. */
export const SUBTYPE_REQUIRED_FOR: readonly CashFlowType[] = ['EXPENSE', 'INCOME'];

/** A flow's amount: a money value with the flow form's wording; an income or expense is not negative. */
export const flowAmountSchema = makeMoneyValueSchema(
  {
    valueRequired: CashFlowMessage.amountValueRequired,
    valueNegative: CashFlowMessage.amountNegative,
    currencyRequired: CashFlowMessage.currencyRequired,
  },
  { nonNegative: true },
);

/** How often a flow recurs: `{ common }`, one of the payment frequencies. */
export const flowFrequencySchema = z.object(
  {
    common: z.enum(PaymentFrequency, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? CashFlowMessage.frequencyRequired
          : CashFlowMessage.frequencyInvalid,
    }),
  },
  { error: CashFlowMessage.frequencyRequired },
);

/** One flow of a cash flow source: name, status, amount and frequency. */
export const cashFlowItemSchema = z.object({
  name: requiredString(CashFlowMessage.flowNameRequired),
  status: z.enum(FlowStatus, { error: CashFlowMessage.flowStatusInvalid }),
  /** A missing amount reports both of its parts. */
  amount: z.preprocess((value) => (value === undefined || value === null ? {} : value), flowAmountSchema),
  frequency: flowFrequencySchema,
});
export type CashFlowItem = z.output<typeof cashFlowItemSchema>;

/** Need or want; when given it must be one of the two (blank counts as not given). */
const necessity = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  z.enum(Necessity, { error: CashFlowMessage.necessityInvalid }).optional(),
);

/** An optional reference to another record; blank counts as not given. */
const optionalId = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  freeText({ kind: 'identifier' }).optional(),
);
const identifier = freeText({ kind: 'identifier' }).min(1);
const ids = listOf(identifier, LIST_LIMITS.references).default([]);

/** The fields a cash flow source may change after creation (all but household, subtype and type). */
const changeableFields = {
  name: requiredString(CashFlowMessage.nameRequired),
  necessity,
  assetId: optionalId,
  liabilityId: optionalId,
  sourceAccountId: optionalId,
  destinationAccountId: optionalId,
  payers: ids,
  payees: ids,
  streams: ids,
  transactions: ids,
  flows: listOf(cashFlowItemSchema).default([]),
};

/**
 * The body of `POST /cash-flow-sources` (foundations §5, §7). Household, name and type are
 * required; an expense needs a necessity; expenses and incomes need a subtype. The subtype's
 * values are not shown in the spec, so any non-blank text is accepted.
 */
export const cashFlowSourceCreateSchema = z
  .object({
    householdId: requiredString(CashFlowMessage.householdRequired),
    type: z.enum(CashFlowType, { error: CashFlowMessage.typeRequired }),
    subtype: z.preprocess((value) => (isBlank(value) ? undefined : value), freeText().optional()),
    ...changeableFields,
  })
  .superRefine((source, ctx) => {
    if (source.type === 'EXPENSE' && isBlank(source.necessity)) {
      ctx.addIssue({ code: 'custom', message: CashFlowMessage.necessityRequired, path: ['necessity'] });
    }
    if (SUBTYPE_REQUIRED_FOR.includes(source.type) && isBlank(source.subtype)) {
      ctx.addIssue({ code: 'custom', message: CashFlowMessage.subtypeRequired, path: ['subtype'] });
    }
  }, evenWhenFieldsFail);
export type CashFlowSourceCreateInput = z.input<typeof cashFlowSourceCreateSchema>;
export type CashFlowSourceCreate = z.output<typeof cashFlowSourceCreateSchema>;

/**
 * The body of `PATCH /cash-flow-sources/{id}`: the create fields except household, subtype and
 * type (which are dropped if sent), each optional; a field that is given follows the create rules.
 * Without the type, the expense-only necessity rule cannot apply here; the service checks it
 * against the stored source with `necessityProblem`.
 */
export const cashFlowSourceUpdateSchema = z.object({
  name: changeableFields.name.optional(),
  necessity,
  assetId: optionalId,
  liabilityId: optionalId,
  sourceAccountId: optionalId,
  destinationAccountId: optionalId,
  payers: listOf(identifier, LIST_LIMITS.references).optional(),
  payees: listOf(identifier, LIST_LIMITS.references).optional(),
  streams: listOf(identifier, LIST_LIMITS.references).optional(),
  transactions: listOf(identifier, LIST_LIMITS.references).optional(),
  flows: listOf(cashFlowItemSchema).optional(),
});
export type CashFlowSourceUpdate = z.output<typeof cashFlowSourceUpdateSchema>;

/**
 * The necessity message for a source of `type` with `necessity`, or undefined when it is fine:
 * for checking an update against the stored type.
 */
export function necessityProblem(type: CashFlowType, necessity: unknown): string | undefined {
  if (!isBlank(necessity) && !(Necessity as readonly unknown[]).includes(necessity)) {
    return CashFlowMessage.necessityInvalid;
  }
  return type === 'EXPENSE' && isBlank(necessity) ? CashFlowMessage.necessityRequired : undefined;
}

/** The body of `POST /income-flows` and `POST /expense-flows`. */
export const createFlowSchema = z.object({
  householdId: requiredString(CashFlowMessage.householdRequired),
  name: requiredString(CashFlowMessage.nameRequired),
});

/** The body of `PATCH /streams/{id}/rename`. */
export const renameStreamSchema = z.object({ name: requiredString(CashFlowMessage.nameRequired) });
