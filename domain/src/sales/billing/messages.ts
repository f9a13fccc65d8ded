/**
 * What a person reads when a service's billing cannot go ahead (billing_error, the billing tab),
 * and what the billing routes answer. Each says what happened and what to do.
 */
export const BillingMessage = {
  noConnection: 'The firm has no Stripe connection: connect Stripe under Integrations, then retry billing.',
  connectionGone: 'The Stripe connection billing this service was removed: connect Stripe again, then retry billing.',
  authRefused: "Stripe refused the firm's API key: reconnect Stripe under Integrations, then retry billing.",
  cardDeclined: (reason: string) =>
    `The client's card was declined (${reason}): update the payment method in Stripe, then retry billing.`,
  refused: (reason: string) => `Stripe refused to set up billing: ${reason} Correct it, then retry billing.`,
  unreachable: 'Stripe could not be reached after several attempts: retry billing later.',
  frequencyNotBillable: (frequency: string) =>
    `A recurring payment ${frequency} cannot be billed through Stripe: change the offer's frequency, or bill it outside Meridian.`,
  mixedCurrencies: "The offer's amounts are in different currencies: Stripe bills one currency per customer.",
  setUpStopped: 'Billing set-up stopped after repeated errors: retry billing, and tell support if it fails again.',
  retryNotFailed: 'Only a service whose billing set-up failed can be retried',
} as const;
