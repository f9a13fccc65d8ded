-- A professional's avatar is now a square thumbnail kept in the file storage (set-avatar): the row
-- keeps its storage key and the API signs an expiring address on every read. No code ever wrote
-- avatar_url, so it is dropped rather than renamed (a URL is not a storage key).

-- DropIndex
DROP INDEX "links_profiles_organization_id_professional_id_idx";

-- AlterTable
ALTER TABLE "professionals" DROP COLUMN "avatar_url",
ADD COLUMN     "avatar_path" TEXT;

-- CreateIndex: one links profile per professional.
CREATE UNIQUE INDEX "links_profiles_organization_id_professional_id_key" ON "links_profiles"("organization_id", "professional_id");

-- A slug is the public address /p/<slug>: 3 to 40 lower-case letters, digits and single inner hyphens.
ALTER TABLE "links_profiles" ADD CONSTRAINT "links_profiles_slug_check"
  CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("slug") BETWEEN 3 AND 40);
