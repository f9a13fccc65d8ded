/**
 * Recurring streams, set-based like transactions. A stream is the provider's detection, which the
 * advisor then curates: renamed, re-categorized (both marked in `edited_fields`, which the UPDATE
 * respects column by column), confirmed, linked to a cash-flow source (columns the sync never
 * writes). A stream the provider stops listing is marked inactive, never deleted: a cash-flow
 * source built on it keeps it, and it comes back to life if the provider lists it again.
 */
import { EntityType, newId, type SyncCounts } from '@meridian/domain';
import type { NormalizedRecurringStream } from '@meridian/connectors';
import { Prisma } from '../../../../generated/prisma/client.js';
import { StreamEditedField } from '../../../financials/cash-flows/index.js';
import type { AccountRef } from './accounts.js';
import { categoryIds } from './categories.js';
import { contentHash } from './content-hash.js';
import { createLinks, findLinks, touchLinks, type LinkRow, type NewLink } from './external-links.js';
import { jsonRows, lastBySourceId, zeroCounts, type WriteContext, type WriteFailure } from './write-context.js';

interface StreamColumns {
  id: string;
  household_id: string;
  financial_record_id: string | null;
  category_id: string | null;
  name: string;
  direction: string;
  frequency: string | null;
  merchant_name: string | null;
  average_amount: string | null;
  average_amount_currency: string | null;
  last_amount: string | null;
  last_amount_currency: string | null;
  first_date: string;
  last_date: string;
  is_active: boolean;
}

/** The SQL types of StreamColumns, for `jsonb_to_recordset` (see TRANSACTION_ROW in transactions.ts). */
const STREAM_ROW = Prisma.raw(
  'id text, household_id text, financial_record_id text, category_id text, name text, direction text, ' +
    'frequency text, merchant_name text, average_amount numeric, average_amount_currency text, ' +
    'last_amount numeric, last_amount_currency text, first_date date, last_date date, is_active boolean',
);

export interface StreamsResult {
  counts: SyncCounts;
  failures: WriteFailure[];
  /** The streams this page listed (for a `complete` snapshot: every other one of the connection is gone). */
  seenStreamIds: string[];
}

export async function writeStreams(
  ctx: WriteContext,
  streams: readonly NormalizedRecurringStream[],
  links: ReadonlyMap<string, LinkRow>,
  accounts: ReadonlyMap<string, AccountRef>,
  householdId: () => string,
): Promise<StreamsResult> {
  const result: StreamsResult = { counts: zeroCounts(), failures: [], seenStreamIds: [] };
  if (streams.length === 0) return result;
  const records = lastBySourceId(streams);
  const categories = await categoryIds(
    ctx,
    records.map((record) => record.category),
  );
  const linkedIds = records.flatMap((record) => {
    const link = links.get(record.sourceId);
    return link?.entityType === EntityType.recurringStream ? [link.entityId] : [];
  });
  const existing = new Set(
    linkedIds.length === 0
      ? []
      : (
          await ctx.tx.recurringStream.findMany({
            where: { organizationId: ctx.organizationId, id: { in: linkedIds } },
            select: { id: true },
          })
        ).map((row) => row.id),
  );

  const inserts: StreamColumns[] = [];
  const updates: StreamColumns[] = [];
  const newLinks: NewLink[] = [];
  const touched: { id: string; contentHash: string }[] = [];
  /** Stream id -> the provider ids of its transactions, for the streams written now. */
  const members: { stream_id: string; source_id: string }[] = [];
  for (const record of records) {
    const link = links.get(record.sourceId);
    if (link && link.entityType !== EntityType.recurringStream) {
      result.failures.push({
        sourceId: record.sourceId,
        reason: 'CONFLICT',
        message: `Provider id ${record.sourceId} is already linked to a ${link.entityType}, not a recurring stream`,
        payload: record,
      });
      continue;
    }
    // A stream of an account we do not hold is still worth showing: it stays on the household, without account.
    const account = accounts.get(record.accountSourceId);
    const hash = contentHash(record);
    const columns: StreamColumns = {
      id: link?.entityId ?? newId(EntityType.recurringStream),
      household_id: account?.householdId ?? householdId(),
      financial_record_id: account?.recordId ?? null,
      category_id: record.category?.code ? (categories.get(record.category.code) ?? null) : null,
      name: record.name,
      direction: record.direction,
      frequency: record.frequency,
      merchant_name: record.merchantName,
      average_amount: record.averageAmount?.value ?? null,
      average_amount_currency: record.averageAmount?.currency ?? null,
      last_amount: record.lastAmount?.value ?? null,
      last_amount_currency: record.lastAmount?.currency ?? null,
      first_date: record.firstDate,
      last_date: record.lastDate,
      is_active: record.isActive,
    };
    result.seenStreamIds.push(columns.id);
    const written = () => {
      touched.push(...(link ? [{ id: link.id, contentHash: hash }] : []));
      for (const sourceId of record.transactionSourceIds) members.push({ stream_id: columns.id, source_id: sourceId });
    };
    if (!link || !existing.has(link.entityId)) {
      inserts.push(columns);
      if (!link) {
        newLinks.push({
          sourceId: record.sourceId,
          entityType: EntityType.recurringStream,
          entityId: columns.id,
          contentHash: hash,
        });
      }
      written();
      result.counts.created += 1;
    } else if (link.contentHash === hash) {
      touched.push({ id: link.id, contentHash: hash });
      result.counts.unchanged += 1;
    } else {
      updates.push(columns);
      written();
      result.counts.updated += 1;
    }
  }

  if (inserts.length > 0) {
    await ctx.tx.$executeRaw`
      INSERT INTO recurring_streams (
        id, organization_id, household_id, financial_record_id, category_id, name, direction, frequency,
        merchant_name, average_amount, average_amount_currency, last_amount, last_amount_currency, first_date,
        last_date, is_active, created_at, updated_at)
      SELECT u.id, ${ctx.organizationId}, u.household_id, u.financial_record_id, u.category_id, u.name,
             u.direction::flow_direction, u.frequency::payment_frequency, u.merchant_name, u.average_amount,
             u.average_amount_currency::currency, u.last_amount, u.last_amount_currency::currency, u.first_date,
             u.last_date, u.is_active, ${ctx.now}, ${ctx.now}
        FROM jsonb_to_recordset(${jsonRows(inserts)}::jsonb) AS u(${STREAM_ROW})`;
  }
  if (updates.length > 0) {
    // household_id is not rewritten: the stream stays where the advisor sees it.
    await ctx.tx.$executeRaw`
      UPDATE recurring_streams AS s
         SET name = CASE WHEN ${StreamEditedField.name} = ANY(coalesce(s.edited_fields, '{}')) THEN s.name ELSE u.name END,
             category_id = CASE WHEN ${StreamEditedField.category} = ANY(coalesce(s.edited_fields, '{}'))
                                THEN s.category_id ELSE u.category_id END,
             financial_record_id = u.financial_record_id,
             direction = u.direction::flow_direction,
             frequency = u.frequency::payment_frequency,
             merchant_name = u.merchant_name,
             average_amount = u.average_amount,
             average_amount_currency = u.average_amount_currency::currency,
             last_amount = u.last_amount,
             last_amount_currency = u.last_amount_currency::currency,
             first_date = u.first_date,
             last_date = u.last_date,
             is_active = u.is_active,
             updated_at = ${ctx.now}
        FROM jsonb_to_recordset(${jsonRows(updates)}::jsonb) AS u(${STREAM_ROW})
       WHERE s.id = u.id AND s.organization_id = ${ctx.organizationId}`;
  }
  await createLinks(ctx, newLinks);
  await touchLinks(ctx, touched);
  if (members.length > 0) {
    // The stream's transactions point at it (those already synced; a later page's are linked when the stream next changes).
    await ctx.tx.$executeRaw`
      UPDATE transactions AS t
         SET recurring_stream_id = m.stream_id, updated_at = ${ctx.now}
        FROM jsonb_to_recordset(${jsonRows(members)}::jsonb) AS m(stream_id text, source_id text)
        JOIN external_links AS link
          ON link.organization_id = ${ctx.organizationId}
         AND link.service = ${ctx.service}::integration_service
         AND link.source_id = m.source_id
         AND link.entity_type = ${EntityType.transaction}
       WHERE t.organization_id = ${ctx.organizationId}
         AND t.id = link.entity_id
         AND t.recurring_stream_id IS DISTINCT FROM m.stream_id`;
  }
  return result;
}

/**
 * Marks streams inactive because the provider no longer lists them (removed, or missing from a
 * complete snapshot), and clears their links' hashes so a later listing rewrites them. Counted as
 * deleted once: a stream whose hash is already cleared is not counted again.
 */
export async function deactivateStreams(
  ctx: WriteContext,
  streamIds: readonly string[],
): Promise<Pick<SyncCounts, 'deleted'>> {
  if (streamIds.length === 0) return { deleted: 0 };
  const live = await ctx.tx.externalLink.findMany({
    where: {
      organizationId: ctx.organizationId,
      service: ctx.service,
      entityType: EntityType.recurringStream,
      entityId: { in: [...streamIds] },
      contentHash: { not: null },
    },
    select: { id: true, entityId: true },
  });
  if (live.length === 0) return { deleted: 0 };
  await ctx.tx.recurringStream.updateMany({
    where: { organizationId: ctx.organizationId, id: { in: live.map((link) => link.entityId) }, isActive: true },
    data: { isActive: false, updatedAt: ctx.now },
  });
  await ctx.tx.externalLink.updateMany({
    where: { organizationId: ctx.organizationId, id: { in: live.map((link) => link.id) } },
    data: { contentHash: null, updatedAt: ctx.now },
  });
  return { deleted: live.length };
}

/** The streams of these provider ids (removed by the provider). */
export async function streamIdsOf(ctx: WriteContext, sourceIds: Iterable<string>): Promise<string[]> {
  const links = await findLinks(ctx, sourceIds);
  return [...links.values()]
    .filter((link) => link.entityType === EntityType.recurringStream)
    .map((link) => link.entityId);
}

/** The connection's synced streams (through their accounts) that are not among `seen`. */
export async function streamsNotSeen(ctx: WriteContext, seen: readonly string[]): Promise<string[]> {
  const rows = await ctx.tx.recurringStream.findMany({
    where: {
      organizationId: ctx.organizationId,
      financialRecord: { connectionId: ctx.connectionId },
      id: { notIn: [...seen] },
    },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
