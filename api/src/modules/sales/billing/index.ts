export { BillingModule } from './billing.module.js';
export { BillingJobs } from './billing-jobs.js';
export { HouseholdServicesWriter } from './household-services.writer.js';
// The worker's billing jobs, each a thin call into one of these.
export { BillingSetUpService } from './billing-set-up.service.js';
export { BILLING_SWEEP_EVERY_MS, BillingSweeper } from './billing-sweeper.js';
export { AumInvoicingService } from './aum-invoicing.service.js';
export { ProviderEventsApplier } from './provider-events.applier.js';
