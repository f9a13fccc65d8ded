-- CreateEnum
CREATE TYPE "workflow_task_view" AS ENUM ('AVAILABLE', 'COMPLETED');

-- AlterTable
ALTER TABLE "workflow_participants" ADD COLUMN     "tasks_view" "workflow_task_view" NOT NULL DEFAULT 'AVAILABLE';
