-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "contact_id" TEXT,
ADD COLUMN     "professional_role" "professional_role";

-- CreateIndex
CREATE INDEX "invitations_organization_id_contact_id_idx" ON "invitations"("organization_id", "contact_id");

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A CLIENT invitation opens the portal to one contact (hand-written).
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_contact_check" CHECK ("type" <> 'CLIENT' OR "contact_id" IS NOT NULL);
