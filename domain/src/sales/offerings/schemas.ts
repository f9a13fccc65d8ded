import { z } from 'zod';
import { PaymentFrequency } from '../../financials/records/enums.js';
import { BillingStart, FeeType, PaymentSource, ServiceCategory, ServiceType } from '../../crm/proposals/enums.js';
import { offerSchema, offeringDetailsSchema, ProposalMessage } from '../../crm/proposals/schemas.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { isStorableIsoDate, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { listOf, listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { Dec } from '../../shared/money/decimal.js';
import { MONEY_VALUE_LIMIT, MONEY_VALUE_MESSAGES } from '../../shared/money/money.schema.js';
import { FeeMessage } from '../fees/messages.js';

/**
 * Offering and package-template messages beyond crm §5's (which `ProposalMessage` holds to the
 * letter); ours, as crm §7 shows no payloads for these calls.
 */
export const OfferingMessage = {
  inUse:
    'This offering is part of an offer (in a package template or a proposal); remove it from those offers before deleting it',
  templateNameRequired: 'Name is required',
  billingStartDateRequired: 'Billing start date is required when billing starts on a chosen date',
  billingStartDateInvalid: 'Billing start date must be a date (YYYY-MM-DD)',
  pricingTypeFeeMissing: 'The pricing plan needs the fee of its pricing type, with an amount',
  durationTooLong: 'Duration must be at most 1200 periods',
} as const;

/** Decimal places the database keeps of an amount or a breakpoint (numeric(20, 8)). */
const STORED_DECIMALS = 8;
/** The longest recurring payment, in periods (a hundred years of months). */
export const MAX_RECURRING_DURATION = 1200;

// ─── Offerings ──────────────────────────────────────────────────────────────────────────────────

export const offeringIdParamsSchema = z.object({ offeringId: idParam(EntityType.offering, 'offering') });

/** `POST /offerings`: the offering details of crm §3, each a 'Required field'. */
export const createOfferingSchema = offeringDetailsSchema;
export type CreateOffering = z.output<typeof createOfferingSchema>;

/** `PATCH /offerings/{offeringId}`: any of the details, each with the rule it has at create. */
export const editOfferingSchema = offeringDetailsSchema.partial();
export type EditOffering = z.output<typeof editOfferingSchema>;

export const offeringResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(ServiceCategory),
  type: z.enum(ServiceType),
  /** The pricing type this kind of offering is sold with (crm §9). */
  pricingType: z.enum(FeeType),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OfferingResponse = z.infer<typeof offeringResponseSchema>;

/** `GET /offerings`: the firm's offerings by name, a page at a time; `search` finds a name. */
export const offeringListQuerySchema = paginationSchema.extend({ search: freeText().optional() });
export type OfferingListQuery = z.output<typeof offeringListQuerySchema>;
export const offeringPageSchema = listPageSchema(offeringResponseSchema);

// ─── Package templates ──────────────────────────────────────────────────────────────────────────

/** True when a number keeps a value other than zero once rounded to what the database stores. */
const storesAboveZero = (value: number) => new Dec(value).toDecimalPlaces(STORED_DECIMALS).gt(0);

/**
 * An offer as a package template keeps it: crm §5's offer (its messages to the letter) plus what
 * storing it needs. A chosen billing start has its date; the pricing type's own fee is there with
 * an amount; amounts are not negative and fit numeric(20, 8); breakpoints stay positive and
 * increasing at 8 decimals; the one-time fee and the recurring payment share a currency.
 */
export const packageOfferSchema = offerSchema
  .extend({
    billingStartDate: z.iso
      .date({ error: OfferingMessage.billingStartDateInvalid })
      .refine(isStorableIsoDate, OfferingMessage.billingStartDateInvalid)
      .nullish(),
  })
  .superRefine((offer, ctx) => {
    const plan = offer.pricingPlan;
    if (offer.billingStartType === 'CUSTOM_DATE' && !offer.billingStartDate) {
      ctx.addIssue({ code: 'custom', message: OfferingMessage.billingStartDateRequired, path: ['billingStartDate'] });
    }
    const amounts = [
      ['oneTimeFee', plan.oneTimeFee?.amount],
      ['recurringPayment', plan.recurringPayment?.amount],
    ] as const;
    for (const [part, amount] of amounts) {
      const value = amount?.value;
      if (value === undefined || value === null) continue;
      const path = ['pricingPlan', part, 'amount', 'value'];
      if (value < 0) ctx.addIssue({ code: 'custom', message: MONEY_VALUE_MESSAGES.valueNegative, path });
      if (Math.abs(value) >= MONEY_VALUE_LIMIT) {
        ctx.addIssue({ code: 'custom', message: MONEY_VALUE_MESSAGES.valueTooLarge, path });
      }
    }
    const hasAmount = (amount: { value?: number | null } | undefined) =>
      amount?.value !== undefined && amount.value !== null;
    const typeFeePresent =
      plan.type === 'AUM_FEE'
        ? plan.aumFee !== undefined
        : plan.type === 'ONE_TIME_FEE'
          ? hasAmount(plan.oneTimeFee?.amount)
          : hasAmount(plan.recurringPayment?.amount);
    if (!typeFeePresent) {
      ctx.addIssue({ code: 'custom', message: OfferingMessage.pricingTypeFeeMissing, path: ['pricingPlan', 'type'] });
    }
    const duration = plan.recurringPayment?.frequency.duration;
    if (duration !== undefined && duration > MAX_RECURRING_DURATION) {
      ctx.addIssue({
        code: 'custom',
        message: OfferingMessage.durationTooLong,
        path: ['pricingPlan', 'recurringPayment', 'frequency', 'duration'],
      });
    }
    const oneTimeCurrency = plan.oneTimeFee?.amount.currency;
    const recurringCurrency = plan.recurringPayment?.amount.currency;
    if (oneTimeCurrency && recurringCurrency && oneTimeCurrency !== recurringCurrency) {
      ctx.addIssue({
        code: 'custom',
        message: FeeMessage.currenciesDiffer,
        path: ['pricingPlan', 'recurringPayment', 'amount', 'currency'],
      });
    }
    const tiers = plan.aumFee?.feeRubric.tiers ?? [];
    tiers.forEach((tier, index) => {
      const path = ['pricingPlan', 'aumFee', 'feeRubric', 'tiers', index, 'breakpoint'];
      if (tier.breakpoint >= MONEY_VALUE_LIMIT) {
        ctx.addIssue({ code: 'custom', message: MONEY_VALUE_MESSAGES.valueTooLarge, path });
      } else if (tier.breakpoint > 0 && !storesAboveZero(tier.breakpoint)) {
        ctx.addIssue({ code: 'custom', message: ProposalMessage.breakpointPositive, path });
      }
      const previous = tiers[index - 1];
      // Breakpoints increasing as sent but equal once kept to 8 decimals are refused as crm §5 says.
      if (
        previous !== undefined &&
        tier.breakpoint > previous.breakpoint &&
        new Dec(tier.breakpoint)
          .toDecimalPlaces(STORED_DECIMALS)
          .lte(new Dec(previous.breakpoint).toDecimalPlaces(STORED_DECIMALS))
      ) {
        ctx.addIssue({ code: 'custom', message: ProposalMessage.tiersIncreasing, path });
      }
    });
  });
export type PackageOffer = z.output<typeof packageOfferSchema>;

export const packageTemplateIdParamsSchema = z.object({
  templateId: idParam(EntityType.packageTemplate, 'package template'),
});
export const packageTemplateOfferParamsSchema = packageTemplateIdParamsSchema.extend({
  offerId: idParam(EntityType.offer, 'offer'),
});

/** `POST /package-templates`: a name and the offers it starts with (none is fine). */
export const createPackageTemplateSchema = z.object({
  name: requiredString(OfferingMessage.templateNameRequired),
  offers: listOf(packageOfferSchema).default([]),
});
export type CreatePackageTemplate = z.output<typeof createPackageTemplateSchema>;

/** `PATCH /package-templates/{templateId}/add-offer-to-package` and `PATCH .../offers/{offerId}`. */
export const packageOfferBodySchema = z.object({ offer: packageOfferSchema });
export type PackageOfferBody = z.output<typeof packageOfferBodySchema>;

/** An amount as answered: the value a decimal string (numeric in the database, never a float). */
const amountResponseSchema = z.object({ currency: z.enum(CURRENCY_CODES), value: z.string() }).nullable();

export const offerResponseSchema = z.object({
  id: z.string(),
  billingStartType: z.enum(BillingStart),
  billingStartDate: z.string().nullable(),
  offerings: z.array(
    z.object({ id: z.string(), name: z.string(), category: z.enum(ServiceCategory), type: z.enum(ServiceType) }),
  ),
  pricingPlan: z.object({
    type: z.enum(FeeType),
    paymentMethod: z.enum(PaymentSource),
    aumFee: z
      .object({
        feeRubric: z.object({
          tiers: z.array(z.object({ breakpoint: z.string(), currency: z.enum(CURRENCY_CODES), fee: z.string() })),
        }),
      })
      .nullable(),
    oneTimeFee: z.object({ amount: amountResponseSchema, isUpfront: z.boolean() }).nullable(),
    recurringPayment: z
      .object({
        amount: amountResponseSchema,
        frequency: z.object({ common: z.enum(PaymentFrequency), duration: z.number().int().nullable() }),
      })
      .nullable(),
  }),
});
export type OfferResponse = z.infer<typeof offerResponseSchema>;

export const packageTemplateResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  offers: z.array(offerResponseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageTemplateResponse = z.infer<typeof packageTemplateResponseSchema>;

/** `GET /package-templates`: the firm's templates by name, a page at a time; `search` finds a name. */
export const packageTemplateListQuerySchema = paginationSchema.extend({ search: freeText().optional() });
export type PackageTemplateListQuery = z.output<typeof packageTemplateListQuerySchema>;
export const packageTemplatePageSchema = listPageSchema(packageTemplateResponseSchema);
