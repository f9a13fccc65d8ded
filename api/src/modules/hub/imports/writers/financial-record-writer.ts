import {
  allowsJointOwnership,
  DomainError,
  EntityType,
  ErrorCode,
  FINANCIAL_RECORD_ID_TYPE,
  investmentAccountAttributes,
  type CountryCode,
  type ImportedFinancialRecord,
  type ImportFieldError,
  type InvestmentAccountType,
} from '@meridian/domain';
import { Inject, Injectable } from '@nestjs/common';
import { HouseholdsWriter } from '../../../crm/households/index.js';
import {
  FinancialRecordsWriter,
  type FinancialRecordUpdate,
  type TypeColumns,
} from '../../../financials/financial-records/index.js';
import type { FieldsUpdate, ImportReadScope, ImportRecordWriter, ImportScope } from './import-writer.js';
import { dayOf, householdNameFor, ImportReferences, type ImportedHouseholdRef } from './references.js';

type Tx = ImportScope['tx'];

/** What the functions below write with: the chunk's scope, and the shared reference helpers. */
interface ImportWriteContext extends ImportScope {
  references: ImportReferences;
  households: HouseholdsWriter;
  records: FinancialRecordsWriter;
}

function markCreated(
  _tx: Tx,
  context: ImportWriteContext,
  entityType: string,
  entityId: string,
  sourceId: string | null,
): Promise<void> {
  return context.references.markCreated(context, entityType, [{ entityId, sourceId }]);
}

async function createdByBatch(_tx: Tx, context: ImportWriteContext, entityType: string, entityId: string) {
  return (await context.references.createdByBatch(context, entityType, [entityId])).has(entityId);
}

async function resolveHousehold(
  _tx: Tx,
  context: ImportWriteContext,
  ref: ImportedHouseholdRef,
  fallbackName: string,
): Promise<string | null> {
  return (await context.references.resolveHouseholds(context, [{ ref, fallbackName }]))[0] ?? null;
}

function removeHouseholdIfUnused(_tx: Tx, context: ImportWriteContext, householdId: string | null) {
  return context.references.removeHouseholdsIfUnused(context, [householdId]);
}

async function personInUse(context: ImportWriteContext, personId: string): Promise<string[]> {
  return (await context.households.personsInUse(context, [personId])).get(personId) ?? [];
}

type Owner = ImportedFinancialRecord['owners'][number];
type MoneyValue = ImportedFinancialRecord['marketValue'];
/** The two record types an account row can be (the account-type transform decides). */
type ImportedRecordType = ImportedFinancialRecord['recordType'];

/** The id prefixes, and so link and audit types, of the records this writer makes. */
const RECORD_ENTITY_TYPES = [FINANCIAL_RECORD_ID_TYPE.INVESTMENT_ACCOUNT, FINANCIAL_RECORD_ID_TYPE.BANK_ACCOUNT];

/**
 * Accounts from a custodian or back-office export are the books of accounts the firm manages, not
 * ones the advisor typed in (MANUAL) nor a live aggregator feed (CONNECTION).
 */
const IMPORTED_CONNECTION_TYPE = 'MANAGED';

const RECORD_TYPE_WORDS: Record<ImportedRecordType, string> = {
  INVESTMENT_ACCOUNT: 'an investment account',
  BANK_ACCOUNT: 'a bank account',
};

/** What the writer needs of a stored record to apply a field to the right table. */
interface StoredRecord {
  id: string;
  type: string;
  householdId: string;
  name: string | null;
  institutionId: string | null;
  isJoint: boolean;
  investmentAccount: { accountType: InvestmentAccountType; jurisdiction: CountryCode | null } | null;
  owners: { personId: string | null }[];
}

async function loadRecord(tx: Tx, organizationId: string, id: string): Promise<StoredRecord> {
  const record = await tx.financialRecord.findFirst({
    where: { organizationId, id },
    select: {
      id: true,
      type: true,
      householdId: true,
      name: true,
      institutionId: true,
      isJoint: true,
      investmentAccount: { select: { accountType: true, jurisdiction: true } },
      owners: { select: { personId: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!record) throw new DomainError(ErrorCode.NOT_FOUND, 'Financial record not found');
  return record;
}

function ownerPersonIds(record: Pick<StoredRecord, 'owners'>): string[] {
  return record.owners.flatMap((owner) => (owner.personId ? [owner.personId] : []));
}

/** An amount and its currency as a type table's two columns (`balance`, `balanceCurrency`); the amount stays a decimal string. */
function money(field: string, value: MoneyValue): TypeColumns {
  return { [field]: value?.amount ?? null, [`${field}Currency`]: value?.currency ?? null };
}

/** `Tremblay` + `Hélène` + `1962-03-15` equal, case aside; a birth date on only one side does not refuse. */
function sameOwner(person: { firstName: string; lastName: string; dateOfBirth: Date | null }, owner: Owner): boolean {
  const same = (a: string, b: string | null) =>
    b !== null && a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
  if (!same(person.firstName, owner.firstName) || !same(person.lastName, owner.lastName)) return false;
  if (person.dateOfBirth === null || owner.dateOfBirth === null) return true;
  return person.dateOfBirth.getTime() === dayOf(owner.dateOfBirth)!.getTime();
}

/** The person a source id names: an external link of kind person from the same system. */
async function linkedPerson(
  tx: Tx,
  context: ImportWriteContext,
  sourceId: string | null,
): Promise<{ id: string; householdId: string | null } | null> {
  if (sourceId === null) return null;
  const { organizationId } = context;
  const link = await tx.externalLink.findFirst({
    where: { organizationId, source: context.source, sourceId, entityType: EntityType.person },
    select: { entityId: true },
  });
  if (!link) return null;
  return tx.person.findFirst({ where: { organizationId, id: link.entityId }, select: { id: true, householdId: true } });
}

/** A household the row names that already exists: by its source id, then by its name (case aside). */
async function knownHousehold(
  tx: Tx,
  context: ImportWriteContext,
  ref: NonNullable<ImportedFinancialRecord['household']>,
): Promise<string | null> {
  const { organizationId } = context;
  if (ref.sourceId !== null) {
    const link = await tx.externalLink.findFirst({
      where: { organizationId, source: context.source, sourceId: ref.sourceId, entityType: EntityType.household },
      select: { entityId: true },
    });
    if (link) return link.entityId;
  }
  if (ref.name === null) return null;
  const named = await tx.household.findFirst({
    where: { organizationId, name: { equals: ref.name, mode: 'insensitive' } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return named?.id ?? null;
}

/**
 * The household an account belongs to: the one the row names if it exists (source id, then name),
 * else the household of its first owner known by source id (Westmount's accounts after its
 * clients), else a new one: named as the row says, or after the first owner (`Tremblay household`),
 * or after the account when the row names no owner either; the row's household id links it.
 */
async function resolveRecordHousehold(
  tx: Tx,
  context: ImportWriteContext,
  ref: ImportedFinancialRecord['household'],
  owners: readonly Owner[],
  fallbackName: string,
): Promise<string> {
  const known = ref ? await knownHousehold(tx, context, ref) : null;
  if (known) return known;
  const owner = await linkedPerson(tx, context, owners[0]?.sourceId ?? null);
  if (owner?.householdId) return owner.householdId;
  const created = ref ? await resolveHousehold(tx, context, ref, fallbackName) : null;
  if (created) return created;
  const [id] = await context.households.createHouseholds(context, [{ teamId: context.teamId, name: fallbackName }]);
  await markCreated(tx, context, EntityType.household, id!, null);
  return id!;
}

function householdNameOf(record: Pick<ImportedFinancialRecord, 'owners' | 'name' | 'sourceId'>): string {
  const first = record.owners[0];
  return first?.lastName ? householdNameFor(first.lastName) : `${record.name ?? record.sourceId} household`;
}

/**
 * The persons owning an account, in the row's order: by the owner's source id (a person link of the
 * same system), else by name (and birth date when both sides have one) among the household's
 * persons, else a new person of the household (linked by the source id when it has one).
 */
async function resolveOwners(
  tx: Tx,
  context: ImportWriteContext,
  householdId: string,
  owners: readonly Owner[],
): Promise<string[]> {
  const { organizationId } = context;
  const ids: string[] = [];
  for (const owner of owners) {
    let personId = (await linkedPerson(tx, context, owner.sourceId))?.id;
    if (!personId) {
      const members = await tx.person.findMany({
        where: { organizationId, householdId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, firstName: true, lastName: true, dateOfBirth: true },
      });
      personId = members.find((member) => sameOwner(member, owner))?.id;
    }
    if (!personId) {
      // The dry run refused rows naming an owner only by an id no person has; one whose link went
      // away since then cannot be written either.
      if (owner.firstName === null || owner.lastName === null)
        throw new DomainError(ErrorCode.CONFLICT, unknownOwnerMessage(owner.sourceId!));
      [personId] = await context.households.createPersons(context, [
        { firstName: owner.firstName, lastName: owner.lastName, dateOfBirth: dayOf(owner.dateOfBirth) },
      ]);
      await markCreated(tx, context, EntityType.person, personId!, owner.sourceId);
      await context.households.placePersons(context, [{ personId: personId!, householdId, role: null }]);
    }
    if (!ids.includes(personId!)) ids.push(personId!);
  }
  return ids;
}

/** The institution of that name (case aside), else a new one, marked as the batch's. */
async function resolveInstitution(tx: Tx, context: ImportWriteContext, name: string | null): Promise<string | null> {
  if (name === null) return null;
  const found = (await context.records.institutionIds(context, [name])).get(name);
  if (!found) return null;
  if (found.created) await markCreated(tx, context, EntityType.institution, found.id, null);
  return found.id;
}

/**
 * The owners' rows become exactly these persons: rows of other persons go, missing ones are added,
 * the ones kept keep their row (and its id and date).
 */
async function setOwners(
  context: ImportWriteContext,
  record: { id: string; type: ImportedRecordType },
  stored: readonly string[],
  personIds: readonly string[],
): Promise<void> {
  await context.records.removeOwners(
    context,
    stored.filter((personId) => !personIds.includes(personId)).map((entityId) => ({ recordId: record.id, entityId })),
  );
  await context.records.addOwners(
    context,
    personIds
      .filter((personId) => !stored.includes(personId))
      .map((entityId) => ({ recordId: record.id, recordType: record.type, entityId })),
  );
}

/**
 * Joint is the flag or more than one owner (foundations §5). A type that is never held jointly
 * (FHSA, 529, ESA, UGMA, UTMA, HSA) keeps its first owner only, as the records API would refuse the
 * second; the row's other owners are not written.
 */
function ownership(
  recordType: ImportedRecordType,
  accountType: InvestmentAccountType | undefined,
  personIds: string[],
  isJoint: boolean,
): { personIds: string[]; isJoint: boolean } {
  if (allowsJointOwnership(recordType, accountType)) return { personIds, isJoint: isJoint || personIds.length > 1 };
  return { personIds: personIds.slice(0, 1), isJoint: false };
}

/**
 * After a reference moved away from an entity: the entity goes when this batch created it and
 * nothing uses it any more. A commit never meets one (what it created, it uses); a rollback of an
 * update meets the institution or persons the update created, and of a create all of them.
 */
async function dropPersonIfUnused(tx: Tx, context: ImportWriteContext, personId: string): Promise<void> {
  const { organizationId } = context;
  if (!(await createdByBatch(tx, context, EntityType.person, personId))) return;
  if ((await personInUse(context, personId)).length > 0) return;
  const person = await tx.person.findFirst({ where: { organizationId, id: personId }, select: { householdId: true } });
  await context.references.forgetMarks(context, EntityType.person, [personId]);
  await context.households.removePersons(context, [personId]);
  await removeHouseholdIfUnused(tx, context, person?.householdId ?? null);
}

async function dropInstitutionIfUnused(
  tx: Tx,
  context: ImportWriteContext,
  institutionId: string | null,
): Promise<void> {
  if (institutionId === null || !(await createdByBatch(tx, context, EntityType.institution, institutionId))) return;
  const removed = await context.records.removeUnusedInstitutions(context, [institutionId]);
  await context.references.forgetMarks(context, EntityType.institution, removed);
}

/**
 * Writes the given fields of a mapped account onto a stored record; each field alone:
 * - `recordType` cannot change: the record's id (and its links) carry its type, and the records API
 *   never changes a record's type either; such a row fails the commit with a message naming it;
 * - `accountType` rewrites the type and the tax status and jurisdiction that follow from it;
 *   `jurisdiction` applies where the account's type lets one be chosen;
 * - `marketValue` is a bank account's balance; `costBasis` only an investment account's;
 * - `institution` is found by name or created; `owners` and `isJoint` follow the joint rule;
 * - `household` moves the record (its owners stay who they are); a row naming none keeps it.
 * Not written, as the model has no place for them: `accountTypeNote` (the mapper's warning keeps
 * it in the row report) and `advisor` (a rep code, not a professional).
 */
async function writeRecordFields(
  tx: Tx,
  context: ImportWriteContext,
  recordId: string,
  fields: Partial<ImportedFinancialRecord>,
): Promise<void> {
  const { organizationId } = context;
  const record = await loadRecord(tx, organizationId, recordId);
  const recordType = record.type as ImportedRecordType;
  if (fields.recordType !== undefined && fields.recordType !== recordType)
    throw new DomainError(
      ErrorCode.CONFLICT,
      `An import cannot turn ${RECORD_TYPE_WORDS[recordType]} into ${RECORD_TYPE_WORDS[fields.recordType]} (${recordId})`,
    );
  const isInvestment = recordType === 'INVESTMENT_ACCOUNT';
  const storedOwners = ownerPersonIds(record);

  const update: FinancialRecordUpdate = { id: recordId, type: recordType };
  if ('name' in fields) update.name = fields.name ?? null;
  if ('asOfDate' in fields) update.asOfDate = dayOf(fields.asOfDate ?? null);
  let institutionId = record.institutionId;
  if ('institution' in fields) {
    institutionId = await resolveInstitution(tx, context, fields.institution ?? null);
    update.institution = fields.institution ?? null;
  }
  let householdId = record.householdId;
  if (fields.household) {
    const firstOwner = storedOwners[0]
      ? await tx.person.findFirst({ where: { organizationId, id: storedOwners[0] }, select: { lastName: true } })
      : null;
    const fallbackName = firstOwner
      ? householdNameFor(firstOwner.lastName)
      : `${fields.name ?? record.name ?? 'Imported account'} household`;
    householdId = await resolveRecordHousehold(tx, context, fields.household, fields.owners ?? [], fallbackName);
    update.householdId = householdId;
  }

  const accountType = (isInvestment && fields.accountType) || record.investmentAccount?.accountType;
  let owners = { personIds: storedOwners, isJoint: record.isJoint };
  if (fields.owners || 'isJoint' in fields || (isInvestment && fields.accountType)) {
    const personIds = fields.owners ? await resolveOwners(tx, context, householdId, fields.owners) : storedOwners;
    owners = ownership(recordType, accountType, personIds, fields.isJoint ?? record.isJoint);
    update.isJoint = owners.isJoint;
    await setOwners(context, { id: recordId, type: recordType }, storedOwners, owners.personIds);
  }

  const columns: Record<string, string | null> = {};
  if (isInvestment) {
    if (fields.accountType || 'jurisdiction' in fields) {
      const chosen = 'jurisdiction' in fields ? (fields.jurisdiction ?? null) : record.investmentAccount?.jurisdiction;
      const attributes = investmentAccountAttributes(accountType!, { jurisdiction: chosen });
      if (fields.accountType) columns.accountType = fields.accountType;
      columns.taxStatus = attributes.taxStatus;
      columns.jurisdiction = attributes.jurisdiction;
    }
    if ('marketValue' in fields) Object.assign(columns, money('marketValue', fields.marketValue ?? null));
    if ('costBasis' in fields) Object.assign(columns, money('costBasis', fields.costBasis ?? null));
  } else {
    if (fields.bankAccountType) columns.bankAccountType = fields.bankAccountType;
    if ('marketValue' in fields) Object.assign(columns, money('balance', fields.marketValue ?? null));
  }
  // The writer always touches the record, so its updatedAt moves whichever table changed.
  await context.records.update(context, [{ ...update, columns }]);

  // What the record no longer references may be what this batch created (a rollback): drop it.
  if ('institution' in fields && record.institutionId !== institutionId)
    await dropInstitutionIfUnused(tx, context, record.institutionId);
  for (const personId of storedOwners)
    if (!owners.personIds.includes(personId)) await dropPersonIfUnused(tx, context, personId);
  if (householdId !== record.householdId) await removeHouseholdIfUnused(tx, context, record.householdId);
}

async function createRecord(tx: Tx, context: ImportWriteContext, record: ImportedFinancialRecord): Promise<string> {
  const householdId = await resolveRecordHousehold(
    tx,
    context,
    record.household,
    record.owners,
    householdNameOf(record),
  );
  const accountType = record.recordType === 'INVESTMENT_ACCOUNT' ? (record.accountType ?? undefined) : undefined;
  const owners = ownership(
    record.recordType,
    accountType,
    await resolveOwners(tx, context, householdId, record.owners),
    record.isJoint,
  );
  await resolveInstitution(tx, context, record.institution);
  let columns: TypeColumns;
  if (accountType) {
    const attributes = investmentAccountAttributes(accountType, { jurisdiction: record.jurisdiction });
    columns = {
      accountType,
      taxStatus: attributes.taxStatus,
      jurisdiction: attributes.jurisdiction,
      ...money('marketValue', record.marketValue),
      ...money('costBasis', record.costBasis),
    };
  } else {
    // The account-type transform names one for every bank account it recognises.
    columns = { bankAccountType: record.bankAccountType ?? 'CHECKING', ...money('balance', record.marketValue) };
  }
  const [id] = await context.records.create(context, [
    {
      householdId,
      type: record.recordType,
      name: record.name,
      connectionType: IMPORTED_CONNECTION_TYPE,
      institution: record.institution,
      isJoint: owners.isJoint,
      asOfDate: dayOf(record.asOfDate),
      owners: owners.personIds,
      columns,
    },
  ]);
  return id!;
}

/**
 * Rollback of an account the batch created: the record (its type row and owner rows go with it),
 * then its owners, institution and household when this batch created them and nothing else uses
 * them. The rows are undone newest first, so the row that created a household or person is undone
 * after the rows that reused it: by then nothing else of the batch holds it.
 */
async function removeRecord(tx: Tx, context: ImportWriteContext, recordId: string): Promise<void> {
  const { organizationId } = context;
  const record = await tx.financialRecord.findFirst({
    where: { organizationId, id: recordId },
    select: { householdId: true, institutionId: true, owners: { select: { personId: true } } },
  });
  if (!record) return;
  await context.records.remove(context, [recordId]);
  for (const owner of record.owners) if (owner.personId) await dropPersonIfUnused(tx, context, owner.personId);
  await dropInstitutionIfUnused(tx, context, record.institutionId);
  await removeHouseholdIfUnused(tx, context, record.householdId);
}

function unknownOwnerMessage(sourceId: string): string {
  return `No client with the id ${sourceId} was imported from this system: import the clients file first`;
}

/**
 * Owners named only by an id must be persons already imported from the same system (Westmount's
 * Clients table before its Accounts table); otherwise the row is refused in the dry run, as the
 * commit could neither find nor create them.
 */
async function unresolvedOwners(
  context: ImportReadScope,
  records: ImportedFinancialRecord[],
): Promise<ImportFieldError[][]> {
  const prisma = context.tx;
  const byIdOnly = (record: ImportedFinancialRecord) =>
    record.owners.flatMap((owner, index) => (owner.firstName === null ? [{ index, sourceId: owner.sourceId! }] : []));
  const wanted = [...new Set(records.flatMap((record) => byIdOnly(record).map((owner) => owner.sourceId)))];
  const known = new Set(
    wanted.length === 0
      ? []
      : (
          await prisma.externalLink.findMany({
            where: {
              organizationId: context.organizationId,
              source: context.source,
              entityType: EntityType.person,
              sourceId: { in: wanted },
            },
            select: { sourceId: true },
          })
        ).map((link) => link.sourceId),
  );
  return records.map((record) =>
    byIdOnly(record)
      .filter((owner) => !known.has(owner.sourceId))
      .map((owner) => ({
        field: `owners.${owner.index}.sourceId`,
        column: null,
        value: owner.sourceId,
        message: unknownOwnerMessage(owner.sourceId),
      })),
  );
}

/**
 * Accounts from custodians' and back offices' exports (investment and bank accounts, with owners,
 * household and institution). The chunk's records are written one by one: each resolves its own
 * household and owners, which the rows before it in the chunk may have created.
 */
@Injectable()
export class FinancialRecordImportWriter implements ImportRecordWriter<'financialRecords'> {
  readonly kind = 'financialRecords' as const;
  readonly entityType = FINANCIAL_RECORD_ID_TYPE.INVESTMENT_ACCOUNT;
  readonly entityTypes = RECORD_ENTITY_TYPES;
  readonly tables = [
    'financial_records',
    'financial_record_owners',
    'investment_accounts',
    'bank_accounts',
    'institutions',
    'persons',
    'households',
    'families',
    'family_members',
  ];

  constructor(
    @Inject(ImportReferences) private readonly references: ImportReferences,
    @Inject(HouseholdsWriter) private readonly households: HouseholdsWriter,
    @Inject(FinancialRecordsWriter) private readonly records: FinancialRecordsWriter,
  ) {}

  private context(scope: ImportScope): ImportWriteContext {
    return { ...scope, references: this.references, households: this.households, records: this.records };
  }

  async create(scope: ImportScope, records: ImportedFinancialRecord[]): Promise<string[]> {
    const context = this.context(scope);
    const ids: string[] = [];
    for (const record of records) ids.push(await createRecord(scope.tx, context, record));
    return ids;
  }

  async update(scope: ImportScope, updates: FieldsUpdate<'financialRecords'>[]): Promise<void> {
    const context = this.context(scope);
    for (const { entityId, fields } of updates) await writeRecordFields(scope.tx, context, entityId, fields);
  }

  async remove(scope: ImportScope, entityIds: string[]): Promise<void> {
    const context = this.context(scope);
    for (const entityId of entityIds) await removeRecord(scope.tx, context, entityId);
  }

  unresolvedReferences(scope: ImportReadScope, records: ImportedFinancialRecord[]): Promise<ImportFieldError[][]> {
    return unresolvedOwners(scope, records);
  }
}
