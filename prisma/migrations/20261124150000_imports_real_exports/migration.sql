-- AlterEnum
ALTER TYPE "external_source_system" ADD VALUE 'SALESFORCE';
ALTER TYPE "external_source_system" ADD VALUE 'REDTAIL';

-- AlterEnum
ALTER TYPE "import_row_action" ADD VALUE 'SKIPPED';

-- AlterTable
ALTER TABLE "import_batches" ADD COLUMN     "archive_entry" TEXT,
ADD COLUMN     "column_samples" JSONB,
ADD COLUMN     "default_contact_type" "contact_type" NOT NULL DEFAULT 'LEAD',
ADD COLUMN     "skipped_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "import_row_results" ADD COLUMN     "warnings" JSONB;
