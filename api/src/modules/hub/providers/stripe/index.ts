export { StripeModule } from './stripe.module.js';
export { StripeClients, type StripeCredentials } from './stripe-clients.js';
