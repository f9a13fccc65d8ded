-- CreateEnum
CREATE TYPE "import_batch_stage" AS ENUM ('UPLOADED', 'DRY_RUN_QUEUED', 'DRY_RUN_RUNNING', 'DRY_RUN_DONE', 'COMMIT_QUEUED', 'COMMITTING', 'DONE');

-- CreateEnum
CREATE TYPE "import_row_action" AS ENUM ('CREATE', 'UPDATE', 'UNCHANGED', 'INVALID', 'REVIEW');

-- CreateEnum
CREATE TYPE "import_review_status" AS ENUM ('PENDING', 'ACCEPTED', 'REJECTED');

-- AlterTable
ALTER TABLE "import_batches" ADD COLUMN     "create_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "custom_profile_id" TEXT,
ADD COLUMN     "delimiter" TEXT,
ADD COLUMN     "dry_run_at" TIMESTAMPTZ(3),
ADD COLUMN     "encoding" TEXT,
ADD COLUMN     "error_code" TEXT,
ADD COLUMN     "error_message" TEXT,
ADD COLUMN     "file_format" TEXT,
ADD COLUMN     "file_path" TEXT,
ADD COLUMN     "file_sha256" TEXT,
ADD COLUMN     "file_size" INTEGER,
ADD COLUMN     "header_row_number" INTEGER,
ADD COLUMN     "headers" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "invalid_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'contacts',
ADD COLUMN     "mapping" JSONB,
ADD COLUMN     "profile_id" TEXT,
ADD COLUMN     "progress_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "review_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rows_done" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stage" "import_batch_stage" NOT NULL DEFAULT 'UPLOADED',
ADD COLUMN     "unchanged_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "update_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "import_profiles" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "kind" TEXT NOT NULL,
    "source" "external_source_system",
    "definition" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "import_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_row_results" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "import_batch_id" TEXT NOT NULL,
    "row_number" INTEGER NOT NULL,
    "action" "import_row_action" NOT NULL,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "source_id" TEXT,
    "errors" JSONB,
    "changes" JSONB,
    "record" JSONB,
    "content_hash" TEXT,
    "applied_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_row_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_review_items" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "import_batch_id" TEXT NOT NULL,
    "row_number" INTEGER NOT NULL,
    "candidate_contact_id" TEXT NOT NULL,
    "matched_on" TEXT NOT NULL,
    "status" "import_review_status" NOT NULL DEFAULT 'PENDING',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_review_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "import_profiles_organization_id_id_key" ON "import_profiles"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "import_profiles_organization_id_name_key" ON "import_profiles"("organization_id", "name");

-- CreateIndex
CREATE INDEX "import_row_results_organization_id_import_batch_id_action_idx" ON "import_row_results"("organization_id", "import_batch_id", "action");

-- CreateIndex
CREATE UNIQUE INDEX "import_row_results_organization_id_import_batch_id_row_numb_key" ON "import_row_results"("organization_id", "import_batch_id", "row_number");

-- CreateIndex
CREATE INDEX "import_review_items_organization_id_status_idx" ON "import_review_items"("organization_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "import_review_items_organization_id_import_batch_id_row_num_key" ON "import_review_items"("organization_id", "import_batch_id", "row_number");

-- AddForeignKey
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_organization_id_custom_profile_id_fkey" FOREIGN KEY ("organization_id", "custom_profile_id") REFERENCES "import_profiles"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_profiles" ADD CONSTRAINT "import_profiles_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_row_results" ADD CONSTRAINT "import_row_results_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_row_results" ADD CONSTRAINT "import_row_results_organization_id_import_batch_id_fkey" FOREIGN KEY ("organization_id", "import_batch_id") REFERENCES "import_batches"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_review_items" ADD CONSTRAINT "import_review_items_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_review_items" ADD CONSTRAINT "import_review_items_organization_id_import_batch_id_fkey" FOREIGN KEY ("organization_id", "import_batch_id") REFERENCES "import_batches"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_review_items" ADD CONSTRAINT "import_review_items_organization_id_candidate_contact_id_fkey" FOREIGN KEY ("organization_id", "candidate_contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
