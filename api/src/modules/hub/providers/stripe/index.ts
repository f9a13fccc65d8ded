export { StripeModule } from './stripe.module.js';
export { StripeClients, StripeClientMessage, type StripeCredentials } from './stripe-clients.js';
