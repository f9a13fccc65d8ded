-- CreateEnum
CREATE TYPE "invitation_invalidation_reason" AS ENUM ('CANCELLED', 'EXPIRED', 'SUPERSEDED');

-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "invalidation_reason" "invitation_invalidation_reason",
ADD COLUMN     "outbox_email_id" TEXT,
ADD COLUMN     "role" "user_role";
