import type {
  BillingStart,
  CurrencyCode,
  FeeType,
  OfferResponse,
  PaymentFrequency,
  PaymentSource,
} from '@meridian/domain';
import type { OfferBody } from './proposals-api';

/** One row of the fee-tier editor, as typed. `key` keeps a row's inputs when another row is removed. */
export interface TierDraft {
  key: number;
  breakpoint: string;
  fee: string;
}

/** An offer as the form holds it: every number as typed, each fee switched on or off. */
export interface OfferDraft {
  billingStartType: BillingStart | '';
  billingStartDate: string;
  offeringIds: string[];
  pricingType: FeeType | '';
  paymentMethod: PaymentSource | '';
  hasAumFee: boolean;
  tiers: TierDraft[];
  hasOneTimeFee: boolean;
  oneTimeValue: string;
  oneTimeCurrency: CurrencyCode;
  oneTimeUpfront: boolean;
  hasRecurringPayment: boolean;
  recurringValue: string;
  recurringCurrency: CurrencyCode;
  frequency: PaymentFrequency | '';
  duration: string;
}

let nextTierKey = 1;
export const emptyTier = (): TierDraft => ({ key: nextTierKey++, breakpoint: '', fee: '' });

const DEFAULT_CURRENCY: CurrencyCode = 'CAD';

/** A new offer: billed from the custodian as an AUM fee with one empty tier, billing on the engagement's start. */
export function newOfferDraft(): OfferDraft {
  return {
    billingStartType: 'ON_START',
    billingStartDate: '',
    offeringIds: [],
    pricingType: 'AUM_FEE',
    paymentMethod: 'BILLED_FROM_CUSTODIAN',
    hasAumFee: true,
    tiers: [emptyTier()],
    hasOneTimeFee: false,
    oneTimeValue: '',
    oneTimeCurrency: DEFAULT_CURRENCY,
    oneTimeUpfront: true,
    hasRecurringPayment: false,
    recurringValue: '',
    recurringCurrency: DEFAULT_CURRENCY,
    frequency: 'MONTHLY',
    duration: '',
  };
}

/** An offer of a proposal, as the form edits it. */
export function draftOfOffer(offer: OfferResponse): OfferDraft {
  const plan = offer.pricingPlan;
  const base = newOfferDraft();
  return {
    billingStartType: offer.billingStartType,
    billingStartDate: offer.billingStartDate ?? '',
    offeringIds: offer.offerings.map((offering) => offering.id),
    pricingType: plan.type,
    paymentMethod: plan.paymentMethod,
    hasAumFee: plan.aumFee !== null,
    tiers: plan.aumFee
      ? plan.aumFee.feeRubric.tiers.map((tier) => ({ ...emptyTier(), breakpoint: tier.breakpoint, fee: tier.fee }))
      : base.tiers,
    hasOneTimeFee: plan.oneTimeFee !== null,
    oneTimeValue: plan.oneTimeFee?.amount?.value ?? '',
    oneTimeCurrency: plan.oneTimeFee?.amount?.currency ?? base.oneTimeCurrency,
    oneTimeUpfront: plan.oneTimeFee?.isUpfront ?? base.oneTimeUpfront,
    hasRecurringPayment: plan.recurringPayment !== null,
    recurringValue: plan.recurringPayment?.amount?.value ?? '',
    recurringCurrency: plan.recurringPayment?.amount?.currency ?? base.recurringCurrency,
    frequency: plan.recurringPayment?.frequency.common ?? base.frequency,
    duration: plan.recurringPayment?.frequency.duration?.toString() ?? '',
  };
}

/**
 * A typed number as the API takes it: thousands separators dropped, blank as null. What is not a
 * number is sent as typed, so the API answers its own message for the field.
 */
export function typedNumber(text: string): number | null {
  const plain = text.trim().replace(/[,\s]/g, '');
  if (plain === '') return null;
  const value = Number(plain);
  return (Number.isFinite(value) ? value : text) as number;
}

/**
 * The offer's body. The API checks it and answers each problem on its field (crm §5's messages),
 * so the form sends what was typed rather than second-guessing it; a fee switched off is left out.
 */
export function offerBody(draft: OfferDraft): OfferBody {
  const duration = typedNumber(draft.duration);
  return {
    billingStartType: draft.billingStartType as BillingStart,
    billingStartDate:
      draft.billingStartType === 'CUSTOM_DATE' && draft.billingStartDate ? draft.billingStartDate : null,
    offerings: draft.offeringIds,
    pricingPlan: {
      type: draft.pricingType as FeeType,
      paymentMethod: draft.paymentMethod as PaymentSource,
      ...(draft.hasAumFee
        ? {
            aumFee: {
              feeRubric: {
                tiers: draft.tiers.map((tier) => ({
                  breakpoint: typedNumber(tier.breakpoint) as number,
                  fee: typedNumber(tier.fee) as number,
                })),
              },
            },
          }
        : {}),
      ...(draft.hasOneTimeFee
        ? {
            oneTimeFee: {
              amount: { currency: draft.oneTimeCurrency, value: typedNumber(draft.oneTimeValue) },
              isUpfront: draft.oneTimeUpfront,
            },
          }
        : {}),
      ...(draft.hasRecurringPayment
        ? {
            recurringPayment: {
              amount: { currency: draft.recurringCurrency, value: typedNumber(draft.recurringValue) },
              frequency: {
                common: draft.frequency as PaymentFrequency,
                ...(duration === null ? {} : { duration }),
              },
            },
          }
        : {}),
    },
  };
}

/** A package template's offer, copied into a proposal as it stands. */
export function bodyOfOffer(offer: OfferResponse): OfferBody {
  return offerBody(draftOfOffer(offer));
}
