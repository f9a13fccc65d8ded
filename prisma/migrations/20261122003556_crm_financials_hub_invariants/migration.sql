-- Hand-written SQL: invariants and indexes that schema.prisma cannot express.
--
-- Prisma's datamodel has no CHECK constraints, no partial indexes and no expression or trigram
-- indexes, so they live here. Every index this file creates is allowed beside schema.prisma's by
-- prisma/schema-matches-database.test.ts (it reads the names from migrations that start with the
-- line above); every CHECK is proved by prisma/invariants.test.ts. Catalogue and reasons:
-- docs/DATA-MODEL.md ("Invariants in the database").
--
-- Composite foreign keys are MATCH SIMPLE: a key with any NULL column is not checked. Where a
-- typed reference has two nullable columns (id and record type), a CHECK below makes them
-- NULL together, so the foreign key always applies.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ─── At most one primary per contact (and per family) ─────────────────────────────────────────
-- "Exactly one is primary" (crm §3): the database holds "at most one"; "at least one" is the
-- service's rule, since a primary address can be unset (crm §4) and a primary removed before
-- another is chosen.

CREATE UNIQUE INDEX "contact_emails_one_primary_per_contact"
    ON "contact_emails" ("contact_id") WHERE "is_primary";
CREATE UNIQUE INDEX "contact_phone_numbers_one_primary_per_contact"
    ON "contact_phone_numbers" ("contact_id") WHERE "is_primary";
CREATE UNIQUE INDEX "contact_addresses_one_primary_per_contact"
    ON "contact_addresses" ("contact_id") WHERE "is_primary";
CREATE UNIQUE INDEX "contact_employments_one_primary_per_contact"
    ON "contact_employments" ("contact_id") WHERE "is_primary";
CREATE UNIQUE INDEX "family_addresses_one_primary_per_family"
    ON "family_addresses" ("family_id") WHERE "is_primary";

-- ─── Other partial unique indexes ─────────────────────────────────────────────────────────────

-- A defined-benefit pension is never jointly owned (foundations §5): one owner row at most.
CREATE UNIQUE INDEX "financial_record_owners_one_pension_owner"
    ON "financial_record_owners" ("financial_record_id") WHERE "record_type" = 'DEFINED_BENEFIT_PENSION';

-- One sync at a time per connection (DESIGN.md): at most one queued or running run.
CREATE UNIQUE INDEX "sync_runs_one_active_per_connection"
    ON "sync_runs" ("connection_id") WHERE "status" IN ('QUEUED', 'RUNNING');

-- ─── Search: lower-cased expression and trigram indexes ───────────────────────────────────────
-- Queries must use the same expressions to be served by them, e.g.
--   lower(first_name || ' ' || last_name) LIKE '%' || lower($1) || '%'

CREATE INDEX "contacts_full_name_trgm_idx"
    ON "contacts" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);
CREATE INDEX "persons_full_name_trgm_idx"
    ON "persons" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);
CREATE INDEX "households_name_trgm_idx"
    ON "households" USING gin ((lower("name")) gin_trgm_ops);
CREATE INDEX "contact_emails_email_trgm_idx"
    ON "contact_emails" USING gin ((lower("email")) gin_trgm_ops);
CREATE INDEX "contact_emails_organization_id_lower_email_idx"
    ON "contact_emails" ("organization_id", (lower("email")));
CREATE INDEX "contact_phone_numbers_number_trgm_idx"
    ON "contact_phone_numbers" USING gin ("number" gin_trgm_ops);
CREATE INDEX "contact_phone_numbers_organization_id_number_idx"
    ON "contact_phone_numbers" ("organization_id", "number");

-- ─── Identity and organization (foundations §5, crm §5) ───────────────────────────────────────

ALTER TABLE "organizations" ADD CONSTRAINT "organizations_nrd_digits_check"
    CHECK ("nrd" ~ '^[0-9]{3,5}$');
ALTER TABLE "teams" ADD CONSTRAINT "teams_name_length_check"
    CHECK (char_length("name") BETWEEN 3 AND 255);
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_bio_words_check"
    CHECK (cardinality(regexp_split_to_array(btrim("bio"), '\s+')) <= 500);
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_phone_country_code_check"
    CHECK ("phone_country_code" ~ '^[0-9]{1,3}$');
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_phone_number_check"
    CHECK ("phone_number" ~ '^[0-9]{4,12}$');
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_delivery_address_check"
    CHECK (("method" <> 'EMAIL' OR "email" IS NOT NULL) AND ("method" <> 'SMS' OR "phone" IS NOT NULL));
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_check"
    CHECK ("status" <> 'ACCEPTED' OR "accepted_at" IS NOT NULL);
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_file_size_check"
    CHECK ("file_size" > 0);
ALTER TABLE "profile_links" ADD CONSTRAINT "profile_links_position_check"
    CHECK ("position" >= 0);

-- ─── Contacts and pipeline (crm §5, §9) ───────────────────────────────────────────────────────

ALTER TABLE "contact_phone_numbers" ADD CONSTRAINT "contact_phone_numbers_country_code_check"
    CHECK ("country_code" ~ '^[0-9]{1,3}$');
ALTER TABLE "contact_phone_numbers" ADD CONSTRAINT "contact_phone_numbers_number_check"
    CHECK ("number" ~ '^[0-9]{4,12}$');
ALTER TABLE "contact_employments" ADD CONSTRAINT "contact_employments_dates_check"
    CHECK ("end_date" >= "start_date");
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_confidence_check"
    CHECK ("confidence" BETWEEN 0 AND 100);
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_portfolio_pdf_file_size_check"
    CHECK ("portfolio_pdf_file_size" > 0);
ALTER TABLE "offers" ADD CONSTRAINT "offers_parent_check"
    CHECK (num_nonnulls("proposal_id", "package_template_id") = 1);
ALTER TABLE "offers" ADD CONSTRAINT "offers_billing_start_date_check"
    CHECK ("billing_start_type" <> 'CUSTOM_DATE' OR "billing_start_date" IS NOT NULL);
ALTER TABLE "offers" ADD CONSTRAINT "offers_pricing_check"
    CHECK (("pricing_type" <> 'ONE_TIME_FEE' OR "one_time_fee_amount" IS NOT NULL)
       AND ("pricing_type" <> 'RECURRING_PAYMENT' OR ("recurring_amount" IS NOT NULL AND "recurring_frequency" IS NOT NULL)));
ALTER TABLE "offers" ADD CONSTRAINT "offers_recurring_duration_check"
    CHECK ("recurring_duration" > 0);
ALTER TABLE "offer_fee_tiers" ADD CONSTRAINT "offer_fee_tiers_fee_check"
    CHECK ("fee" BETWEEN 0 AND 100);
ALTER TABLE "offer_fee_tiers" ADD CONSTRAINT "offer_fee_tiers_breakpoint_check"
    CHECK ("breakpoint" > 0);
ALTER TABLE "offer_fee_tiers" ADD CONSTRAINT "offer_fee_tiers_position_check"
    CHECK ("position" >= 0);

-- ─── Tasks, workflows, meetings (crm §4, §5, §9) ──────────────────────────────────────────────

ALTER TABLE "tasks" ADD CONSTRAINT "tasks_scheduled_time_check"
    CHECK (("status" = 'SCHEDULED') = ("scheduled_time" IS NOT NULL));
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_meeting_task_type_check"
    CHECK (("meeting_id" IS NULL) = ("meeting_task_type" IS NULL));
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_check"
    CHECK (num_nonnulls("assignee_team_member_id", "assignee_person_id") <= 1);
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_owner_check"
    CHECK (num_nonnulls("owner_team_id", "owner_household_id", "owner_professional_id", "owner_contact_id",
                        "owner_person_id", "owner_corporation_id", "owner_foundation_id", "owner_trust_id",
                        "owner_group_id") = 1
       AND CASE "owner_kind"
             WHEN 'TEAM' THEN "owner_team_id" IS NOT NULL
             WHEN 'HOUSEHOLD' THEN "owner_household_id" IS NOT NULL
             WHEN 'PROFESSIONAL' THEN "owner_professional_id" IS NOT NULL
             WHEN 'CONTACT' THEN "owner_contact_id" IS NOT NULL
             WHEN 'PERSON' THEN "owner_person_id" IS NOT NULL
             WHEN 'CORPORATION' THEN "owner_corporation_id" IS NOT NULL
             WHEN 'FOUNDATION' THEN "owner_foundation_id" IS NOT NULL
             WHEN 'TRUST' THEN "owner_trust_id" IS NOT NULL
             WHEN 'GROUP' THEN "owner_group_id" IS NOT NULL
             ELSE false
           END);
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_position_check"
    CHECK ("position" >= 0);
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_location_check"
    CHECK ("type" NOT IN ('IN_PERSON', 'OTHER') OR btrim(coalesce("location", '')) <> '');
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_duration_check"
    CHECK ("duration_minutes" > 0);
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_role_check"
    CHECK ((("role" = 'CONTACT') = ("contact_id" IS NOT NULL))
       AND (("role" = 'TEAM_MEMBER') = ("team_member_id" IS NOT NULL)));
ALTER TABLE "meeting_agenda_items" ADD CONSTRAINT "meeting_agenda_items_position_check"
    CHECK ("position" >= 0);
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_available_days_check"
    CHECK ("available_days_in_future" BETWEEN 1 AND 365);
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_durations_check"
    CHECK ("duration_minutes" > 0 AND "before_buffer_minutes" >= 0 AND "after_buffer_minutes" >= 0
       AND "minimum_notice_minutes" >= 0 AND "minimum_cancellation_notice_minutes" >= 0);
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_time_zone_check"
    CHECK ("time_zone" IN ('America/Halifax', 'America/Winnipeg', 'America/Toronto', 'America/Edmonton',
                           'America/St_Johns', 'America/Vancouver'));
ALTER TABLE "meeting_template_opening_hours" ADD CONSTRAINT "meeting_template_opening_hours_days_check"
    CHECK (cardinality("days") >= 1 AND "days" <@ ARRAY[0, 1, 2, 3, 4, 5, 6]);
ALTER TABLE "meeting_template_opening_hours" ADD CONSTRAINT "meeting_template_opening_hours_times_check"
    CHECK ("start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
       AND "start_time" < "end_time");

-- ─── Notes, documents, custom fields, plans ───────────────────────────────────────────────────

ALTER TABLE "notes" ADD CONSTRAINT "notes_owner_check"
    CHECK (num_nonnulls("owner_team_id", "owner_household_id", "owner_professional_id", "owner_contact_id",
                        "owner_person_id", "owner_corporation_id", "owner_foundation_id", "owner_trust_id",
                        "owner_group_id") = 1
       AND CASE "owner_kind"
             WHEN 'TEAM' THEN "owner_team_id" IS NOT NULL
             WHEN 'HOUSEHOLD' THEN "owner_household_id" IS NOT NULL
             WHEN 'PROFESSIONAL' THEN "owner_professional_id" IS NOT NULL
             WHEN 'CONTACT' THEN "owner_contact_id" IS NOT NULL
             WHEN 'PERSON' THEN "owner_person_id" IS NOT NULL
             WHEN 'CORPORATION' THEN "owner_corporation_id" IS NOT NULL
             WHEN 'FOUNDATION' THEN "owner_foundation_id" IS NOT NULL
             WHEN 'TRUST' THEN "owner_trust_id" IS NOT NULL
             WHEN 'GROUP' THEN "owner_group_id" IS NOT NULL
             ELSE false
           END);
ALTER TABLE "note_attachments" ADD CONSTRAINT "note_attachments_file_size_check"
    CHECK ("file_size" > 0);
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_check"
    CHECK (num_nonnulls("owner_team_id", "owner_household_id", "owner_professional_id", "owner_contact_id",
                        "owner_person_id", "owner_corporation_id", "owner_foundation_id", "owner_trust_id",
                        "owner_group_id") = 1
       AND CASE "owner_kind"
             WHEN 'TEAM' THEN "owner_team_id" IS NOT NULL
             WHEN 'HOUSEHOLD' THEN "owner_household_id" IS NOT NULL
             WHEN 'PROFESSIONAL' THEN "owner_professional_id" IS NOT NULL
             WHEN 'CONTACT' THEN "owner_contact_id" IS NOT NULL
             WHEN 'PERSON' THEN "owner_person_id" IS NOT NULL
             WHEN 'CORPORATION' THEN "owner_corporation_id" IS NOT NULL
             WHEN 'FOUNDATION' THEN "owner_foundation_id" IS NOT NULL
             WHEN 'TRUST' THEN "owner_trust_id" IS NOT NULL
             WHEN 'GROUP' THEN "owner_group_id" IS NOT NULL
             ELSE false
           END);
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_size_check"
    CHECK ("file_size" > 0);
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_entity_check"
    CHECK (num_nonnulls("contact_id", "household_id", "professional_id", "team_id") = 1
       AND CASE "entity_kind"
             WHEN 'CONTACT' THEN "contact_id" IS NOT NULL
             WHEN 'HOUSEHOLD' THEN "household_id" IS NOT NULL
             WHEN 'PROFESSIONAL' THEN "professional_id" IS NOT NULL
             WHEN 'TEAM' THEN "team_id" IS NOT NULL
             ELSE false
           END);
ALTER TABLE "plan_milestones" ADD CONSTRAINT "plan_milestones_color_hex_check"
    CHECK ("color_hex" ~ '^#[0-9A-Fa-f]{6}$');
ALTER TABLE "plan_flows" ADD CONSTRAINT "plan_flows_kind_check"
    CHECK ("kind" IN ('INCOME', 'EXPENSE'));

-- ─── Financial records (foundations §3, §5) ───────────────────────────────────────────────────

ALTER TABLE "financial_records" ADD CONSTRAINT "financial_records_connection_check"
    CHECK ("connection_type" <> 'CONNECTION' OR "connection_id" IS NOT NULL);
ALTER TABLE "financial_records" ADD CONSTRAINT "financial_records_joint_check"
    CHECK (NOT ("type" = 'DEFINED_BENEFIT_PENSION' AND "is_joint"));

ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_owner_check"
    CHECK (num_nonnulls("person_id", "corporation_id", "trust_id", "foundation_id") = 1
       AND CASE "owner_kind"
             WHEN 'Person' THEN "person_id" IS NOT NULL
             WHEN 'Corporation' THEN "corporation_id" IS NOT NULL
             WHEN 'Trust' THEN "trust_id" IS NOT NULL
             WHEN 'Foundation' THEN "foundation_id" IS NOT NULL
             ELSE false
           END);
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_pension_owner_check"
    CHECK ("record_type" <> 'DEFINED_BENEFIT_PENSION' OR "owner_kind" = 'Person');
ALTER TABLE "financial_record_owners" ADD CONSTRAINT "financial_record_owners_ownership_percent_check"
    CHECK ("ownership_percent" > 0 AND "ownership_percent" <= 100);
ALTER TABLE "liability_parties" ADD CONSTRAINT "liability_parties_record_type_check"
    CHECK ("record_type" IN ('CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE'));

-- Each type table extends only a record of its own type (its foreign key includes record_type).
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_record_type_check"
    CHECK ("record_type" = 'BANK_ACCOUNT');
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_record_type_check"
    CHECK ("record_type" = 'INVESTMENT_ACCOUNT');
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_record_type_check"
    CHECK ("record_type" = 'CREDIT_CARD');
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_record_type_check"
    CHECK ("record_type" = 'LINE_OF_CREDIT');
ALTER TABLE "loans" ADD CONSTRAINT "loans_record_type_check"
    CHECK ("record_type" = 'LOAN');
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_record_type_check"
    CHECK ("record_type" = 'MORTGAGE');
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_record_type_check"
    CHECK ("record_type" = 'REAL_ESTATE_PROPERTY');
ALTER TABLE "real_assets" ADD CONSTRAINT "real_assets_record_type_check"
    CHECK ("record_type" = 'REAL_ASSET');
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_record_type_check"
    CHECK ("record_type" = 'INSURANCE_POLICY');
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_record_type_check"
    CHECK ("record_type" = 'DEFINED_BENEFIT_PENSION');
ALTER TABLE "private_investments" ADD CONSTRAINT "private_investments_record_type_check"
    CHECK ("record_type" = 'PRIVATE_INVESTMENT');
ALTER TABLE "company_equities" ADD CONSTRAINT "company_equities_record_type_check"
    CHECK ("record_type" = 'COMPANY_EQUITY');
ALTER TABLE "additional_cards" ADD CONSTRAINT "additional_cards_record_type_check"
    CHECK ("credit_card_record_type" = 'CREDIT_CARD');

-- Card digits: exactly four (foundations §5).
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_last_four_digits_check"
    CHECK ("last_four_digits" ~ '^[0-9]{4}$');
ALTER TABLE "additional_cards" ADD CONSTRAINT "additional_cards_first_four_digits_check"
    CHECK ("first_four_digits" ~ '^[0-9]{4}$');
ALTER TABLE "additional_cards" ADD CONSTRAINT "additional_cards_last_four_digits_check"
    CHECK ("last_four_digits" ~ '^[0-9]{4}$');

-- Secured by an asset (foundations §3): the three columns are set together, and the securing
-- record is an asset, never a liability.
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_secured_by_check"
    CHECK (("secured_by_record_id" IS NULL) = ("secured_by_record_type" IS NULL)
       AND ("secured_by_record_id" IS NULL) = ("secured_type" IS NULL)
       AND "secured_by_record_type" NOT IN ('CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE'));
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_secured_by_check"
    CHECK (("secured_by_record_id" IS NULL) = ("secured_by_record_type" IS NULL)
       AND ("secured_by_record_id" IS NULL) = ("secured_type" IS NULL)
       AND "secured_by_record_type" NOT IN ('CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE'));
ALTER TABLE "loans" ADD CONSTRAINT "loans_secured_by_check"
    CHECK (("secured_by_record_id" IS NULL) = ("secured_by_record_type" IS NULL)
       AND ("secured_by_record_id" IS NULL) = ("secured_type" IS NULL)
       AND "secured_by_record_type" NOT IN ('CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE'));
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_property_check"
    CHECK (("property_id" IS NULL) = ("property_record_type" IS NULL)
       AND "property_record_type" = 'REAL_ESTATE_PROPERTY');
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_amortization_months_check"
    CHECK ("amortization_months" > 0);

-- Defined-benefit pension: each formula's own inputs (domain/src/pension), service dates in
-- order, penalty rate not negative and its cap a percentage.
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_formula_check"
    CHECK (CASE "formula_type"
             WHEN 'CAREER_AVERAGE_EARNINGS' THEN "average_salary" IS NOT NULL AND "accrual_rate_percent" IS NOT NULL
             WHEN 'FINAL_AVERAGE_EARNINGS' THEN "final_average_salary" IS NOT NULL AND "accrual_rate_percent" IS NOT NULL
             WHEN 'FLAT_BENEFIT' THEN "amount_per_year" IS NOT NULL
             ELSE true
           END);
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_service_dates_check"
    CHECK ("service_end_date" >= "service_start_date");
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_penalty_check"
    CHECK ("early_retirement_penalty_percent_per_year" >= 0
       AND "early_retirement_penalty_cap_percent" BETWEEN 0 AND 100);

-- ─── Cash flows (foundations §3, §5) ──────────────────────────────────────────────────────────

ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_necessity_check"
    CHECK ("type" <> 'EXPENSE' OR "necessity" IS NOT NULL);
ALTER TABLE "cash_flow_sources" ADD CONSTRAINT "cash_flow_sources_subtype_check"
    CHECK ("type" NOT IN ('EXPENSE', 'INCOME') OR btrim(coalesce("subtype", '')) <> '');
ALTER TABLE "cash_flow_parties" ADD CONSTRAINT "cash_flow_parties_owner_check"
    CHECK (num_nonnulls("person_id", "corporation_id", "trust_id", "foundation_id") = 1
       AND CASE "owner_kind"
             WHEN 'Person' THEN "person_id" IS NOT NULL
             WHEN 'Corporation' THEN "corporation_id" IS NOT NULL
             WHEN 'Trust' THEN "trust_id" IS NOT NULL
             WHEN 'Foundation' THEN "foundation_id" IS NOT NULL
             ELSE false
           END);
ALTER TABLE "cash_flows" ADD CONSTRAINT "cash_flows_dates_check"
    CHECK ("end_date" >= "start_date");
ALTER TABLE "transaction_categories" ADD CONSTRAINT "transaction_categories_nature_check"
    CHECK (("group" = 'EXPENSE') = ("nature" <> 'NA'));

-- ─── Integration hub (DESIGN.md) ──────────────────────────────────────────────────────────────

ALTER TABLE "connections" ADD CONSTRAINT "connections_service_or_source_check"
    CHECK (num_nonnulls("service", "source") = 1);
ALTER TABLE "connections" ADD CONSTRAINT "connections_credentials_check"
    CHECK (("credentials_ciphertext" IS NULL) = ("credentials_key_id" IS NULL));
ALTER TABLE "connections" ADD CONSTRAINT "connections_owner_check"
    CHECK (num_nonnulls("owner_professional_id", "owner_household_id", "owner_team_id") <= 1);
ALTER TABLE "connections" ADD CONSTRAINT "connections_sync_interval_check"
    CHECK ("sync_interval_minutes" > 0);
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_attempt_check"
    CHECK ("attempt" >= 1);
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_counts_check"
    CHECK ("created_count" >= 0 AND "updated_count" >= 0 AND "unchanged_count" >= 0
       AND "deleted_count" >= 0 AND "failed_count" >= 0);
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_timings_check"
    CHECK ("finished_at" >= "started_at");
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_status_check"
    CHECK (("status" NOT IN ('SUCCEEDED', 'PARTIAL', 'FAILED') OR "finished_at" IS NOT NULL)
       AND ("status" <> 'QUEUED' OR ("started_at" IS NULL AND "finished_at" IS NULL)));
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_status_check"
    CHECK (("status" = 'ROLLED_BACK') = ("rolled_back_at" IS NOT NULL));
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_row_count_check"
    CHECK ("row_count" >= 0);
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_origin_check"
    CHECK (num_nonnulls("source", "service") = 1);
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_entity_check"
    CHECK ("entity_type" ~ '^[a-z0-9_]+$' AND "entity_id" ~ ('^' || "entity_type" || '-[A-Za-z0-9_-]{21}$'));
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_rate_check"
    CHECK ("rate" > 0);
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_currencies_check"
    CHECK ("base_currency" <> "quote_currency");
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_states_check"
    CHECK (CASE "action"
             WHEN 'CREATE' THEN "before" IS NULL AND "after" IS NOT NULL
             WHEN 'DELETE' THEN "before" IS NOT NULL AND "after" IS NULL
             ELSE "before" IS NOT NULL AND "after" IS NOT NULL
           END);
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_check"
    CHECK (("actor_kind" = 'SYSTEM') = ("actor_id" IS NULL));

-- ─── Money: an amount and its currency are present together (crm §5 "Amount") ────────────────
-- One CHECK per nullable amount; required amounts have NOT NULL on both columns already.
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_balance_money_check" CHECK (("balance" IS NULL) = ("balance_currency" IS NULL));
ALTER TABLE "company_equities" ADD CONSTRAINT "company_equities_current_value_money_check" CHECK (("current_value" IS NULL) = ("current_value_currency" IS NULL));
ALTER TABLE "company_equities" ADD CONSTRAINT "company_equities_price_per_share_money_check" CHECK (("price_per_share" IS NULL) = ("price_per_share_currency" IS NULL));
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_balance_money_check" CHECK (("balance" IS NULL) = ("balance_currency" IS NULL));
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_credit_limit_money_check" CHECK (("credit_limit" IS NULL) = ("credit_limit_currency" IS NULL));
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_value_amount_money_check" CHECK (("value_amount" IS NULL) = ("value_amount_currency" IS NULL));
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_accrued_amount_cap_money_check" CHECK (("accrued_amount_cap" IS NULL) = ("accrued_amount_cap_currency" IS NULL));
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_amount_per_year_money_check" CHECK (("amount_per_year" IS NULL) = ("amount_per_year_currency" IS NULL));
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_average_salary_money_check" CHECK (("average_salary" IS NULL) = ("average_salary_currency" IS NULL));
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_final_average_salary_money_check" CHECK (("final_average_salary" IS NULL) = ("final_average_salary_currency" IS NULL));
ALTER TABLE "defined_benefit_pensions" ADD CONSTRAINT "defined_benefit_pensions_per_year_amount_cap_money_check" CHECK (("per_year_amount_cap" IS NULL) = ("per_year_amount_cap_currency" IS NULL));
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_cash_value_money_check" CHECK (("cash_value" IS NULL) = ("cash_value_currency" IS NULL));
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_face_amount_money_check" CHECK (("face_amount" IS NULL) = ("face_amount_currency" IS NULL));
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_premium_money_check" CHECK (("premium" IS NULL) = ("premium_currency" IS NULL));
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_cost_basis_money_check" CHECK (("cost_basis" IS NULL) = ("cost_basis_currency" IS NULL));
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_market_value_money_check" CHECK (("market_value" IS NULL) = ("market_value_currency" IS NULL));
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_balance_money_check" CHECK (("balance" IS NULL) = ("balance_currency" IS NULL));
ALTER TABLE "lines_of_credit" ADD CONSTRAINT "lines_of_credit_credit_limit_money_check" CHECK (("credit_limit" IS NULL) = ("credit_limit_currency" IS NULL));
ALTER TABLE "loans" ADD CONSTRAINT "loans_balance_money_check" CHECK (("balance" IS NULL) = ("balance_currency" IS NULL));
ALTER TABLE "loans" ADD CONSTRAINT "loans_original_amount_money_check" CHECK (("original_amount" IS NULL) = ("original_amount_currency" IS NULL));
ALTER TABLE "loans" ADD CONSTRAINT "loans_payment_amount_money_check" CHECK (("payment_amount" IS NULL) = ("payment_amount_currency" IS NULL));
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_balance_money_check" CHECK (("balance" IS NULL) = ("balance_currency" IS NULL));
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_original_amount_money_check" CHECK (("original_amount" IS NULL) = ("original_amount_currency" IS NULL));
ALTER TABLE "mortgages" ADD CONSTRAINT "mortgages_payment_amount_money_check" CHECK (("payment_amount" IS NULL) = ("payment_amount_currency" IS NULL));
ALTER TABLE "offers" ADD CONSTRAINT "offers_one_time_fee_amount_money_check" CHECK (("one_time_fee_amount" IS NULL) = ("one_time_fee_amount_currency" IS NULL));
ALTER TABLE "offers" ADD CONSTRAINT "offers_recurring_amount_money_check" CHECK (("recurring_amount" IS NULL) = ("recurring_amount_currency" IS NULL));
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_annual_tax_exempt_amount_money_check" CHECK (("annual_tax_exempt_amount" IS NULL) = ("annual_tax_exempt_amount_currency" IS NULL));
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_cost_basis_money_check" CHECK (("cost_basis" IS NULL) = ("cost_basis_currency" IS NULL));
ALTER TABLE "plan_accounts" ADD CONSTRAINT "plan_accounts_market_value_money_check" CHECK (("market_value" IS NULL) = ("market_value_currency" IS NULL));
ALTER TABLE "plan_assets" ADD CONSTRAINT "plan_assets_current_value_money_check" CHECK (("current_value" IS NULL) = ("current_value_currency" IS NULL));
ALTER TABLE "plan_assets" ADD CONSTRAINT "plan_assets_rental_income_money_check" CHECK (("rental_income" IS NULL) = ("rental_income_currency" IS NULL));
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_current_balance_money_check" CHECK (("current_balance" IS NULL) = ("current_balance_currency" IS NULL));
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_down_payment_money_check" CHECK (("down_payment" IS NULL) = ("down_payment_currency" IS NULL));
ALTER TABLE "plan_liabilities" ADD CONSTRAINT "plan_liabilities_payment_amount_money_check" CHECK (("payment_amount" IS NULL) = ("payment_amount_currency" IS NULL));
ALTER TABLE "private_investments" ADD CONSTRAINT "private_investments_current_value_money_check" CHECK (("current_value" IS NULL) = ("current_value_currency" IS NULL));
ALTER TABLE "private_investments" ADD CONSTRAINT "private_investments_invested_amount_money_check" CHECK (("invested_amount" IS NULL) = ("invested_amount_currency" IS NULL));
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_estimated_assets_money_check" CHECK (("estimated_assets" IS NULL) = ("estimated_assets_currency" IS NULL));
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_estimated_household_income_money_check" CHECK (("estimated_household_income" IS NULL) = ("estimated_household_income_currency" IS NULL));
ALTER TABLE "real_assets" ADD CONSTRAINT "real_assets_purchase_price_money_check" CHECK (("purchase_price" IS NULL) = ("purchase_price_currency" IS NULL));
ALTER TABLE "real_assets" ADD CONSTRAINT "real_assets_value_money_check" CHECK (("value" IS NULL) = ("value_currency" IS NULL));
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_market_value_money_check" CHECK (("market_value" IS NULL) = ("market_value_currency" IS NULL));
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_purchase_price_money_check" CHECK (("purchase_price" IS NULL) = ("purchase_price_currency" IS NULL));
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_average_amount_money_check" CHECK (("average_amount" IS NULL) = ("average_amount_currency" IS NULL));
ALTER TABLE "recurring_streams" ADD CONSTRAINT "recurring_streams_last_amount_money_check" CHECK (("last_amount" IS NULL) = ("last_amount_currency" IS NULL));
