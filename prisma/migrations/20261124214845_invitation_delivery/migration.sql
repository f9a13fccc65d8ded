-- CreateEnum
CREATE TYPE "invitation_delivery_status" AS ENUM ('PENDING', 'RETRYING', 'SENT', 'FAILED');

-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "delivered_at" TIMESTAMPTZ(3),
ADD COLUMN     "delivery_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "delivery_error" TEXT,
ADD COLUMN     "delivery_status" "invitation_delivery_status",
ADD COLUMN     "sealed_message" BYTEA,
ADD COLUMN     "sealed_message_key_id" TEXT;

-- Backfill: an e-mailed invitation's delivery is its outbox e-mail's (the outbox keeps delivering
-- the ones still pending; their status stays as it was).
UPDATE "invitations" AS i
SET "delivery_status" = o."status"::text::"invitation_delivery_status",
    "delivery_attempts" = o."attempts",
    "delivery_error" = o."last_error",
    "delivered_at" = o."sent_at"
FROM "outbox_emails" AS o
WHERE i."outbox_email_id" = o."id";
