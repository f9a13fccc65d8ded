-- CreateIndex
CREATE INDEX "meetings_organization_id_connection_id_event_id_idx" ON "meetings"("organization_id", "connection_id", "event_id");
