import type { PaymentFrequency } from '../../financials/records/enums.js';

/**
 * How many charges of a recurring payment fall in its first year, per frequency: what
 * `recurringPaymentSchedule` lists from a start date to a year later (sales/fees), written out so
 * the pipeline's SQL aggregate counts the same charges (capped by the payment's duration, ONE_TIME
 * always once). A year of 365 days: 27 bi-weekly charges (the 27th on day 364), 53 weekly, 365
 * daily (the engine lists 366 daily charges in a year that holds a 29 February: the pipeline
 * counts 365 whatever the start). OTHER and VARIED name no calendar and charge nothing listed.
 */
export const FIRST_YEAR_CHARGES: Readonly<Record<PaymentFrequency, number>> = {
  ANNUALLY: 1,
  SEMI_ANNUALLY: 2,
  QUARTERLY: 4,
  MONTHLY: 12,
  SEMI_MONTHLY: 24,
  BI_WEEKLY: 27,
  WEEKLY: 53,
  DAILY: 365,
  ONE_TIME: 1,
  OTHER: 0,
  VARIED: 0,
};
