-- AlterTable
ALTER TABLE "recurring_streams" ADD COLUMN     "edited_fields" TEXT[] DEFAULT ARRAY[]::TEXT[];
