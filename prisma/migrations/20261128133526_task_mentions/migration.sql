-- CreateTable
CREATE TABLE "task_mentions" (
    "organization_id" TEXT NOT NULL,
    "task_id" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_mentions_pkey" PRIMARY KEY ("organization_id","task_id","entity_id")
);

-- CreateIndex
CREATE INDEX "task_mentions_organization_id_entity_id_idx" ON "task_mentions"("organization_id", "entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_organization_id_id_key" ON "tasks"("organization_id", "id");

-- AddForeignKey
ALTER TABLE "task_mentions" ADD CONSTRAINT "task_mentions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_mentions" ADD CONSTRAINT "task_mentions_organization_id_task_id_fkey" FOREIGN KEY ("organization_id", "task_id") REFERENCES "tasks"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
