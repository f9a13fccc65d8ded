/**
 * Transactions, set-based: a page holds up to 500 of them and a first sync 10,000 or more, so a
 * page costs a fixed handful of statements whatever its size: the existing rows (one SELECT), new
 * ones (one INSERT, plus one for their links), changed ones (one UPDATE ... FROM
 * jsonb_to_recordset), the links' hashes and last-seen times (one UPDATE). Amounts travel as
 * decimal strings into numeric columns: never through a float.
 */
import { EntityType, newId } from '@meridian/domain';
import { existingIds } from '../../../../common/persistence/sql.js';
import type { SyncedTransactionColumns } from '../../../financials/cash-flows/index.js';
import type { LinkRow } from '../external-links.repository.js';
import { categoryIds } from './categories.js';
import { contentHash } from './content-hash.js';
import { accountRefs } from './financial-accounts.js';
import type { KindWritten, RecordKindWriter } from './record-kind-writer.js';

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
      page,
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

    const inserts: SyncedTransactionColumns[] = [];
    const updates: SyncedTransactionColumns[] = [];
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
      const columns: SyncedTransactionColumns = {
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
    const snapshot = (columns: SyncedTransactionColumns) => ({
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
    await page.flows.insertTransactions(scope, inserts);
    await page.flows.updateTransactions(scope, updates);
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
    const deleted = await page.flows.deleteTransactions(
      page.scope,
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
