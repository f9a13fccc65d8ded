-- Hand-written SQL: the practice area's rules the datamodel cannot state, and the partial and
-- expression indexes of its lists and of the notes' full-text search.

-- A requirement is met or cancelled, never both; a document requirement says which document.
ALTER TABLE "workflow_step_requirements" ADD CONSTRAINT "workflow_step_requirements_met_or_cancelled_check"
    CHECK ("met_at" IS NULL OR "cancelled_at" IS NULL);
ALTER TABLE "workflow_step_requirements" ADD CONSTRAINT "workflow_step_requirements_document_label_check"
    CHECK ("kind" <> 'DOCUMENT_UPLOADED' OR ("label" IS NOT NULL AND length(btrim("label")) > 0));

-- A rule's workflow says why it exists.
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_rule_reason_check"
    CHECK ("rule_key" IS NULL OR "reason" IS NOT NULL);

-- "My tasks": a user's open tasks by due date, without reading the closed ones, which pile up.
CREATE INDEX "tasks_open_by_assignee_due_idx"
    ON "tasks" ("organization_id", "assignee_team_member_id", "due_date")
    WHERE "status" NOT IN ('DONE', 'CANCELLED');
-- The team board: a team's open tasks by status.
CREATE INDEX "tasks_open_by_team_status_idx"
    ON "tasks" ("organization_id", "team_id", "status")
    WHERE "status" NOT IN ('DONE', 'CANCELLED');

-- Full-text search over notes, in English and in French (a firm in Quebec writes both): one GIN
-- index on the two vectors of title and body; a query asks with the same expression.
CREATE INDEX "notes_full_text_idx" ON "notes" USING GIN (
    (to_tsvector('english', coalesce("title", '') || ' ' || "body")
     || to_tsvector('french', coalesce("title", '') || ' ' || "body"))
) WHERE "deleted_at" IS NULL;
