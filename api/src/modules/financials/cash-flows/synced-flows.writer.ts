import { Injectable } from '@nestjs/common';
import { EntityType, findTransactionCategory, newId } from '@meridian/domain';
import { jsonRows } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { StreamEditedField } from './stream-edits.js';

/** The transaction columns a sync owns; recurring_stream_id and cash_flow_source_id are the streams' and the advisor's. */
export interface SyncedTransactionColumns {
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
 * The SQL types of SyncedTransactionColumns, for `jsonb_to_recordset`: PostgreSQL parses each
 * value (numeric from the decimal string, date from YYYY-MM-DD, which it rejects when it is no
 * date, where JavaScript's Date would roll 2026-02-30 over to March).
 */
const TRANSACTION_ROW =
  'id text, household_id text, financial_record_id text, category_id text, date date, amount numeric, ' +
  'amount_currency currency, direction flow_direction, description text, merchant_name text, pending boolean';

/** The recurring-stream columns a sync owns (name and category unless the advisor edited them). */
export interface SyncedStreamColumns {
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

/** The SQL types of SyncedStreamColumns, for `jsonb_to_recordset` (see TRANSACTION_ROW). */
const STREAM_ROW =
  'id text, household_id text, financial_record_id text, category_id text, name text, ' +
  'direction flow_direction, frequency payment_frequency, merchant_name text, average_amount numeric, ' +
  'average_amount_currency currency, last_amount numeric, last_amount_currency currency, first_date date, ' +
  'last_date date, is_active boolean';

/**
 * The writes of transactions, recurring streams and categories as a provider's sync brings them,
 * set-based: a page holds up to 500 transactions and a first sync 10,000 or more, so each method
 * is one statement for the whole page. The sync page writer decides what is new, changed or gone
 * (through its external links) and hands the rows here; amounts travel as decimal strings into
 * numeric columns, never through a float.
 */
@Injectable()
export class SyncedFlowsWriter {
  /**
   * The organization's category rows for these catalogue codes, by code. Categories are stored per
   * organization and created from the domain's catalogue the first time they are used; here all of
   * a page's at once, in one statement: the missing ones are inserted (ON CONFLICT DO NOTHING) and
   * the stored ones read. A code outside the catalogue has no row (the record is written uncategorized).
   */
  async categoryIds(scope: WriteScope, codes: Iterable<string>): Promise<Map<string, string>> {
    const known = new Set([...codes].filter((code) => findTransactionCategory(code)));
    if (known.size === 0) return new Map();
    const wanted = [...known].map((code) => {
      const category = findTransactionCategory(code)!;
      return {
        id: newId(EntityType.transactionCategory),
        primary_category: category.primary,
        detailed_category: code,
        label: category.label,
        group: category.group,
        nature: category.nature,
      };
    });
    // A row this statement inserts is not visible to its own SELECT: the two halves do not overlap.
    const rows = await scope.sql.query<{ id: string; code: string }>(
      `WITH wanted AS (
         SELECT * FROM jsonb_to_recordset($2::jsonb)
           AS w(id text, primary_category text, detailed_category text, label text,
                "group" transaction_category_group, nature transaction_category_nature)),
       inserted AS (
         INSERT INTO transaction_categories (id, organization_id, primary_category, detailed_category, label, "group", nature)
         SELECT w.id, $1, w.primary_category, w.detailed_category, w.label, w."group", w.nature FROM wanted w
         ON CONFLICT (organization_id, detailed_category) DO NOTHING
         RETURNING id, detailed_category)
       SELECT id, detailed_category AS code FROM inserted
       UNION ALL
       SELECT c.id, c.detailed_category FROM transaction_categories c JOIN wanted w USING (detailed_category)
        WHERE c.organization_id = $1`,
      scope.organizationId,
      jsonRows(wanted),
    );
    return new Map(rows.map((row) => [row.code, row.id]));
  }

  async insertTransactions(scope: WriteScope, rows: readonly SyncedTransactionColumns[]): Promise<void> {
    if (rows.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO transactions (
         id, organization_id, household_id, financial_record_id, category_id, date, amount, amount_currency,
         direction, description, merchant_name, pending, created_at, updated_at)
       SELECT u.id, $1, u.household_id, u.financial_record_id, u.category_id, u.date, u.amount, u.amount_currency,
              u.direction, u.description, u.merchant_name, u.pending, $2, $2
         FROM jsonb_to_recordset($3::jsonb) AS u(${TRANSACTION_ROW})`,
      scope.organizationId,
      scope.now,
      jsonRows(rows),
    );
  }

  async updateTransactions(scope: WriteScope, rows: readonly SyncedTransactionColumns[]): Promise<void> {
    if (rows.length === 0) return;
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
      jsonRows(rows),
    );
  }

  /** Deletes transactions for good; returns those deleted, with their descriptions for the audit trail. */
  deleteTransactions(scope: WriteScope, ids: readonly string[]): Promise<{ id: string; description: string }[]> {
    return scope.sql.query<{ id: string; description: string }>(
      `DELETE FROM transactions WHERE organization_id = $1 AND id = ANY($2::text[]) RETURNING id, description`,
      scope.organizationId,
      [...ids],
    );
  }

  /** Points transactions at their stream, leaving those that already point at it. */
  async pointTransactionsAtStreams(
    scope: WriteScope,
    pointers: readonly { stream_id: string; transaction_id: string }[],
  ): Promise<void> {
    if (pointers.length === 0) return;
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

  async insertStreams(scope: WriteScope, rows: readonly SyncedStreamColumns[]): Promise<void> {
    if (rows.length === 0) return;
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
      jsonRows(rows),
    );
  }

  /**
   * Writes what the provider detected, except the name and category the advisor edited (marked in
   * `edited_fields`, respected column by column). household_id is not rewritten: the stream stays
   * where the advisor sees it.
   */
  async updateStreams(scope: WriteScope, rows: readonly SyncedStreamColumns[]): Promise<void> {
    if (rows.length === 0) return;
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
      jsonRows(rows),
    );
  }

  /** Marks streams inactive (never deleted: a cash-flow source built on one keeps it). */
  async deactivateStreams(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await scope.sql.execute(
      `UPDATE recurring_streams SET is_active = false, updated_at = $2
        WHERE organization_id = $1 AND id = ANY($3::text[]) AND is_active`,
      scope.organizationId,
      scope.now,
      [...ids],
    );
  }
}
