/**
 * Transactions, set-based: a page holds up to 500 of them and a first sync 10,000 or more, so a
 * page costs a fixed handful of statements whatever its size: the existing rows (one SELECT), new
 * ones (one INSERT, plus one for their links), changed ones (one UPDATE ... FROM
 * jsonb_to_recordset), the links' hashes and last-seen times (one UPDATE). Amounts travel as
 * decimal strings into numeric columns: never through a float.
 */
import { EntityType, newId } from '@meridian/domain';
import { existingIds, jsonRows } from '../../../../common/persistence/sql.js';
import type { LinkRow } from '../external-links.repository.js';
import { categoryIds } from './categories.js';
import { contentHash } from './content-hash.js';
import { accountRefs } from './financial-accounts.js';
import type { KindWritten, RecordKindWriter } from './record-kind-writer.js';

/** The columns the sync owns; recurring_stream_id and cash_flow_source_id are the streams' and the advisor's. */
interface TransactionColumns {
  id: string;
  household_id: string;
  financial_record_id: string;
  category_id: string | null;
  date: string;
  amount: string;
  amount_currency: string;
  direction: string;
  description: string;
  merchant_name: string | null;
  pending: boolean;
}

/**
 * The SQL types of TransactionColumns, for `jsonb_to_recordset`: PostgreSQL parses each value
 * (numeric from the decimal string, date from YYYY-MM-DD, which it rejects when it is no date,
 * where JavaScript's Date would roll 2026-02-30 over to March).
 */
const TRANSACTION_ROW =
  'id text, household_id text, financial_record_id text, category_id text, date date, amount numeric, ' +
  'amount_currency currency, direction flow_direction, description text, merchant_name text, pending boolean';

const isTransactionLink = (link: LinkRow) => link.entityType === EntityType.transaction;

export const transactionWriter: RecordKindWriter<'transaction'> = {
  owns: isTransactionLink,

  references: (transactions) =>
    transactions.flatMap((record) => [
      record.accountSourceId,
      ...(record.pendingSourceId === null ? [] : [record.pendingSourceId]),
    ]),

  async write(page, transactions) {
    const result: KindWritten = { counts: { created: 0, updated: 0, unchanged: 0 }, failures: [], seen: [] };
    if (transactions.length === 0) return result;
    const { scope, links } = page;
    const accounts = await accountRefs(
      page,
      transactions.map((record) => record.accountSourceId),
    );
    const categories = await categoryIds(
      scope,
      transactions.map((record) => record.category),
    );
    const linkedIds = links.pick(
      transactions.map((record) => record.sourceId),
      isTransactionLink,
    );
    const existing = await existingIds(
      scope.sql,
      'transactions',
      scope.organizationId,
      linkedIds.map((link) => link.entityId),
    );

    const inserts: TransactionColumns[] = [];
    const updates: TransactionColumns[] = [];
    const created: { sourceId: string; entityType: string; entityId: string; contentHash: string }[] = [];
    const touched: { link: LinkRow; contentHash: string }[] = [];
    for (const record of transactions) {
      const link = links.get(record.sourceId);
      if (link && !isTransactionLink(link)) {
        result.failures.push({
          sourceId: record.sourceId,
          reason: 'CONFLICT',
          message: `Provider id ${record.sourceId} is already linked to a ${link.entityType}, not a transaction`,
          payload: record,
        });
        continue;
      }
      const account = accounts.get(record.accountSourceId);
      if (!account) {
        result.failures.push({
          sourceId: record.sourceId,
          reason: 'UNKNOWN_ACCOUNT',
          message: `Account ${record.accountSourceId} of this transaction is not synced (unsupported or failed)`,
          payload: record,
        });
        continue;
      }
      const hash = contentHash(record);
      const columns: TransactionColumns = {
        id: link?.entityId ?? newId(EntityType.transaction),
        household_id: account.householdId,
        financial_record_id: account.recordId,
        category_id: record.category?.code ? (categories.get(record.category.code) ?? null) : null,
        date: record.date,
        amount: record.amount.value,
        amount_currency: record.amount.currency,
        direction: record.direction,
        description: record.description,
        merchant_name: record.merchantName,
        pending: record.pending,
      };
      result.seen.push(columns.id);
      if (!link) {
        inserts.push(columns);
        created.push({
          sourceId: record.sourceId,
          entityType: EntityType.transaction,
          entityId: columns.id,
          contentHash: hash,
        });
        result.counts.created += 1;
      } else if (!existing.has(link.entityId)) {
        // The link outlived its row (e.g. the account was deleted with its household): made again under the same id.
        inserts.push(columns);
        touched.push({ link, contentHash: hash });
        result.counts.created += 1;
      } else if (link.contentHash === hash) {
        touched.push({ link, contentHash: hash });
        result.counts.unchanged += 1;
      } else {
        updates.push(columns);
        touched.push({ link, contentHash: hash });
        result.counts.updated += 1;
      }
    }

    // One audit entry a transaction written, named by its description as the account page lists it
    // (its amount and date are on that page, written for people).
    const snapshot = (columns: TransactionColumns) => ({
      name: columns.description || columns.merchant_name || 'Transaction',
    });
    page.changes.push(
      ...inserts.map((columns) => ({
        action: 'CREATE' as const,
        entityType: EntityType.transaction,
        entityId: columns.id,
        after: snapshot(columns),
      })),
      ...updates.map((columns) => ({
        action: 'UPDATE' as const,
        entityType: EntityType.transaction,
        entityId: columns.id,
        before: {},
        after: snapshot(columns),
      })),
    );
    if (inserts.length > 0) {
      await scope.sql.execute(
        `INSERT INTO transactions (
           id, organization_id, household_id, financial_record_id, category_id, date, amount, amount_currency,
           direction, description, merchant_name, pending, created_at, updated_at)
         SELECT u.id, $1, u.household_id, u.financial_record_id, u.category_id, u.date, u.amount, u.amount_currency,
                u.direction, u.description, u.merchant_name, u.pending, $2, $2
           FROM jsonb_to_recordset($3::jsonb) AS u(${TRANSACTION_ROW})`,
        scope.organizationId,
        scope.now,
        jsonRows(inserts),
      );
    }
    if (updates.length > 0) {
      await scope.sql.execute(
        `UPDATE transactions AS t
            SET household_id = u.household_id,
                financial_record_id = u.financial_record_id,
                category_id = u.category_id,
                date = u.date,
                amount = u.amount,
                amount_currency = u.amount_currency,
                direction = u.direction,
                description = u.description,
                merchant_name = u.merchant_name,
                pending = u.pending,
                updated_at = $2
           FROM jsonb_to_recordset($3::jsonb) AS u(${TRANSACTION_ROW})
          WHERE t.organization_id = $1 AND t.id = u.id`,
        scope.organizationId,
        scope.now,
        jsonRows(updates),
      );
    }
    await links.create(created);
    await links.touch(touched);
    return result;
  },

  /**
   * Deletes transactions for good, with their links: those the provider removed, and pending ones
   * replaced by their posted transaction (Plaid removes the pending one too, but not always in the
   * same page; deleting it here means no moment where both count).
   */
  async remove(page, sourceIds, transactions) {
    const listed = new Set(transactions.map((record) => record.sourceId));
    const replacedPending = transactions.flatMap((record) =>
      !record.pending && record.pendingSourceId !== null && !listed.has(record.pendingSourceId)
        ? [record.pendingSourceId]
        : [],
    );
    const doomed = page.links.pick([...sourceIds, ...replacedPending], isTransactionLink);
    if (doomed.length === 0) return 0;
    const deleted = await page.scope.sql.query<{ id: string; description: string }>(
      `DELETE FROM transactions WHERE organization_id = $1 AND id = ANY($2::text[]) RETURNING id, description`,
      page.scope.organizationId,
      doomed.map((link) => link.entityId),
    );
    await page.links.delete(doomed);
    page.changes.push(
      ...deleted.map(({ id, description }) => ({
        action: 'DELETE' as const,
        entityType: EntityType.transaction,
        entityId: id,
        before: { name: description },
      })),
    );
    return deleted.length;
  },
};
