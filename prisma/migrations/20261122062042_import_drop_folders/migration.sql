-- AlterTable
ALTER TABLE "import_batches" ADD COLUMN     "drop_folder_id" TEXT,
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "import_drop_folders" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "path" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "profile_id" TEXT,
    "custom_profile_id" TEXT,
    "source" "external_source_system" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "last_scan_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "scan_token" TEXT,
    "scan_lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "import_drop_folders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "import_drop_folders_organization_id_id_key" ON "import_drop_folders"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "import_drop_folders_organization_id_path_key" ON "import_drop_folders"("organization_id", "path");

-- AddForeignKey
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_organization_id_drop_folder_id_fkey" FOREIGN KEY ("organization_id", "drop_folder_id") REFERENCES "import_drop_folders"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_drop_folders" ADD CONSTRAINT "import_drop_folders_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_drop_folders" ADD CONSTRAINT "import_drop_folders_organization_id_custom_profile_id_fkey" FOREIGN KEY ("organization_id", "custom_profile_id") REFERENCES "import_profiles"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
