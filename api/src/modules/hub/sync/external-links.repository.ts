import { Injectable } from '@nestjs/common';
import { EntityType, newId, type ExternalSourceSystem, type IntegrationService } from '@meridian/domain';
import { jsonRows } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/**
 * Where outside ids come from: a provider connection's service (a Plaid item's ids are unique per
 * service), or a source system's files (ids unique per source and entity type: a Pipedrive person
 * and an activity may share an id). The schema's two unique keys say the same.
 */
export type LinkOrigin = { service: IntegrationService } | { source: ExternalSourceSystem };

/** An external link as the writers read it: which of our rows an outside id stands for. */
export interface LinkRow {
  id: string;
  sourceId: string;
  entityType: string;
  entityId: string;
  /** Null after a sync soft-deleted the entity because the provider no longer lists it. */
  contentHash: string | null;
}

export interface NewLink {
  /** Null for a mark: an entity an import created only for a reference (a household named by a row). */
  sourceId: string | null;
  entityType: string;
  entityId: string;
  contentHash: string | null;
  /** The import that created the entity, so its rollback can tell it from the advisor's. */
  importBatchId?: string | null;
}

type Db = Pick<WriteScope, 'sql' | 'organizationId'>;

function originColumns(origin: LinkOrigin): { source: string | null; service: string | null } {
  return 'service' in origin ? { source: null, service: origin.service } : { source: origin.source, service: null };
}

const LINK_COLUMNS = `id, source_id AS "sourceId", entity_type AS "entityType", entity_id AS "entityId",
                      content_hash AS "contentHash"`;

/**
 * The one store of external links, for syncs and imports alike: what an outside id is in our data,
 * the hash of what was last written through it, and the marks of entities an import created. Every
 * method is one statement for a whole batch.
 */
@Injectable()
export class ExternalLinksRepository {
  /**
   * The links of these outside ids, by id. From a source system, only links of `entityTypes` (a
   * source's ids are unique per type); from a service, every link of the id.
   */
  async find(
    db: Db,
    origin: LinkOrigin,
    sourceIds: Iterable<string>,
    entityTypes?: readonly string[],
  ): Promise<Map<string, LinkRow>> {
    const ids = [...new Set(sourceIds)];
    if (ids.length === 0) return new Map();
    const { source, service } = originColumns(origin);
    const rows = await db.sql.query<LinkRow>(
      `SELECT ${LINK_COLUMNS} FROM external_links
        WHERE organization_id = $1 AND source_id = ANY($2::text[])
          AND ${service ? 'service = $3::integration_service' : 'source = $3::external_source_system'}
          AND ($4::text[] IS NULL OR entity_type = ANY($4::text[]))`,
      db.organizationId,
      ids,
      service ?? source,
      entityTypes ? [...entityTypes] : null,
    );
    return new Map(rows.map((row) => [row.sourceId, row]));
  }

  /** New links (and marks) in one INSERT; returns them as rows. */
  async create(scope: WriteScope, origin: LinkOrigin, links: readonly NewLink[]): Promise<LinkRow[]> {
    if (links.length === 0) return [];
    const { source, service } = originColumns(origin);
    const rows = links.map((link) => ({
      id: newId(EntityType.externalLink),
      source_id: link.sourceId,
      entity_type: link.entityType,
      entity_id: link.entityId,
      content_hash: link.contentHash,
      import_batch_id: link.importBatchId ?? null,
    }));
    await scope.sql.execute(
      `INSERT INTO external_links (id, organization_id, source, service, source_id, entity_type, entity_id,
                                   content_hash, import_batch_id, last_seen_at, created_at, updated_at)
       SELECT link.id, $1, $2::external_source_system, $3::integration_service, link.source_id, link.entity_type,
              link.entity_id, link.content_hash, link.import_batch_id, $4, $4, $4
         FROM jsonb_to_recordset($5::jsonb) AS link(id text, source_id text, entity_type text, entity_id text,
                                                   content_hash text, import_batch_id text)`,
      scope.organizationId,
      source,
      service,
      scope.now,
      jsonRows(rows),
    );
    return rows.flatMap((row) =>
      row.source_id === null
        ? []
        : [
            {
              id: row.id,
              sourceId: row.source_id,
              entityType: row.entity_type,
              entityId: row.entity_id,
              contentHash: row.content_hash,
            },
          ],
    );
  }

  /**
   * Links seen now, each with the hash of what was written through it (an unchanged record keeps
   * its own); optionally pointed at another entity (a record made again after its row was gone).
   */
  async touch(
    scope: WriteScope,
    links: readonly { id: string; contentHash: string | null; entityType?: string; entityId?: string }[],
  ): Promise<void> {
    if (links.length === 0) return;
    await scope.sql.execute(
      `UPDATE external_links AS link
          SET content_hash = seen.content_hash, last_seen_at = $2, updated_at = $2,
              entity_type = COALESCE(seen.entity_type, link.entity_type),
              entity_id = COALESCE(seen.entity_id, link.entity_id)
         FROM jsonb_to_recordset($3::jsonb) AS seen(id text, content_hash text, entity_type text, entity_id text)
        WHERE link.organization_id = $1 AND link.id = seen.id`,
      scope.organizationId,
      scope.now,
      jsonRows(
        links.map((link) => ({
          id: link.id,
          content_hash: link.contentHash,
          entity_type: link.entityType ?? null,
          entity_id: link.entityId ?? null,
        })),
      ),
    );
  }

  /** Sets the hash of the links of these outside ids (an import's update, or its undo). */
  async setHashes(
    scope: WriteScope,
    origin: LinkOrigin,
    entityTypes: readonly string[],
    hashes: readonly { sourceId: string; contentHash: string | null }[],
    options: { seen: boolean } = { seen: true },
  ): Promise<void> {
    if (hashes.length === 0) return;
    const { source, service } = originColumns(origin);
    await scope.sql.execute(
      `UPDATE external_links AS link
          SET content_hash = next.content_hash, updated_at = $2,
              last_seen_at = CASE WHEN $6 THEN $2 ELSE link.last_seen_at END
         FROM jsonb_to_recordset($5::jsonb) AS next(source_id text, content_hash text)
        WHERE link.organization_id = $1 AND link.source_id = next.source_id
          AND link.entity_type = ANY($4::text[])
          AND ${service ? 'link.service = $3::integration_service' : 'link.source = $3::external_source_system'}`,
      scope.organizationId,
      scope.now,
      service ?? source,
      [...entityTypes],
      jsonRows(hashes.map((hash) => ({ source_id: hash.sourceId, content_hash: hash.contentHash }))),
      options.seen,
    );
  }

  /**
   * Clears the hash of a service's links to these entities: "gone at the provider", so a later
   * listing restores them. Returns the entities whose links still had one (gone as of now).
   */
  async clearHashes(
    scope: WriteScope,
    origin: { service: IntegrationService },
    entityIds: readonly string[],
  ): Promise<string[]> {
    if (entityIds.length === 0) return [];
    const rows = await scope.sql.query<{ entityId: string }>(
      `UPDATE external_links SET content_hash = NULL, updated_at = $2
        WHERE organization_id = $1 AND service = $3::integration_service AND entity_id = ANY($4::text[])
          AND content_hash IS NOT NULL
        RETURNING entity_id AS "entityId"`,
      scope.organizationId,
      scope.now,
      origin.service,
      [...entityIds],
    );
    return [...new Set(rows.map((row) => row.entityId))];
  }

  /** Deletes links by id. */
  async deleteByIds(scope: Db, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await scope.sql.execute(
      `DELETE FROM external_links WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...ids],
    );
  }

  /** Deletes every link (and mark) of these entities. */
  async deleteForEntities(scope: Db, entityType: string, entityIds: readonly string[]): Promise<void> {
    if (entityIds.length === 0) return;
    await scope.sql.execute(
      `DELETE FROM external_links WHERE organization_id = $1 AND entity_type = $2 AND entity_id = ANY($3::text[])`,
      scope.organizationId,
      entityType,
      [...entityIds],
    );
  }

  /**
   * Deletes the links to these entities (of any type): a service's only when `origin` names one,
   * else every link and mark.
   */
  async deleteForEntityIds(
    scope: Db,
    entityIds: readonly string[],
    origin?: { service: IntegrationService },
  ): Promise<void> {
    if (entityIds.length === 0) return;
    await scope.sql.execute(
      `DELETE FROM external_links
        WHERE organization_id = $1 AND entity_id = ANY($2::text[])
          AND ($3::integration_service IS NULL OR service = $3::integration_service)`,
      scope.organizationId,
      [...entityIds],
      origin?.service ?? null,
    );
  }

  /**
   * Deletes the links an import batch made for these outside ids: on its rollback, the ids it
   * linked to entities it did not create (rows accepted in its review queue as existing ones).
   */
  async deleteBatchLinks(
    scope: Db,
    origin: { source: ExternalSourceSystem },
    importBatchId: string,
    sourceIds: readonly string[],
  ): Promise<void> {
    if (sourceIds.length === 0) return;
    await scope.sql.execute(
      `DELETE FROM external_links
        WHERE organization_id = $1 AND import_batch_id = $2 AND source = $3::external_source_system
          AND source_id = ANY($4::text[])`,
      scope.organizationId,
      importBatchId,
      origin.source,
      [...sourceIds],
    );
  }

  /** How many entities of each type an import batch's links and marks name. */
  async countByBatch(scope: Db, importBatchId: string): Promise<Map<string, number>> {
    const rows = await scope.sql.query<{ entityType: string; count: number }>(
      `SELECT entity_type AS "entityType", count(DISTINCT entity_id)::int AS count FROM external_links
        WHERE organization_id = $1 AND import_batch_id = $2
        GROUP BY entity_type`,
      scope.organizationId,
      importBatchId,
    );
    return new Map(rows.map((row) => [row.entityType, row.count]));
  }

  /** Which of these entities an import batch created (its links or marks name the batch). */
  async createdByBatch(
    scope: Db,
    importBatchId: string,
    entityType: string,
    entityIds?: readonly string[],
  ): Promise<Set<string>> {
    const rows = await scope.sql.query<{ entityId: string }>(
      `SELECT DISTINCT entity_id AS "entityId" FROM external_links
        WHERE organization_id = $1 AND import_batch_id = $2 AND entity_type = $3
          AND ($4::text[] IS NULL OR entity_id = ANY($4::text[]))`,
      scope.organizationId,
      importBatchId,
      entityType,
      entityIds ? [...entityIds] : null,
    );
    return new Set(rows.map((row) => row.entityId));
  }
}
