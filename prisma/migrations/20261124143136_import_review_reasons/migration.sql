-- CreateEnum
CREATE TYPE "import_review_reason" AS ENUM ('EXISTING_CONTACT', 'SAME_IN_FILE', 'MISSING_NAME');

-- AlterTable
ALTER TABLE "import_batches" ADD COLUMN     "rollback_summary" JSONB;

-- AlterTable
ALTER TABLE "import_review_items" ADD COLUMN     "duplicate_of_row" INTEGER,
ADD COLUMN     "reason" "import_review_reason" NOT NULL DEFAULT 'EXISTING_CONTACT',
ALTER COLUMN "candidate_contact_id" DROP NOT NULL,
ALTER COLUMN "matched_on" DROP NOT NULL;
