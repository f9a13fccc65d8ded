import { Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  FINANCIAL_RECORD_ID_TYPE,
  newId,
  ownerKindOfId,
  toIsoDate,
  type ConnectionType,
  type FinancialRecordType,
  type LiabilityRecordType,
  type OwnerKind,
} from '@meridian/domain';
import { jsonRows } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { TYPE_TABLE } from './record-mapper.js';

/** A column's value as the writer sends it: amounts and decimals as decimal strings, dates as YYYY-MM-DD. */
export type ColumnValue = string | number | boolean | null;

/**
 * A type table's columns by field name, as the domain's record fields name them (`balance`,
 * `balanceCurrency`, `accountType`, `taxStatus`...). A field left out (or undefined) is not written.
 */
export type TypeColumns = Readonly<Record<string, ColumnValue | undefined>>;

/** A day: a Date is taken as its UTC day (what the `date` columns hold). */
export type Day = string | Date;

/** A record to create. */
export interface FinancialRecordDraft {
  householdId: string;
  type: FinancialRecordType;
  connectionType: ConnectionType;
  /** The connection it comes through (connection type CONNECTION). */
  connectionId?: string | null;
  /** The name at the institution or source. */
  name?: string | null;
  /** The advisor's name for it. */
  nickname?: string | null;
  /** The institution's name: found case aside, or created (see `institutionIds`). */
  institution?: string | null;
  isJoint?: boolean;
  asOfDate?: Day | null;
  /** Persons, corporations, trusts or foundations, by id (the kind is the id's prefix), in order. */
  owners?: readonly string[];
  columns?: TypeColumns;
}

/** Given fields of a record to write; a field left out stays as it is. */
export interface FinancialRecordUpdate {
  id: string;
  /** The record's type, which says its type table (a record never changes type). */
  type: FinancialRecordType;
  householdId?: string;
  connectionType?: ConnectionType;
  connectionId?: string | null;
  name?: string | null;
  nickname?: string | null;
  institution?: string | null;
  isJoint?: boolean;
  asOfDate?: Day | null;
  /** Brings a soft-deleted record back. */
  restore?: boolean;
  columns?: TypeColumns;
}

/** What a caller needs of a stored record to decide how to write it. */
export interface RecordState {
  id: string;
  type: FinancialRecordType;
  householdId: string;
  deleted: boolean;
}

export interface OwnerRef {
  recordId: string;
  recordType: FinancialRecordType;
  /** A person, corporation, trust or foundation id. */
  entityId: string;
}

export interface LiabilityPartyRef {
  recordId: string;
  recordType: LiabilityRecordType;
  personId: string;
  role: 'BORROWER' | 'COSIGNER';
}

export interface AdditionalCardFields {
  description: string;
  firstFourDigits: string;
  lastFourDigits: string;
}

type Row = Record<string, ColumnValue>;

const OWNER_COLUMN = {
  Person: 'person_id',
  Corporation: 'corporation_id',
  Trust: 'trust_id',
  Foundation: 'foundation_id',
} as const satisfies Record<OwnerKind, string>;

/** A field name of the schema; anything else never reaches the SQL text. */
const FIELD_NAME = /^[a-z][a-zA-Z0-9]*$/;

/** The column of a field: every scalar of the financial tables is mapped to its snake_case name. */
function columnOf(field: string): string {
  if (!FIELD_NAME.test(field)) {
    throw new DomainError(ErrorCode.INTERNAL_ERROR, `"${field}" is not a financial record field`);
  }
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A column name in SQL (they are all [a-z0-9_]: see columnOf). */
function quoted(column: string): string {
  return `"${column}"`;
}

function typeRow(id: string, columns: TypeColumns | undefined): Row {
  const row: Row = { id };
  for (const [field, value] of Object.entries(columns ?? {})) if (value !== undefined) row[columnOf(field)] = value;
  return row;
}

function dayOf(value: Day | null | undefined): string | null | undefined {
  return value instanceof Date ? toIsoDate(value) : value;
}

/**
 * Rows grouped by the columns they give: one statement per group names exactly those columns, so a
 * column a row leaves out keeps its default (on insert) or its value (on update). A batch from one
 * source gives the same columns in every row, so a table is one statement.
 */
function byColumns(rows: readonly Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/**
 * The `created_at` of rows listed by their creation (a record's owners, parties, cards): each row
 * a millisecond after the one before it of the same parent, so a list in that order keeps the
 * batch's order although the batch is written at one time.
 */
function createdAts(scope: WriteScope, parents: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return parents.map((parent) => {
    const position = seen.get(parent) ?? 0;
    seen.set(parent, position + 1);
    return new Date(scope.now.getTime() + position).toISOString();
  });
}

/**
 * The one writer of financial records: the base rows, their type tables, owners, liability parties,
 * additional cards and institutions. The API (a batch of one), the sync page writer and the import
 * call it inside their transaction; it checks no rule (the callers do) and writes no audit entry
 * (the API's service does, the sync and import record their runs).
 *
 * Every method is a fixed number of statements for a whole batch: one per table, with the rows as
 * one JSON parameter read back with the table's own row type (`jsonb_populate_recordset`), so
 * PostgreSQL parses every value into its column type. Amounts travel as decimal strings and never
 * through a float. Raw SQL is not scoped by the tenant client: every statement names the scope's
 * organization.
 */
@Injectable()
export class FinancialRecordsWriter {
  /** Creates the records with their type rows and owners; returns their ids, in order. */
  async create(scope: WriteScope, drafts: readonly FinancialRecordDraft[]): Promise<string[]> {
    if (drafts.length === 0) return [];
    const ids = drafts.map((draft) => newId(FINANCIAL_RECORD_ID_TYPE[draft.type]));
    const institutions = await this.institutionIds(
      scope,
      drafts.flatMap((draft) => (draft.institution ? [draft.institution] : [])),
    );
    const now = scope.now.toISOString();
    await this.insert(
      scope,
      'financial_records',
      drafts.map((draft, index) => ({
        id: ids[index]!,
        household_id: draft.householdId,
        type: draft.type,
        connection_type: draft.connectionType,
        connection_id: draft.connectionId ?? null,
        name: draft.name ?? null,
        nickname: draft.nickname ?? null,
        institution_id: draft.institution ? (institutions.get(draft.institution)?.id ?? null) : null,
        is_joint: draft.isJoint ?? false,
        as_of_date: dayOf(draft.asOfDate) ?? null,
        created_at: now,
        updated_at: now,
      })),
    );
    await this.insertTypeRows(
      scope,
      drafts.map((draft, index) => ({ type: draft.type, row: typeRow(ids[index]!, draft.columns) })),
    );
    await this.addOwners(
      scope,
      drafts.flatMap((draft, index) =>
        (draft.owners ?? []).map((entityId) => ({ recordId: ids[index]!, recordType: draft.type, entityId })),
      ),
    );
    return ids;
  }

  /**
   * Writes the given fields of each record. The base row is always touched, so `updated_at` moves
   * whichever table changed.
   */
  async update(scope: WriteScope, updates: readonly FinancialRecordUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const institutions = await this.institutionIds(
      scope,
      updates.flatMap((update) => (update.institution ? [update.institution] : [])),
    );
    const now = scope.now.toISOString();
    const base = updates.map((update) => {
      const row: Row = { id: update.id, updated_at: now };
      if (update.householdId !== undefined) row.household_id = update.householdId;
      if (update.connectionType !== undefined) row.connection_type = update.connectionType;
      if (update.connectionId !== undefined) row.connection_id = update.connectionId;
      if (update.name !== undefined) row.name = update.name;
      if (update.nickname !== undefined) row.nickname = update.nickname;
      if (update.institution !== undefined) {
        row.institution_id = update.institution ? (institutions.get(update.institution)?.id ?? null) : null;
      }
      if (update.isJoint !== undefined) row.is_joint = update.isJoint;
      if (update.asOfDate !== undefined) row.as_of_date = dayOf(update.asOfDate) ?? null;
      if (update.restore) row.deleted_at = null;
      return row;
    });
    await this.updateRows(scope, 'financial_records', base);
    const typed = updates.map((update) => ({ type: update.type, row: typeRow(update.id, update.columns) }));
    for (const type of new Set(typed.map((entry) => entry.type))) {
      const rows = typed.filter((entry) => entry.type === type && Object.keys(entry.row).length > 1);
      await this.updateRows(
        scope,
        TYPE_TABLE[type],
        rows.map((entry) => entry.row),
      );
    }
  }

  /** Soft-deletes the records that are not yet; returns those it deleted. */
  async softDelete(scope: WriteScope, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await scope.sql.query<{ id: string }>(
      `UPDATE financial_records SET deleted_at = $2, updated_at = $2
        WHERE organization_id = $1 AND id = ANY($3::text[]) AND deleted_at IS NULL
        RETURNING id`,
      scope.organizationId,
      scope.now,
      [...ids],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Deletes records for good (an import's rollback): their type rows, owners, parties and cards go
   * with them (ON DELETE CASCADE). Institutions stay: see `removeUnusedInstitutions`.
   */
  async remove(scope: WriteScope, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return scope.sql.execute(
      `DELETE FROM financial_records WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...ids],
    );
  }

  /** The stored records of these ids (soft-deleted ones included), by id. */
  async find(scope: WriteScope, ids: Iterable<string>): Promise<Map<string, RecordState>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await scope.sql.query<RecordState>(
      `SELECT id, type::text AS type, household_id AS "householdId", deleted_at IS NOT NULL AS deleted
         FROM financial_records WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      wanted,
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The records of a connection that are not soft-deleted, but those in `except`. */
  async liveOfConnection(scope: WriteScope, connectionId: string, except: readonly string[] = []): Promise<string[]> {
    const rows = await scope.sql.query<{ id: string }>(
      `SELECT id FROM financial_records
        WHERE organization_id = $1 AND connection_id = $2 AND deleted_at IS NULL AND NOT (id = ANY($3::text[]))`,
      scope.organizationId,
      connectionId,
      [...except],
    );
    return rows.map((row) => row.id);
  }

  /**
   * What deleting a connection leaves: its records stay as manual ones, tied to no connection.
   * Returns their ids (the caller drops what else tied them to the provider).
   */
  async detachFromConnection(scope: WriteScope, connectionId: string): Promise<string[]> {
    const rows = await scope.sql.query<{ id: string }>(
      `UPDATE financial_records SET connection_type = 'MANUAL', connection_id = NULL, updated_at = $3
        WHERE organization_id = $1 AND connection_id = $2
        RETURNING id`,
      scope.organizationId,
      connectionId,
      scope.now,
    );
    return rows.map((row) => row.id);
  }

  /**
   * The institutions of these names (unique per organization), by the name as given: found case
   * and surrounding spaces aside (the oldest when several match), else created. A blank name has
   * none. `created` says which this call made (an import marks them, to roll them back).
   */
  async institutionIds(
    scope: WriteScope,
    names: Iterable<string>,
  ): Promise<Map<string, { id: string; created: boolean }>> {
    const given = [...new Set(names)].filter((name) => name.trim() !== '');
    if (given.length === 0) return new Map();
    const keyOf = (name: string) => name.trim().toLowerCase();
    const keys = [...new Set(given.map(keyOf))];
    // Compared through PostgreSQL's lower() on both sides; the key comes back as sent.
    const stored = (wanted: string[]) =>
      scope.sql.query<{ id: string; key: string }>(
        `SELECT DISTINCT ON (w.key) w.key, i.id
           FROM unnest($2::text[]) AS w(key)
           JOIN institutions i ON i.organization_id = $1 AND lower(i.name) = lower(w.key)
          ORDER BY w.key, i.created_at, i.id`,
        scope.organizationId,
        wanted,
      );
    const found = new Map((await stored(keys)).map((row) => [row.key, { id: row.id, created: false }]));
    // One name per key: the first given, trimmed.
    const missing = new Map<string, string>();
    for (const name of given) {
      if (!found.has(keyOf(name)) && !missing.has(keyOf(name))) missing.set(keyOf(name), name.trim());
    }
    if (missing.size > 0) {
      const keyOfName = new Map([...missing].map(([key, name]) => [name, key]));
      const inserted = await scope.sql.query<{ id: string; name: string }>(
        `INSERT INTO institutions (id, organization_id, name, created_at, updated_at)
         SELECT i.id, $1, i.name, $2, $2 FROM jsonb_to_recordset($3::jsonb) AS i(id text, name text)
         ON CONFLICT (organization_id, name) DO NOTHING
         RETURNING id, name`,
        scope.organizationId,
        scope.now,
        jsonRows([...missing.values()].map((name) => ({ id: newId(EntityType.institution), name }))),
      );
      for (const row of inserted) found.set(keyOfName.get(row.name)!, { id: row.id, created: true });
      // A name another transaction created meanwhile: theirs.
      const taken = [...missing.keys()].filter((key) => !found.has(key));
      if (taken.length > 0) for (const row of await stored(taken)) found.set(row.key, { id: row.id, created: false });
    }
    return new Map(
      given.flatMap((name) => {
        const institution = found.get(keyOf(name));
        return institution ? [[name, institution] as const] : [];
      }),
    );
  }

  /** Deletes these institutions where no record uses them any more; returns those it deleted. */
  async removeUnusedInstitutions(scope: WriteScope, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await scope.sql.query<{ id: string }>(
      `DELETE FROM institutions AS i
        WHERE i.organization_id = $1 AND i.id = ANY($2::text[])
          AND NOT EXISTS (SELECT 1 FROM financial_records r WHERE r.organization_id = $1 AND r.institution_id = i.id)
        RETURNING id`,
      scope.organizationId,
      [...ids],
    );
    return rows.map((row) => row.id);
  }

  /** Adds owners, in order. */
  async addOwners(scope: WriteScope, owners: readonly OwnerRef[]): Promise<void> {
    if (owners.length === 0) return;
    const created = createdAts(
      scope,
      owners.map((owner) => owner.recordId),
    );
    await this.insert(
      scope,
      'financial_record_owners',
      owners.map((owner, index) => {
        const kind = ownerKindOfId(owner.entityId);
        if (!kind) throw new DomainError(ErrorCode.INTERNAL_ERROR, `${owner.entityId} cannot own a record`);
        return {
          id: newId(EntityType.accountOwner),
          financial_record_id: owner.recordId,
          record_type: owner.recordType,
          owner_kind: kind,
          person_id: null,
          corporation_id: null,
          trust_id: null,
          foundation_id: null,
          [OWNER_COLUMN[kind]]: owner.entityId,
          created_at: created[index]!,
        };
      }),
    );
  }

  /** Removes owners, each named by its record and the owning entity; returns how many went. */
  async removeOwners(scope: WriteScope, owners: readonly Omit<OwnerRef, 'recordType'>[]): Promise<number> {
    if (owners.length === 0) return 0;
    return scope.sql.execute(
      `DELETE FROM financial_record_owners AS o
        USING jsonb_to_recordset($2::jsonb) AS gone(record_id text, entity_id text)
        WHERE o.organization_id = $1 AND o.financial_record_id = gone.record_id
          AND gone.entity_id IN (o.person_id, o.corporation_id, o.trust_id, o.foundation_id)`,
      scope.organizationId,
      jsonRows(owners.map((owner) => ({ record_id: owner.recordId, entity_id: owner.entityId }))),
    );
  }

  async addLiabilityParties(scope: WriteScope, parties: readonly LiabilityPartyRef[]): Promise<void> {
    if (parties.length === 0) return;
    const created = createdAts(
      scope,
      parties.map((party) => party.recordId),
    );
    await this.insert(
      scope,
      'liability_parties',
      parties.map((party, index) => ({
        financial_record_id: party.recordId,
        record_type: party.recordType,
        person_id: party.personId,
        role: party.role,
        created_at: created[index]!,
      })),
    );
  }

  /** Removes a person from the borrowers and cosigners of a record. */
  async removeLiabilityParties(
    scope: WriteScope,
    parties: readonly Pick<LiabilityPartyRef, 'recordId' | 'personId'>[],
  ): Promise<number> {
    if (parties.length === 0) return 0;
    return scope.sql.execute(
      `DELETE FROM liability_parties AS p
        USING jsonb_to_recordset($2::jsonb) AS gone(record_id text, person_id text)
        WHERE p.organization_id = $1 AND p.financial_record_id = gone.record_id AND p.person_id = gone.person_id`,
      scope.organizationId,
      jsonRows(parties.map((party) => ({ record_id: party.recordId, person_id: party.personId }))),
    );
  }

  /** Adds additional cards to credit cards, in order; returns their ids. */
  async addAdditionalCards(
    scope: WriteScope,
    cards: readonly ({ creditCardId: string } & AdditionalCardFields)[],
  ): Promise<string[]> {
    const created = createdAts(
      scope,
      cards.map((card) => card.creditCardId),
    );
    const rows = cards.map((card, index) => ({
      id: newId(EntityType.additionalCard),
      credit_card_id: card.creditCardId,
      description: card.description,
      first_four_digits: card.firstFourDigits,
      last_four_digits: card.lastFourDigits,
      created_at: created[index]!,
      updated_at: scope.now.toISOString(),
    }));
    await this.insert(scope, 'additional_cards', rows);
    return rows.map((row) => row.id);
  }

  async updateAdditionalCards(scope: WriteScope, cards: readonly ({ id: string } & AdditionalCardFields)[]) {
    await this.updateRows(
      scope,
      'additional_cards',
      cards.map((card) => ({
        id: card.id,
        description: card.description,
        first_four_digits: card.firstFourDigits,
        last_four_digits: card.lastFourDigits,
        updated_at: scope.now.toISOString(),
      })),
    );
  }

  async removeAdditionalCards(scope: WriteScope, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return scope.sql.execute(
      `DELETE FROM additional_cards WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...ids],
    );
  }

  // ─── set-based statements ─────────────────────────────────────────────────────────────────

  private async insertTypeRows(scope: WriteScope, rows: readonly { type: FinancialRecordType; row: Row }[]) {
    for (const type of new Set(rows.map((entry) => entry.type))) {
      await this.insert(
        scope,
        TYPE_TABLE[type],
        rows.filter((entry) => entry.type === type).map((entry) => entry.row),
      );
    }
  }

  /** INSERTs rows into a table of the organization: one statement per group of columns. */
  private async insert(scope: WriteScope, table: string, rows: readonly Row[]): Promise<void> {
    for (const group of byColumns(rows)) {
      const columns = Object.keys(group[0]!);
      await scope.sql.execute(
        `INSERT INTO ${table} (organization_id, ${columns.map(quoted).join(', ')})
         SELECT $1, ${columns.map((column) => `r.${quoted(column)}`).join(', ')}
           FROM jsonb_populate_recordset(NULL::${table}, $2::jsonb) AS r`,
        scope.organizationId,
        jsonRows(group),
      );
    }
  }

  /** UPDATEs rows of a table of the organization by id, each with the columns it gives besides its id. */
  private async updateRows(scope: WriteScope, table: string, rows: readonly Row[]): Promise<void> {
    for (const group of byColumns(rows)) {
      const columns = Object.keys(group[0]!).filter((column) => column !== 'id');
      if (columns.length === 0) continue;
      await scope.sql.execute(
        `UPDATE ${table} AS t SET ${columns.map((column) => `${quoted(column)} = r.${quoted(column)}`).join(', ')}
           FROM jsonb_populate_recordset(NULL::${table}, $2::jsonb) AS r
          WHERE t.organization_id = $1 AND t.id = r.id`,
        scope.organizationId,
        jsonRows(group),
      );
    }
  }
}
