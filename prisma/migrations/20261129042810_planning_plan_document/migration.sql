-- No route, job or seed wrote a plan before this migration, so no database holds one; were one
-- there, its parts could not be read as a plan document (no start year, currency, people), so it
-- goes rather than block the NOT NULL columns below.
DELETE FROM "plans";

-- DropForeignKey
ALTER TABLE "plan_accounts" DROP CONSTRAINT "plan_accounts_organization_id_financial_record_id_fkey";

-- DropForeignKey
ALTER TABLE "plan_assets" DROP CONSTRAINT "plan_assets_organization_id_financial_record_id_fkey";

-- DropForeignKey
ALTER TABLE "plan_liabilities" DROP CONSTRAINT "plan_liabilities_organization_id_financial_record_id_fkey";

-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "currency" "currency" NOT NULL,
ADD COLUMN     "inflation_percent" DECIMAL(9,6) NOT NULL,
ADD COLUMN     "pension_income_splitting" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "start_year" INTEGER NOT NULL;

-- AlterTable
ALTER TABLE "plan_flows" ADD COLUMN     "defined_benefit" JSONB,
ALTER COLUMN "sub_type" SET NOT NULL,
ALTER COLUMN "time_frame" SET NOT NULL,
ALTER COLUMN "change" SET NOT NULL;

-- AlterTable
ALTER TABLE "plan_accounts" DROP COLUMN "sub_type",
DROP COLUMN "type",
ADD COLUMN     "account_type" "investment_account_type" NOT NULL,
ADD COLUMN     "contribution" JSONB,
ADD COLUMN     "jurisdiction" "country_code" NOT NULL,
ADD COLUMN     "name" TEXT NOT NULL,
ALTER COLUMN "market_value" SET NOT NULL,
ALTER COLUMN "market_value_currency" SET NOT NULL,
ALTER COLUMN "dividend_percent" SET NOT NULL,
ALTER COLUMN "dividend_percent" SET DEFAULT 0,
ALTER COLUMN "fees_percent" SET NOT NULL,
ALTER COLUMN "fees_percent" SET DEFAULT 0,
ALTER COLUMN "growth" SET NOT NULL,
ALTER COLUMN "liquidity_rule" SET NOT NULL,
ALTER COLUMN "withdrawal_rule" SET NOT NULL;

-- AlterTable
ALTER TABLE "plan_assets" DROP COLUMN "type",
ADD COLUMN     "cost_basis" DECIMAL(20,8),
ADD COLUMN     "cost_basis_currency" "currency",
ADD COLUMN     "kind" TEXT NOT NULL,
ADD COLUMN     "rental_income_change" JSONB,
ALTER COLUMN "value_change" SET NOT NULL;

-- AlterTable
ALTER TABLE "plan_liabilities" ADD COLUMN     "asset_id" TEXT,
ALTER COLUMN "name" SET NOT NULL,
ALTER COLUMN "current_balance" SET NOT NULL,
ALTER COLUMN "current_balance_currency" SET NOT NULL,
ALTER COLUMN "interest_rate_percent" SET NOT NULL,
ALTER COLUMN "compounding_frequency" SET NOT NULL,
ALTER COLUMN "compounding_type" SET NOT NULL,
ALTER COLUMN "payment_amount" SET NOT NULL,
ALTER COLUMN "payment_amount_currency" SET NOT NULL,
ALTER COLUMN "payment_frequency" SET NOT NULL;

-- CreateTable
CREATE TABLE "plan_people" (
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "birth_date" DATE NOT NULL,
    "retirement_age" INTEGER NOT NULL,
    "country" "country_code" NOT NULL,
    "province" "tax_province",
    "us_filing_status" TEXT,
    "rrsp_room" DECIMAL(20,8),
    "rrsp_room_currency" "currency",
    "tfsa_room" DECIMAL(20,8),
    "tfsa_room_currency" "currency",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_people_pkey" PRIMARY KEY ("plan_id","person_id")
);

-- CreateTable
CREATE TABLE "plan_asset_owners" (
    "organization_id" TEXT NOT NULL,
    "plan_asset_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,

    CONSTRAINT "plan_asset_owners_pkey" PRIMARY KEY ("plan_asset_id","person_id")
);

-- CreateIndex
CREATE INDEX "plan_people_organization_id_person_id_idx" ON "plan_people"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "plan_asset_owners_organization_id_person_id_idx" ON "plan_asset_owners"("organization_id", "person_id");

-- CreateIndex
CREATE UNIQUE INDEX "plan_assets_organization_id_id_key" ON "plan_assets"("organization_id", "id");

-- CreateIndex
CREATE INDEX "plan_liabilities_organization_id_asset_id_idx" ON "plan_liabilities"("organization_id", "asset_id");

-- AddForeignKey
ALTER TABLE "plan_people" ADD CONSTRAINT "plan_people_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_people" ADD CONSTRAINT "plan_people_organization_id_plan_id_fkey" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_people" ADD CONSTRAINT "plan_people_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_asset_owners" ADD CONSTRAINT "plan_asset_owners_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_asset_owners" ADD CONSTRAINT "plan_asset_owners_organization_id_plan_asset_id_fkey" FOREIGN KEY ("organization_id", "plan_asset_id") REFERENCES "plan_assets"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_asset_owners" ADD CONSTRAINT "plan_asset_owners_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_organization_id_asset_id_fkey" FOREIGN KEY ("organization_id", "asset_id") REFERENCES "plan_assets"("organization_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;
