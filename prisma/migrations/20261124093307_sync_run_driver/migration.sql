-- CreateEnum
CREATE TYPE "sync_run_driver" AS ENUM ('SYNC', 'IMPORT');

-- AlterTable
ALTER TABLE "sync_runs" ADD COLUMN     "driver" "sync_run_driver" NOT NULL DEFAULT 'SYNC';

-- Runs that exist already: a run of a file connection (no provider service) is an import's.
UPDATE "sync_runs" AS run
   SET "driver" = 'IMPORT'
  FROM "connections" AS connection
 WHERE connection."organization_id" = run."organization_id"
   AND connection."id" = run."connection_id"
   AND connection."service" IS NULL;
