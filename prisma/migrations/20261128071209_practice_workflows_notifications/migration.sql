-- CreateEnum
CREATE TYPE "workflow_subject" AS ENUM ('HOUSEHOLD', 'PERSON');

-- CreateEnum
CREATE TYPE "workflow_requirement_kind" AS ENUM ('TASKS_DONE', 'DOCUMENT_UPLOADED');

-- CreateEnum
CREATE TYPE "notification_kind" AS ENUM ('TASK_ASSIGNED', 'MENTIONED');

-- AlterTable
ALTER TABLE "tasks" ADD COLUMN     "previous_occurrence_id" TEXT;

-- AlterTable
ALTER TABLE "workflows" ADD COLUMN     "definition" JSONB,
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "rule_key" TEXT,
ADD COLUMN     "subject_person_id" TEXT,
ADD COLUMN     "template_id" TEXT;

-- AlterTable
ALTER TABLE "workflow_steps" ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "opened_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "outbox_emails" ADD COLUMN     "dedupe_key" TEXT;

-- CreateTable
CREATE TABLE "workflow_templates" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "subject" "workflow_subject" NOT NULL,
    "definition" JSONB NOT NULL,
    "based_on_key" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflow_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_step_requirements" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "workflow_step_id" TEXT NOT NULL,
    "kind" "workflow_requirement_kind" NOT NULL,
    "label" TEXT,
    "document_id" TEXT,
    "met_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_step_requirements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" "notification_kind" NOT NULL,
    "title" TEXT NOT NULL,
    "entity_kind" "entity_kind" NOT NULL,
    "entity_id" TEXT NOT NULL,
    "actor_user_id" TEXT,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "workflow_templates_organization_id_idx" ON "workflow_templates"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_templates_organization_id_id_key" ON "workflow_templates"("organization_id", "id");

-- CreateIndex
CREATE INDEX "workflow_step_requirements_organization_id_workflow_step_id_idx" ON "workflow_step_requirements"("organization_id", "workflow_step_id");

-- CreateIndex
CREATE INDEX "notifications_organization_id_user_id_read_at_created_at_idx" ON "notifications"("organization_id", "user_id", "read_at", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_previous_occurrence_id_key" ON "tasks"("previous_occurrence_id");

-- CreateIndex
CREATE INDEX "workflows_organization_id_subject_person_id_idx" ON "workflows"("organization_id", "subject_person_id");

-- CreateIndex
CREATE UNIQUE INDEX "workflows_organization_id_rule_key_key" ON "workflows"("organization_id", "rule_key");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_emails_organization_id_dedupe_key_key" ON "outbox_emails"("organization_id", "dedupe_key");

-- AddForeignKey
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_template_id_fkey" FOREIGN KEY ("organization_id", "template_id") REFERENCES "workflow_templates"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_subject_person_id_fkey" FOREIGN KEY ("organization_id", "subject_person_id") REFERENCES "persons"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_step_requirements" ADD CONSTRAINT "workflow_step_requirements_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_step_requirements" ADD CONSTRAINT "workflow_step_requirements_organization_id_workflow_step_i_fkey" FOREIGN KEY ("organization_id", "workflow_step_id") REFERENCES "workflow_steps"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_user_id_fkey" FOREIGN KEY ("organization_id", "user_id") REFERENCES "users"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
