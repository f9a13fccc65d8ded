import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  editFinancialRecordSchema,
  ErrorCode,
  FINANCIAL_RECORD_ID_TYPE,
  FinancialRecordMessage,
  FxConverter,
  hasSecuredBy,
  investmentAccountAttributes,
  isLiability,
  notFound,
  orderRecords,
  ownerKindOfId,
  ownershipProblems,
  parseOrThrow,
  pensionFieldProblems,
  RECORD_TYPE_LABELS,
  securedLoanPurpose,
  validationError,
  type AdditionalCard,
  type CountryCode,
  type CreateFinancialRecord,
  type CurrencyCode,
  type EditCardInput,
  type ErrorDetail,
  type FinancialRecordResponse,
  type FinancialRecordType,
  type InvestmentAccountType,
  type LiabilityRecordType,
  type OwnerKind,
} from '@meridian/domain';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { AuditService, type BatchAuditEntry } from '../../platform/audit/index.js';
import { FxRatesService } from '../fx-rates/index.js';
import { FinancialRecordsRepository, type Db, type Party } from './financial-records.repository.js';
import { FinancialRecordsWriter, type TypeColumns } from './financial-records.writer.js';
import { detailsOf, toRecordResponse, typeColumns, typeRowOf, type RecordRow } from './record-mapper.js';

/** Messages of the record rules the service checks against other rows; ours. */
export const RecordRuleMessage = {
  outsideHousehold: (kind: OwnerKind) => `The ${kind.toLowerCase()} must belong to the record's household`,
  ownerListedTwice: 'An owner can be listed only once',
  alreadyOwner: 'This owner already owns the record',
  notAnOwner: 'Owner not found on this record',
  notALiability: 'Borrowers and cosigners can only be added to a loan, line of credit, credit card or mortgage',
  alreadyParty: (role: PartyRole) => `This person is already a ${role.toLowerCase()} of this record`,
  notAParty: (role: PartyRole) => `This person is not a ${role.toLowerCase()} of this record`,
  securedByAsset: 'A debt can only be secured by an asset of the same household',
  propertyOfHousehold: 'A mortgage can only be on a real estate property of the same household',
  insuredInHousehold: 'The insured person must belong to the record’s household',
  cardNotFound: 'Additional card not found',
} as const;

export type PartyRole = 'BORROWER' | 'COSIGNER';

/** What a route expects the record to be: any record, one type, or a liability. */
type Expected = FinancialRecordType | 'ANY' | 'LIABILITY';

function notFoundFor(expected: Expected): DomainError {
  if (expected === 'ANY' || expected === 'LIABILITY') return notFound('Financial record');
  return notFound(RECORD_TYPE_LABELS[expected]);
}

function conflict(message: string): DomainError {
  return new DomainError(ErrorCode.CONFLICT, message);
}

/**
 * Financial records of the twelve types (foundations §3, §5, §7): create, read, edit, rename and
 * soft-delete; owners, borrowers and cosigners, additional cards; the ownership rules. Every change
 * is written with its audit entry (the record before and after) in one transaction.
 */
@Injectable()
export class FinancialRecordsService {
  constructor(
    @Inject(FinancialRecordsRepository) private readonly records: FinancialRecordsRepository,
    @Inject(FinancialRecordsWriter) private readonly writer: FinancialRecordsWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(FxRatesService) private readonly fxRates: FxRatesService,
  ) {}

  /** The valuation date: today. Rates and pension service are taken as of it. */
  today(): Date {
    return new Date();
  }

  async get(id: string, currency?: CurrencyCode): Promise<FinancialRecordResponse> {
    const row = await this.records.findRecord(id);
    if (!row) throw notFound('Financial record');
    const today = this.today();
    const converter = currency ? await this.fxRates.converter(currency, today) : undefined;
    return toRecordResponse(row, today, converter);
  }

  /**
   * A household's records in display order (foundations §9 ordering), each in its own currency and,
   * when `currency` is given, in that one: for the household page and the financial view.
   */
  async householdRecords(householdId: string, currency?: CurrencyCode, valuationDate = this.today()) {
    // The rates of the day come with the records, in the same round trip.
    const {
      household,
      records: rows,
      parties,
      rates,
    } = await this.records.readHousehold(householdId, currency ? valuationDate : undefined);
    if (!household) throw notFound('Household');
    const converter = currency ? new FxConverter(currency, rates) : undefined;
    const responses = rows.map((row) => toRecordResponse(row, valuationDate, converter));
    const countries = new Set<CountryCode>();
    for (const record of responses) {
      if (record.type === 'INVESTMENT_ACCOUNT') countries.add(record.details.jurisdiction as CountryCode);
    }
    // Ordered by small keys rather than by copies of every response (a household can hold hundreds).
    const records = orderRecords(
      responses.map((record) => ({
        record,
        accountGroup: record.accountGroup,
        displayName: record.displayName,
        accountType:
          record.type === 'INVESTMENT_ACCOUNT' ? (record.details.accountType as InvestmentAccountType) : null,
      })),
      [...countries],
    ).map(({ record }) => record);
    return { household, records, converter, parties };
  }

  async create(input: CreateFinancialRecord): Promise<FinancialRecordResponse> {
    const { type, householdId, nickname, name, connectionType, isJoint, asOfDate, owners, ...ownFields } = input;
    const fields: Record<string, unknown> = ownFields;
    const household = await this.records.findHousehold(householdId);
    if (!household) throw notFound('Household');
    const problems: ErrorDetail[] = [];
    if (new Set(owners).size !== owners.length) {
      problems.push({ path: 'owners', message: RecordRuleMessage.ownerListedTwice });
    }
    const parties: Party[] = [];
    for (const [index, ownerId] of owners.entries()) {
      parties.push(await this.householdParty(ownerId, householdId, `owners.${index}`));
    }
    const prepared = await this.prepareTypeFields(type, householdId, fields, fields);
    problems.push(...prepared.problems);
    const accountType = type === 'INVESTMENT_ACCOUNT' ? (fields.accountType as InvestmentAccountType) : undefined;
    problems.push(
      ...this.ownership(
        type,
        accountType,
        parties.map((party) => party.kind),
        isJoint,
        'owners',
      ),
    );
    if (problems.length > 0) throw validationError(problems);

    return this.records.transaction(async (tx) => {
      const scope = writeScope(tx);
      const [id] = (await this.writer.create(scope, [
        {
          householdId,
          type,
          nickname,
          name,
          connectionType,
          isJoint: isJoint || parties.length > 1,
          asOfDate,
          owners: parties.map((party) => party.id),
          columns: prepared.columns,
        },
      ])) as [string];
      const after = toRecordResponse((await this.records.findRecord(id, tx))!, this.today());
      await this.auditOne(scope, { action: 'CREATE', entityType: FINANCIAL_RECORD_ID_TYPE[type], entityId: id, after });
      return after;
    });
  }

  /** Edits any common or own field; the body is checked against the record's type. */
  edit(id: string, body: unknown): Promise<FinancialRecordResponse> {
    return this.change(id, 'ANY', async (scope, row) => {
      const { nickname, name, isJoint, asOfDate, ...ownFields } = parseOrThrow(
        editFinancialRecordSchema(row.type),
        body,
      );
      const fields: Record<string, unknown> = ownFields;
      const current = detailsOf(row.type, typeRowOf(row));
      const merged: Record<string, unknown> = { ...current, ...fields };
      const prepared = await this.prepareTypeFields(row.type, row.householdId, fields, merged, current, scope.tx);
      const problems = [...prepared.problems];
      if (isJoint !== undefined || 'accountType' in fields) {
        const accountType =
          row.type === 'INVESTMENT_ACCOUNT' ? (merged.accountType as InvestmentAccountType) : undefined;
        const ownerKinds = row.owners.map((owner) => owner.ownerKind);
        problems.push(...this.ownership(row.type, accountType, ownerKinds, isJoint ?? row.isJoint, 'isJoint'));
      }
      if (problems.length > 0) throw validationError(problems);
      await this.writer.update(scope, [
        { id: row.id, type: row.type, nickname, name, isJoint, asOfDate, columns: prepared.columns },
      ]);
    });
  }

  rename(id: string, nickname: string): Promise<FinancialRecordResponse> {
    return this.change(id, 'ANY', (scope, row) =>
      this.writer.update(scope, [{ id: row.id, type: row.type, nickname }]),
    );
  }

  async softDelete(id: string): Promise<void> {
    await this.records.transaction(async (tx) => {
      const scope = writeScope(tx);
      const row = await this.load(id, 'ANY', tx);
      await this.writer.softDelete(scope, [id]);
      const before = toRecordResponse(row, this.today());
      await this.auditOne(scope, {
        action: 'SOFT_DELETE',
        entityType: FINANCIAL_RECORD_ID_TYPE[row.type],
        entityId: id,
        before,
        after: { ...before, deletedAt: scope.now.toISOString() },
      });
    });
  }

  /** Adds a person, corporation, trust or foundation of the household as an owner. */
  addOwner(recordId: string, expected: FinancialRecordType | 'ANY', ownerId: string, path: string) {
    return this.change(recordId, expected, async (scope, row) => {
      const party = await this.householdParty(ownerId, row.householdId, path, scope.tx);
      if (this.ownerRow(row, ownerId)) throw conflict(RecordRuleMessage.alreadyOwner);
      const ownerKinds = [...row.owners.map((owner) => owner.ownerKind), party.kind];
      const accountType = row.investmentAccount?.accountType;
      const problems = this.ownership(row.type, accountType, ownerKinds, row.isJoint, path);
      if (problems.length > 0) throw validationError(problems);
      await this.writer.addOwners(scope, [{ recordId: row.id, recordType: row.type, entityId: party.id }]);
      if (ownerKinds.length > 1 && !row.isJoint) {
        await this.writer.update(scope, [{ id: row.id, type: row.type, isJoint: true }]);
      }
    });
  }

  /** Removes an owner, named by the owning entity's id. */
  removeOwner(recordId: string, expected: FinancialRecordType | 'ANY', entityId: string) {
    return this.change(recordId, expected, async (scope, row) => {
      if (!this.ownerRow(row, entityId)) throw new DomainError(ErrorCode.NOT_FOUND, RecordRuleMessage.notAnOwner);
      await this.writer.removeOwners(scope, [{ recordId: row.id, entityId }]);
      if (row.owners.length - 1 <= 1 && row.isJoint) {
        await this.writer.update(scope, [{ id: row.id, type: row.type, isJoint: false }]);
      }
    });
  }

  addLiabilityParty(recordId: string, personId: string, role: PartyRole) {
    return this.change(recordId, 'LIABILITY', async (scope, row) => {
      await this.householdParty(personId, row.householdId, 'personId', scope.tx);
      const existing = row.liabilityParties.find((party) => party.personId === personId);
      if (existing) throw conflict(RecordRuleMessage.alreadyParty(existing.role));
      const recordType = row.type as LiabilityRecordType;
      await this.writer.addLiabilityParties(scope, [{ recordId: row.id, recordType, personId, role }]);
    });
  }

  removeLiabilityParty(recordId: string, personId: string, role: PartyRole) {
    return this.change(recordId, 'LIABILITY', async (scope, row) => {
      const existing = row.liabilityParties.find((party) => party.personId === personId && party.role === role);
      if (!existing) throw new DomainError(ErrorCode.NOT_FOUND, RecordRuleMessage.notAParty(role));
      await this.writer.removeLiabilityParties(scope, [{ recordId: row.id, personId }]);
    });
  }

  addAdditionalCard(creditCardId: string, card: AdditionalCard) {
    return this.change(creditCardId, 'CREDIT_CARD', async (scope) => {
      await this.writer.addAdditionalCards(scope, [{ creditCardId, ...card }]);
    });
  }

  editAdditionalCard(creditCardId: string, { cardId, ...card }: EditCardInput) {
    return this.change(creditCardId, 'CREDIT_CARD', async (scope, row) => {
      this.additionalCard(row, cardId);
      await this.writer.updateAdditionalCards(scope, [{ id: cardId, ...card }]);
    });
  }

  removeAdditionalCard(creditCardId: string, cardId: string) {
    return this.change(creditCardId, 'CREDIT_CARD', async (scope, row) => {
      this.additionalCard(row, cardId);
      await this.writer.removeAdditionalCards(scope, [cardId]);
    });
  }

  // ─── helpers ──────────────────────────────────────────────────────────────────────────────

  /** Loads the record, checks it is what the route expects (else 404), applies a change, audits it. */
  private change(
    id: string,
    expected: Expected,
    apply: (scope: WriteScope, row: RecordRow) => Promise<void>,
  ): Promise<FinancialRecordResponse> {
    return this.records.transaction(async (tx) => {
      const scope = writeScope(tx);
      const row = await this.load(id, expected, tx);
      await apply(scope, row);
      const today = this.today();
      const after = toRecordResponse((await this.records.findRecord(id, tx))!, today);
      await this.auditOne(scope, {
        action: 'UPDATE',
        entityType: FINANCIAL_RECORD_ID_TYPE[row.type],
        entityId: id,
        before: toRecordResponse(row, today),
        after,
      });
      return after;
    });
  }

  /** A change's audit entry, in its transaction, by the caller at the change's time. */
  private auditOne(scope: WriteScope, entry: BatchAuditEntry): Promise<void> {
    return this.audit.recordMany(scope, [entry]);
  }

  private async load(id: string, expected: Expected, db: Db): Promise<RecordRow> {
    const row = await this.records.findRecord(id, db);
    const matches =
      row !== null &&
      (expected === 'ANY' || (expected === 'LIABILITY' ? isLiability(row.type) : row.type === expected));
    if (row !== null && expected === 'LIABILITY' && !matches) {
      throw validationError([{ path: 'financialRecordId', message: RecordRuleMessage.notALiability }]);
    }
    if (!matches) throw notFoundFor(expected);
    return row;
  }

  private ownerRow(row: RecordRow, entityId: string) {
    return row.owners.find((owner) =>
      [owner.personId, owner.corporationId, owner.trustId, owner.foundationId].includes(entityId),
    );
  }

  private additionalCard(row: RecordRow, cardId: string) {
    const card = row.creditCard?.additionalCards.find((candidate) => candidate.id === cardId);
    if (!card) throw new DomainError(ErrorCode.NOT_FOUND, RecordRuleMessage.cardNotFound);
    return card;
  }

  /** A person, corporation, trust or foundation of this organization (else 404) and of this household (else 400). */
  private async householdParty(entityId: string, householdId: string, path: string, db?: Db): Promise<Party> {
    const kind = ownerKindOfId(entityId);
    const party = kind ? await this.records.findParty(kind, entityId, db) : null;
    if (!kind || !party) throw notFound(kind ?? 'Owner');
    if (party.householdId !== householdId) {
      throw validationError([{ path, message: RecordRuleMessage.outsideHousehold(kind) }]);
    }
    return party;
  }

  private ownership(
    recordType: FinancialRecordType,
    accountType: InvestmentAccountType | undefined,
    ownerKinds: readonly OwnerKind[],
    isJoint: boolean,
    path: string,
  ): ErrorDetail[] {
    return ownershipProblems({ recordType, accountType, ownerKinds, isJoint }).map((message) => ({ path, message }));
  }

  /**
   * The type table's columns for the given fields, with what the rules derive (tax status and
   * jurisdiction, the secured type, the mortgaged property's type), and the problems of the
   * record's fields as a whole. `merged` is the record's fields after the change.
   */
  private async prepareTypeFields(
    type: FinancialRecordType,
    householdId: string,
    fields: Record<string, unknown>,
    merged: Record<string, unknown>,
    current: Record<string, unknown> = {},
    db?: Db,
  ): Promise<{ columns: TypeColumns; problems: ErrorDetail[] }> {
    const columns: Record<string, TypeColumns[string]> = { ...typeColumns(type, fields) };
    const problems: ErrorDetail[] = [];
    if (type === 'INVESTMENT_ACCOUNT' && ['accountType', 'taxStatus', 'jurisdiction'].some((key) => key in fields)) {
      const typeChanged = 'accountType' in fields && fields.accountType !== current.accountType;
      const chosen = (key: 'taxStatus' | 'jurisdiction') =>
        (key in fields ? fields[key] : typeChanged ? undefined : current[key]) as never;
      const attributes = investmentAccountAttributes(merged.accountType as InvestmentAccountType, {
        taxStatus: chosen('taxStatus'),
        jurisdiction: chosen('jurisdiction'),
      });
      problems.push(...attributes.problems);
      columns.taxStatus = attributes.taxStatus;
      columns.jurisdiction = attributes.jurisdiction;
    }
    if (type === 'DEFINED_BENEFIT_PENSION') problems.push(...pensionFieldProblems(merged));
    if (type === 'CREDIT_CARD' && typeof fields.lastFourDigits === 'string' && !/^\d{4}$/.test(fields.lastFourDigits)) {
      problems.push({ path: 'lastFourDigits', message: FinancialRecordMessage.lastFourDigits });
    }
    if (hasSecuredBy(type) && 'securedByRecordId' in fields) {
      const assetId = fields.securedByRecordId as string | null;
      const asset = assetId ? await this.records.findRecordBrief(assetId, db) : null;
      if (assetId && (!asset || asset.householdId !== householdId || isLiability(asset.type))) {
        problems.push({ path: 'securedByRecordId', message: RecordRuleMessage.securedByAsset });
      }
      columns.securedByRecordType = asset?.type ?? null;
      columns.securedType = asset
        ? securedLoanPurpose(type, { recordType: asset.type, realAssetType: asset.realAsset?.assetType })
        : null;
    }
    if (type === 'MORTGAGE' && 'propertyId' in fields) {
      const propertyId = fields.propertyId as string | null;
      const property = propertyId ? await this.records.findRecordBrief(propertyId, db) : null;
      if (propertyId && (!property || property.householdId !== householdId)) {
        problems.push({ path: 'propertyId', message: RecordRuleMessage.propertyOfHousehold });
      }
      columns.propertyRecordType = property ? 'REAL_ESTATE_PROPERTY' : null;
    }
    if (type === 'INSURANCE_POLICY' && typeof fields.insuredPersonId === 'string') {
      const person = await this.records.findParty('Person', fields.insuredPersonId, db);
      if (!person || person.householdId !== householdId) {
        problems.push({ path: 'insuredPersonId', message: RecordRuleMessage.insuredInHousehold });
      }
    }
    return { columns, problems };
  }
}
