/**
 * What a person reads when a service's billing cannot go ahead (billing_error, the billing tab),
 * and what the billing routes answer. Each says what happened and what to do.
 */
export const BillingMessage = {
  noConnection: 'The firm has no Stripe connection: connect Stripe under Integrations, then retry billing.',
  retryNotFailed: 'Only a service whose billing set-up failed can be retried',
} as const;
