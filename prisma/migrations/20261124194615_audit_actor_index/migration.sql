-- CreateIndex
CREATE INDEX "audit_logs_organization_id_actor_id_occurred_at_idx" ON "audit_logs"("organization_id", "actor_id", "occurred_at");
