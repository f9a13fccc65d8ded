import { Module } from '@nestjs/common';
import { FinancialViewModule } from '../../financials/financial-view/index.js';
import { ProvidersModule } from '../../hub/providers/index.js';
import { StripeModule } from '../../hub/providers/stripe/index.js';
import { AumInvoicingService } from './aum-invoicing.service.js';
import { BillingInvoices } from './billing-invoices.js';
import { BillingJobs } from './billing-jobs.js';
import { BillingRecordsWriter } from './billing-records.writer.js';
import { BillingSetUpService } from './billing-set-up.service.js';
import { BillingSweeper } from './billing-sweeper.js';
import { HouseholdBillingController, HouseholdServicesController } from './billing.controller.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { HouseholdServicesWriter } from './household-services.writer.js';
import { ProviderEventsApplier } from './provider-events.applier.js';

/**
 * Billing (step 14): an accepted proposal's offers as services of the household, and their
 * billing through the payment provider (Stripe): set-up, AUM fee invoices, the provider's events.
 * The one writer of household_services, billing_customers and billing_invoices.
 */
@Module({
  imports: [ProvidersModule, StripeModule, FinancialViewModule],
  controllers: [HouseholdBillingController, HouseholdServicesController],
  providers: [
    BillingService,
    HouseholdServicesWriter,
    BillingRecordsWriter,
    BillingRepository,
    BillingInvoices,
    BillingJobs,
    BillingSetUpService,
    BillingSweeper,
    AumInvoicingService,
    ProviderEventsApplier,
  ],
  exports: [
    HouseholdServicesWriter,
    BillingJobs,
    BillingSetUpService,
    BillingSweeper,
    AumInvoicingService,
    ProviderEventsApplier,
  ],
})
export class BillingModule {}
