export { createStripeClient, stripeCall, type StripeClientOptions } from './client.js';
export { classifyStripeError, toConnectorError as stripeConnectorError } from './errors.js';
