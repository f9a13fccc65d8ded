-- CreateEnum
CREATE TYPE "opportunity_stage" AS ENUM ('NEW', 'DISCOVERY', 'PROPOSAL', 'WON', 'LOST');

-- AlterTable
ALTER TABLE "opportunities" ADD COLUMN     "lost_at" TIMESTAMPTZ(3),
ADD COLUMN     "lost_reason" TEXT,
ADD COLUMN     "stage" "opportunity_stage" NOT NULL DEFAULT 'NEW';

-- CreateTable
CREATE TABLE "opportunity_stage_changes" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "opportunity_id" TEXT NOT NULL,
    "from_stage" "opportunity_stage",
    "to_stage" "opportunity_stage" NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    "changed_by_user_id" TEXT,

    CONSTRAINT "opportunity_stage_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "opportunity_stage_changes_organization_id_to_stage_changed__idx" ON "opportunity_stage_changes"("organization_id", "to_stage", "changed_at");

-- CreateIndex
CREATE INDEX "opportunity_stage_changes_organization_id_opportunity_id_ch_idx" ON "opportunity_stage_changes"("organization_id", "opportunity_id", "changed_at");

-- AddForeignKey
ALTER TABLE "opportunity_stage_changes" ADD CONSTRAINT "opportunity_stage_changes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunity_stage_changes" ADD CONSTRAINT "opportunity_stage_changes_organization_id_opportunity_id_fkey" FOREIGN KEY ("organization_id", "opportunity_id") REFERENCES "opportunities"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunity_stage_changes" ADD CONSTRAINT "opportunity_stage_changes_organization_id_changed_by_user__fkey" FOREIGN KEY ("organization_id", "changed_by_user_id") REFERENCES "users"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Backfill: an opportunity's stage is the furthest step its times record (a lost sale had none
-- before stages). Its history is read from the same times: created (NEW), then each step taken,
-- with no user, as nobody was recorded then. Ids are derived from the opportunity and the stage,
-- so the backfill is the same wherever it runs.
UPDATE "opportunities" SET "stage" = CASE
    WHEN "won_at" IS NOT NULL THEN 'WON'::"opportunity_stage"
    WHEN "proposal_started_at" IS NOT NULL THEN 'PROPOSAL'::"opportunity_stage"
    WHEN "discovery_started_at" IS NOT NULL THEN 'DISCOVERY'::"opportunity_stage"
    ELSE 'NEW'::"opportunity_stage"
  END;

INSERT INTO "opportunity_stage_changes"
    ("id", "organization_id", "opportunity_id", "from_stage", "to_stage", "changed_at", "changed_by_user_id")
SELECT 'opportunity_stage_change-' || substr(md5(o."id" || ':' || step.to_stage), 1, 21),
       o."organization_id", o."id", step.from_stage::"opportunity_stage", step.to_stage::"opportunity_stage",
       step.changed_at, NULL
  FROM "opportunities" o
  CROSS JOIN LATERAL (VALUES
      (NULL, 'NEW', o."created_at"),
      ('NEW', 'DISCOVERY', o."discovery_started_at"),
      (CASE WHEN o."discovery_started_at" IS NULL THEN 'NEW' ELSE 'DISCOVERY' END, 'PROPOSAL', o."proposal_started_at"),
      (CASE WHEN o."proposal_started_at" IS NOT NULL THEN 'PROPOSAL'
            WHEN o."discovery_started_at" IS NOT NULL THEN 'DISCOVERY' ELSE 'NEW' END, 'WON', o."won_at")
  ) AS step(from_stage, to_stage, changed_at)
 WHERE step.changed_at IS NOT NULL;
