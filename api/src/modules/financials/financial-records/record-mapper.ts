import {
  accountGroupFor,
  balanceSheetSide,
  investmentAccountTypeLabel,
  Money,
  pensionPayoutOf,
  RECORD_FIELDS,
  RECORD_TYPE_LABELS,
  recordValue,
  SNAPSHOT_GROUP_BY_ACCOUNT_GROUP,
  toIsoDate,
  type FieldSpec,
  type FinancialRecordResponse,
  type FinancialRecordType,
  type FxConverter,
  type RecordDetails,
  type RecordDetailValue,
} from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import type { ColumnValue, TypeColumns } from './financial-records.writer.js';

/** The relation (and Prisma delegate) holding each record type's own fields. */
export const TYPE_RELATION = {
  BANK_ACCOUNT: 'bankAccount',
  COMPANY_EQUITY: 'companyEquity',
  CREDIT_CARD: 'creditCard',
  DEFINED_BENEFIT_PENSION: 'definedBenefitPension',
  INSURANCE_POLICY: 'insurancePolicy',
  INVESTMENT_ACCOUNT: 'investmentAccount',
  LINE_OF_CREDIT: 'lineOfCredit',
  LOAN: 'loan',
  MORTGAGE: 'mortgage',
  PRIVATE_INVESTMENT: 'privateInvestment',
  REAL_ASSET: 'realAsset',
  REAL_ESTATE_PROPERTY: 'realEstateProperty',
} as const satisfies Record<FinancialRecordType, keyof Prisma.FinancialRecordInclude>;

/** The same tables as PostgreSQL names them, for the writer's set-based SQL. */
export const TYPE_TABLE = {
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

const PERSON_NAME = { displayName: true, firstName: true, lastName: true } satisfies Prisma.PersonSelect;

export const CONNECTION_SYNC_SELECT = {
  id: true,
  service: true,
  status: true,
  lastSyncedAt: true,
  needsReauthSince: true,
} satisfies Prisma.ConnectionSelect;

/** Everything a record's response shows, in one read. */
export const RECORD_INCLUDE = {
  bankAccount: true,
  investmentAccount: true,
  creditCard: { include: { additionalCards: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } },
  lineOfCredit: true,
  loan: true,
  mortgage: true,
  realEstateProperty: true,
  realAsset: true,
  insurancePolicy: true,
  definedBenefitPension: true,
  privateInvestment: true,
  companyEquity: true,
  owners: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: {
      person: { select: PERSON_NAME },
      corporation: { select: { name: true } },
      trust: { select: { name: true } },
      foundation: { select: { name: true } },
    },
  },
  liabilityParties: {
    orderBy: [{ createdAt: 'asc' }, { personId: 'asc' }],
    include: { person: { select: PERSON_NAME } },
  },
  /** The connection it came through, for its freshness (never the credentials). */
  connection: { select: CONNECTION_SYNC_SELECT },
} satisfies Prisma.FinancialRecordInclude;

export type RecordRow = Prisma.FinancialRecordGetPayload<{ include: typeof RECORD_INCLUDE }>;

export function personName(person: { displayName: string | null; firstName: string; lastName: string }): string {
  return person.displayName ?? `${person.firstName} ${person.lastName}`;
}

type TypeRow = Record<string, unknown>;

/** The type table's row of a record (present for every record written through the API). */
export function typeRowOf(row: RecordRow): TypeRow {
  return (row[TYPE_RELATION[row.type]] ?? {}) as TypeRow;
}

// A row's numerics are Decimals, and its days and times Dates, as Prisma gives them; the household
// read (household-read.ts) gives their text instead, in the form the response shows anyway.

/** A day as the response shows it (`YYYY-MM-DD`). */
function dayText(value: Date | string): string {
  return typeof value === 'string' ? value : toIsoDate(value);
}

/** An instant as the response shows it (`Date.toISOString`). */
function timeText(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString();
}

/** A numeric in its shortest exact form ("1200.50000000" -> "1200.5"), as Prisma's Decimal writes it. */
function decimalText(value: unknown): string {
  return (typeof value === 'string' ? new Prisma.Decimal(value) : (value as Prisma.Decimal)).toFixed();
}

function fieldValue(spec: FieldSpec, name: string, typeRow: TypeRow): RecordDetailValue {
  const value = typeRow[name];
  if (value === null || value === undefined) return spec.kind === 'boolean' ? false : null;
  switch (spec.kind) {
    case 'money':
      // Money.of parses the column's text itself, to the same value as from a Decimal.
      return Money.of(
        typeof value === 'string' ? value : decimalText(value),
        typeRow[`${name}Currency`] as string,
      ).toJSON();
    case 'decimal':
      return decimalText(value);
    case 'date':
      return dayText(value as Date | string);
    default:
      return value as RecordDetailValue;
  }
}

/** Each type's fields with their specs, in declaration order (the order details list them). */
const FIELD_SPECS = Object.fromEntries(
  Object.entries(RECORD_FIELDS).map(([type, specs]) => [type, Object.entries(specs as Record<string, FieldSpec>)]),
) as Record<FinancialRecordType, [name: string, spec: FieldSpec][]>;

/** A record's own fields in their response form. */
export function detailsOf(type: FinancialRecordType, typeRow: TypeRow): RecordDetails {
  const details: RecordDetails = {};
  for (const [name, spec] of FIELD_SPECS[type]) details[name] = fieldValue(spec, name, typeRow);
  return details;
}

/**
 * The columns of a record's type table for the given (create or edit) field values, as the writer
 * takes them: amounts and decimals as decimal strings (the request's number, written out as
 * JavaScript prints it, so numeric receives exactly the digits that were sent), dates as YYYY-MM-DD.
 */
export function typeColumns(type: FinancialRecordType, fields: Readonly<Record<string, unknown>>): TypeColumns {
  const specs: Readonly<Record<string, FieldSpec>> = RECORD_FIELDS[type];
  const columns: Record<string, ColumnValue> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (!(name in fields) || fields[name] === undefined) continue;
    const value = fields[name];
    if (spec.kind === 'money') {
      const money = value as { value: number; currency: string } | null;
      columns[name] = money === null ? null : String(money.value);
      columns[`${name}Currency`] = money === null ? null : money.currency;
    } else if (spec.kind === 'decimal') {
      columns[name] = value === null ? null : String(value as number);
    } else {
      columns[name] = value as ColumnValue;
    }
  }
  return columns;
}

function ownerOf(owner: RecordRow['owners'][number]): FinancialRecordResponse['owners'][number] {
  const entity = ownerEntity(owner);
  return { id: owner.id, ownerKind: owner.ownerKind, entityId: entity.id ?? '', name: entity.name ?? '' };
}

function ownerEntity(owner: RecordRow['owners'][number]): { id: string | null; name: string | undefined } {
  switch (owner.ownerKind) {
    case 'Person':
      return { id: owner.personId, name: owner.person ? personName(owner.person) : undefined };
    case 'Corporation':
      return { id: owner.corporationId, name: owner.corporation?.name };
    case 'Trust':
      return { id: owner.trustId, name: owner.trust?.name };
    case 'Foundation':
      return { id: owner.foundationId, name: owner.foundation?.name };
  }
}

/**
 * A record as the API answers it: common fields, owners and parties, own fields, the pension
 * payout, and its value in its own currency and (with a converter) the requested one.
 */
export function toRecordResponse(
  row: RecordRow,
  valuationDate: Date,
  converter?: FxConverter,
): FinancialRecordResponse {
  const typeRow = typeRowOf(row);
  const details = detailsOf(row.type, typeRow);
  const accountType = row.type === 'INVESTMENT_ACCOUNT' ? row.investmentAccount?.accountType : undefined;
  const accountGroup = accountGroupFor(row.type, row.realAsset?.assetType);
  const label = accountType ? investmentAccountTypeLabel(accountType) : RECORD_TYPE_LABELS[row.type];
  const pension = row.type === 'DEFINED_BENEFIT_PENSION' ? pensionPayoutOf(details, valuationDate) : null;
  const value = recordValue(row.type, details, pension);
  const securedByRecordId = typeRow.securedByRecordId as string | null | undefined;
  const borrowers: FinancialRecordResponse['borrowers'] = [];
  const cosigners: FinancialRecordResponse['cosigners'] = [];
  for (const party of row.liabilityParties) {
    const entry = { personId: party.personId, name: personName(party.person) };
    if (party.role === 'BORROWER') borrowers.push(entry);
    else if (party.role === 'COSIGNER') cosigners.push(entry);
  }
  const response: FinancialRecordResponse = {
    id: row.id,
    householdId: row.householdId,
    type: row.type,
    side: balanceSheetSide(row.type),
    accountGroup,
    snapshotGroup: SNAPSHOT_GROUP_BY_ACCOUNT_GROUP[accountGroup],
    label,
    displayName: row.nickname ?? row.name ?? label,
    nickname: row.nickname,
    name: row.name,
    connectionType: row.connectionType,
    isJoint: row.isJoint,
    asOfDate: row.asOfDate ? dayText(row.asOfDate) : null,
    owners: row.owners.map(ownerOf),
    borrowers,
    cosigners,
    additionalCards: (row.creditCard?.additionalCards ?? []).map((card) => ({
      id: card.id,
      description: card.description,
      firstFourDigits: card.firstFourDigits,
      lastFourDigits: card.lastFourDigits,
    })),
    securedBy: securedByRecordId
      ? {
          recordId: securedByRecordId,
          securedType: typeRow.securedType as NonNullable<FinancialRecordResponse['securedBy']>['securedType'],
        }
      : null,
    details,
    pension,
    value: value?.toJSON() ?? null,
    sync: row.connection
      ? {
          connectionId: row.connection.id,
          service: row.connection.service,
          status: row.connection.status,
          lastSyncedAt: row.connection.lastSyncedAt ? timeText(row.connection.lastSyncedAt) : null,
          needsReauth: row.connection.needsReauthSince !== null,
        }
      : null,
    createdAt: timeText(row.createdAt),
    updatedAt: timeText(row.updatedAt),
  };
  if (converter) response.converted = value ? converter.convert(value).toJSON() : null;
  return response;
}
