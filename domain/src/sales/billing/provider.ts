import type { Decimal } from 'decimal.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import { Dec, roundHalfUp } from '../../shared/money/decimal.js';
import type { PaymentFrequency } from '../../financials/records/enums.js';
import { isoDatePlusMonths, type IsoDate } from '../fees/schedules.js';
import type { AumBillingFrequency } from '../fees/aum-fee.js';
import type { BillingInvoiceStatus, HouseholdServiceBillingStatus } from './enums.js';

/*
 * How Meridian's services and invoices map onto the payment provider's (Stripe's) objects: amounts
 * in the currency's smallest unit, a recurring payment's frequency as a price's interval, the AUM
 * fee's billing periods, and the provider's invoice and subscription states as ours.
 */

/** Currencies Stripe charges in whole units (no cents): amounts are sent as they are. */
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** The decimals an amount in `currency` is billed with: 0 for Stripe's zero-decimal currencies, else 2. */
export function billedDecimals(currency: CurrencyCode): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/** An amount rounded (half up) to what can be billed in its currency: cents, or whole yen. */
export function billableAmount(amount: Decimal.Value, currency: CurrencyCode): Decimal {
  return roundHalfUp(amount, billedDecimals(currency));
}

/** An amount in the provider's smallest unit (cents), rounded half up: what Stripe's `amount` takes. */
export function toMinorUnits(amount: Decimal.Value, currency: CurrencyCode): number {
  return billableAmount(amount, currency)
    .times(new Dec(10).pow(billedDecimals(currency)))
    .toNumber();
}

/** An amount in the provider's smallest unit back as a decimal amount of the currency. */
export function fromMinorUnits(minor: number, currency: CurrencyCode): Decimal {
  return new Dec(minor).div(new Dec(10).pow(billedDecimals(currency)));
}

/** A price's recurring interval at the provider. */
export interface ProviderInterval {
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
}

/**
 * The provider's interval of a recurring payment's frequency; null for the frequencies a price
 * cannot repeat on: twice a month (not a fixed interval), OTHER and VARIED (no calendar), and
 * ONE_TIME (not recurring).
 */
export function providerInterval(frequency: PaymentFrequency): ProviderInterval | null {
  switch (frequency) {
    case 'DAILY':
      return { interval: 'day', intervalCount: 1 };
    case 'WEEKLY':
      return { interval: 'week', intervalCount: 1 };
    case 'BI_WEEKLY':
      return { interval: 'week', intervalCount: 2 };
    case 'MONTHLY':
      return { interval: 'month', intervalCount: 1 };
    case 'QUARTERLY':
      return { interval: 'month', intervalCount: 3 };
    case 'SEMI_ANNUALLY':
      return { interval: 'month', intervalCount: 6 };
    case 'ANNUALLY':
      return { interval: 'year', intervalCount: 1 };
    default:
      return null;
  }
}

/**
 * The billing period of an AUM fee billed through the provider. An offer does not name one (crm §5
 * gives tiers only), so every AUM fee billed here is billed quarterly, the custom of advisory fees;
 * each period's fee is the annual fee's quarter (`aumFeePerPeriod`).
 */
export const AUM_PROVIDER_BILLING_FREQUENCY: AumBillingFrequency = 'QUARTERLY';
const AUM_PERIOD_MONTHS = 3;

/** One AUM billing period: its first and last day (inclusive), and the day it is invoiced (the day after). */
export interface AumBillingPeriod {
  start: IsoDate;
  /** The period's last day. */
  end: IsoDate;
  /** The next period's first day: the period is invoiced from this day on. */
  next: IsoDate;
}

/** The AUM billing period starting on `start` (quarters counted from the billing start, not calendar quarters). */
export function aumBillingPeriod(start: IsoDate): AumBillingPeriod {
  const next = isoDatePlusMonths(start, AUM_PERIOD_MONTHS);
  const end = new Date(`${next}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return { start, end: end.toISOString().slice(0, 10), next };
}

/** A Stripe invoice's `status` as ours; `uncollectible` is a payment that failed for good. */
export function invoiceStatusOf(providerStatus: string | null | undefined): BillingInvoiceStatus {
  switch (providerStatus) {
    case 'open':
      return 'OPEN';
    case 'paid':
      return 'PAID';
    case 'void':
      return 'VOID';
    case 'uncollectible':
      return 'PAYMENT_FAILED';
    default:
      return 'DRAFT';
  }
}

/**
 * Whether an invoice may move from one state to another. Provider events can arrive late or twice
 * and a set-up job can record a response older than an event: a state only moves forward (a draft
 * is finalized, an open invoice is paid, fails or is voided; a failed payment can still be paid),
 * so a late `open` never undoes a `paid`.
 */
export function invoiceStatusMayMove(from: BillingInvoiceStatus, to: BillingInvoiceStatus): boolean {
  if (from === to) return false;
  switch (from) {
    case 'DRAFT':
      return true;
    case 'OPEN':
      return to !== 'DRAFT';
    case 'PAYMENT_FAILED':
      return to === 'PAID' || to === 'VOID';
    default:
      return false;
  }
}

/**
 * A Stripe subscription's `status` as the service's billing state: trialing and active bill;
 * past_due, unpaid and incomplete wait on a failed payment; canceled and incomplete_expired ended.
 * Null for a status we do not know (the service stays as it is).
 */
export function serviceStatusOfSubscription(providerStatus: string): HouseholdServiceBillingStatus | null {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'PAST_DUE';
    case 'canceled':
    case 'incomplete_expired':
      return 'CANCELLED';
    default:
      return null;
  }
}
