import { z } from 'zod';
import { PaymentFrequency } from '../../financials/records/enums.js';
import { BillingStart, FeeType, PaymentSource, ServiceCategory, ServiceType } from './enums.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { MONEY_VALUE_MESSAGES } from '../../shared/money/money.schema.js';
import { evenWhenFieldsFail, isBlank, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { EMAIL_PATTERN } from '../../shared/input/email.js';

/** Fee tier bounds (crm §9). */
export const FEE_TIER_FEE_RANGE = { min: 0, max: 100 } as const;

/**
 * Proposal messages. The recipient, amount, tier order, pricing plan, offer and offering messages
 * are the spec's wording (crm §5); the rest are ours.
 */
export const ProposalMessage = {
  recipientsRequired: 'At least one recipient is required',
  recipientEmailInvalid: 'Email must be a valid email address',
  recipientEmailRequired: 'Email is required',
  recipientPersonRequired: 'Person is required',
  amountBothOrNone: 'Either both `currency` and `value` should be present, or both should be absent.',
  breakpointPositive: 'Breakpoint must be greater than 0',
  feeRange: `Fee must be between ${FEE_TIER_FEE_RANGE.min} and ${FEE_TIER_FEE_RANGE.max}`,
  tiersIncreasing: 'Each tier breakpoint must be higher than the previous',
  tiersRequired: 'At least one fee tier is required',
  pricingRequired: 'At least one of aumFee, oneTimeFee, or recurringPayment must be provided',
  custodianWithAumFee: 'Custodian billing and Aum Fee must be used together',
  pricingTypeInvalid: 'Please select a valid pricing type',
  paymentMethodInvalid: 'Please select a valid payment method',
  frequencyInvalid: 'Please select a valid frequency',
  durationInvalid: 'Duration must be a whole number greater than 0',
  billingStartInvalid: 'Please select when billing starts',
  offeringsRequired: 'At least one offering is needed.',
  pricingPlanRequired: 'Pricing plan is required',
  requiredField: 'Required field',
} as const;

/**
 * An amount `{ currency, value }` whose two parts are both present or both absent (crm §5); null
 * counts as absent. A present currency must be supported and a present value a finite number.
 */
export const amountSchema = z
  .object({
    currency: z.enum(CURRENCY_CODES, { error: MONEY_VALUE_MESSAGES.currencyInvalid }).nullish(),
    value: z.number({ error: MONEY_VALUE_MESSAGES.valueNotNumber }).nullish(),
  })
  .superRefine((amount, ctx) => {
    const hasCurrency = amount.currency !== undefined && amount.currency !== null;
    const hasValue = amount.value !== undefined && amount.value !== null;
    if (hasCurrency !== hasValue) ctx.addIssue({ code: 'custom', message: ProposalMessage.amountBothOrNone });
  }, evenWhenFieldsFail);
export type Amount = z.output<typeof amountSchema>;

/**
 * One tier of an AUM fee rubric. `breakpoint` is the upper bound of the assets the tier covers,
 * from the previous tier's breakpoint (0 for the first); `fee` is the annual percent charged on the
 * assets inside the tier, marginally like tax brackets. Assets above the last breakpoint pay the
 * last tier's rate. The fee engine (sales/fees/aum-fee.ts) computes it; DECISIONS.md, step 14.
 */
export const feeTierSchema = z.object({
  breakpoint: z.number({ error: ProposalMessage.breakpointPositive }).positive(ProposalMessage.breakpointPositive),
  fee: z
    .number({ error: ProposalMessage.feeRange })
    .min(FEE_TIER_FEE_RANGE.min, ProposalMessage.feeRange)
    .max(FEE_TIER_FEE_RANGE.max, ProposalMessage.feeRange),
});
export type FeeTier = z.output<typeof feeTierSchema>;

/** Fee tiers, at least one, with strictly increasing breakpoints (crm §5). */
export const feeTiersSchema = z
  .array(feeTierSchema, { error: ProposalMessage.tiersRequired })
  .min(1, ProposalMessage.tiersRequired)
  .superRefine((tiers, ctx) => {
    tiers.forEach((tier, index) => {
      const previous = tiers[index - 1];
      if (previous !== undefined && !(tier.breakpoint > previous.breakpoint)) {
        ctx.addIssue({ code: 'custom', message: ProposalMessage.tiersIncreasing, path: [index, 'breakpoint'] });
      }
    });
  });

/** An AUM fee: `{ feeRubric: { tiers } }`. */
export const aumFeeSchema = z.object({
  feeRubric: z.object({ tiers: feeTiersSchema }, { error: ProposalMessage.tiersRequired }),
});

export const oneTimeFeeSchema = z.object({ amount: amountSchema, isUpfront: z.boolean().default(false) });

export const recurringPaymentSchema = z.object({
  amount: amountSchema,
  frequency: z.object(
    {
      common: z.enum(PaymentFrequency, { error: ProposalMessage.frequencyInvalid }),
      /** How many periods the payment lasts; open-ended when absent. */
      duration: z.number().int(ProposalMessage.durationInvalid).positive(ProposalMessage.durationInvalid).optional(),
    },
    { error: ProposalMessage.frequencyInvalid },
  ),
});

/**
 * A pricing plan (crm §3, §5): at least one of an AUM fee, a one-time fee and a recurring payment;
 * billing from the custodian exactly when there is an AUM fee.
 */
export const pricingPlanSchema = z
  .object(
    {
      type: z.enum(FeeType, { error: ProposalMessage.pricingTypeInvalid }),
      paymentMethod: z.enum(PaymentSource, { error: ProposalMessage.paymentMethodInvalid }),
      aumFee: aumFeeSchema.optional(),
      oneTimeFee: oneTimeFeeSchema.optional(),
      recurringPayment: recurringPaymentSchema.optional(),
    },
    { error: ProposalMessage.pricingPlanRequired },
  )
  .superRefine((plan, ctx) => {
    const hasAumFee = !isBlank(plan.aumFee);
    if (!hasAumFee && isBlank(plan.oneTimeFee) && isBlank(plan.recurringPayment)) {
      ctx.addIssue({ code: 'custom', message: ProposalMessage.pricingRequired });
    }
    if ((plan.paymentMethod === 'BILLED_FROM_CUSTODIAN') !== hasAumFee) {
      ctx.addIssue({ code: 'custom', message: ProposalMessage.custodianWithAumFee, path: ['paymentMethod'] });
    }
  }, evenWhenFieldsFail);
export type PricingPlan = z.output<typeof pricingPlanSchema>;

/** An offer: when billing starts, the offerings (by id, at least one) and the pricing plan. */
export const offerSchema = z.object({
  billingStartType: z.enum(BillingStart, { error: ProposalMessage.billingStartInvalid }),
  offerings: z
    .array(freeText({ kind: 'identifier' }).min(1), { error: ProposalMessage.offeringsRequired })
    .min(1, ProposalMessage.offeringsRequired),
  pricingPlan: pricingPlanSchema,
});
export type Offer = z.output<typeof offerSchema>;

/** Offering details: every field is a 'Required field' (crm §5). */
export const offeringDetailsSchema = z.object({
  category: z.enum(ServiceCategory, { error: ProposalMessage.requiredField }),
  description: requiredString(ProposalMessage.requiredField, { kind: 'paragraph' }),
  name: requiredString(ProposalMessage.requiredField),
  type: z.enum(ServiceType, { error: ProposalMessage.requiredField }),
});
export type OfferingDetails = z.output<typeof offeringDetailsSchema>;

/**
 * The pricing type each kind of offering is sold with (crm §9: one-off services and products are a
 * one-time fee, ongoing services a recurring payment).
 */
export const PRICING_TYPE_BY_SERVICE_TYPE = {
  ONE_OFF_SERVICE: 'ONE_TIME_FEE',
  ONGOING_SERVICE: 'RECURRING_PAYMENT',
  PRODUCT: 'ONE_TIME_FEE',
} as const satisfies Record<ServiceType, FeeType>;

/** A proposal recipient: e-mail and person, both required. */
export const proposalRecipientSchema = z.object({
  email: freeText({ kind: 'email', message: ProposalMessage.recipientEmailRequired })
    .min(1, { error: ProposalMessage.recipientEmailRequired, abort: true })
    .regex(EMAIL_PATTERN, ProposalMessage.recipientEmailInvalid),
  personId: requiredString(ProposalMessage.recipientPersonRequired),
});

/** The body of `PATCH /proposals/{proposalId}/send`: recipients (at least one) and a resend flag. */
export const proposalSendSchema = z.object({
  recipients: z
    .array(proposalRecipientSchema, { error: ProposalMessage.recipientsRequired })
    .min(1, ProposalMessage.recipientsRequired),
  resend: z.boolean().default(false),
});
export type ProposalSend = z.output<typeof proposalSendSchema>;
