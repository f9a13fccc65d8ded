-- CreateEnum
CREATE TYPE "entity_kind" AS ENUM ('BANK_ACCOUNT', 'BASIC_TASK', 'CLIENT', 'CLIENT_REAL_ESTATE', 'CONTACT', 'CONTACT_EMAIL', 'CONTACT_PHONE_NUMBER', 'CORPORATION', 'CREDIT_CARD_ACCOUNT', 'FAMILY', 'FINANCIAL_TASK', 'FOUNDATION', 'GROUP', 'HOUSEHOLD', 'INSTITUTION', 'INVESTMENT_ACCOUNT', 'INVITATION', 'LEAD', 'LINE_OF_CREDIT_ACCOUNT', 'LINKS_PROFILE', 'LOAN_ACCOUNT', 'MEETING', 'MEETING_TEMPLATE', 'OPPORTUNITY', 'ORGANIZATION', 'PERSON', 'PROFESSIONAL', 'PROFILE_LINK', 'PROSPECT', 'QUESTIONS_TASK', 'SERVICE', 'SERVICE_VARIANT', 'TASK', 'TEAM', 'TEAM_MEMBER', 'TRUST', 'UPDATE_FAMILY_TASK', 'USER', 'WORKFLOW', 'ACOUNT_OWNER', 'SUPER_ADMIN');

-- CreateEnum
CREATE TYPE "external_source_system" AS ENUM ('APPROACH_ADVISORY', 'CLOVEN', 'BUSINESS_SUITE_CRM', 'EQUISOFT', 'CEDAR_POINT', 'MANUAL_LOAD', 'SALES_CRM', 'IFAST', 'MONDAY', 'MODERN_CENTS', 'NDEX', 'ODYSSEY_MANUAL_LOAD', 'PIPEDRIVE', 'PLAYBOOK_CUSTOM', 'RITTINGER_MANUAL_LOAD', 'TEST', 'WEALTHBOX', 'WESTMOUNT_ACCESS_DB');

-- CreateEnum
CREATE TYPE "family_member_role" AS ENUM ('HEAD', 'MEMBER');

-- CreateEnum
CREATE TYPE "brand_logo_type" AS ENUM ('HORIZONTAL', 'SQUARE');

-- CreateEnum
CREATE TYPE "currency" AS ENUM ('CAD', 'USD', 'EUR', 'GBP', 'CHF', 'JPY', 'AUD', 'NZD', 'CNY', 'HKD', 'SGD', 'TWD', 'KRW', 'INR', 'PKR', 'PHP', 'IDR', 'MYR', 'THB', 'VND', 'MXN', 'BRL', 'ARS', 'CLP', 'COP', 'PEN', 'JMD', 'TTD', 'BBD', 'BSD', 'BMD', 'KYD', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'HUF', 'RON', 'TRY', 'ILS', 'AED', 'SAR', 'QAR', 'KWD', 'EGP', 'ZAR', 'NGN', 'KES');

-- CreateEnum
CREATE TYPE "country_code" AS ENUM ('CA', 'US');

-- CreateEnum
CREATE TYPE "tax_province" AS ENUM ('ALBERTA', 'BRITISH_COLUMBIA', 'FEDERAL', 'MANITOBA', 'NEWFOUNDLAND_AND_LABRADOR', 'NEW_BRUNSWICK', 'NOVA_SCOTIA', 'ONTARIO', 'PEI', 'QUEBEC', 'SASKATCHEWAN');

-- CreateEnum
CREATE TYPE "financial_record_type" AS ENUM ('BANK_ACCOUNT', 'COMPANY_EQUITY', 'CREDIT_CARD', 'DEFINED_BENEFIT_PENSION', 'INSURANCE_POLICY', 'INVESTMENT_ACCOUNT', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE', 'PRIVATE_INVESTMENT', 'REAL_ASSET', 'REAL_ESTATE_PROPERTY');

-- CreateEnum
CREATE TYPE "owner_kind" AS ENUM ('Person', 'Corporation', 'Trust', 'Foundation');

-- CreateEnum
CREATE TYPE "connection_type" AS ENUM ('CONNECTION', 'MANAGED', 'MANUAL');

-- CreateEnum
CREATE TYPE "bank_account_type" AS ENUM ('CHECKING', 'SAVINGS');

-- CreateEnum
CREATE TYPE "investment_account_type" AS ENUM ('ACCOUNT_401K', 'ACCOUNT_403B', 'ACCOUNT_457B', 'ACCOUNT_529', 'CASH', 'CRYPTO', 'DCPP', 'DPSP', 'EPSP', 'ESA', 'ESOP', 'ESPP', 'FHSA', 'HSA', 'IPP', 'LIF', 'LIRA', 'LRIF', 'LRSP', 'NRSP', 'OTHER', 'PRIF', 'RDSP', 'RESP', 'RLSP', 'ROTH_401K', 'ROTH_403B', 'ROTH_IRA', 'RPP', 'RRIF', 'RRSP', 'SEP_IRA', 'SIMPLE_IRA', 'SPP', 'TFSA', 'TRADITIONAL_IRA', 'UGMA', 'UTMA', 'VRSP');

-- CreateEnum
CREATE TYPE "tax_status" AS ENUM ('TAXABLE', 'TAX_DEFERRED', 'TAX_EXEMPT', 'DEDUCTIBLE_FREE');

-- CreateEnum
CREATE TYPE "secured_loan_purpose" AS ENUM ('AUTO', 'DEPOSIT', 'HELOC', 'MORTGAGE', 'OTHER');

-- CreateEnum
CREATE TYPE "property_kind" AS ENUM ('COMMERCIAL', 'FARM', 'INDUSTRIAL', 'LAND', 'RESIDENTIAL');

-- CreateEnum
CREATE TYPE "real_asset_type" AS ENUM ('BOAT', 'CAR', 'CASH', 'COLLECTIBLES', 'CUSTOM', 'FURNITURE', 'INSTRUMENT', 'JEWELRY', 'MACHINERY', 'MOTORCYCLE', 'OTHER_VEHICLE', 'PRECIOUS_METALS', 'REAL_ESTATE');

-- CreateEnum
CREATE TYPE "payment_frequency" AS ENUM ('ANNUALLY', 'BI_WEEKLY', 'DAILY', 'MONTHLY', 'ONE_TIME', 'OTHER', 'QUARTERLY', 'SEMI_ANNUALLY', 'SEMI_MONTHLY', 'VARIED', 'WEEKLY');

-- CreateEnum
CREATE TYPE "pension_benefit_formula_type" AS ENUM ('CAREER_AVERAGE_EARNINGS', 'FINAL_AVERAGE_EARNINGS', 'FLAT_BENEFIT', 'OTHER');

-- CreateEnum
CREATE TYPE "security_type" AS ENUM ('COMMON_STOCK', 'CONVERTIBLE_NOTE', 'PREFERRED_STOCK', 'SAFE');

-- CreateEnum
CREATE TYPE "cash_flow_type" AS ENUM ('CONTRIBUTION', 'DEBT', 'EXPENSE', 'INCOME');

-- CreateEnum
CREATE TYPE "necessity" AS ENUM ('NEED', 'WANT');

-- CreateEnum
CREATE TYPE "flow_status" AS ENUM ('ACTIVE', 'INACTIVE');

-- CreateEnum
CREATE TYPE "flow_direction" AS ENUM ('INFLOW', 'OUTFLOW');

-- CreateEnum
CREATE TYPE "transaction_category_group" AS ENUM ('EXPENSE', 'INCOME', 'OTHER');

-- CreateEnum
CREATE TYPE "transaction_category_nature" AS ENUM ('ESSENTIAL', 'NON_ESSENTIAL', 'NA');

-- CreateEnum
CREATE TYPE "liability_party_role" AS ENUM ('BORROWER', 'COSIGNER');

-- CreateEnum
CREATE TYPE "cash_flow_party_role" AS ENUM ('PAYER', 'PAYEE');

-- CreateEnum
CREATE TYPE "portal_access" AS ENUM ('ACTIVE', 'INVITED', 'NONE', 'REVOKED');

-- CreateEnum
CREATE TYPE "gender" AS ENUM ('FEMALE', 'MALE', 'OTHER');

-- CreateEnum
CREATE TYPE "contact_type" AS ENUM ('CLIENT', 'LEAD', 'ONBOARDING', 'OTHER', 'PROSPECT');

-- CreateEnum
CREATE TYPE "employment_status" AS ENUM ('CONTRACT', 'FULL_TIME', 'PART_TIME', 'RETIRED', 'SELF_EMPLOYED', 'STUDENT', 'UNEMPLOYED');

-- CreateEnum
CREATE TYPE "lead_qualification_reason" AS ENUM ('FRIEND_AND_FAMILY', 'MATCHES_NICHE', 'MEETS_AUM', 'MEETS_HH_INCOME', 'OTHER', 'RELATIVE_OF_CLIENT', 'WILLING_TO_PAY');

-- CreateEnum
CREATE TYPE "temperature" AS ENUM ('COLD', 'HOT', 'WARM');

-- CreateEnum
CREATE TYPE "opportunity_type" AS ENUM ('CORPORATION', 'FAMILY', 'LEAD');

-- CreateEnum
CREATE TYPE "lead_source" AS ENUM ('ADVERTISING', 'COLD_CALLING', 'COMMUNITY_INVOLVEMENT', 'COMPANY_WEBSITE', 'CONFERENCE', 'CONTENT_MARKETING', 'DIRECT_MAIL', 'GOOGLE', 'INTERNAL', 'LEAD_MAGNET', 'LINKED_IN', 'LINKS_PROFILE', 'ONLINE_DIRECTORY', 'OTHER', 'PUBLIC_SPEAKING', 'REFERRAL', 'SEO', 'SOCIAL_MEDIA', 'TRADE_SHOW', 'YOUTUBE');

-- CreateEnum
CREATE TYPE "discovery_method" AS ENUM ('INBOUND', 'INTRODUCTION', 'MUTUAL', 'OUTBOUND');

-- CreateEnum
CREATE TYPE "marketing_medium" AS ENUM ('DIRECT', 'DISPLAY', 'EMAIL', 'ORGANIC', 'OTHER', 'PAID_SEARCH', 'REFERRAL', 'SOCIAL');

-- CreateEnum
CREATE TYPE "phone_type" AS ENUM ('LANDLINE', 'MOBILE');

-- CreateEnum
CREATE TYPE "contact_link_type" AS ENUM ('blog', 'Facebook', 'Instagram', 'link', 'LinkedIn', 'meeting', 'Twitter', 'website', 'WhatsApp', 'YouTube');

-- CreateEnum
CREATE TYPE "task_status" AS ENUM ('BLOCKED', 'CANCELLED', 'DONE', 'IN_PROGRESS', 'IN_REVIEW', 'SCHEDULED', 'TODO', 'TRIAGE');

-- CreateEnum
CREATE TYPE "task_owner_kind" AS ENUM ('TEAM', 'HOUSEHOLD', 'PROFESSIONAL', 'CONTACT', 'PERSON', 'CORPORATION', 'FOUNDATION', 'TRUST', 'GROUP');

-- CreateEnum
CREATE TYPE "task_kind" AS ENUM ('BASIC_TASK', 'FINANCIAL_TASK', 'QUESTIONS_TASK', 'UPDATE_FAMILY_TASK');

-- CreateEnum
CREATE TYPE "meeting_type" AS ENUM ('GOOGLE_MEET', 'MICROSOFT_TEAMS', 'IN_PERSON', 'OTHER', 'PHONE', 'SYNC', 'INTERNAL');

-- CreateEnum
CREATE TYPE "meeting_task_timing" AS ENUM ('PRE', 'DURING', 'POST');

-- CreateEnum
CREATE TYPE "meeting_participant_role" AS ENUM ('CONTACT', 'TEAM_MEMBER', 'EXTERNAL');

-- CreateEnum
CREATE TYPE "agenda_item_type" AS ENUM ('FREEFORM');

-- CreateEnum
CREATE TYPE "calendar_provider" AS ENUM ('google', 'imap', 'microsoft', 'icloud', 'virtual-calendar');

-- CreateEnum
CREATE TYPE "integration_service" AS ENUM ('NDEX', 'NYLAS', 'PLAID', 'STRIPE', 'WEALTHICA');

-- CreateEnum
CREATE TYPE "connection_status" AS ENUM ('CANCELLED', 'CREATED', 'FAILED', 'PENDING', 'SUCCESS');

-- CreateEnum
CREATE TYPE "organization_type" AS ENUM ('CORPORATION', 'LIMITED_PARTNERSHIP', 'SOLE_PROPRIETORSHIP');

-- CreateEnum
CREATE TYPE "regulator" AS ENUM ('AMF', 'ASC', 'BCSC', 'FCAAS', 'FCSC', 'IIROC', 'MFDA', 'MSC', 'NSO', 'NSSC', 'OSC', 'OSSNL', 'OSSNT', 'OSSP', 'OYSS');

-- CreateEnum
CREATE TYPE "custom_field_type" AS ENUM ('CHECKBOX', 'CURRENCY_VALUE', 'DATE', 'MULTI_SELECT', 'NUMBER', 'SINGLE_SELECT', 'TEXT', 'TEXTAREA', 'EXTERNAL_URL');

-- CreateEnum
CREATE TYPE "custom_field_entity_kind" AS ENUM ('CONTACT', 'HOUSEHOLD', 'PROFESSIONAL', 'TEAM');

-- CreateEnum
CREATE TYPE "professional_designation" AS ENUM ('CFP', 'CFA', 'CPA', 'CIM', 'CLU', 'TEP', 'PFP', 'QAFP', 'FCSI', 'FMA', 'CHS', 'EPC', 'RRC', 'CHFC', 'CAIA', 'CIMA', 'CPWA', 'CRPC');

-- CreateEnum
CREATE TYPE "invitation_type" AS ENUM ('CLIENT', 'CREATE_ORG', 'SUBSCRIPTION', 'TEAM_MEMBER');

-- CreateEnum
CREATE TYPE "invitation_delivery_method" AS ENUM ('EMAIL', 'LINK', 'SMS');

-- CreateEnum
CREATE TYPE "invitation_status" AS ENUM ('ACCEPTED', 'CREATED', 'INVALIDATED', 'ISSUED');

-- CreateEnum
CREATE TYPE "service_type" AS ENUM ('ONE_OFF_SERVICE', 'ONGOING_SERVICE', 'PRODUCT');

-- CreateEnum
CREATE TYPE "service_category" AS ENUM ('FINANCIAL_PLANNING', 'INSURANCE', 'INVESTMENT_MANAGEMENT', 'MORTGAGE');

-- CreateEnum
CREATE TYPE "billing_start" AS ENUM ('CUSTOM_DATE', 'ON_COMPLETION', 'ON_START');

-- CreateEnum
CREATE TYPE "payment_source" AS ENUM ('BILLED_FROM_CUSTODIAN', 'MANUAL', 'PAYMENT_PROVIDER');

-- CreateEnum
CREATE TYPE "fee_type" AS ENUM ('AUM_FEE', 'ONE_TIME_FEE', 'RECURRING_PAYMENT');

-- CreateEnum
CREATE TYPE "interest_type" AS ENUM ('SIMPLE', 'COMPOUND');

-- CreateEnum
CREATE TYPE "sync_run_status" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "sync_trigger" AS ENUM ('SCHEDULE', 'WEBHOOK', 'MANUAL', 'INITIAL');

-- CreateEnum
CREATE TYPE "import_batch_status" AS ENUM ('PENDING', 'APPLIED', 'FAILED', 'ROLLED_BACK');

-- CreateEnum
CREATE TYPE "audit_action" AS ENUM ('CREATE', 'UPDATE', 'DELETE', 'SOFT_DELETE', 'RESTORE');

-- CreateEnum
CREATE TYPE "audit_actor_kind" AS ENUM ('USER', 'SYSTEM', 'SYNC');

-- DropForeignKey
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_team_id_fkey";

-- DropForeignKey
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_user_id_fkey";

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "nrd" TEXT,
ADD COLUMN     "organization_type" "organization_type",
ADD COLUMN     "primary_regulator" "regulator",
ADD COLUMN     "trade_names" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "avatar_url" TEXT,
ADD COLUMN     "bio" TEXT,
ADD COLUMN     "designations" "professional_designation"[] DEFAULT ARRAY[]::"professional_designation"[],
ADD COLUMN     "first_name" VARCHAR(50),
ADD COLUMN     "last_name" VARCHAR(50),
ADD COLUMN     "phone_country_code" TEXT,
ADD COLUMN     "phone_number" TEXT;

-- CreateTable
CREATE TABLE "invitations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT,
    "household_id" TEXT,
    "person_id" TEXT,
    "type" "invitation_type" NOT NULL,
    "method" "invitation_delivery_method" NOT NULL,
    "status" "invitation_status" NOT NULL DEFAULT 'CREATED',
    "code" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "accepted_user_id" TEXT,
    "issued_at" TIMESTAMPTZ(3),
    "accepted_at" TIMESTAMPTZ(3),
    "invalidated_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "brands" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "brands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "brand_logos" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "brand_id" TEXT NOT NULL,
    "type" "brand_logo_type" NOT NULL,
    "logo_urls" JSONB NOT NULL DEFAULT '{}',
    "file_path" TEXT NOT NULL,
    "file_type" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "processing_completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "brand_logos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "links_profiles" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "professional_id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT,
    "bio" TEXT,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "links_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profile_links" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "links_profile_id" TEXT NOT NULL,
    "type" "contact_link_type" NOT NULL,
    "label" TEXT,
    "url" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "profile_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "households" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "primary_advisor_id" TEXT,
    "name" TEXT NOT NULL,
    "salutation" TEXT,
    "last_kyc_updated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "households_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "persons" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT,
    "first_name" VARCHAR(50) NOT NULL,
    "last_name" VARCHAR(50) NOT NULL,
    "middle_name" VARCHAR(50),
    "preferred_name" VARCHAR(50),
    "short_name" VARCHAR(50),
    "display_name" TEXT,
    "full_name" TEXT,
    "date_of_birth" DATE,
    "gender" "gender",
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "persons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "corporations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "legal_name" TEXT,
    "business_number" TEXT,
    "incorporation_jurisdiction" "tax_province",
    "incorporation_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "corporations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trusts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "trust_type" TEXT,
    "country" "country_code",
    "settlement_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "trusts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "foundations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "registration_number" TEXT,
    "country" "country_code",
    "established_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "foundations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "families" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "family_members" (
    "organization_id" TEXT NOT NULL,
    "family_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "role" "family_member_role" NOT NULL DEFAULT 'MEMBER',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "family_members_pkey" PRIMARY KEY ("family_id","person_id")
);

-- CreateTable
CREATE TABLE "family_addresses" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "family_id" TEXT NOT NULL,
    "label" TEXT,
    "line1" TEXT NOT NULL,
    "line2" TEXT,
    "city" TEXT NOT NULL,
    "province" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "country_name" TEXT NOT NULL,
    "post_code_anywhere_id" TEXT,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "family_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "groups" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_members" (
    "organization_id" TEXT NOT NULL,
    "group_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_members_pkey" PRIMARY KEY ("group_id","person_id")
);

-- CreateTable
CREATE TABLE "institutions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "country" "country_code",
    "website_url" TEXT,
    "logo_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "institutions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contacts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "person_id" TEXT,
    "household_id" TEXT,
    "type" "contact_type" NOT NULL DEFAULT 'LEAD',
    "first_name" VARCHAR(50) NOT NULL,
    "last_name" VARCHAR(50) NOT NULL,
    "middle_name" VARCHAR(50),
    "preferred_name" VARCHAR(50),
    "short_name" VARCHAR(50),
    "gender" "gender",
    "source" "lead_source",
    "discovery_method" "discovery_method",
    "linkedin_url_branch" TEXT,
    "avatar_url" TEXT,
    "employment_status" "employment_status",
    "portal_access" "portal_access" NOT NULL DEFAULT 'NONE',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_emails" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "label" VARCHAR(100),
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_phone_numbers" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "country_code" TEXT NOT NULL DEFAULT '1',
    "number" TEXT NOT NULL,
    "type" "phone_type" NOT NULL DEFAULT 'MOBILE',
    "label" VARCHAR(100),
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_phone_numbers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_addresses" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "label" TEXT,
    "line1" TEXT NOT NULL,
    "line2" TEXT,
    "city" TEXT NOT NULL,
    "province" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "country_name" TEXT NOT NULL,
    "post_code_anywhere_id" TEXT,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_employments" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "employer_name" TEXT,
    "job_title" TEXT,
    "status" "employment_status",
    "start_date" DATE,
    "end_date" DATE,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_employments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_social_links" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "type" "contact_link_type" NOT NULL,
    "branch" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_social_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tags" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "emoji" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_tags" (
    "organization_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "tag_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_tags_pkey" PRIMARY KEY ("contact_id","tag_id")
);

-- CreateTable
CREATE TABLE "leads" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "qualification_reasons" "lead_qualification_reason"[] DEFAULT ARRAY[]::"lead_qualification_reason"[],
    "qualified_at" TIMESTAMPTZ(3),
    "disqualified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prospects" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "lead_id" TEXT,
    "household_id" TEXT,
    "estimated_assets" DECIMAL(20,8),
    "estimated_assets_currency" "currency",
    "estimated_household_income" DECIMAL(20,8),
    "estimated_household_income_currency" "currency",
    "became_client_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prospects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opportunities" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "primary_advisor_id" TEXT,
    "contact_id" TEXT,
    "lead_id" TEXT,
    "prospect_id" TEXT,
    "household_id" TEXT,
    "name" TEXT,
    "type" "opportunity_type" NOT NULL DEFAULT 'LEAD',
    "is_corporation" BOOLEAN NOT NULL DEFAULT false,
    "discovery_method" "discovery_method",
    "confidence" INTEGER,
    "temperature" "temperature",
    "lead_source" "lead_source",
    "referrer" TEXT,
    "marketing_campaign" TEXT,
    "marketing_content" TEXT,
    "marketing_medium" "marketing_medium",
    "discovery_started_at" TIMESTAMPTZ(3),
    "proposal_started_at" TIMESTAMPTZ(3),
    "won_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "opportunities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposals" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "opportunity_id" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "accepted_at" TIMESTAMPTZ(3),
    "modification_request" TEXT,
    "modification_requested_at" TIMESTAMPTZ(3),
    "portfolio_pdf_url" TEXT,
    "portfolio_pdf_file_path" TEXT,
    "portfolio_pdf_file_type" TEXT,
    "portfolio_pdf_file_size" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_recipients" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offers" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "proposal_id" TEXT,
    "package_template_id" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "billing_start_type" "billing_start" NOT NULL,
    "billing_start_date" DATE,
    "pricing_type" "fee_type" NOT NULL,
    "payment_method" "payment_source" NOT NULL,
    "one_time_fee_amount" DECIMAL(20,8),
    "one_time_fee_amount_currency" "currency",
    "one_time_fee_is_upfront" BOOLEAN,
    "recurring_amount" DECIMAL(20,8),
    "recurring_amount_currency" "currency",
    "recurring_frequency" "payment_frequency",
    "recurring_duration" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offer_fee_tiers" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "offer_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "breakpoint" DECIMAL(20,8) NOT NULL,
    "breakpoint_currency" "currency" NOT NULL,
    "fee" DECIMAL(9,6) NOT NULL,

    CONSTRAINT "offer_fee_tiers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offer_offerings" (
    "organization_id" TEXT NOT NULL,
    "offer_id" TEXT NOT NULL,
    "offering_id" TEXT NOT NULL,

    CONSTRAINT "offer_offerings_pkey" PRIMARY KEY ("offer_id","offering_id")
);

-- CreateTable
CREATE TABLE "offerings" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "service_variant_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" "service_category" NOT NULL,
    "type" "service_type" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "offerings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "package_templates" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "package_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "services" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "type" "service_type" NOT NULL,
    "category" "service_category" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "services_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_variants" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "service_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "service_variants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "household_id" TEXT,
    "kind" "task_kind" NOT NULL DEFAULT 'BASIC_TASK',
    "type" TEXT,
    "title" TEXT NOT NULL,
    "note" TEXT,
    "due_date" DATE,
    "scheduled_time" TIMESTAMPTZ(3),
    "status" "task_status" NOT NULL DEFAULT 'TODO',
    "priority" TEXT,
    "recurrence" TEXT,
    "context_data" JSONB,
    "questions" JSONB,
    "assignee_team_member_id" TEXT,
    "assignee_person_id" TEXT,
    "meeting_id" TEXT,
    "meeting_task_type" "meeting_task_timing",
    "workflow_id" TEXT,
    "workflow_step_id" TEXT,
    "financial_record_id" TEXT,
    "family_id" TEXT,
    "owner_kind" "task_owner_kind" NOT NULL,
    "owner_team_id" TEXT,
    "owner_household_id" TEXT,
    "owner_professional_id" TEXT,
    "owner_contact_id" TEXT,
    "owner_person_id" TEXT,
    "owner_corporation_id" TEXT,
    "owner_foundation_id" TEXT,
    "owner_trust_id" TEXT,
    "owner_group_id" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflows" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "household_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "template_key" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_steps" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflow_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_participants" (
    "organization_id" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_participants_pkey" PRIMARY KEY ("workflow_id","person_id")
);

-- CreateTable
CREATE TABLE "meetings" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "household_id" TEXT,
    "template_id" TEXT,
    "connection_id" TEXT,
    "organizer_team_member_id" TEXT NOT NULL,
    "title" VARCHAR(100) NOT NULL,
    "message" TEXT NOT NULL,
    "type" "meeting_type" NOT NULL,
    "location" TEXT,
    "start_time" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "time_zone" TEXT NOT NULL,
    "transcript" TEXT,
    "booking_id" TEXT,
    "config_id" TEXT,
    "event_id" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "viewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "meetings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meeting_participants" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "meeting_id" TEXT NOT NULL,
    "role" "meeting_participant_role" NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contact_id" TEXT,
    "team_member_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "meeting_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meeting_agenda_items" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "meeting_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "type" "agenda_item_type" NOT NULL DEFAULT 'FREEFORM',
    "value" TEXT NOT NULL,

    CONSTRAINT "meeting_agenda_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meeting_templates" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "connection_id" TEXT,
    "title" VARCHAR(200) NOT NULL,
    "message" TEXT,
    "duration_minutes" INTEGER NOT NULL,
    "available_days_in_future" INTEGER NOT NULL,
    "before_buffer_minutes" INTEGER NOT NULL DEFAULT 0,
    "after_buffer_minutes" INTEGER NOT NULL DEFAULT 0,
    "minimum_notice_minutes" INTEGER NOT NULL,
    "minimum_cancellation_notice_minutes" INTEGER,
    "status" TEXT,
    "provider" "calendar_provider",
    "time_zone" TEXT NOT NULL,
    "config_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "meeting_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meeting_template_opening_hours" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "template_id" TEXT NOT NULL,
    "days" INTEGER[],
    "start_time" TEXT NOT NULL,
    "end_time" TEXT NOT NULL,

    CONSTRAINT "meeting_template_opening_hours_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notes" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "author_user_id" TEXT,
    "title" TEXT,
    "body" TEXT NOT NULL,
    "date" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "starred_at" TIMESTAMPTZ(3),
    "owner_kind" "task_owner_kind" NOT NULL,
    "owner_team_id" TEXT,
    "owner_household_id" TEXT,
    "owner_professional_id" TEXT,
    "owner_contact_id" TEXT,
    "owner_person_id" TEXT,
    "owner_corporation_id" TEXT,
    "owner_foundation_id" TEXT,
    "owner_trust_id" TEXT,
    "owner_group_id" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "note_attachments" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "note_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_type" TEXT,
    "file_size" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "note_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "note_mentions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "note_id" TEXT NOT NULL,
    "entity_kind" "entity_kind" NOT NULL,
    "entity_id" TEXT NOT NULL,

    CONSTRAINT "note_mentions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "team_id" TEXT,
    "file_path" TEXT NOT NULL,
    "original_file_name" TEXT NOT NULL,
    "file_type" TEXT,
    "file_size" BIGINT,
    "use_vault" BOOLEAN NOT NULL DEFAULT false,
    "owner_kind" "task_owner_kind" NOT NULL,
    "owner_team_id" TEXT,
    "owner_household_id" TEXT,
    "owner_professional_id" TEXT,
    "owner_contact_id" TEXT,
    "owner_person_id" TEXT,
    "owner_corporation_id" TEXT,
    "owner_foundation_id" TEXT,
    "owner_trust_id" TEXT,
    "owner_group_id" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_mentions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "entity_kind" "entity_kind" NOT NULL,
    "entity_id" TEXT NOT NULL,

    CONSTRAINT "document_mentions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_field_definitions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "entity_kind" "custom_field_entity_kind" NOT NULL,
    "type" "custom_field_type" NOT NULL,
    "name" TEXT NOT NULL,
    "options" JSONB,
    "position" INTEGER NOT NULL DEFAULT 0,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "custom_field_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_field_values" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "definition_id" TEXT NOT NULL,
    "entity_kind" "custom_field_entity_kind" NOT NULL,
    "contact_id" TEXT,
    "household_id" TEXT,
    "professional_id" TEXT,
    "team_id" TEXT,
    "value_text" TEXT,
    "value_number" DECIMAL(30,10),
    "value_date" DATE,
    "value_boolean" BOOLEAN,
    "value_options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "value_amount" DECIMAL(20,8),
    "value_amount_currency" "currency",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "custom_field_values_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_milestones" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "color_hex" TEXT,
    "icon" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_milestones_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_flows" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "kind" "cash_flow_type" NOT NULL,
    "name" TEXT NOT NULL,
    "sub_type" TEXT,
    "time_frame" JSONB,
    "amount" DECIMAL(20,8) NOT NULL,
    "amount_currency" "currency" NOT NULL,
    "frequency" "payment_frequency" NOT NULL,
    "change" JSONB,
    "tax_exempt" BOOLEAN NOT NULL DEFAULT false,
    "funding_source" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_flows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_flow_people" (
    "organization_id" TEXT NOT NULL,
    "plan_flow_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,

    CONSTRAINT "plan_flow_people_pkey" PRIMARY KEY ("plan_flow_id","person_id")
);

-- CreateTable
CREATE TABLE "plan_accounts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "financial_record_id" TEXT,
    "type" "financial_record_type" NOT NULL,
    "sub_type" TEXT,
    "market_value" DECIMAL(20,8),
    "market_value_currency" "currency",
    "cost_basis" DECIMAL(20,8),
    "cost_basis_currency" "currency",
    "dividend_percent" DECIMAL(9,6),
    "fees_percent" DECIMAL(9,6),
    "growth" JSONB,
    "liquidity_rule" JSONB,
    "withdrawal_rule" JSONB,
    "payments_active" BOOLEAN NOT NULL DEFAULT true,
    "annual_tax_exempt_amount" DECIMAL(20,8),
    "annual_tax_exempt_amount_currency" "currency",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_account_owners" (
    "organization_id" TEXT NOT NULL,
    "plan_account_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,

    CONSTRAINT "plan_account_owners_pkey" PRIMARY KEY ("plan_account_id","person_id")
);

-- CreateTable
CREATE TABLE "plan_assets" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "financial_record_id" TEXT,
    "name" TEXT NOT NULL,
    "type" TEXT,
    "current_value" DECIMAL(20,8),
    "current_value_currency" "currency",
    "purchase" JSONB,
    "sale" JSONB,
    "value_change" JSONB,
    "rental_income" DECIMAL(20,8),
    "rental_income_currency" "currency",
    "rental_income_frequency" "payment_frequency",
    "is_residence" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_liabilities" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "financial_record_id" TEXT,
    "name" TEXT,
    "type" TEXT NOT NULL,
    "current_balance" DECIMAL(20,8),
    "current_balance_currency" "currency",
    "down_payment" DECIMAL(20,8),
    "down_payment_currency" "currency",
    "effective_date" DATE,
    "interest_rate_percent" DECIMAL(9,6),
    "compounding_frequency" "payment_frequency",
    "compounding_type" "interest_type",
    "payment_amount" DECIMAL(20,8),
    "payment_amount_currency" "currency",
    "payment_frequency" "payment_frequency",
    "payment_start" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_liabilities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "timelines" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "person_id" TEXT,
    "name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "timelines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "life_events" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "timeline_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "category" TEXT,
    "date" DATE NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "life_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "financial_records" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "type" "financial_record_type" NOT NULL,
    "nickname" TEXT,
    "name" TEXT,
    "connection_type" "connection_type" NOT NULL DEFAULT 'MANUAL',
    "connection_id" TEXT,
    "institution_id" TEXT,
    "is_joint" BOOLEAN NOT NULL DEFAULT false,
    "as_of_date" DATE,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "financial_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "financial_record_owners" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "financial_record_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL,
    "owner_kind" "owner_kind" NOT NULL,
    "person_id" TEXT,
    "corporation_id" TEXT,
    "trust_id" TEXT,
    "foundation_id" TEXT,
    "ownership_percent" DECIMAL(9,6),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "financial_record_owners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "liability_parties" (
    "organization_id" TEXT NOT NULL,
    "financial_record_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL,
    "person_id" TEXT NOT NULL,
    "role" "liability_party_role" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "liability_parties_pkey" PRIMARY KEY ("financial_record_id","person_id")
);

-- CreateTable
CREATE TABLE "bank_accounts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'BANK_ACCOUNT',
    "bank_account_type" "bank_account_type" NOT NULL,
    "balance" DECIMAL(20,8),
    "balance_currency" "currency",
    "interest_rate_percent" DECIMAL(9,6),

    CONSTRAINT "bank_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "investment_accounts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'INVESTMENT_ACCOUNT',
    "account_type" "investment_account_type" NOT NULL,
    "tax_status" "tax_status",
    "jurisdiction" "country_code",
    "market_value" DECIMAL(20,8),
    "market_value_currency" "currency",
    "cost_basis" DECIMAL(20,8),
    "cost_basis_currency" "currency",

    CONSTRAINT "investment_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_cards" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'CREDIT_CARD',
    "balance" DECIMAL(20,8),
    "balance_currency" "currency",
    "credit_limit" DECIMAL(20,8),
    "credit_limit_currency" "currency",
    "interest_rate_percent" DECIMAL(9,6),
    "last_four_digits" TEXT,
    "secured_by_record_id" TEXT,
    "secured_by_record_type" "financial_record_type",
    "secured_type" "secured_loan_purpose",

    CONSTRAINT "credit_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "additional_cards" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "credit_card_id" TEXT NOT NULL,
    "credit_card_record_type" "financial_record_type" NOT NULL DEFAULT 'CREDIT_CARD',
    "description" TEXT NOT NULL,
    "first_four_digits" TEXT NOT NULL,
    "last_four_digits" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "additional_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lines_of_credit" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'LINE_OF_CREDIT',
    "balance" DECIMAL(20,8),
    "balance_currency" "currency",
    "credit_limit" DECIMAL(20,8),
    "credit_limit_currency" "currency",
    "interest_rate_percent" DECIMAL(9,6),
    "secured_by_record_id" TEXT,
    "secured_by_record_type" "financial_record_type",
    "secured_type" "secured_loan_purpose",

    CONSTRAINT "lines_of_credit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "loans" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'LOAN',
    "original_amount" DECIMAL(20,8),
    "original_amount_currency" "currency",
    "balance" DECIMAL(20,8),
    "balance_currency" "currency",
    "interest_rate_percent" DECIMAL(9,6),
    "payment_amount" DECIMAL(20,8),
    "payment_amount_currency" "currency",
    "payment_frequency" "payment_frequency",
    "start_date" DATE,
    "maturity_date" DATE,
    "secured_by_record_id" TEXT,
    "secured_by_record_type" "financial_record_type",
    "secured_type" "secured_loan_purpose",

    CONSTRAINT "loans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mortgages" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'MORTGAGE',
    "property_id" TEXT,
    "property_record_type" "financial_record_type",
    "original_amount" DECIMAL(20,8),
    "original_amount_currency" "currency",
    "balance" DECIMAL(20,8),
    "balance_currency" "currency",
    "interest_rate_percent" DECIMAL(9,6),
    "payment_amount" DECIMAL(20,8),
    "payment_amount_currency" "currency",
    "payment_frequency" "payment_frequency",
    "term_start_date" DATE,
    "term_end_date" DATE,
    "amortization_months" INTEGER,

    CONSTRAINT "mortgages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "real_estate_properties" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'REAL_ESTATE_PROPERTY',
    "property_kind" "property_kind" NOT NULL,
    "line1" TEXT,
    "line2" TEXT,
    "city" TEXT,
    "province" TEXT,
    "postal_code" TEXT,
    "country_name" TEXT,
    "market_value" DECIMAL(20,8),
    "market_value_currency" "currency",
    "purchase_price" DECIMAL(20,8),
    "purchase_price_currency" "currency",
    "purchase_date" DATE,
    "is_primary_residence" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "real_estate_properties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "real_assets" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'REAL_ASSET',
    "asset_type" "real_asset_type" NOT NULL,
    "description" TEXT,
    "value" DECIMAL(20,8),
    "value_currency" "currency",
    "purchase_price" DECIMAL(20,8),
    "purchase_price_currency" "currency",
    "purchase_date" DATE,

    CONSTRAINT "real_assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "insurance_policies" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'INSURANCE_POLICY',
    "insured_person_id" TEXT,
    "policy_type" TEXT,
    "insurer" TEXT,
    "policy_number" TEXT,
    "issue_date" DATE,
    "face_amount" DECIMAL(20,8),
    "face_amount_currency" "currency",
    "premium" DECIMAL(20,8),
    "premium_currency" "currency",
    "premium_frequency" "payment_frequency",
    "cash_value" DECIMAL(20,8),
    "cash_value_currency" "currency",

    CONSTRAINT "insurance_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "defined_benefit_pensions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'DEFINED_BENEFIT_PENSION',
    "formula_type" "pension_benefit_formula_type" NOT NULL,
    "plan_name" TEXT,
    "employer_name" TEXT,
    "service_start_date" DATE NOT NULL,
    "service_end_date" DATE,
    "full_retirement_date" DATE,
    "retirement_date" DATE,
    "average_salary" DECIMAL(20,8),
    "average_salary_currency" "currency",
    "final_average_salary" DECIMAL(20,8),
    "final_average_salary_currency" "currency",
    "accrual_rate_percent" DECIMAL(9,6),
    "amount_per_year" DECIMAL(20,8),
    "amount_per_year_currency" "currency",
    "per_year_amount_cap" DECIMAL(20,8),
    "per_year_amount_cap_currency" "currency",
    "accrued_amount_cap" DECIMAL(20,8),
    "accrued_amount_cap_currency" "currency",
    "years_of_service_cap" DECIMAL(6,2),
    "early_retirement_penalty_percent_per_year" DECIMAL(9,6) NOT NULL DEFAULT 0,
    "early_retirement_penalty_cap_percent" DECIMAL(9,6),
    "expected_years_in_retirement" DECIMAL(6,2),
    "discount_rate_percent" DECIMAL(9,6) NOT NULL DEFAULT 4,

    CONSTRAINT "defined_benefit_pensions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "private_investments" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'PRIVATE_INVESTMENT',
    "investment_name" TEXT,
    "investment_date" DATE,
    "invested_amount" DECIMAL(20,8),
    "invested_amount_currency" "currency",
    "current_value" DECIMAL(20,8),
    "current_value_currency" "currency",
    "ownership_percent" DECIMAL(9,6),

    CONSTRAINT "private_investments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_equities" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "record_type" "financial_record_type" NOT NULL DEFAULT 'COMPANY_EQUITY',
    "company_name" TEXT NOT NULL,
    "security_type" "security_type" NOT NULL,
    "quantity" DECIMAL(24,8),
    "price_per_share" DECIMAL(20,8),
    "price_per_share_currency" "currency",
    "current_value" DECIMAL(20,8),
    "current_value_currency" "currency",
    "grant_date" DATE,

    CONSTRAINT "company_equities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cash_flow_sources" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "type" "cash_flow_type" NOT NULL,
    "name" TEXT NOT NULL,
    "subtype" TEXT,
    "necessity" "necessity",
    "asset_id" TEXT,
    "liability_id" TEXT,
    "source_account_id" TEXT,
    "destination_account_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cash_flow_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cash_flow_parties" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "cash_flow_source_id" TEXT NOT NULL,
    "role" "cash_flow_party_role" NOT NULL,
    "owner_kind" "owner_kind" NOT NULL,
    "person_id" TEXT,
    "corporation_id" TEXT,
    "trust_id" TEXT,
    "foundation_id" TEXT,

    CONSTRAINT "cash_flow_parties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cash_flows" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "cash_flow_source_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "flow_status" NOT NULL DEFAULT 'ACTIVE',
    "amount" DECIMAL(20,8) NOT NULL,
    "amount_currency" "currency" NOT NULL,
    "frequency" "payment_frequency" NOT NULL,
    "start_date" DATE,
    "end_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cash_flows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recurring_streams" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "financial_record_id" TEXT,
    "cash_flow_source_id" TEXT,
    "category_id" TEXT,
    "name" TEXT NOT NULL,
    "direction" "flow_direction" NOT NULL,
    "frequency" "payment_frequency",
    "merchant_name" TEXT,
    "average_amount" DECIMAL(20,8),
    "average_amount_currency" "currency",
    "last_amount" DECIMAL(20,8),
    "last_amount_currency" "currency",
    "first_date" DATE,
    "last_date" DATE,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "confirmed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recurring_streams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "household_id" TEXT NOT NULL,
    "financial_record_id" TEXT NOT NULL,
    "recurring_stream_id" TEXT,
    "cash_flow_source_id" TEXT,
    "category_id" TEXT,
    "date" DATE NOT NULL,
    "amount" DECIMAL(20,8) NOT NULL,
    "amount_currency" "currency" NOT NULL,
    "direction" "flow_direction" NOT NULL,
    "description" TEXT,
    "merchant_name" TEXT,
    "pending" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_categories" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "primary_category" TEXT NOT NULL,
    "detailed_category" TEXT NOT NULL,
    "label" TEXT,
    "group" "transaction_category_group" NOT NULL,
    "nature" "transaction_category_nature" NOT NULL,

    CONSTRAINT "transaction_categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connections" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "service" "integration_service",
    "source" "external_source_system",
    "status" "connection_status" NOT NULL DEFAULT 'CREATED',
    "owner_professional_id" TEXT,
    "owner_household_id" TEXT,
    "owner_team_id" TEXT,
    "display_name" TEXT,
    "external_account_id" TEXT,
    "calendar_provider" "calendar_provider",
    "credentials_ciphertext" BYTEA,
    "credentials_key_id" TEXT,
    "sync_cursor" TEXT,
    "sync_interval_minutes" INTEGER,
    "last_synced_at" TIMESTAMPTZ(3),
    "needs_reauth_since" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_runs" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "status" "sync_run_status" NOT NULL DEFAULT 'QUEUED',
    "trigger" "sync_trigger" NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "created_count" INTEGER NOT NULL DEFAULT 0,
    "updated_count" INTEGER NOT NULL DEFAULT 0,
    "unchanged_count" INTEGER NOT NULL DEFAULT 0,
    "deleted_count" INTEGER NOT NULL DEFAULT 0,
    "failed_count" INTEGER NOT NULL DEFAULT 0,
    "cursor_before" TEXT,
    "cursor_after" TEXT,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "error_code" TEXT,
    "error_message" TEXT,

    CONSTRAINT "sync_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_record_errors" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "sync_run_id" TEXT NOT NULL,
    "outside_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "payload" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sync_record_errors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_batches" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "connection_id" TEXT,
    "sync_run_id" TEXT,
    "source" "external_source_system" NOT NULL,
    "status" "import_batch_status" NOT NULL DEFAULT 'PENDING',
    "file_name" TEXT,
    "row_count" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "applied_at" TIMESTAMPTZ(3),
    "rolled_back_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "external_links" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "source" "external_source_system",
    "service" "integration_service",
    "source_id" TEXT,
    "import_batch_id" TEXT,
    "content_hash" TEXT,
    "last_seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "external_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fx_rates" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "base_currency" "currency" NOT NULL,
    "quote_currency" "currency" NOT NULL,
    "rate" DECIMAL(24,12) NOT NULL,
    "source" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fx_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" "audit_actor_kind" NOT NULL,
    "actor_id" TEXT,
    "action" "audit_action" NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "request_id" TEXT,
    "import_batch_id" TEXT,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invitations_code_key" ON "invitations"("code");

-- CreateIndex
CREATE INDEX "invitations_organization_id_team_id_type_status_idx" ON "invitations"("organization_id", "team_id", "type", "status");

-- CreateIndex
CREATE INDEX "invitations_organization_id_household_id_idx" ON "invitations"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "brands_organization_id_idx" ON "brands"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "brands_organization_id_id_key" ON "brands"("organization_id", "id");

-- CreateIndex
CREATE INDEX "brand_logos_organization_id_idx" ON "brand_logos"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "brand_logos_brand_id_type_key" ON "brand_logos"("brand_id", "type");

-- CreateIndex
CREATE UNIQUE INDEX "links_profiles_slug_key" ON "links_profiles"("slug");

-- CreateIndex
CREATE INDEX "links_profiles_organization_id_professional_id_idx" ON "links_profiles"("organization_id", "professional_id");

-- CreateIndex
CREATE UNIQUE INDEX "links_profiles_organization_id_id_key" ON "links_profiles"("organization_id", "id");

-- CreateIndex
CREATE INDEX "profile_links_organization_id_links_profile_id_idx" ON "profile_links"("organization_id", "links_profile_id");

-- CreateIndex
CREATE INDEX "households_organization_id_team_id_idx" ON "households"("organization_id", "team_id");

-- CreateIndex
CREATE INDEX "households_organization_id_primary_advisor_id_idx" ON "households"("organization_id", "primary_advisor_id");

-- CreateIndex
CREATE UNIQUE INDEX "households_organization_id_id_key" ON "households"("organization_id", "id");

-- CreateIndex
CREATE INDEX "persons_organization_id_household_id_idx" ON "persons"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "persons_organization_id_id_key" ON "persons"("organization_id", "id");

-- CreateIndex
CREATE INDEX "corporations_organization_id_household_id_idx" ON "corporations"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "corporations_organization_id_id_key" ON "corporations"("organization_id", "id");

-- CreateIndex
CREATE INDEX "trusts_organization_id_household_id_idx" ON "trusts"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "trusts_organization_id_id_key" ON "trusts"("organization_id", "id");

-- CreateIndex
CREATE INDEX "foundations_organization_id_household_id_idx" ON "foundations"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "foundations_organization_id_id_key" ON "foundations"("organization_id", "id");

-- CreateIndex
CREATE INDEX "families_organization_id_household_id_idx" ON "families"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "families_organization_id_id_key" ON "families"("organization_id", "id");

-- CreateIndex
CREATE INDEX "family_members_organization_id_person_id_idx" ON "family_members"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "family_addresses_organization_id_family_id_idx" ON "family_addresses"("organization_id", "family_id");

-- CreateIndex
CREATE INDEX "groups_organization_id_team_id_idx" ON "groups"("organization_id", "team_id");

-- CreateIndex
CREATE UNIQUE INDEX "groups_organization_id_id_key" ON "groups"("organization_id", "id");

-- CreateIndex
CREATE INDEX "group_members_organization_id_person_id_idx" ON "group_members"("organization_id", "person_id");

-- CreateIndex
CREATE UNIQUE INDEX "institutions_organization_id_id_key" ON "institutions"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "institutions_organization_id_name_key" ON "institutions"("organization_id", "name");

-- CreateIndex
CREATE INDEX "contacts_organization_id_team_id_idx" ON "contacts"("organization_id", "team_id");

-- CreateIndex
CREATE INDEX "contacts_organization_id_person_id_idx" ON "contacts"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "contacts_organization_id_household_id_idx" ON "contacts"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "contacts_organization_id_id_key" ON "contacts"("organization_id", "id");

-- CreateIndex
CREATE INDEX "contact_emails_organization_id_contact_id_idx" ON "contact_emails"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "contact_phone_numbers_organization_id_contact_id_idx" ON "contact_phone_numbers"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "contact_addresses_organization_id_contact_id_idx" ON "contact_addresses"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "contact_employments_organization_id_contact_id_idx" ON "contact_employments"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "contact_social_links_organization_id_contact_id_idx" ON "contact_social_links"("organization_id", "contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "tags_organization_id_id_key" ON "tags"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "tags_organization_id_type_name_key" ON "tags"("organization_id", "type", "name");

-- CreateIndex
CREATE INDEX "contact_tags_organization_id_tag_id_idx" ON "contact_tags"("organization_id", "tag_id");

-- CreateIndex
CREATE INDEX "leads_organization_id_team_id_idx" ON "leads"("organization_id", "team_id");

-- CreateIndex
CREATE INDEX "leads_organization_id_contact_id_idx" ON "leads"("organization_id", "contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "leads_organization_id_id_key" ON "leads"("organization_id", "id");

-- CreateIndex
CREATE INDEX "prospects_organization_id_team_id_idx" ON "prospects"("organization_id", "team_id");

-- CreateIndex
CREATE INDEX "prospects_organization_id_contact_id_idx" ON "prospects"("organization_id", "contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "prospects_organization_id_id_key" ON "prospects"("organization_id", "id");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_primary_advisor_id_created_at_idx" ON "opportunities"("organization_id", "primary_advisor_id", "created_at");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_team_id_created_at_idx" ON "opportunities"("organization_id", "team_id", "created_at");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_contact_id_idx" ON "opportunities"("organization_id", "contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "opportunities_organization_id_id_key" ON "opportunities"("organization_id", "id");

-- CreateIndex
CREATE INDEX "proposals_organization_id_opportunity_id_idx" ON "proposals"("organization_id", "opportunity_id");

-- CreateIndex
CREATE UNIQUE INDEX "proposals_organization_id_id_key" ON "proposals"("organization_id", "id");

-- CreateIndex
CREATE INDEX "proposal_recipients_organization_id_person_id_idx" ON "proposal_recipients"("organization_id", "person_id");

-- CreateIndex
CREATE UNIQUE INDEX "proposal_recipients_proposal_id_person_id_key" ON "proposal_recipients"("proposal_id", "person_id");

-- CreateIndex
CREATE INDEX "offers_organization_id_proposal_id_idx" ON "offers"("organization_id", "proposal_id");

-- CreateIndex
CREATE INDEX "offers_organization_id_package_template_id_idx" ON "offers"("organization_id", "package_template_id");

-- CreateIndex
CREATE UNIQUE INDEX "offers_organization_id_id_key" ON "offers"("organization_id", "id");

-- CreateIndex
CREATE INDEX "offer_fee_tiers_organization_id_idx" ON "offer_fee_tiers"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "offer_fee_tiers_offer_id_position_key" ON "offer_fee_tiers"("offer_id", "position");

-- CreateIndex
CREATE INDEX "offer_offerings_organization_id_offering_id_idx" ON "offer_offerings"("organization_id", "offering_id");

-- CreateIndex
CREATE INDEX "offerings_organization_id_idx" ON "offerings"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "offerings_organization_id_id_key" ON "offerings"("organization_id", "id");

-- CreateIndex
CREATE INDEX "package_templates_organization_id_idx" ON "package_templates"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "package_templates_organization_id_id_key" ON "package_templates"("organization_id", "id");

-- CreateIndex
CREATE INDEX "services_organization_id_idx" ON "services"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "services_organization_id_id_key" ON "services"("organization_id", "id");

-- CreateIndex
CREATE INDEX "service_variants_organization_id_service_id_idx" ON "service_variants"("organization_id", "service_id");

-- CreateIndex
CREATE UNIQUE INDEX "service_variants_organization_id_id_key" ON "service_variants"("organization_id", "id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_team_id_status_idx" ON "tasks"("organization_id", "team_id", "status");

-- CreateIndex
CREATE INDEX "tasks_organization_id_assignee_team_member_id_status_idx" ON "tasks"("organization_id", "assignee_team_member_id", "status");

-- CreateIndex
CREATE INDEX "tasks_organization_id_assignee_person_id_idx" ON "tasks"("organization_id", "assignee_person_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_household_id_idx" ON "tasks"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_meeting_id_idx" ON "tasks"("organization_id", "meeting_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_workflow_id_idx" ON "tasks"("organization_id", "workflow_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_workflow_step_id_idx" ON "tasks"("organization_id", "workflow_step_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_financial_record_id_idx" ON "tasks"("organization_id", "financial_record_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_family_id_idx" ON "tasks"("organization_id", "family_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_team_id_idx" ON "tasks"("organization_id", "owner_team_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_household_id_idx" ON "tasks"("organization_id", "owner_household_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_professional_id_idx" ON "tasks"("organization_id", "owner_professional_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_contact_id_idx" ON "tasks"("organization_id", "owner_contact_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_person_id_idx" ON "tasks"("organization_id", "owner_person_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_corporation_id_idx" ON "tasks"("organization_id", "owner_corporation_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_foundation_id_idx" ON "tasks"("organization_id", "owner_foundation_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_trust_id_idx" ON "tasks"("organization_id", "owner_trust_id");

-- CreateIndex
CREATE INDEX "tasks_organization_id_owner_group_id_idx" ON "tasks"("organization_id", "owner_group_id");

-- CreateIndex
CREATE INDEX "workflows_organization_id_team_id_idx" ON "workflows"("organization_id", "team_id");

-- CreateIndex
CREATE INDEX "workflows_organization_id_household_id_idx" ON "workflows"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "workflows_organization_id_id_key" ON "workflows"("organization_id", "id");

-- CreateIndex
CREATE INDEX "workflow_steps_organization_id_workflow_id_position_idx" ON "workflow_steps"("organization_id", "workflow_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_steps_organization_id_id_key" ON "workflow_steps"("organization_id", "id");

-- CreateIndex
CREATE INDEX "workflow_participants_organization_id_person_id_idx" ON "workflow_participants"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "meetings_organization_id_team_id_start_time_idx" ON "meetings"("organization_id", "team_id", "start_time");

-- CreateIndex
CREATE INDEX "meetings_organization_id_household_id_start_time_idx" ON "meetings"("organization_id", "household_id", "start_time");

-- CreateIndex
CREATE INDEX "meetings_organization_id_organizer_team_member_id_idx" ON "meetings"("organization_id", "organizer_team_member_id");

-- CreateIndex
CREATE UNIQUE INDEX "meetings_organization_id_id_key" ON "meetings"("organization_id", "id");

-- CreateIndex
CREATE INDEX "meeting_participants_organization_id_contact_id_idx" ON "meeting_participants"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "meeting_participants_organization_id_team_member_id_idx" ON "meeting_participants"("organization_id", "team_member_id");

-- CreateIndex
CREATE UNIQUE INDEX "meeting_participants_meeting_id_email_key" ON "meeting_participants"("meeting_id", "email");

-- CreateIndex
CREATE INDEX "meeting_agenda_items_organization_id_meeting_id_idx" ON "meeting_agenda_items"("organization_id", "meeting_id");

-- CreateIndex
CREATE INDEX "meeting_templates_organization_id_team_id_idx" ON "meeting_templates"("organization_id", "team_id");

-- CreateIndex
CREATE UNIQUE INDEX "meeting_templates_organization_id_id_key" ON "meeting_templates"("organization_id", "id");

-- CreateIndex
CREATE INDEX "meeting_template_opening_hours_organization_id_template_id_idx" ON "meeting_template_opening_hours"("organization_id", "template_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_team_id_created_at_idx" ON "notes"("organization_id", "team_id", "created_at");

-- CreateIndex
CREATE INDEX "notes_organization_id_author_user_id_idx" ON "notes"("organization_id", "author_user_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_team_id_idx" ON "notes"("organization_id", "owner_team_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_household_id_idx" ON "notes"("organization_id", "owner_household_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_professional_id_idx" ON "notes"("organization_id", "owner_professional_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_contact_id_idx" ON "notes"("organization_id", "owner_contact_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_person_id_idx" ON "notes"("organization_id", "owner_person_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_corporation_id_idx" ON "notes"("organization_id", "owner_corporation_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_foundation_id_idx" ON "notes"("organization_id", "owner_foundation_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_trust_id_idx" ON "notes"("organization_id", "owner_trust_id");

-- CreateIndex
CREATE INDEX "notes_organization_id_owner_group_id_idx" ON "notes"("organization_id", "owner_group_id");

-- CreateIndex
CREATE UNIQUE INDEX "notes_organization_id_id_key" ON "notes"("organization_id", "id");

-- CreateIndex
CREATE INDEX "note_attachments_organization_id_note_id_idx" ON "note_attachments"("organization_id", "note_id");

-- CreateIndex
CREATE INDEX "note_mentions_organization_id_entity_id_idx" ON "note_mentions"("organization_id", "entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "note_mentions_note_id_entity_id_key" ON "note_mentions"("note_id", "entity_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_team_id_idx" ON "documents"("organization_id", "team_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_team_id_idx" ON "documents"("organization_id", "owner_team_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_household_id_idx" ON "documents"("organization_id", "owner_household_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_professional_id_idx" ON "documents"("organization_id", "owner_professional_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_contact_id_idx" ON "documents"("organization_id", "owner_contact_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_person_id_idx" ON "documents"("organization_id", "owner_person_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_corporation_id_idx" ON "documents"("organization_id", "owner_corporation_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_foundation_id_idx" ON "documents"("organization_id", "owner_foundation_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_trust_id_idx" ON "documents"("organization_id", "owner_trust_id");

-- CreateIndex
CREATE INDEX "documents_organization_id_owner_group_id_idx" ON "documents"("organization_id", "owner_group_id");

-- CreateIndex
CREATE UNIQUE INDEX "documents_organization_id_id_key" ON "documents"("organization_id", "id");

-- CreateIndex
CREATE INDEX "document_mentions_organization_id_entity_id_idx" ON "document_mentions"("organization_id", "entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_mentions_document_id_entity_id_key" ON "document_mentions"("document_id", "entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_definitions_organization_id_id_entity_kind_key" ON "custom_field_definitions"("organization_id", "id", "entity_kind");

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_definitions_organization_id_entity_kind_name_key" ON "custom_field_definitions"("organization_id", "entity_kind", "name");

-- CreateIndex
CREATE INDEX "custom_field_values_organization_id_contact_id_idx" ON "custom_field_values"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "custom_field_values_organization_id_household_id_idx" ON "custom_field_values"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "custom_field_values_organization_id_professional_id_idx" ON "custom_field_values"("organization_id", "professional_id");

-- CreateIndex
CREATE INDEX "custom_field_values_organization_id_team_id_idx" ON "custom_field_values"("organization_id", "team_id");

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_values_definition_id_contact_id_key" ON "custom_field_values"("definition_id", "contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_values_definition_id_household_id_key" ON "custom_field_values"("definition_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_values_definition_id_professional_id_key" ON "custom_field_values"("definition_id", "professional_id");

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_values_definition_id_team_id_key" ON "custom_field_values"("definition_id", "team_id");

-- CreateIndex
CREATE INDEX "plans_organization_id_household_id_idx" ON "plans"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "plans_organization_id_id_key" ON "plans"("organization_id", "id");

-- CreateIndex
CREATE INDEX "plan_milestones_organization_id_plan_id_idx" ON "plan_milestones"("organization_id", "plan_id");

-- CreateIndex
CREATE INDEX "plan_flows_organization_id_plan_id_idx" ON "plan_flows"("organization_id", "plan_id");

-- CreateIndex
CREATE UNIQUE INDEX "plan_flows_organization_id_id_key" ON "plan_flows"("organization_id", "id");

-- CreateIndex
CREATE INDEX "plan_flow_people_organization_id_person_id_idx" ON "plan_flow_people"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "plan_accounts_organization_id_plan_id_idx" ON "plan_accounts"("organization_id", "plan_id");

-- CreateIndex
CREATE INDEX "plan_accounts_organization_id_financial_record_id_idx" ON "plan_accounts"("organization_id", "financial_record_id");

-- CreateIndex
CREATE UNIQUE INDEX "plan_accounts_organization_id_id_key" ON "plan_accounts"("organization_id", "id");

-- CreateIndex
CREATE INDEX "plan_account_owners_organization_id_person_id_idx" ON "plan_account_owners"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "plan_assets_organization_id_plan_id_idx" ON "plan_assets"("organization_id", "plan_id");

-- CreateIndex
CREATE INDEX "plan_assets_organization_id_financial_record_id_idx" ON "plan_assets"("organization_id", "financial_record_id");

-- CreateIndex
CREATE INDEX "plan_liabilities_organization_id_plan_id_idx" ON "plan_liabilities"("organization_id", "plan_id");

-- CreateIndex
CREATE INDEX "plan_liabilities_organization_id_financial_record_id_idx" ON "plan_liabilities"("organization_id", "financial_record_id");

-- CreateIndex
CREATE INDEX "timelines_organization_id_household_id_idx" ON "timelines"("organization_id", "household_id");

-- CreateIndex
CREATE UNIQUE INDEX "timelines_organization_id_id_key" ON "timelines"("organization_id", "id");

-- CreateIndex
CREATE INDEX "life_events_organization_id_timeline_id_date_idx" ON "life_events"("organization_id", "timeline_id", "date");

-- CreateIndex
CREATE INDEX "financial_records_organization_id_household_id_idx" ON "financial_records"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "financial_records_organization_id_connection_id_idx" ON "financial_records"("organization_id", "connection_id");

-- CreateIndex
CREATE INDEX "financial_records_organization_id_institution_id_idx" ON "financial_records"("organization_id", "institution_id");

-- CreateIndex
CREATE UNIQUE INDEX "financial_records_organization_id_id_key" ON "financial_records"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "financial_records_organization_id_id_type_key" ON "financial_records"("organization_id", "id", "type");

-- CreateIndex
CREATE INDEX "financial_record_owners_organization_id_person_id_idx" ON "financial_record_owners"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "financial_record_owners_organization_id_corporation_id_idx" ON "financial_record_owners"("organization_id", "corporation_id");

-- CreateIndex
CREATE INDEX "financial_record_owners_organization_id_trust_id_idx" ON "financial_record_owners"("organization_id", "trust_id");

-- CreateIndex
CREATE INDEX "financial_record_owners_organization_id_foundation_id_idx" ON "financial_record_owners"("organization_id", "foundation_id");

-- CreateIndex
CREATE UNIQUE INDEX "financial_record_owners_financial_record_id_person_id_key" ON "financial_record_owners"("financial_record_id", "person_id");

-- CreateIndex
CREATE UNIQUE INDEX "financial_record_owners_financial_record_id_corporation_id_key" ON "financial_record_owners"("financial_record_id", "corporation_id");

-- CreateIndex
CREATE UNIQUE INDEX "financial_record_owners_financial_record_id_trust_id_key" ON "financial_record_owners"("financial_record_id", "trust_id");

-- CreateIndex
CREATE UNIQUE INDEX "financial_record_owners_financial_record_id_foundation_id_key" ON "financial_record_owners"("financial_record_id", "foundation_id");

-- CreateIndex
CREATE INDEX "liability_parties_organization_id_person_id_idx" ON "liability_parties"("organization_id", "person_id");

-- CreateIndex
CREATE UNIQUE INDEX "bank_accounts_organization_id_id_record_type_key" ON "bank_accounts"("organization_id", "id", "record_type");

-- CreateIndex
CREATE UNIQUE INDEX "investment_accounts_organization_id_id_record_type_key" ON "investment_accounts"("organization_id", "id", "record_type");

-- CreateIndex
CREATE INDEX "credit_cards_organization_id_secured_by_record_id_idx" ON "credit_cards"("organization_id", "secured_by_record_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_cards_organization_id_id_record_type_key" ON "credit_cards"("organization_id", "id", "record_type");

-- CreateIndex
CREATE INDEX "additional_cards_organization_id_credit_card_id_idx" ON "additional_cards"("organization_id", "credit_card_id");

-- CreateIndex
CREATE INDEX "lines_of_credit_organization_id_secured_by_record_id_idx" ON "lines_of_credit"("organization_id", "secured_by_record_id");

-- CreateIndex
CREATE UNIQUE INDEX "lines_of_credit_organization_id_id_record_type_key" ON "lines_of_credit"("organization_id", "id", "record_type");

-- CreateIndex
CREATE INDEX "loans_organization_id_secured_by_record_id_idx" ON "loans"("organization_id", "secured_by_record_id");

-- CreateIndex
CREATE UNIQUE INDEX "loans_organization_id_id_record_type_key" ON "loans"("organization_id", "id", "record_type");

-- CreateIndex
CREATE INDEX "mortgages_organization_id_property_id_idx" ON "mortgages"("organization_id", "property_id");

-- CreateIndex
CREATE UNIQUE INDEX "mortgages_organization_id_id_record_type_key" ON "mortgages"("organization_id", "id", "record_type");

-- CreateIndex
CREATE UNIQUE INDEX "real_estate_properties_organization_id_id_record_type_key" ON "real_estate_properties"("organization_id", "id", "record_type");

-- CreateIndex
CREATE UNIQUE INDEX "real_assets_organization_id_id_record_type_key" ON "real_assets"("organization_id", "id", "record_type");

-- CreateIndex
CREATE INDEX "insurance_policies_organization_id_insured_person_id_idx" ON "insurance_policies"("organization_id", "insured_person_id");

-- CreateIndex
CREATE UNIQUE INDEX "insurance_policies_organization_id_id_record_type_key" ON "insurance_policies"("organization_id", "id", "record_type");

-- CreateIndex
CREATE UNIQUE INDEX "defined_benefit_pensions_organization_id_id_record_type_key" ON "defined_benefit_pensions"("organization_id", "id", "record_type");

-- CreateIndex
CREATE UNIQUE INDEX "private_investments_organization_id_id_record_type_key" ON "private_investments"("organization_id", "id", "record_type");

-- CreateIndex
CREATE UNIQUE INDEX "company_equities_organization_id_id_record_type_key" ON "company_equities"("organization_id", "id", "record_type");

-- CreateIndex
CREATE INDEX "cash_flow_sources_organization_id_household_id_idx" ON "cash_flow_sources"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "cash_flow_sources_organization_id_asset_id_idx" ON "cash_flow_sources"("organization_id", "asset_id");

-- CreateIndex
CREATE INDEX "cash_flow_sources_organization_id_liability_id_idx" ON "cash_flow_sources"("organization_id", "liability_id");

-- CreateIndex
CREATE INDEX "cash_flow_sources_organization_id_source_account_id_idx" ON "cash_flow_sources"("organization_id", "source_account_id");

-- CreateIndex
CREATE INDEX "cash_flow_sources_organization_id_destination_account_id_idx" ON "cash_flow_sources"("organization_id", "destination_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "cash_flow_sources_organization_id_id_key" ON "cash_flow_sources"("organization_id", "id");

-- CreateIndex
CREATE INDEX "cash_flow_parties_organization_id_cash_flow_source_id_idx" ON "cash_flow_parties"("organization_id", "cash_flow_source_id");

-- CreateIndex
CREATE INDEX "cash_flow_parties_organization_id_person_id_idx" ON "cash_flow_parties"("organization_id", "person_id");

-- CreateIndex
CREATE INDEX "cash_flow_parties_organization_id_corporation_id_idx" ON "cash_flow_parties"("organization_id", "corporation_id");

-- CreateIndex
CREATE INDEX "cash_flow_parties_organization_id_trust_id_idx" ON "cash_flow_parties"("organization_id", "trust_id");

-- CreateIndex
CREATE INDEX "cash_flow_parties_organization_id_foundation_id_idx" ON "cash_flow_parties"("organization_id", "foundation_id");

-- CreateIndex
CREATE INDEX "cash_flows_organization_id_cash_flow_source_id_idx" ON "cash_flows"("organization_id", "cash_flow_source_id");

-- CreateIndex
CREATE INDEX "recurring_streams_organization_id_household_id_idx" ON "recurring_streams"("organization_id", "household_id");

-- CreateIndex
CREATE INDEX "recurring_streams_organization_id_financial_record_id_idx" ON "recurring_streams"("organization_id", "financial_record_id");

-- CreateIndex
CREATE INDEX "recurring_streams_organization_id_cash_flow_source_id_idx" ON "recurring_streams"("organization_id", "cash_flow_source_id");

-- CreateIndex
CREATE UNIQUE INDEX "recurring_streams_organization_id_id_key" ON "recurring_streams"("organization_id", "id");

-- CreateIndex
CREATE INDEX "transactions_organization_id_financial_record_id_date_idx" ON "transactions"("organization_id", "financial_record_id", "date");

-- CreateIndex
CREATE INDEX "transactions_organization_id_household_id_date_idx" ON "transactions"("organization_id", "household_id", "date");

-- CreateIndex
CREATE INDEX "transactions_organization_id_recurring_stream_id_idx" ON "transactions"("organization_id", "recurring_stream_id");

-- CreateIndex
CREATE INDEX "transactions_organization_id_cash_flow_source_id_idx" ON "transactions"("organization_id", "cash_flow_source_id");

-- CreateIndex
CREATE INDEX "transactions_organization_id_category_id_idx" ON "transactions"("organization_id", "category_id");

-- CreateIndex
CREATE UNIQUE INDEX "transaction_categories_organization_id_id_key" ON "transaction_categories"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "transaction_categories_organization_id_detailed_category_key" ON "transaction_categories"("organization_id", "detailed_category");

-- CreateIndex
CREATE INDEX "connections_organization_id_owner_professional_id_service_idx" ON "connections"("organization_id", "owner_professional_id", "service");

-- CreateIndex
CREATE INDEX "connections_organization_id_owner_household_id_service_idx" ON "connections"("organization_id", "owner_household_id", "service");

-- CreateIndex
CREATE INDEX "connections_organization_id_owner_team_id_service_idx" ON "connections"("organization_id", "owner_team_id", "service");

-- CreateIndex
CREATE INDEX "connections_organization_id_service_status_idx" ON "connections"("organization_id", "service", "status");

-- CreateIndex
CREATE UNIQUE INDEX "connections_organization_id_id_key" ON "connections"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connections_organization_id_service_external_account_id_key" ON "connections"("organization_id", "service", "external_account_id");

-- CreateIndex
CREATE INDEX "sync_runs_organization_id_connection_id_queued_at_idx" ON "sync_runs"("organization_id", "connection_id", "queued_at" DESC);

-- CreateIndex
CREATE INDEX "sync_runs_organization_id_status_idx" ON "sync_runs"("organization_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "sync_runs_organization_id_id_key" ON "sync_runs"("organization_id", "id");

-- CreateIndex
CREATE INDEX "sync_record_errors_organization_id_sync_run_id_idx" ON "sync_record_errors"("organization_id", "sync_run_id");

-- CreateIndex
CREATE INDEX "import_batches_organization_id_source_created_at_idx" ON "import_batches"("organization_id", "source", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "import_batches_organization_id_id_key" ON "import_batches"("organization_id", "id");

-- CreateIndex
CREATE INDEX "external_links_organization_id_entity_id_idx" ON "external_links"("organization_id", "entity_id");

-- CreateIndex
CREATE INDEX "external_links_organization_id_import_batch_id_idx" ON "external_links"("organization_id", "import_batch_id");

-- CreateIndex
CREATE UNIQUE INDEX "external_links_organization_id_source_source_id_key" ON "external_links"("organization_id", "source", "source_id");

-- CreateIndex
CREATE UNIQUE INDEX "external_links_organization_id_service_source_id_key" ON "external_links"("organization_id", "service", "source_id");

-- CreateIndex
CREATE UNIQUE INDEX "fx_rates_organization_id_date_base_currency_quote_currency_key" ON "fx_rates"("organization_id", "date", "base_currency", "quote_currency");

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_entity_id_occurred_at_idx" ON "audit_logs"("organization_id", "entity_id", "occurred_at");

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_occurred_at_idx" ON "audit_logs"("organization_id", "occurred_at");

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_import_batch_id_idx" ON "audit_logs"("organization_id", "import_batch_id");

-- CreateIndex
CREATE UNIQUE INDEX "teams_organization_id_id_key" ON "teams"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "users_organization_id_id_key" ON "users"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "team_members_organization_id_id_key" ON "team_members"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "professionals_organization_id_id_key" ON "professionals"("organization_id", "id");

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_organization_id_user_id_fkey" FOREIGN KEY ("organization_id", "user_id") REFERENCES "users"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_accepted_user_id_fkey" FOREIGN KEY ("organization_id", "accepted_user_id") REFERENCES "users"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brands" ADD CONSTRAINT "brands_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_organization_id_brand_id_fkey" FOREIGN KEY ("organization_id", "brand_id") REFERENCES "brands"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links_profiles" ADD CONSTRAINT "links_profiles_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links_profiles" ADD CONSTRAINT "links_profiles_organization_id_professional_id_fkey" FOREIGN KEY ("organization_id", "professional_id") REFERENCES "professionals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profile_links" ADD CONSTRAINT "profile_links_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profile_links" ADD CONSTRAINT "profile_links_organization_id_links_profile_id_fkey" FOREIGN KEY ("organization_id", "links_profile_id") REFERENCES "links_profiles"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_organization_id_primary_advisor_id_fkey" FOREIGN KEY ("organization_id", "primary_advisor_id") REFERENCES "professionals"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "persons" ADD CONSTRAINT "persons_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "persons" ADD CONSTRAINT "persons_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trusts" ADD CONSTRAINT "trusts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trusts" ADD CONSTRAINT "trusts_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "foundations" ADD CONSTRAINT "foundations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "foundations" ADD CONSTRAINT "foundations_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "families" ADD CONSTRAINT "families_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "families" ADD CONSTRAINT "families_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_organization_id_family_id_fkey" FOREIGN KEY ("organization_id", "family_id") REFERENCES "families"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_addresses" ADD CONSTRAINT "family_addresses_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_addresses" ADD CONSTRAINT "family_addresses_organization_id_family_id_fkey" FOREIGN KEY ("organization_id", "family_id") REFERENCES "families"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_organization_id_group_id_fkey" FOREIGN KEY ("organization_id", "group_id") REFERENCES "groups"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_emails" ADD CONSTRAINT "contact_emails_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_emails" ADD CONSTRAINT "contact_emails_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_phone_numbers" ADD CONSTRAINT "contact_phone_numbers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_phone_numbers" ADD CONSTRAINT "contact_phone_numbers_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_employments" ADD CONSTRAINT "contact_employments_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_employments" ADD CONSTRAINT "contact_employments_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_social_links" ADD CONSTRAINT "contact_social_links_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_social_links" ADD CONSTRAINT "contact_social_links_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tags" ADD CONSTRAINT "tags_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_organization_id_tag_id_fkey" FOREIGN KEY ("organization_id", "tag_id") REFERENCES "tags"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_organization_id_lead_id_fkey" FOREIGN KEY ("organization_id", "lead_id") REFERENCES "leads"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_primary_advisor_id_fkey" FOREIGN KEY ("organization_id", "primary_advisor_id") REFERENCES "professionals"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_lead_id_fkey" FOREIGN KEY ("organization_id", "lead_id") REFERENCES "leads"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_prospect_id_fkey" FOREIGN KEY ("organization_id", "prospect_id") REFERENCES "prospects"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_organization_id_opportunity_id_fkey" FOREIGN KEY ("organization_id", "opportunity_id") REFERENCES "opportunities"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_recipients" ADD CONSTRAINT "proposal_recipients_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_recipients" ADD CONSTRAINT "proposal_recipients_organization_id_proposal_id_fkey" FOREIGN KEY ("organization_id", "proposal_id") REFERENCES "proposals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_recipients" ADD CONSTRAINT "proposal_recipients_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_organization_id_proposal_id_fkey" FOREIGN KEY ("organization_id", "proposal_id") REFERENCES "proposals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_organization_id_package_template_id_fkey" FOREIGN KEY ("organization_id", "package_template_id") REFERENCES "package_templates"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_fee_tiers" ADD CONSTRAINT "offer_fee_tiers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_fee_tiers" ADD CONSTRAINT "offer_fee_tiers_organization_id_offer_id_fkey" FOREIGN KEY ("organization_id", "offer_id") REFERENCES "offers"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_offerings" ADD CONSTRAINT "offer_offerings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_offerings" ADD CONSTRAINT "offer_offerings_organization_id_offer_id_fkey" FOREIGN KEY ("organization_id", "offer_id") REFERENCES "offers"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_offerings" ADD CONSTRAINT "offer_offerings_organization_id_offering_id_fkey" FOREIGN KEY ("organization_id", "offering_id") REFERENCES "offerings"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_organization_id_service_variant_id_fkey" FOREIGN KEY ("organization_id", "service_variant_id") REFERENCES "service_variants"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "package_templates" ADD CONSTRAINT "package_templates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_variants" ADD CONSTRAINT "service_variants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_variants" ADD CONSTRAINT "service_variants_organization_id_service_id_fkey" FOREIGN KEY ("organization_id", "service_id") REFERENCES "services"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_assignee_team_member_id_fkey" FOREIGN KEY ("organization_id", "assignee_team_member_id") REFERENCES "team_members"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_assignee_person_id_fkey" FOREIGN KEY ("organization_id", "assignee_person_id") REFERENCES "persons"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_meeting_id_fkey" FOREIGN KEY ("organization_id", "meeting_id") REFERENCES "meetings"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_workflow_id_fkey" FOREIGN KEY ("organization_id", "workflow_id") REFERENCES "workflows"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_workflow_step_id_fkey" FOREIGN KEY ("organization_id", "workflow_step_id") REFERENCES "workflow_steps"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_financial_record_id_fkey" FOREIGN KEY ("organization_id", "financial_record_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_family_id_fkey" FOREIGN KEY ("organization_id", "family_id") REFERENCES "families"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_team_id_fkey" FOREIGN KEY ("organization_id", "owner_team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_household_id_fkey" FOREIGN KEY ("organization_id", "owner_household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_professional_id_fkey" FOREIGN KEY ("organization_id", "owner_professional_id") REFERENCES "professionals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_contact_id_fkey" FOREIGN KEY ("organization_id", "owner_contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_person_id_fkey" FOREIGN KEY ("organization_id", "owner_person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_corporation_id_fkey" FOREIGN KEY ("organization_id", "owner_corporation_id") REFERENCES "corporations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_foundation_id_fkey" FOREIGN KEY ("organization_id", "owner_foundation_id") REFERENCES "foundations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_trust_id_fkey" FOREIGN KEY ("organization_id", "owner_trust_id") REFERENCES "trusts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_owner_group_id_fkey" FOREIGN KEY ("organization_id", "owner_group_id") REFERENCES "groups"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_organization_id_workflow_id_fkey" FOREIGN KEY ("organization_id", "workflow_id") REFERENCES "workflows"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_participants" ADD CONSTRAINT "workflow_participants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_participants" ADD CONSTRAINT "workflow_participants_organization_id_workflow_id_fkey" FOREIGN KEY ("organization_id", "workflow_id") REFERENCES "workflows"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_participants" ADD CONSTRAINT "workflow_participants_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_template_id_fkey" FOREIGN KEY ("organization_id", "template_id") REFERENCES "meeting_templates"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_organizer_team_member_id_fkey" FOREIGN KEY ("organization_id", "organizer_team_member_id") REFERENCES "team_members"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_organization_id_meeting_id_fkey" FOREIGN KEY ("organization_id", "meeting_id") REFERENCES "meetings"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_organization_id_team_member_id_fkey" FOREIGN KEY ("organization_id", "team_member_id") REFERENCES "team_members"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_agenda_items" ADD CONSTRAINT "meeting_agenda_items_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_agenda_items" ADD CONSTRAINT "meeting_agenda_items_organization_id_meeting_id_fkey" FOREIGN KEY ("organization_id", "meeting_id") REFERENCES "meetings"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_template_opening_hours" ADD CONSTRAINT "meeting_template_opening_hours_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meeting_template_opening_hours" ADD CONSTRAINT "meeting_template_opening_hours_organization_id_template_id_fkey" FOREIGN KEY ("organization_id", "template_id") REFERENCES "meeting_templates"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_author_user_id_fkey" FOREIGN KEY ("organization_id", "author_user_id") REFERENCES "users"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_team_id_fkey" FOREIGN KEY ("organization_id", "owner_team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_household_id_fkey" FOREIGN KEY ("organization_id", "owner_household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_professional_id_fkey" FOREIGN KEY ("organization_id", "owner_professional_id") REFERENCES "professionals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_contact_id_fkey" FOREIGN KEY ("organization_id", "owner_contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_person_id_fkey" FOREIGN KEY ("organization_id", "owner_person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_corporation_id_fkey" FOREIGN KEY ("organization_id", "owner_corporation_id") REFERENCES "corporations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_foundation_id_fkey" FOREIGN KEY ("organization_id", "owner_foundation_id") REFERENCES "foundations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_trust_id_fkey" FOREIGN KEY ("organization_id", "owner_trust_id") REFERENCES "trusts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_owner_group_id_fkey" FOREIGN KEY ("organization_id", "owner_group_id") REFERENCES "groups"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "note_attachments" ADD CONSTRAINT "note_attachments_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "note_attachments" ADD CONSTRAINT "note_attachments_organization_id_note_id_fkey" FOREIGN KEY ("organization_id", "note_id") REFERENCES "notes"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_organization_id_note_id_fkey" FOREIGN KEY ("organization_id", "note_id") REFERENCES "notes"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_team_id_fkey" FOREIGN KEY ("organization_id", "owner_team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_household_id_fkey" FOREIGN KEY ("organization_id", "owner_household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_professional_id_fkey" FOREIGN KEY ("organization_id", "owner_professional_id") REFERENCES "professionals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_contact_id_fkey" FOREIGN KEY ("organization_id", "owner_contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_person_id_fkey" FOREIGN KEY ("organization_id", "owner_person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_corporation_id_fkey" FOREIGN KEY ("organization_id", "owner_corporation_id") REFERENCES "corporations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_foundation_id_fkey" FOREIGN KEY ("organization_id", "owner_foundation_id") REFERENCES "foundations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_trust_id_fkey" FOREIGN KEY ("organization_id", "owner_trust_id") REFERENCES "trusts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_owner_group_id_fkey" FOREIGN KEY ("organization_id", "owner_group_id") REFERENCES "groups"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_mentions" ADD CONSTRAINT "document_mentions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_mentions" ADD CONSTRAINT "document_mentions_organization_id_document_id_fkey" FOREIGN KEY ("organization_id", "document_id") REFERENCES "documents"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_definition_id_entity_k_fkey" FOREIGN KEY ("organization_id", "definition_id", "entity_kind") REFERENCES "custom_field_definitions"("organization_id", "id", "entity_kind") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_professional_id_fkey" FOREIGN KEY ("organization_id", "professional_id") REFERENCES "professionals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_organization_id_team_id_fkey" FOREIGN KEY ("organization_id", "team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_milestones" ADD CONSTRAINT "plan_milestones_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_milestones" ADD CONSTRAINT "plan_milestones_organization_id_plan_id_fkey" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_flows" ADD CONSTRAINT "plan_flows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_flows" ADD CONSTRAINT "plan_flows_organization_id_plan_id_fkey" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_flow_people" ADD CONSTRAINT "plan_flow_people_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_flow_people" ADD CONSTRAINT "plan_flow_people_organization_id_plan_flow_id_fkey" FOREIGN KEY ("organization_id", "plan_flow_id") REFERENCES "plan_flows"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_flow_people" ADD CONSTRAINT "plan_flow_people_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_organization_id_plan_id_fkey" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_organization_id_financial_record_id_fkey" FOREIGN KEY ("organization_id", "financial_record_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_account_owners" ADD CONSTRAINT "plan_account_owners_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_account_owners" ADD CONSTRAINT "plan_account_owners_organization_id_plan_account_id_fkey" FOREIGN KEY ("organization_id", "plan_account_id") REFERENCES "plan_accounts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_account_owners" ADD CONSTRAINT "plan_account_owners_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_assets" ADD CONSTRAINT "plan_assets_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_assets" ADD CONSTRAINT "plan_assets_organization_id_plan_id_fkey" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_assets" ADD CONSTRAINT "plan_assets_organization_id_financial_record_id_fkey" FOREIGN KEY ("organization_id", "financial_record_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_organization_id_plan_id_fkey" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_organization_id_financial_record_id_fkey" FOREIGN KEY ("organization_id", "financial_record_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "life_events" ADD CONSTRAINT "life_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "life_events" ADD CONSTRAINT "life_events_organization_id_timeline_id_fkey" FOREIGN KEY ("organization_id", "timeline_id") REFERENCES "timelines"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_records" ADD CONSTRAINT "financial_records_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_records" ADD CONSTRAINT "financial_records_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_records" ADD CONSTRAINT "financial_records_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_records" ADD CONSTRAINT "financial_records_organization_id_institution_id_fkey" FOREIGN KEY ("organization_id", "institution_id") REFERENCES "institutions"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_organization_id_financial_record_i_fkey" FOREIGN KEY ("organization_id", "financial_record_id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_organization_id_corporation_id_fkey" FOREIGN KEY ("organization_id", "corporation_id") REFERENCES "corporations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_organization_id_trust_id_fkey" FOREIGN KEY ("organization_id", "trust_id") REFERENCES "trusts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_organization_id_foundation_id_fkey" FOREIGN KEY ("organization_id", "foundation_id") REFERENCES "foundations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "liability_parties" ADD CONSTRAINT "liability_parties_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "liability_parties" ADD CONSTRAINT "liability_parties_organization_id_financial_record_id_reco_fkey" FOREIGN KEY ("organization_id", "financial_record_id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "liability_parties" ADD CONSTRAINT "liability_parties_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_organization_id_secured_by_record_id_secured__fkey" FOREIGN KEY ("organization_id", "secured_by_record_id", "secured_by_record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "additional_cards" ADD CONSTRAINT "additional_cards_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "additional_cards" ADD CONSTRAINT "additional_cards_organization_id_credit_card_id_credit_car_fkey" FOREIGN KEY ("organization_id", "credit_card_id", "credit_card_record_type") REFERENCES "credit_cards"("organization_id", "id", "record_type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_organization_id_secured_by_record_id_secur_fkey" FOREIGN KEY ("organization_id", "secured_by_record_id", "secured_by_record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loans" ADD CONSTRAINT "loans_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loans" ADD CONSTRAINT "loans_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loans" ADD CONSTRAINT "loans_organization_id_secured_by_record_id_secured_by_reco_fkey" FOREIGN KEY ("organization_id", "secured_by_record_id", "secured_by_record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_organization_id_property_id_property_record_type_fkey" FOREIGN KEY ("organization_id", "property_id", "property_record_type") REFERENCES "real_estate_properties"("organization_id", "id", "record_type") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "real_assets" ADD CONSTRAINT "real_assets_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "real_assets" ADD CONSTRAINT "real_assets_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_organization_id_insured_person_id_fkey" FOREIGN KEY ("organization_id", "insured_person_id") REFERENCES "persons"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "private_investments" ADD CONSTRAINT "private_investments_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "private_investments" ADD CONSTRAINT "private_investments_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_equities" ADD CONSTRAINT "company_equities_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_equities" ADD CONSTRAINT "company_equities_organization_id_id_record_type_fkey" FOREIGN KEY ("organization_id", "id", "record_type") REFERENCES "financial_records"("organization_id", "id", "type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_organization_id_asset_id_fkey" FOREIGN KEY ("organization_id", "asset_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_organization_id_liability_id_fkey" FOREIGN KEY ("organization_id", "liability_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_organization_id_source_account_id_fkey" FOREIGN KEY ("organization_id", "source_account_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_organization_id_destination_account_id_fkey" FOREIGN KEY ("organization_id", "destination_account_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_organization_id_cash_flow_source_id_fkey" FOREIGN KEY ("organization_id", "cash_flow_source_id") REFERENCES "cash_flow_sources"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_organization_id_person_id_fkey" FOREIGN KEY ("organization_id", "person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_organization_id_corporation_id_fkey" FOREIGN KEY ("organization_id", "corporation_id") REFERENCES "corporations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_organization_id_trust_id_fkey" FOREIGN KEY ("organization_id", "trust_id") REFERENCES "trusts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_organization_id_foundation_id_fkey" FOREIGN KEY ("organization_id", "foundation_id") REFERENCES "foundations"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flows" ADD CONSTRAINT "cash_flows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_flows" ADD CONSTRAINT "cash_flows_organization_id_cash_flow_source_id_fkey" FOREIGN KEY ("organization_id", "cash_flow_source_id") REFERENCES "cash_flow_sources"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_organization_id_financial_record_id_fkey" FOREIGN KEY ("organization_id", "financial_record_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_organization_id_cash_flow_source_id_fkey" FOREIGN KEY ("organization_id", "cash_flow_source_id") REFERENCES "cash_flow_sources"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_organization_id_category_id_fkey" FOREIGN KEY ("organization_id", "category_id") REFERENCES "transaction_categories"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_household_id_fkey" FOREIGN KEY ("organization_id", "household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_financial_record_id_fkey" FOREIGN KEY ("organization_id", "financial_record_id") REFERENCES "financial_records"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_recurring_stream_id_fkey" FOREIGN KEY ("organization_id", "recurring_stream_id") REFERENCES "recurring_streams"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_cash_flow_source_id_fkey" FOREIGN KEY ("organization_id", "cash_flow_source_id") REFERENCES "cash_flow_sources"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_category_id_fkey" FOREIGN KEY ("organization_id", "category_id") REFERENCES "transaction_categories"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_categories" ADD CONSTRAINT "transaction_categories_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_organization_id_owner_professional_id_fkey" FOREIGN KEY ("organization_id", "owner_professional_id") REFERENCES "professionals"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_organization_id_owner_household_id_fkey" FOREIGN KEY ("organization_id", "owner_household_id") REFERENCES "households"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_organization_id_owner_team_id_fkey" FOREIGN KEY ("organization_id", "owner_team_id") REFERENCES "teams"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_record_errors" ADD CONSTRAINT "sync_record_errors_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_record_errors" ADD CONSTRAINT "sync_record_errors_organization_id_sync_run_id_fkey" FOREIGN KEY ("organization_id", "sync_run_id") REFERENCES "sync_runs"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_organization_id_connection_id_fkey" FOREIGN KEY ("organization_id", "connection_id") REFERENCES "connections"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_organization_id_sync_run_id_fkey" FOREIGN KEY ("organization_id", "sync_run_id") REFERENCES "sync_runs"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_organization_id_import_batch_id_fkey" FOREIGN KEY ("organization_id", "import_batch_id") REFERENCES "import_batches"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_organization_id_import_batch_id_fkey" FOREIGN KEY ("organization_id", "import_batch_id") REFERENCES "import_batches"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
