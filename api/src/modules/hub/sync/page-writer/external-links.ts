import { EntityType, newId } from '@meridian/domain';
import { jsonRows, type WriteContext } from './write-context.js';

/** An external link as the writer reads it: which of our rows a provider id stands for. */
export interface LinkRow {
  id: string;
  sourceId: string;
  entityType: string;
  entityId: string;
  /** Null after the sync soft-deleted the entity because the provider no longer lists it. */
  contentHash: string | null;
}

/** The links of these provider ids (of this organization and service), in one query, by sourceId. */
export async function findLinks(ctx: WriteContext, sourceIds: Iterable<string>): Promise<Map<string, LinkRow>> {
  const ids = [...new Set(sourceIds)];
  if (ids.length === 0) return new Map();
  const rows = await ctx.tx.externalLink.findMany({
    where: { organizationId: ctx.organizationId, service: ctx.service, sourceId: { in: ids } },
    select: { id: true, sourceId: true, entityType: true, entityId: true, contentHash: true },
  });
  return new Map(rows.map((row) => [row.sourceId!, { ...row, sourceId: row.sourceId! }]));
}

export interface NewLink {
  sourceId: string;
  entityType: string;
  entityId: string;
  contentHash: string;
}

/**
 * One INSERT for every new link of a page. Raw SQL: Prisma's createMany binds every column of
 * every row as its own parameter, which costs more than the rest of a 500-transaction page.
 */
export async function createLinks(ctx: WriteContext, links: readonly NewLink[]): Promise<LinkRow[]> {
  if (links.length === 0) return [];
  const rows = links.map((link) => ({
    id: newId(EntityType.externalLink),
    source_id: link.sourceId,
    entity_type: link.entityType,
    entity_id: link.entityId,
    content_hash: link.contentHash,
  }));
  await ctx.tx.$executeRaw`
    INSERT INTO external_links (
      id, organization_id, service, source_id, entity_type, entity_id, content_hash, last_seen_at, created_at,
      updated_at)
    SELECT link.id, ${ctx.organizationId}, ${ctx.service}::integration_service, link.source_id, link.entity_type,
           link.entity_id, link.content_hash, ${ctx.now}, ${ctx.now}, ${ctx.now}
      FROM jsonb_to_recordset(${jsonRows(rows)}::jsonb)
           AS link(id text, source_id text, entity_type text, entity_id text, content_hash text)`;
  return rows.map((row) => ({
    id: row.id,
    sourceId: row.source_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    contentHash: row.content_hash,
  }));
}

/**
 * Marks links as seen now, with the hash of what was written through them (unchanged records keep
 * theirs): one UPDATE for the page.
 */
export async function touchLinks(
  ctx: WriteContext,
  links: readonly { id: string; contentHash: string | null }[],
): Promise<void> {
  if (links.length === 0) return;
  await ctx.tx.$executeRaw`
    UPDATE external_links AS link
       SET content_hash = seen.content_hash, last_seen_at = ${ctx.now}, updated_at = ${ctx.now}
      FROM jsonb_to_recordset(${jsonRows(links.map((link) => ({ id: link.id, content_hash: link.contentHash })))}::jsonb)
           AS seen(id text, content_hash text)
     WHERE link.id = seen.id AND link.organization_id = ${ctx.organizationId}`;
}

/** Deletes links by id (their transactions are gone for good). */
export async function deleteLinks(ctx: WriteContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.tx.externalLink.deleteMany({ where: { organizationId: ctx.organizationId, id: { in: [...ids] } } });
}
