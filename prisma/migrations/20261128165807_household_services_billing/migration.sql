-- CreateEnum
CREATE TYPE "household_service_billing_status" AS ENUM ('NOT_BILLED_HERE', 'PENDING', 'ACTIVE', 'PAST_DUE', 'CANCELLED', 'FAILED');

-- CreateEnum
CREATE TYPE "billing_invoice_kind" AS ENUM ('ONE_TIME_FEE', 'RECURRING_PAYMENT', 'AUM_FEE');

-- CreateEnum
CREATE TYPE "billing_invoice_status" AS ENUM ('DRAFT', 'OPEN', 'PAID', 'PAYMENT_FAILED', 'VOID');

-- CreateTable
CREATE TABLE "household_services" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "offer_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" "service_category" NOT NULL,
    "type" "service_type" NOT NULL,
    "payment_source" "payment_source" NOT NULL,
    "billing_start_type" "billing_start" NOT NULL,
    "billing_start_date" DATE,
    "billing_status" "household_service_billing_status" NOT NULL DEFAULT 'PENDING',
    "billing_error" TEXT,
    "connection_id" TEXT,
    "external_subscription_id" TEXT,
    "next_charge_at" TIMESTAMPTZ(3),
    "accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "household_services_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_customers" (
    "organization_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "external_customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_customers_pkey" PRIMARY KEY ("connection_id","household_id")
);

-- CreateTable
CREATE TABLE "billing_invoices" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_service_id" TEXT NOT NULL,
    "kind" "billing_invoice_kind" NOT NULL,
    "status" "billing_invoice_status" NOT NULL DEFAULT 'DRAFT',
    "amount" DECIMAL(20,8) NOT NULL,
    "amount_currency" "currency" NOT NULL,
    "period_start" DATE,
    "period_end" DATE,
    "external_invoice_id" TEXT,
    "hosted_invoice_url" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "failure_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider_events" (
    "organization_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "external_event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "applied_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_events_pkey" PRIMARY KEY ("connection_id","external_event_id")
);

-- CreateIndex
CREATE INDEX "household_services_organization_id_household_id_idx" ON "household_services"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "household_services_organization_id_billing_status_idx" ON "household_services"("organization_id", "billing_status");

-- CreateIndex
CREATE UNIQUE INDEX "household_services_organization_id_id_key" ON "household_services"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "household_services_organization_id_offer_id_key" ON "household_services"("organization_id", "offer_id");

-- CreateIndex
CREATE INDEX "billing_customers_organization_id_household_id_idx" ON "billing_customers"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_customers_connection_id_external_customer_id_key" ON "billing_customers"("connection_id", "external_customer_id");

-- CreateIndex
CREATE INDEX "billing_invoices_organization_id_household_service_id_idx" ON "billing_invoices"("organization_id", "household_service_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_invoices_organization_id_id_key" ON "billing_invoices"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_invoices_organization_id_external_invoice_id_key" ON "billing_invoices"("organization_id", "external_invoice_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_invoices_household_service_id_kind_period_end_key" ON "billing_invoices"("household_service_id", "kind", "period_end");

-- CreateIndex
CREATE INDEX "provider_events_organization_id_idx" ON "provider_events"("organization_id");

-- AddForeignKey
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_organization_id_proposal_id_fkey" FOREIGN KEY ("organization_id", "proposal_id") REFERENCES "proposals"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_organization_id_offer_id_fkey" FOREIGN KEY ("organization_id", "offer_id") REFERENCES "offers"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_services" ADD CONSTRAINT "household_services_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_household_service_id_fkey" FOREIGN KEY ("organization_id", "household_service_id") REFERENCES "household_services"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

