export { StripeApiModule } from './stripe-api.module.js';
export { STRIPE_WEBHOOK_TOLERANCE_SECONDS, APPLY_PROVIDER_EVENT_JOB } from './stripe-webhooks.service.js';
