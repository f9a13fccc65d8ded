import { hasSecuredBy, RECORD_FIELDS, type FinancialRecordType, type OwnerKind } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { preparedStatements } from '../../../infra/prisma/prepared-statements.js';
import { personName, TYPE_RELATION, type RecordRow } from './record-mapper.js';

// A household's records with what their responses show, the household and its parties, read by a
// few set-based statements instead of Prisma's some twenty queries (base rows, each type table,
// owners and each owner kind's names, parties and their names, cards, connections, then persons,
// corporations, trusts and foundations). At a few hundred records most of that time went into
// planning each query and building and mapping Prisma's rows. The statements' text never changes,
// so they are prepared once per connection (infra/prisma/prepared-statements.ts) and PostgreSQL
// keeps their plans. The rows are assembled into the same `RecordRow`s Prisma gives, so
// `toRecordResponse` answers exactly as for a record read alone.
//
// Raw SQL is not tenant-scoped: every statement takes the organization as $1 and names it for
// every table; $2 is the household.

/** The table of each record type's own fields. */
const TYPE_TABLE = {
  BANK_ACCOUNT: 'bank_accounts',
  COMPANY_EQUITY: 'company_equities',
  CREDIT_CARD: 'credit_cards',
  DEFINED_BENEFIT_PENSION: 'defined_benefit_pensions',
  INSURANCE_POLICY: 'insurance_policies',
  INVESTMENT_ACCOUNT: 'investment_accounts',
  LINE_OF_CREDIT: 'lines_of_credit',
  LOAN: 'loans',
  MORTGAGE: 'mortgages',
  PRIVATE_INVESTMENT: 'private_investments',
  REAL_ASSET: 'real_assets',
  REAL_ESTATE_PROPERTY: 'real_estate_properties',
} as const satisfies Record<FinancialRecordType, string>;

const RECORD_TYPES = Object.keys(TYPE_TABLE) as FinancialRecordType[];

/** The schema names every column after its field in snake case (`postalCode` -> `postal_code`). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** What a type-row value needs after JSON parsing to be what Prisma gives: a Decimal, a Date. */
type Revive = 'decimal' | 'date' | undefined;

/**
 * The columns of a type table that responses read (RECORD_FIELDS, plus a secured debt's purpose),
 * in the order the statement lists them. Numerics go out as text: a JSON number would come back a
 * float.
 */
function ownColumns(type: FinancialRecordType): { field: string; sql: string; revive: Revive }[] {
  const columns: { field: string; sql: string; revive: Revive }[] = [];
  for (const [field, spec] of Object.entries(RECORD_FIELDS[type])) {
    const column = `t.${columnOf(field)}`;
    if (spec.kind === 'money' || spec.kind === 'decimal') {
      columns.push({ field, sql: `${column}::text`, revive: 'decimal' });
    } else {
      columns.push({ field, sql: column, revive: spec.kind === 'date' ? 'date' : undefined });
    }
    if (spec.kind === 'money')
      columns.push({ field: `${field}Currency`, sql: `${column}_currency`, revive: undefined });
  }
  if (hasSecuredBy(type)) columns.push({ field: 'securedType', sql: 't.secured_type', revive: undefined });
  return columns;
}

const OWN_COLUMNS = Object.fromEntries(RECORD_TYPES.map((type) => [type, ownColumns(type)])) as Record<
  FinancialRecordType,
  ReturnType<typeof ownColumns>
>;

/** The household's records that are not soft-deleted (`r`), in every statement. */
const IN_HOUSEHOLD = 'r.organization_id = $1 AND r.household_id = $2 AND r.deleted_at IS NULL';

/**
 * The base rows, oldest first, each with its type row's values as a JSON array. Only the CASE
 * branch of the record's own type runs: one primary-key lookup per record.
 */
const RECORDS_SQL = `
SELECT r.id, r.household_id, r.type, r.nickname, r.name, r.connection_type, r.connection_id, r.is_joint,
       r.as_of_date, r.created_at, r.updated_at,
       CASE r.type
${RECORD_TYPES.map(
  (
    type,
  ) => `         WHEN '${type}' THEN (SELECT json_build_array(${OWN_COLUMNS[type].map((column) => column.sql).join(', ')})
                              FROM ${TYPE_TABLE[type]} t WHERE t.organization_id = $1 AND t.id = r.id)`,
).join('\n')}
       END AS own
  FROM financial_records r
 WHERE ${IN_HOUSEHOLD}
 ORDER BY r.created_at, r.id`;

/** Owners in the order of creation, with the name of whichever person, corporation, trust or foundation. */
const OWNERS_SQL = `
SELECT o.financial_record_id, o.id, o.owner_kind, o.person_id, o.corporation_id, o.trust_id, o.foundation_id,
       p.display_name, p.first_name, p.last_name, c.name AS corporation_name, t.name AS trust_name,
       f.name AS foundation_name
  FROM financial_records r
  JOIN financial_record_owners o ON o.organization_id = $1 AND o.financial_record_id = r.id
  LEFT JOIN persons p ON p.organization_id = $1 AND p.id = o.person_id
  LEFT JOIN corporations c ON c.organization_id = $1 AND c.id = o.corporation_id
  LEFT JOIN trusts t ON t.organization_id = $1 AND t.id = o.trust_id
  LEFT JOIN foundations f ON f.organization_id = $1 AND f.id = o.foundation_id
 WHERE ${IN_HOUSEHOLD}
 ORDER BY o.created_at, o.id`;

/** Borrowers and cosigners (the database allows them only on debts), in the order they were added. */
const LIABILITY_PARTIES_SQL = `
SELECT l.financial_record_id, l.person_id, l.role, p.display_name, p.first_name, p.last_name
  FROM financial_records r
  JOIN liability_parties l ON l.organization_id = $1 AND l.financial_record_id = r.id
  JOIN persons p ON p.organization_id = $1 AND p.id = l.person_id
 WHERE ${IN_HOUSEHOLD}
 ORDER BY l.created_at, l.person_id`;

/** The credit cards' additional cards, in the order they were added. */
const ADDITIONAL_CARDS_SQL = `
SELECT a.credit_card_id, a.id, a.description, a.first_four_digits, a.last_four_digits
  FROM financial_records r
  JOIN additional_cards a ON a.organization_id = $1 AND a.credit_card_id = r.id
 WHERE ${IN_HOUSEHOLD}
 ORDER BY a.created_at, a.id`;

/** The connections the records came through, for their freshness (never the credentials). */
const CONNECTIONS_SQL = `
SELECT c.id, c.service, c.status, c.last_synced_at, c.needs_reauth_since
  FROM connections c
 WHERE c.organization_id = $1
   AND c.id IN (SELECT r.connection_id FROM financial_records r WHERE ${IN_HOUSEHOLD})`;

/**
 * The household (rank 0) and who in it can own, borrow or pay: persons by last then first name,
 * then corporations, trusts and foundations by name; equal names by id.
 */
const HOUSEHOLD_SQL = `
SELECT kind, id, name, first_name, last_name
  FROM (SELECT 0 AS rank, 'Household' AS kind, h.id, h.name, NULL AS first_name, NULL AS last_name,
               NULL AS first_key, NULL AS second_key
          FROM households h WHERE h.organization_id = $1 AND h.id = $2
        UNION ALL
        SELECT 1, 'Person', p.id, p.display_name, p.first_name, p.last_name, p.last_name, p.first_name
          FROM persons p WHERE p.organization_id = $1 AND p.household_id = $2
        UNION ALL
        SELECT 2, 'Corporation', c.id, c.name, NULL, NULL, c.name, NULL
          FROM corporations c WHERE c.organization_id = $1 AND c.household_id = $2
        UNION ALL
        SELECT 3, 'Trust', t.id, t.name, NULL, NULL, t.name, NULL
          FROM trusts t WHERE t.organization_id = $1 AND t.household_id = $2
        UNION ALL
        SELECT 4, 'Foundation', f.id, f.name, NULL, NULL, f.name, NULL
          FROM foundations f WHERE f.organization_id = $1 AND f.household_id = $2) household
 ORDER BY rank, first_key, second_key, id`;

/** Every statement of the household read, each called with (organization id, household id). */
export const HOUSEHOLD_READ_STATEMENTS = preparedStatements('household_read', [
  RECORDS_SQL,
  OWNERS_SQL,
  LIABILITY_PARTIES_SQL,
  ADDITIONAL_CARDS_SQL,
  CONNECTIONS_SQL,
  HOUSEHOLD_SQL,
] as const);

type PersonColumns = { display_name: string | null; first_name: string; last_name: string };

/** The rows of each statement, as Prisma's raw queries give them. */
export type HouseholdReadRows = [
  records: {
    id: string;
    household_id: string;
    type: FinancialRecordType;
    nickname: string | null;
    name: string | null;
    connection_type: RecordRow['connectionType'];
    connection_id: string | null;
    is_joint: boolean;
    as_of_date: Date | null;
    created_at: Date;
    updated_at: Date;
    own: unknown[] | null;
  }[],
  owners: (PersonColumns & {
    financial_record_id: string;
    id: string;
    owner_kind: OwnerKind;
    person_id: string | null;
    corporation_id: string | null;
    trust_id: string | null;
    foundation_id: string | null;
    corporation_name: string | null;
    trust_name: string | null;
    foundation_name: string | null;
  })[],
  liabilityParties: (PersonColumns & {
    financial_record_id: string;
    person_id: string;
    role: 'BORROWER' | 'COSIGNER';
  })[],
  additionalCards: {
    credit_card_id: string;
    id: string;
    description: string;
    first_four_digits: string;
    last_four_digits: string;
  }[],
  connections: {
    id: string;
    service: NonNullable<RecordRow['connection']>['service'];
    status: NonNullable<RecordRow['connection']>['status'];
    last_synced_at: Date | null;
    needs_reauth_since: Date | null;
  }[],
  household: {
    kind: 'Household' | OwnerKind;
    id: string;
    name: string | null;
    first_name: string | null;
    last_name: string | null;
  }[],
];

/** A person, corporation, trust or foundation of the household. */
export interface HouseholdParty {
  id: string;
  kind: OwnerKind;
  name: string;
}

export interface HouseholdRead {
  household: { id: string; name: string } | null;
  /** Oldest first, as Prisma gives them with RECORD_INCLUDE (what responses read of it). */
  records: RecordRow[];
  /** By kind (persons, corporations, trusts, foundations), then name. */
  parties: HouseholdParty[];
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const personOf = (row: PersonColumns) => ({
  displayName: row.display_name,
  firstName: row.first_name,
  lastName: row.last_name,
});

/** A type row's values, named, as Prisma gives them (numerics as Decimal, dates as Date). */
function ownRow(type: FinancialRecordType, id: string, values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = { id };
  OWN_COLUMNS[type].forEach(({ field, revive }, index) => {
    const value = values[index];
    if (value === null || revive === undefined) row[field] = value;
    else row[field] = revive === 'decimal' ? new Prisma.Decimal(value as string) : new Date(value as string);
  });
  return row;
}

/** Every type relation empty; each record then gets its own type's row. */
const NO_TYPE_ROWS = Object.fromEntries(Object.values(TYPE_RELATION).map((relation) => [relation, null]));

/** Assembles the statements' rows into the household, its records and its parties. */
export function assembleHousehold([
  records,
  owners,
  liabilityParties,
  additionalCards,
  connections,
  household,
]: HouseholdReadRows): HouseholdRead {
  const ownersById = groupBy(owners, (owner) => owner.financial_record_id);
  const partiesById = groupBy(liabilityParties, (party) => party.financial_record_id);
  const cardsById = groupBy(additionalCards, (card) => card.credit_card_id);
  const connectionById = new Map(connections.map((connection) => [connection.id, connection]));
  const [first, ...parties] = household;
  return {
    household: first?.kind === 'Household' ? { id: first.id, name: first.name! } : null,
    records: records.map((row) => {
      const own = row.own && ownRow(row.type, row.id, row.own);
      if (own && row.type === 'CREDIT_CARD') {
        own.additionalCards = (cardsById.get(row.id) ?? []).map((card) => ({
          id: card.id,
          description: card.description,
          firstFourDigits: card.first_four_digits,
          lastFourDigits: card.last_four_digits,
        }));
      }
      const connection = row.connection_id ? connectionById.get(row.connection_id) : undefined;
      return {
        id: row.id,
        householdId: row.household_id,
        type: row.type,
        nickname: row.nickname,
        name: row.name,
        connectionType: row.connection_type,
        connectionId: row.connection_id,
        isJoint: row.is_joint,
        asOfDate: row.as_of_date,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        ...NO_TYPE_ROWS,
        [TYPE_RELATION[row.type]]: own,
        owners: (ownersById.get(row.id) ?? []).map((owner) => ({
          id: owner.id,
          ownerKind: owner.owner_kind,
          personId: owner.person_id,
          corporationId: owner.corporation_id,
          trustId: owner.trust_id,
          foundationId: owner.foundation_id,
          person: owner.person_id && owner.first_name !== null ? personOf(owner) : null,
          corporation: owner.corporation_name === null ? null : { name: owner.corporation_name },
          trust: owner.trust_name === null ? null : { name: owner.trust_name },
          foundation: owner.foundation_name === null ? null : { name: owner.foundation_name },
        })),
        liabilityParties: (partiesById.get(row.id) ?? []).map((party) => ({
          personId: party.person_id,
          role: party.role,
          person: personOf(party),
        })),
        connection: connection
          ? {
              id: connection.id,
              service: connection.service,
              status: connection.status,
              lastSyncedAt: connection.last_synced_at,
              needsReauthSince: connection.needs_reauth_since,
            }
          : null,
      } as unknown as RecordRow;
    }),
    parties: parties.map((party) => ({
      id: party.id,
      kind: party.kind as OwnerKind,
      name:
        party.kind === 'Person'
          ? personName({ displayName: party.name, firstName: party.first_name!, lastName: party.last_name! })
          : party.name!,
    })),
  };
}
