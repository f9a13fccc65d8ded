/**
 * Transactions, set-based: a page holds up to 500 of them and a first sync 10,000 or more, so a
 * page costs a fixed handful of statements whatever its size: the existing rows (one SELECT), new
 * ones (one INSERT, plus one for their links), changed ones (one UPDATE ... FROM
 * jsonb_to_recordset), the links' hashes and last-seen times (one UPDATE). Amounts travel as
 * decimal strings into numeric columns: never through a float.
 */
import { EntityType, newId, type SyncCounts } from '@meridian/domain';
import type { NormalizedTransaction } from '@meridian/connectors';
import { Prisma } from '../../../../generated/prisma/client.js';
import type { AccountRef } from './accounts.js';
import { categoryIds } from './categories.js';
import { contentHash } from './content-hash.js';
import { createLinks, deleteLinks, findLinks, touchLinks, type LinkRow, type NewLink } from './external-links.js';
import { jsonRows, lastBySourceId, zeroCounts, type WriteContext, type WriteFailure } from './write-context.js';

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
const TRANSACTION_ROW = Prisma.raw(
  'id text, household_id text, financial_record_id text, category_id text, date date, amount numeric, ' +
    'amount_currency text, direction text, description text, merchant_name text, pending boolean',
);

export async function writeTransactions(
  ctx: WriteContext,
  transactions: readonly NormalizedTransaction[],
  links: ReadonlyMap<string, LinkRow>,
  accounts: ReadonlyMap<string, AccountRef>,
): Promise<{ counts: SyncCounts; failures: WriteFailure[] }> {
  const counts = zeroCounts();
  const failures: WriteFailure[] = [];
  if (transactions.length === 0) return { counts, failures };
  const records = lastBySourceId(transactions);
  const categories = await categoryIds(
    ctx,
    records.map((record) => record.category),
  );
  const linkedIds = records.flatMap((record) => {
    const link = links.get(record.sourceId);
    return link?.entityType === EntityType.transaction ? [link.entityId] : [];
  });
  const existing = new Set(
    linkedIds.length === 0
      ? []
      : (
          await ctx.tx.transaction.findMany({
            where: { organizationId: ctx.organizationId, id: { in: linkedIds } },
            select: { id: true },
          })
        ).map((row) => row.id),
  );

  const inserts: TransactionColumns[] = [];
  const updates: TransactionColumns[] = [];
  const newLinks: NewLink[] = [];
  const touched: { id: string; contentHash: string }[] = [];
  for (const record of records) {
    const link = links.get(record.sourceId);
    if (link && link.entityType !== EntityType.transaction) {
      failures.push({
        sourceId: record.sourceId,
        reason: 'CONFLICT',
        message: `Provider id ${record.sourceId} is already linked to a ${link.entityType}, not a transaction`,
        payload: record,
      });
      continue;
    }
    const account = accounts.get(record.accountSourceId);
    if (!account) {
      failures.push({
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
    if (!link) {
      inserts.push(columns);
      newLinks.push({
        sourceId: record.sourceId,
        entityType: EntityType.transaction,
        entityId: columns.id,
        contentHash: hash,
      });
      counts.created += 1;
    } else if (!existing.has(link.entityId)) {
      // The link outlived its row (e.g. the account was deleted with its household): made again under the same id.
      inserts.push(columns);
      touched.push({ id: link.id, contentHash: hash });
      counts.created += 1;
    } else if (link.contentHash === hash) {
      touched.push({ id: link.id, contentHash: hash });
      counts.unchanged += 1;
    } else {
      updates.push(columns);
      touched.push({ id: link.id, contentHash: hash });
      counts.updated += 1;
    }
  }

  if (inserts.length > 0) {
    await ctx.tx.$executeRaw`
      INSERT INTO transactions (
        id, organization_id, household_id, financial_record_id, category_id, date, amount, amount_currency,
        direction, description, merchant_name, pending, created_at, updated_at)
      SELECT u.id, ${ctx.organizationId}, u.household_id, u.financial_record_id, u.category_id, u.date, u.amount,
             u.amount_currency::currency, u.direction::flow_direction, u.description, u.merchant_name, u.pending,
             ${ctx.now}, ${ctx.now}
        FROM jsonb_to_recordset(${jsonRows(inserts)}::jsonb) AS u(${TRANSACTION_ROW})`;
  }
  if (updates.length > 0) {
    await ctx.tx.$executeRaw`
      UPDATE transactions AS t
         SET household_id = u.household_id,
             financial_record_id = u.financial_record_id,
             category_id = u.category_id,
             date = u.date,
             amount = u.amount,
             amount_currency = u.amount_currency::currency,
             direction = u.direction::flow_direction,
             description = u.description,
             merchant_name = u.merchant_name,
             pending = u.pending,
             updated_at = ${ctx.now}
        FROM jsonb_to_recordset(${jsonRows(updates)}::jsonb) AS u(${TRANSACTION_ROW})
       WHERE t.id = u.id AND t.organization_id = ${ctx.organizationId}`;
  }
  await createLinks(ctx, newLinks);
  await touchLinks(ctx, touched);
  return { counts, failures };
}

/**
 * Deletes transactions for good, with their links: those the provider removed, and pending ones
 * replaced by their posted transaction (Plaid removes the pending one too, but not always in the
 * same page; deleting it here means no moment where both count).
 */
export async function deleteTransactions(
  ctx: WriteContext,
  sourceIds: Iterable<string>,
): Promise<Pick<SyncCounts, 'deleted'>> {
  // Looked up now rather than with the page's other links: a transaction this page created can be removed by it too.
  const links = await findLinks(ctx, sourceIds);
  const doomed = [...links.values()].filter((link) => link.entityType === EntityType.transaction);
  if (doomed.length === 0) return { deleted: 0 };
  const { count } = await ctx.tx.transaction.deleteMany({
    where: { organizationId: ctx.organizationId, id: { in: doomed.map((link) => link.entityId) } },
  });
  await deleteLinks(
    ctx,
    doomed.map((link) => link.id),
  );
  return { deleted: count };
}
