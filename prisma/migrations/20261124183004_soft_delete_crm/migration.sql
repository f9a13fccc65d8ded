-- AlterTable
ALTER TABLE "households" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "merged_into_id" TEXT;

-- AlterTable
ALTER TABLE "persons" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "merged_into_id" TEXT;

-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "merged_into_id" TEXT;
