-- Hand-written SQL
-- Imports find households and tags by name, case aside, a whole chunk's names in one query. The
-- key is collated "C" so that the planner cannot take the trigram index (which serves the search's
-- patterns, and answers an equality by rechecking every row sharing a trigram) for these lookups.
CREATE INDEX "households_organization_id_lower_name_idx" ON "households" ("organization_id", (lower("name") COLLATE "C"));
CREATE INDEX "tags_organization_id_lower_name_idx" ON "tags" ("organization_id", (lower("name") COLLATE "C"));
