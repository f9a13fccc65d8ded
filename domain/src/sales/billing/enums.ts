/**
 * Where a household's service stands with the payment provider. A service paid through the
 * custodian or by hand is NOT_BILLED_HERE; one paid through the provider waits (PENDING) for the
 * billing job to create its customer, invoices and subscription, then follows the provider's events.
 */
export const HouseholdServiceBillingStatus = [
  'NOT_BILLED_HERE',
  'PENDING',
  'ACTIVE',
  'PAST_DUE',
  'CANCELLED',
  'FAILED',
] as const;
export type HouseholdServiceBillingStatus = (typeof HouseholdServiceBillingStatus)[number];

export const HOUSEHOLD_SERVICE_BILLING_STATUS_LABELS: Readonly<Record<HouseholdServiceBillingStatus, string>> = {
  NOT_BILLED_HERE: 'Billed outside Meridian',
  PENDING: 'Setting up billing',
  ACTIVE: 'Billing active',
  PAST_DUE: 'Payment failed',
  CANCELLED: 'Cancelled',
  FAILED: 'Billing set-up failed',
};

/** What an invoice bills: a one-time fee, a period of a recurring payment, or a period's AUM fee. */
export const BillingInvoiceKind = ['ONE_TIME_FEE', 'RECURRING_PAYMENT', 'AUM_FEE'] as const;
export type BillingInvoiceKind = (typeof BillingInvoiceKind)[number];

export const BILLING_INVOICE_KIND_LABELS: Readonly<Record<BillingInvoiceKind, string>> = {
  ONE_TIME_FEE: 'One-time fee',
  RECURRING_PAYMENT: 'Recurring payment',
  AUM_FEE: 'AUM fee',
};

/** An invoice's state at the provider, as its events report it. */
export const BillingInvoiceStatus = ['DRAFT', 'OPEN', 'PAID', 'PAYMENT_FAILED', 'VOID'] as const;
export type BillingInvoiceStatus = (typeof BillingInvoiceStatus)[number];

export const BILLING_INVOICE_STATUS_LABELS: Readonly<Record<BillingInvoiceStatus, string>> = {
  DRAFT: 'Draft',
  OPEN: 'Awaiting payment',
  PAID: 'Paid',
  PAYMENT_FAILED: 'Payment failed',
  VOID: 'Void',
};
