-- Hand-written SQL: the contact list's orders and count, and the search's trigram indexes kept small.
--
-- The contact list (GET /contacts, GET /leads) sorts by name by default and leads by creation date:
-- with an index in that order a page reads its 50 rows in order instead of sorting every contact of
-- the firm. Soft-deleted contacts are never listed, so the indexes leave them out; the same holds for
-- the count of a team's contacts.

CREATE INDEX "contacts_list_by_name_idx"
    ON "contacts" ("organization_id", lower("last_name"), lower("first_name"), "id")
    WHERE "deleted_at" IS NULL;
CREATE INDEX "contacts_list_by_created_at_idx"
    ON "contacts" ("organization_id", "created_at", "id")
    WHERE "deleted_at" IS NULL;
CREATE INDEX "contacts_list_by_team_idx"
    ON "contacts" ("organization_id", "team_id")
    WHERE "deleted_at" IS NULL;

-- A GIN index queues new rows in a pending list that every search reads through, row by row, until
-- a vacuum merges it: up to 4 MB by default, after an import or a seed most of a firm's names, and
-- the planner, counting those pages, then scans the table instead (a search of 10,000 households took
-- 250 ms a kind). A limit of 256 kB merges as it goes: an insert costs a little more, a search reads
-- little beyond the index proper. Each index is rebuilt once, so the rows already queued are merged.

ALTER INDEX "contacts_full_name_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "persons_full_name_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "households_name_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "contact_emails_email_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "contact_phone_numbers_number_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "financial_records_search_names_trgm_idx" SET (gin_pending_list_limit = 256);

REINDEX INDEX "contacts_full_name_trgm_idx";
REINDEX INDEX "persons_full_name_trgm_idx";
REINDEX INDEX "households_name_trgm_idx";
REINDEX INDEX "contact_emails_email_trgm_idx";
REINDEX INDEX "contact_phone_numbers_number_trgm_idx";
REINDEX INDEX "financial_records_search_names_trgm_idx";
