-- AlterTable
ALTER TABLE "cash_flow_sources" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);
