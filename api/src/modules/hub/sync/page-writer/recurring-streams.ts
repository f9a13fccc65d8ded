/**
 * Recurring streams, set-based like transactions. A stream is the provider's detection, which the
 * advisor then curates: renamed, re-categorized (both marked in `edited_fields`, which the UPDATE
 * respects column by column), confirmed, linked to a cash-flow source (columns the sync never
 * writes). A stream the provider stops listing is marked inactive, never deleted: a cash-flow
 * source built on it keeps it, and it comes back to life if the provider lists it again.
 */
import { EntityType, newId } from '@meridian/domain';
import { existingIds, jsonRows } from '../../../../common/persistence/sql.js';
import { StreamEditedField } from '../../../financials/cash-flows/index.js';
import type { LinkRow } from '../external-links.repository.js';
import { categoryIds } from './categories.js';
import { contentHash } from './content-hash.js';
import { accountRefs } from './financial-accounts.js';
import type { KindWritten, RecordKindWriter } from './record-kind-writer.js';
import type { SyncPage } from './sync-page.js';

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
const STREAM_ROW =
  'id text, household_id text, financial_record_id text, category_id text, name text, ' +
  'direction flow_direction, frequency payment_frequency, merchant_name text, average_amount numeric, ' +
  'average_amount_currency currency, last_amount numeric, last_amount_currency currency, first_date date, ' +
  'last_date date, is_active boolean';

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
  await page.scope.sql.execute(
    `UPDATE recurring_streams SET is_active = false, updated_at = $2
      WHERE organization_id = $1 AND id = ANY($3::text[]) AND is_active`,
    page.scope.organizationId,
    page.scope.now,
    live,
  );
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
      scope,
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

    const inserts: StreamColumns[] = [];
    const updates: StreamColumns[] = [];
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
      const columns: StreamColumns = {
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
    if (inserts.length > 0) {
      await scope.sql.execute(
        `INSERT INTO recurring_streams (
           id, organization_id, household_id, financial_record_id, category_id, name, direction, frequency,
           merchant_name, average_amount, average_amount_currency, last_amount, last_amount_currency, first_date,
           last_date, is_active, created_at, updated_at)
         SELECT u.id, $1, u.household_id, u.financial_record_id, u.category_id, u.name, u.direction, u.frequency,
                u.merchant_name, u.average_amount, u.average_amount_currency, u.last_amount, u.last_amount_currency,
                u.first_date, u.last_date, u.is_active, $2, $2
           FROM jsonb_to_recordset($3::jsonb) AS u(${STREAM_ROW})`,
        scope.organizationId,
        scope.now,
        jsonRows(inserts),
      );
    }
    if (updates.length > 0) {
      // household_id is not rewritten: the stream stays where the advisor sees it.
      await scope.sql.execute(
        `UPDATE recurring_streams AS s
            SET name = CASE WHEN $3 = ANY(coalesce(s.edited_fields, '{}')) THEN s.name ELSE u.name END,
                category_id = CASE WHEN $4 = ANY(coalesce(s.edited_fields, '{}')) THEN s.category_id ELSE u.category_id END,
                financial_record_id = u.financial_record_id,
                direction = u.direction,
                frequency = u.frequency,
                merchant_name = u.merchant_name,
                average_amount = u.average_amount,
                average_amount_currency = u.average_amount_currency,
                last_amount = u.last_amount,
                last_amount_currency = u.last_amount_currency,
                first_date = u.first_date,
                last_date = u.last_date,
                is_active = u.is_active,
                updated_at = $2
           FROM jsonb_to_recordset($5::jsonb) AS u(${STREAM_ROW})
          WHERE s.organization_id = $1 AND s.id = u.id`,
        scope.organizationId,
        scope.now,
        StreamEditedField.name,
        StreamEditedField.category,
        jsonRows(updates),
      );
    }
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
    if (pointers.length > 0) {
      await scope.sql.execute(
        `UPDATE transactions AS t SET recurring_stream_id = m.stream_id, updated_at = $2
           FROM jsonb_to_recordset($3::jsonb) AS m(stream_id text, transaction_id text)
          WHERE t.organization_id = $1 AND t.id = m.transaction_id
            AND t.recurring_stream_id IS DISTINCT FROM m.stream_id`,
        scope.organizationId,
        scope.now,
        jsonRows(pointers),
      );
    }
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
