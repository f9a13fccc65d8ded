-- Hand-written SQL: the billing tables' rules that schema.prisma cannot state.

-- An invoice's total is never negative.
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_amount_check" CHECK ("amount" >= 0);

-- A service has at most one one-time-fee invoice (its period is null, which the unique key on
-- service, kind and period end lets repeat).
CREATE UNIQUE INDEX "billing_invoices_one_time_fee_per_service" ON "billing_invoices"("household_service_id") WHERE "kind" = 'ONE_TIME_FEE';

-- A service billed here is billed through the payment provider; one billed elsewhere has nothing to set up.
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_billing_check" CHECK (
  ("payment_source" = 'PAYMENT_PROVIDER') = ("billing_status" <> 'NOT_BILLED_HERE')
);
