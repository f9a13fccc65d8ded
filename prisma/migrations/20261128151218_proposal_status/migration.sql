-- CreateEnum
CREATE TYPE "proposal_status" AS ENUM ('DRAFT', 'SENT', 'MODIFICATION_REQUESTED', 'ACCEPTED', 'REVOKED');

-- AlterTable
ALTER TABLE "proposals" ADD COLUMN     "status" "proposal_status" NOT NULL DEFAULT 'DRAFT';

-- Backfill from the times a proposal kept before it had a status: an acceptance or a revocation
-- ends it; a modification requested after its last sending awaits rework; a sent one is SENT.
UPDATE "proposals" SET "status" = CASE
  WHEN "accepted_at" IS NOT NULL THEN 'ACCEPTED'::"proposal_status"
  WHEN "revoked_at" IS NOT NULL THEN 'REVOKED'::"proposal_status"
  WHEN "modification_requested_at" IS NOT NULL
       AND ("sent_at" IS NULL OR "modification_requested_at" >= "sent_at") THEN 'MODIFICATION_REQUESTED'::"proposal_status"
  WHEN "sent_at" IS NOT NULL THEN 'SENT'::"proposal_status"
  ELSE 'DRAFT'::"proposal_status"
END;
