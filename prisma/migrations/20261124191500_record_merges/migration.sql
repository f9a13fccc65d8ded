-- CreateTable
CREATE TABLE "record_merges" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "survivor_id" TEXT NOT NULL,
    "merged_id" TEXT NOT NULL,
    "actor_user_id" TEXT,
    "plan" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),
    "undone_by_user_id" TEXT,

    CONSTRAINT "record_merges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "record_merges_organization_id_survivor_id_idx" ON "record_merges"("organization_id", "survivor_id");

-- CreateIndex
CREATE INDEX "record_merges_organization_id_merged_id_idx" ON "record_merges"("organization_id", "merged_id");

-- AddForeignKey
ALTER TABLE "record_merges" ADD CONSTRAINT "record_merges_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
