/** Service and product enumerations, shared by offerings, offers and pricing (foundations §3). */

export const ServiceType = ['ONE_OFF_SERVICE', 'ONGOING_SERVICE', 'PRODUCT'] as const;
export type ServiceType = (typeof ServiceType)[number];

export const ServiceCategory = ['FINANCIAL_PLANNING', 'INSURANCE', 'INVESTMENT_MANAGEMENT', 'MORTGAGE'] as const;
export type ServiceCategory = (typeof ServiceCategory)[number];

/** When billing of an offer starts. */
export const BillingStart = ['CUSTOM_DATE', 'ON_COMPLETION', 'ON_START'] as const;
export type BillingStart = (typeof BillingStart)[number];

/** How a fee is collected (the pricing plan's payment method). */
export const PaymentSource = ['BILLED_FROM_CUSTODIAN', 'MANUAL', 'PAYMENT_PROVIDER'] as const;
export type PaymentSource = (typeof PaymentSource)[number];

/** The pricing types of a pricing plan. */
export const FeeType = ['AUM_FEE', 'ONE_TIME_FEE', 'RECURRING_PAYMENT'] as const;
export type FeeType = (typeof FeeType)[number];
