-- AlterTable
ALTER TABLE "brand_logos" ADD COLUMN     "processing_error" TEXT,
ADD COLUMN     "processing_started_at" TIMESTAMPTZ(3);
