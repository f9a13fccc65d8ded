import { z } from 'zod';
import { isStorableDate } from '../../shared/input/common.js';
import { validationError } from '../../shared/errors/domain-error.js';
import { PensionMessage } from './messages.js';

/** Benefit formula types of a defined-benefit pension (foundations §3). */
export const BenefitFormulaType = {
  CAREER_AVERAGE_EARNINGS: 'CAREER_AVERAGE_EARNINGS',
  FINAL_AVERAGE_EARNINGS: 'FINAL_AVERAGE_EARNINGS',
  FLAT_BENEFIT: 'FLAT_BENEFIT',
  OTHER: 'OTHER',
} as const;
export type BenefitFormulaType = (typeof BenefitFormulaType)[keyof typeof BenefitFormulaType];

/** The default discount rate of the commuted value, percent per year (foundations §9). */
export const DEFAULT_DISCOUNT_RATE_PERCENT = 4;

function amount(field: string) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? PensionMessage.required(field) : PensionMessage.notNumber(field)),
    })
    .nonnegative(PensionMessage.notNegative(field));
}

function date(field: string) {
  return z
    .union([z.date(), z.iso.date(), z.iso.datetime({ offset: true })], {
      error: (issue) =>
        issue.input === undefined ? PensionMessage.required(field) : PensionMessage.invalidDate(field),
    })
    .transform((value) => (value instanceof Date ? value : new Date(value)))
    .refine(isStorableDate, PensionMessage.invalidDate(field));
}

const common = {
  /** When pensionable service began. */
  serviceStartDate: date('Service start date'),
  /** When service stops accruing: the retirement or termination date, or the valuation date. */
  serviceEndDate: date('Service end date'),
  yearsOfServiceCap: amount('Years of service cap').optional(),
  /** Cap on the accrued annual benefit. */
  accruedAmountCap: amount('Accrued amount cap').optional(),
  /** The date an unreduced pension may start. */
  fullRetirementDate: date('Full retirement date').optional(),
  /** The date the pension starts; before the full retirement date it is reduced. */
  retirementDate: date('Retirement date').optional(),
  /** Reduction per year of early retirement, in percent (e.g. 6 for 6% a year, 0.5% a month). */
  earlyRetirementPenaltyPercentPerYear: amount('Early retirement penalty rate').default(0),
  /** Largest total reduction, in percent. */
  earlyRetirementPenaltyCapPercent: amount('Early retirement penalty cap')
    .max(100, PensionMessage.penaltyCapOverHundred)
    .optional(),
  expectedYearsInRetirement: amount('Expected years in retirement'),
  discountRatePercent: amount('Discount rate').default(DEFAULT_DISCOUNT_RATE_PERCENT),
};

export const pensionInputSchema = z
  .discriminatedUnion(
    'benefitFormulaType',
    [
      z.object({
        ...common,
        benefitFormulaType: z.literal(BenefitFormulaType.CAREER_AVERAGE_EARNINGS),
        averageSalary: amount('Average salary'),
        /** Percent of salary earned per year of service (e.g. 2 for 2%). */
        accrualRatePercent: amount('Accrual rate'),
      }),
      z.object({
        ...common,
        benefitFormulaType: z.literal(BenefitFormulaType.FINAL_AVERAGE_EARNINGS),
        finalAverageSalary: amount('Final average salary'),
        accrualRatePercent: amount('Accrual rate'),
        /** Cap on the benefit earned per year of service (e.g. the CRA defined benefit limit). */
        perYearAmountCap: amount('Per-year amount cap').optional(),
      }),
      z.object({
        ...common,
        benefitFormulaType: z.literal(BenefitFormulaType.FLAT_BENEFIT),
        amountPerYear: amount('Amount per year'),
      }),
      z.object({ ...common, benefitFormulaType: z.literal(BenefitFormulaType.OTHER) }),
    ],
    {
      error: (issue) => {
        const input = issue.input as { benefitFormulaType?: unknown } | undefined;
        if (issue.code !== 'invalid_union') return undefined;
        return input?.benefitFormulaType === undefined ? PensionMessage.formulaRequired : PensionMessage.unknownFormula;
      },
    },
  )
  .superRefine((input, context) => {
    if (input.serviceEndDate.getTime() < input.serviceStartDate.getTime()) {
      context.addIssue({ code: 'custom', path: ['serviceEndDate'], message: PensionMessage.endBeforeStart });
    }
  });

/** What callers send (dates as Date or ISO strings, defaults optional). */
export type PensionInput = z.input<typeof pensionInputSchema>;
/** The validated input, dates as Date and defaults filled in. */
export type ParsedPensionInput = z.output<typeof pensionInputSchema>;

/**
 * Validates pension input, throwing a VALIDATION_ERROR DomainError with one detail per issue. A
 * problem with the formula type leads: its message ('Unknown benefit formula type') becomes the
 * error's message; otherwise the message is the default 'Validation error'.
 */
export function parsePensionInput(input: unknown): ParsedPensionInput {
  const result = pensionInputSchema.safeParse(input);
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const formulaIssue = details.find((detail) => detail.path === 'benefitFormulaType');
    throw formulaIssue ? validationError(details, formulaIssue.message) : validationError(details);
  }
  return result.data;
}
