export {
  constructStripeEvent,
  createStripeClient,
  stripeCall,
  type StripeClientOptions,
  type StripeSdk,
  type StripeEvent,
} from './client.js';
export { classifyStripeError, toConnectorError as stripeConnectorError } from './errors.js';
