import {
  hasSecuredBy,
  RECORD_FIELDS,
  type FinancialRecordType,
  type OwnerKind,
  type StoredFxRate,
} from '@meridian/domain';
import { preparedStatements } from '../../../infra/prisma/prepared-statements.js';
import { latestRatesJsonSql, ratesOfDocument, type RatesDocument } from '../fx-rates/index.js';
import { personName, TYPE_RELATION, TYPE_TABLE, type RecordRow } from './record-mapper.js';

// A household with its records and what their responses show, its parties and the exchange rates
// of the day, read by one set-based statement instead of Prisma's some twenty queries (base rows,
// each type table, owners and each owner kind's names, parties and their names, cards,
// connections, then persons, corporations, trusts and foundations) plus the team check and the
// rates. At a few hundred records most of that time went into planning each query, the round
// trips, and building and mapping Prisma's rows; once they were raw statements, most of what was
// left of the API's own time went into each statement's cost in Prisma and node-postgres, so the
// parts are one statement, one round trip. Its text never changes, so it is prepared once per
// connection (infra/prisma/prepared-statements.ts) and PostgreSQL keeps its plan; it answers one
// JSON document (infra/prisma/prepared-documents.ts), assembled into `RecordRow`s like Prisma's,
// so `toRecordResponse` answers exactly as for a record read alone; only numerics, days and times
// stay text (times already as the response writes them), which the mapper reads as it reads
// Prisma's Decimals and Dates.
//
// Raw SQL is not tenant-scoped, so the statement applies the scope itself, as the tenant client
// would: $1 is the organization, named for every table; $2 the household, which must be the
// organization's, not deleted, and (for a caller limited to their teams) one of the teams in $3
// (null: every team); everything else is read through it. $4 is the valuation day of the rates
// (null: none read). Numerics inside JSON go out as text: a JSON number comes back a float.

const RECORD_TYPES = Object.keys(TYPE_TABLE) as FinancialRecordType[];

/** The schema names every column after its field in snake case (`postalCode` -> `postal_code`). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The columns of a type table that responses read (RECORD_FIELDS, plus a secured debt's purpose),
 * in the order the statement lists them, under the field names the response reads.
 */
function ownColumns(type: FinancialRecordType): { field: string; sql: string }[] {
  const columns: { field: string; sql: string }[] = [];
  for (const [field, spec] of Object.entries(RECORD_FIELDS[type])) {
    const column = `t.${columnOf(field)}`;
    const numeric = spec.kind === 'money' || spec.kind === 'decimal';
    columns.push({ field, sql: numeric ? `${column}::text` : column });
    if (spec.kind === 'money') columns.push({ field: `${field}Currency`, sql: `${column}_currency` });
  }
  if (hasSecuredBy(type)) columns.push({ field: 'securedType', sql: 't.secured_type' });
  return columns;
}

/**
 * An instant as text in the form the API answers it (`Date.toISOString`: UTC, milliseconds, `Z`),
 * so no Date is built from the document only to be written back out; the columns hold milliseconds.
 */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const OWN_COLUMNS = Object.fromEntries(RECORD_TYPES.map((type) => [type, ownColumns(type)])) as Record<
  FinancialRecordType,
  ReturnType<typeof ownColumns>
>;

/**
 * One JSON array, each part an array of arrays (null when empty), in the orders Prisma read them:
 * - the household, when the caller reaches it (null otherwise: nothing else is read);
 * - its records that are not soft-deleted, oldest first;
 * - every record's type row, `[id, ...values]` in OWN_COLUMNS order: each type table joined to the
 *   household's records of that type only, so a large organization's tables are looked up by key;
 * - owners, by creation, with the name of whichever person, corporation, trust or foundation;
 * - borrowers and cosigners (the database allows them on debts only), by when they were added;
 * - the credit cards' additional cards, by creation;
 * - the connections the records came through, for their freshness (never the credentials);
 * - who in the household can own, borrow or pay: persons by last then first name, then
 *   corporations, trusts and foundations by name; equal names by id;
 * - the latest rate of each currency pair on or before the valuation day.
 */
const HOUSEHOLD_SQL = `
WITH household AS MATERIALIZED (
  SELECT h.id, h.name FROM households h
   WHERE h.organization_id = $1 AND h.id = $2 AND h.deleted_at IS NULL
     AND ($3::text[] IS NULL OR h.team_id = ANY ($3::text[]))),
record AS MATERIALIZED (
  SELECT r.id, r.type, r.nickname, r.name, r.connection_type, r.connection_id, r.is_joint, r.as_of_date, r.created_at,
         r.updated_at
    FROM household h
    JOIN financial_records r ON r.organization_id = $1 AND r.household_id = h.id AND r.deleted_at IS NULL)
SELECT json_build_array(
  (SELECT json_build_array(h.id, h.name) FROM household h),
  (SELECT json_agg(json_build_array(r.id, r.type, r.nickname, r.name, r.connection_type, r.connection_id, r.is_joint,
                                    r.as_of_date, ${isoTime('r.created_at')}, ${isoTime('r.updated_at')})
                   ORDER BY r.created_at, r.id)
     FROM record r),
  (SELECT json_agg(own)
     FROM (${RECORD_TYPES.map(
       (type) => `SELECT json_build_array(t.id, ${OWN_COLUMNS[type].map((column) => column.sql).join(', ')}) AS own
             FROM record r JOIN ${TYPE_TABLE[type]} t ON t.organization_id = $1 AND t.id = r.id
            WHERE r.type = '${type}'`,
     ).join(`
           UNION ALL
           `)}) own),
  (SELECT json_agg(json_build_array(o.financial_record_id, o.id, o.owner_kind, o.person_id, o.corporation_id,
                                    o.trust_id, o.foundation_id, p.display_name, p.first_name, p.last_name,
                                    c.name, t.name, f.name)
                   ORDER BY o.created_at, o.id)
     FROM record r
     JOIN financial_record_owners o ON o.organization_id = $1 AND o.financial_record_id = r.id
     LEFT JOIN persons p ON p.organization_id = $1 AND p.id = o.person_id
     LEFT JOIN corporations c ON c.organization_id = $1 AND c.id = o.corporation_id
     LEFT JOIN trusts t ON t.organization_id = $1 AND t.id = o.trust_id
     LEFT JOIN foundations f ON f.organization_id = $1 AND f.id = o.foundation_id),
  (SELECT json_agg(json_build_array(l.financial_record_id, l.person_id, l.role, p.display_name, p.first_name,
                                    p.last_name)
                   ORDER BY l.created_at, l.person_id)
     FROM record r
     JOIN liability_parties l ON l.organization_id = $1 AND l.financial_record_id = r.id
     JOIN persons p ON p.organization_id = $1 AND p.id = l.person_id),
  (SELECT json_agg(json_build_array(a.credit_card_id, a.id, a.description, a.first_four_digits, a.last_four_digits)
                   ORDER BY a.created_at, a.id)
     FROM record r
     JOIN additional_cards a ON a.organization_id = $1 AND a.credit_card_id = r.id),
  (SELECT json_agg(json_build_array(c.id, c.service, c.status, ${isoTime('c.last_synced_at')}, c.needs_reauth_since))
     FROM connections c
    WHERE c.organization_id = $1 AND c.id IN (SELECT r.connection_id FROM record r)),
  (SELECT json_agg(json_build_array(kind, id, name, first_name, last_name)
                   ORDER BY rank, first_key, second_key, id)
     FROM (SELECT 1 AS rank, 'Person' AS kind, p.id, p.display_name AS name, p.first_name, p.last_name,
                  p.last_name AS first_key, p.first_name AS second_key
             FROM household h JOIN persons p ON p.organization_id = $1 AND p.household_id = h.id
            WHERE p.deleted_at IS NULL
           UNION ALL
           SELECT 2, 'Corporation', c.id, c.name, NULL, NULL, c.name, NULL
             FROM household h JOIN corporations c ON c.organization_id = $1 AND c.household_id = h.id
           UNION ALL
           SELECT 3, 'Trust', t.id, t.name, NULL, NULL, t.name, NULL
             FROM household h JOIN trusts t ON t.organization_id = $1 AND t.household_id = h.id
           UNION ALL
           SELECT 4, 'Foundation', f.id, f.name, NULL, NULL, f.name, NULL
             FROM household h JOIN foundations f ON f.organization_id = $1 AND f.household_id = h.id) party),
  ${latestRatesJsonSql('$1', '$4::date')}
)::text AS document`;

/** The household read: called with (organization id, household id, team ids or null, day or null). */
export const [HOUSEHOLD_READ_SQL] = preparedStatements('household_read', [HOUSEHOLD_SQL] as const);

type Name = string | null;
type Connection = NonNullable<RecordRow['connection']>;

/** The statement's JSON document, in the order of HOUSEHOLD_SQL; times and dates in it are text. */
type HouseholdDocument = [
  household: [id: string, name: string] | null,
  records:
    | [
        id: string,
        type: FinancialRecordType,
        nickname: Name,
        name: Name,
        connectionType: RecordRow['connectionType'],
        connectionId: Name,
        isJoint: boolean,
        asOfDate: Name,
        createdAt: string,
        updatedAt: string,
      ][]
    | null,
  typeRows: [id: string, ...values: unknown[]][] | null,
  owners:
    | [
        recordId: string,
        id: string,
        kind: OwnerKind,
        person: Name,
        corporation: Name,
        trust: Name,
        foundation: Name,
        displayName: Name,
        firstName: Name,
        lastName: Name,
        corporationName: Name,
        trustName: Name,
        foundationName: Name,
      ][]
    | null,
  liabilityParties:
    | [
        recordId: string,
        personId: string,
        role: 'BORROWER' | 'COSIGNER',
        displayName: Name,
        firstName: string,
        lastName: string,
      ][]
    | null,
  additionalCards:
    [creditCardId: string, id: string, description: string, firstFourDigits: string, lastFourDigits: string][] | null,
  connections:
    | [
        id: string,
        service: Connection['service'],
        status: Connection['status'],
        lastSyncedAt: Name,
        needsReauthSince: Name,
      ][]
    | null,
  parties: [kind: OwnerKind, id: string, name: Name, firstName: Name, lastName: Name][] | null,
  rates: RatesDocument,
];

/** A person, corporation, trust or foundation of the household. */
export interface HouseholdParty {
  id: string;
  kind: OwnerKind;
  name: string;
}

export interface HouseholdRead {
  /** Null when the caller's organization has none of that id, or it is another team's. */
  household: { id: string; name: string } | null;
  /** Oldest first, as Prisma gives them with RECORD_INCLUDE (what responses read of it), type rows aside. */
  records: RecordRow[];
  /** By kind (persons, corporations, trusts, foundations), then name. */
  parties: HouseholdParty[];
  /** The latest rate of each pair on or before the valuation day (none when no day was given). */
  rates: StoredFxRate[];
}

function groupBy<T>(rows: readonly T[] | null, keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows ?? []) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** A type row (`[id, ...values]`), named; numerics and dates stay text (record-mapper reads either). */
function ownRow(type: FinancialRecordType, values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = { id: values[0] };
  const columns = OWN_COLUMNS[type];
  for (let index = 0; index < columns.length; index += 1) row[columns[index]!.field] = values[index + 1];
  return row;
}

/**
 * Assembles the statement's document (the `document` of its one row) into the household, its
 * records, its parties and the rates.
 */
export function assembleHousehold(householdId: string, document: string): HouseholdRead {
  const [household, records, typeRows, owners, liabilityParties, additionalCards, connections, parties, rates] =
    JSON.parse(document) as HouseholdDocument;
  const typeRowById = new Map(typeRows?.map((row) => [row[0], row]));
  const ownersById = groupBy(owners, ([recordId]) => recordId);
  const partiesById = groupBy(liabilityParties, ([recordId]) => recordId);
  const cardsById = groupBy(additionalCards, ([creditCardId]) => creditCardId);
  const connectionById = new Map(
    (connections ?? []).map(([id, service, status, lastSyncedAt, needsReauthSince]) => [
      id,
      { id, service, status, lastSyncedAt, needsReauthSince },
    ]),
  );
  return {
    household: household && { id: household[0], name: household[1] },
    records: (records ?? []).map(
      ([id, type, nickname, name, connectionType, connectionId, isJoint, asOfDate, createdAt, updatedAt]) => {
        const values = typeRowById.get(id);
        const own = values ? ownRow(type, values) : null;
        if (own && type === 'CREDIT_CARD') {
          own.additionalCards = (cardsById.get(id) ?? []).map(
            ([, cardId, description, firstFourDigits, lastFourDigits]) => ({
              id: cardId,
              description,
              firstFourDigits,
              lastFourDigits,
            }),
          );
        }
        return {
          id,
          // The statement selects by household: every record is this household's.
          householdId,
          type,
          nickname,
          name,
          connectionType,
          connectionId,
          isJoint,
          // Days and times stay text, in the form the response shows (record-mapper reads either).
          asOfDate,
          createdAt,
          updatedAt,
          // Only its own type's relation: the mapper reads no other (Prisma sets the rest to null).
          [TYPE_RELATION[type]]: own,
          owners: (ownersById.get(id) ?? []).map(
            ([
              ,
              ownerId,
              ownerKind,
              personId,
              corporationId,
              trustId,
              foundationId,
              displayName,
              firstName,
              lastName,
              corporation,
              trust,
              foundation,
            ]) => ({
              id: ownerId,
              ownerKind,
              personId,
              corporationId,
              trustId,
              foundationId,
              person: firstName === null ? null : { displayName, firstName, lastName },
              corporation: corporation === null ? null : { name: corporation },
              trust: trust === null ? null : { name: trust },
              foundation: foundation === null ? null : { name: foundation },
            }),
          ),
          liabilityParties: (partiesById.get(id) ?? []).map(([, personId, role, displayName, firstName, lastName]) => ({
            personId,
            role,
            person: { displayName, firstName, lastName },
          })),
          connection: (connectionId && connectionById.get(connectionId)) ?? null,
        } as unknown as RecordRow;
      },
    ),
    parties: (parties ?? []).map(([kind, id, name, firstName, lastName]) => ({
      id,
      kind,
      name: kind === 'Person' ? personName({ displayName: name, firstName: firstName!, lastName: lastName! }) : name!,
    })),
    rates: ratesOfDocument(rates),
  };
}
