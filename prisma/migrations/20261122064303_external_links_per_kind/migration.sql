-- DropIndex
DROP INDEX "external_links_organization_id_source_source_id_key";

-- CreateIndex
CREATE UNIQUE INDEX "external_links_organization_id_source_entity_type_source_id_key" ON "external_links"("organization_id", "source", "entity_type", "source_id");
