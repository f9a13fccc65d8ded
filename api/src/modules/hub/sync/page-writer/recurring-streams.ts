/**
 * Recurring streams, set-based like transactions. A stream is the provider's detection, which the
 * advisor then curates: renamed, re-categorized (both marked in `edited_fields`, which the UPDATE
 * respects column by column), confirmed, linked to a cash-flow source (columns the sync never
 * writes). A stream the provider stops listing is marked inactive, never deleted: a cash-flow
 * source built on it keeps it, and it comes back to life if the provider lists it again.
 */
import { EntityType, newId } from '@meridian/domain';
import { existingIds } from '../../../../common/persistence/sql.js';
import type { SyncedStreamColumns } from '../../../financials/cash-flows/index.js';
import type { LinkRow } from '../external-links.repository.js';
import { categoryIds } from './categories.js';
import { contentHash } from './content-hash.js';
import { accountRefs } from './financial-accounts.js';
import type { KindWritten, RecordKindWriter } from './record-kind-writer.js';
import type { SyncPage } from './sync-page.js';

const isStreamLink = (link: LinkRow) => link.entityType === EntityType.recurringStream;
const isTransactionLink = (link: LinkRow) => link.entityType === EntityType.transaction;

/**
 * Marks streams inactive because the provider no longer lists them (removed, or missing from a
 * complete snapshot), and clears their links' hashes so a later listing rewrites them. Counted as
 * deleted once: a stream whose hash is already cleared is not counted again.
 */
async function deactivate(page: SyncPage, streamIds: readonly string[]): Promise<number> {
  if (streamIds.length === 0) return 0;
  const live = await page.links.clearHashes(streamIds);
  if (live.length === 0) return 0;
  await page.flows.deactivateStreams(page.scope, live);
  page.changes.push(
    ...live.map((id) => ({
      action: 'DELETE' as const,
      entityType: EntityType.recurringStream,
      entityId: id,
      before: {},
    })),
  );
  return live.length;
}

export const recurringStreamWriter: RecordKindWriter<'recurring-stream'> = {
  owns: isStreamLink,

  references: (streams) => streams.map((record) => record.accountSourceId),

  async write(page, streams) {
    const result: KindWritten = { counts: { created: 0, updated: 0, unchanged: 0 }, failures: [], seen: [] };
    if (streams.length === 0) return result;
    const { scope, links } = page;
    const accounts = await accountRefs(
      page,
      streams.map((record) => record.accountSourceId),
    );
    const categories = await categoryIds(
      page,
      streams.map((record) => record.category),
    );
    const linked = links.pick(
      streams.map((record) => record.sourceId),
      isStreamLink,
    );
    const existing = await existingIds(
      scope.sql,
      'recurring_streams',
      scope.organizationId,
      linked.map((link) => link.entityId),
    );

    const inserts: SyncedStreamColumns[] = [];
    const updates: SyncedStreamColumns[] = [];
    const created: { sourceId: string; entityType: string; entityId: string; contentHash: string }[] = [];
    const touched: { link: LinkRow; contentHash: string }[] = [];
    /** The streams written now, and the provider ids of their transactions (which come to point at them). */
    const members: { streamId: string; sourceIds: string[] }[] = [];
    for (const record of streams) {
      const link = links.get(record.sourceId);
      if (link && !isStreamLink(link)) {
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
      const columns: SyncedStreamColumns = {
        id: link?.entityId ?? newId(EntityType.recurringStream),
        household_id: account?.householdId ?? scope.householdId(),
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
      result.seen.push(columns.id);
      const written = () => {
        if (link) touched.push({ link, contentHash: hash });
        members.push({ streamId: columns.id, sourceIds: record.transactionSourceIds });
      };
      if (!link || !existing.has(link.entityId)) {
        inserts.push(columns);
        if (!link) {
          created.push({
            sourceId: record.sourceId,
            entityType: EntityType.recurringStream,
            entityId: columns.id,
            contentHash: hash,
          });
        }
        written();
        result.counts.created += 1;
      } else if (link.contentHash === hash) {
        touched.push({ link, contentHash: hash });
        result.counts.unchanged += 1;
      } else {
        updates.push(columns);
        written();
        result.counts.updated += 1;
      }
    }

    const snapshot = (columns: (typeof inserts)[number]) => ({ name: columns.name });
    page.changes.push(
      ...inserts.map((columns) => ({
        action: 'CREATE' as const,
        entityType: EntityType.recurringStream,
        entityId: columns.id,
        after: snapshot(columns),
      })),
      ...updates.map((columns) => ({
        action: 'UPDATE' as const,
        entityType: EntityType.recurringStream,
        entityId: columns.id,
        before: {},
        after: snapshot(columns),
      })),
    );
    await page.flows.insertStreams(scope, inserts);
    await page.flows.updateStreams(scope, updates);
    await links.create(created);
    await links.touch(touched);
    // The streams' transactions point at them: those already synced (a later page's are linked
    // when the stream next changes). Their links are read only for the streams written now.
    await links.include(members.flatMap((member) => member.sourceIds));
    const pointers = members.flatMap((member) =>
      links
        .pick(member.sourceIds, isTransactionLink)
        .map((transaction) => ({ stream_id: member.streamId, transaction_id: transaction.entityId })),
    );
    await page.flows.pointTransactionsAtStreams(scope, pointers);
    return result;
  },

  async remove(page, sourceIds) {
    return deactivate(
      page,
      page.links.pick(sourceIds, isStreamLink).map((link) => link.entityId),
    );
  },

  /** The connection's synced streams (through their accounts) that the snapshot does not list. */
  async notSeen(page, kept) {
    const { scope } = page;
    const rows = await scope.sql.query<{ id: string }>(
      `SELECT s.id FROM recurring_streams s
         JOIN financial_records r ON r.organization_id = s.organization_id AND r.id = s.financial_record_id
        WHERE s.organization_id = $1 AND r.connection_id = $2 AND NOT (s.id = ANY($3::text[]))`,
      scope.organizationId,
      scope.connectionId,
      [...kept],
    );
    return deactivate(
      page,
      rows.map((row) => row.id),
    );
  },
};
