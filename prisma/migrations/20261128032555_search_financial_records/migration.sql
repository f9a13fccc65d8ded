-- Hand-written SQL
-- The global search (Ctrl-K) finds financial records by nickname or name: LIKE '%term%' and trigram
-- similarity over the same expression, so that neither reads every record of a large firm.
CREATE INDEX "financial_records_search_names_trgm_idx" ON "financial_records" USING gin ((lower(coalesce("nickname", '') || ' ' || coalesce("name", ''))) gin_trgm_ops);
