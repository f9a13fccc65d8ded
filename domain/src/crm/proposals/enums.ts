/** Service and product enumerations, shared by offerings, offers and pricing (foundations §3). */

export const ServiceType = ['ONE_OFF_SERVICE', 'ONGOING_SERVICE', 'PRODUCT'] as const;
export type ServiceType = (typeof ServiceType)[number];

export const SERVICE_TYPE_LABELS: Readonly<Record<ServiceType, string>> = {
  ONE_OFF_SERVICE: 'One-off service',
  ONGOING_SERVICE: 'Ongoing service',
  PRODUCT: 'Product',
};

export const ServiceCategory = ['FINANCIAL_PLANNING', 'INSURANCE', 'INVESTMENT_MANAGEMENT', 'MORTGAGE'] as const;
export type ServiceCategory = (typeof ServiceCategory)[number];

export const SERVICE_CATEGORY_LABELS: Readonly<Record<ServiceCategory, string>> = {
  FINANCIAL_PLANNING: 'Financial planning',
  INSURANCE: 'Insurance',
  INVESTMENT_MANAGEMENT: 'Investment management',
  MORTGAGE: 'Mortgage',
};

/** When billing of an offer starts. */
export const BillingStart = ['CUSTOM_DATE', 'ON_COMPLETION', 'ON_START'] as const;
export type BillingStart = (typeof BillingStart)[number];

export const BILLING_START_LABELS: Readonly<Record<BillingStart, string>> = {
  CUSTOM_DATE: 'On a chosen date',
  ON_COMPLETION: 'On completion',
  ON_START: 'On start',
};

/** How a fee is collected (the pricing plan's payment method). */
export const PaymentSource = ['BILLED_FROM_CUSTODIAN', 'MANUAL', 'PAYMENT_PROVIDER'] as const;
export type PaymentSource = (typeof PaymentSource)[number];

export const PAYMENT_SOURCE_LABELS: Readonly<Record<PaymentSource, string>> = {
  BILLED_FROM_CUSTODIAN: 'Billed from the custodian',
  MANUAL: 'Manual',
  PAYMENT_PROVIDER: 'Payment provider',
};

/** The pricing types of a pricing plan. */
export const FeeType = ['AUM_FEE', 'ONE_TIME_FEE', 'RECURRING_PAYMENT'] as const;
export type FeeType = (typeof FeeType)[number];

export const FEE_TYPE_LABELS: Readonly<Record<FeeType, string>> = {
  AUM_FEE: 'AUM fee',
  ONE_TIME_FEE: 'One-time fee',
  RECURRING_PAYMENT: 'Recurring payment',
};
