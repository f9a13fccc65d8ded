-- AlterTable
ALTER TABLE "outbox_emails" ADD COLUMN     "attachments" JSONB;

-- CreateIndex
CREATE INDEX "meetings_organization_id_booking_id_idx" ON "meetings"("organization_id", "booking_id");

-- CreateIndex
CREATE INDEX "meeting_templates_config_id_idx" ON "meeting_templates"("config_id");
