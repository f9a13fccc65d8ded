-- AlterTable
ALTER TABLE "connections" ADD COLUMN     "placement_pending_since" TIMESTAMPTZ(3);
