import { Inject, Injectable } from '@nestjs/common';
import {
  cashFlowSummaryToJson,
  EntityType,
  isLiability,
  necessityProblem,
  newId,
  notFound,
  ownerKindOfId,
  summariseCashFlows,
  toIsoDate,
  validationError,
  type CashFlowSourceCreate,
  type CashFlowSourceResponse,
  type CashFlowSourceUpdate,
  type CashFlowView,
  type CurrencyCode,
  type ErrorDetail,
  type OwnerKind,
} from '@meridian/domain';
import { AuditService } from '../../platform/audit/index.js';
import { FxRatesService } from '../fx-rates/index.js';
import { cashFlowLines, toSourceResponse, toStreamResponse } from './cash-flow-mapper.js';
import { CashFlowsRepository, type SourceFields, type Tx } from './cash-flows.repository.js';

/** Messages of the references a source makes; ours. */
export const CashFlowReferenceMessage = {
  asset: 'Asset must be an asset record of the household',
  liability: 'Liability must be a liability record of the household',
  account: 'The account must be a record of the household',
  party: 'Must be a person, corporation, trust or foundation of the household',
  stream: 'Must be a recurring stream of the household',
  transaction: 'Must be a transaction of the household',
} as const;

/** A create or a change of a source's links, as both bodies carry them. */
type Links = Pick<
  CashFlowSourceUpdate,
  | 'assetId'
  | 'liabilityId'
  | 'sourceAccountId'
  | 'destinationAccountId'
  | 'payers'
  | 'payees'
  | 'streams'
  | 'transactions'
>;

/**
 * Cash flow sources with their flows, payers and payees (foundations §3, §5, §7), the income and
 * expense shortcuts of the Add Income / Add Expense forms, and the household's cash-flow view.
 */
@Injectable()
export class CashFlowsService {
  constructor(
    @Inject(CashFlowsRepository) private readonly cashFlows: CashFlowsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(FxRatesService) private readonly fxRates: FxRatesService,
  ) {}

  async get(id: string): Promise<CashFlowSourceResponse> {
    const row = await this.cashFlows.findSource(id);
    if (!row) throw notFound('Cash flow source');
    return toSourceResponse(row);
  }

  async create(input: CashFlowSourceCreate): Promise<CashFlowSourceResponse> {
    if (!(await this.cashFlows.findHousehold(input.householdId))) throw notFound('Household');
    const parties = await this.checkLinks(input.householdId, input);
    const id = newId(EntityType.cashFlowSource);
    return this.cashFlows.transaction(async (tx) => {
      await this.cashFlows.createSource(tx, {
        id,
        householdId: input.householdId,
        type: input.type,
        subtype: input.subtype ?? null,
        name: input.name,
        necessity: input.necessity ?? null,
        assetId: input.assetId ?? null,
        liabilityId: input.liabilityId ?? null,
        sourceAccountId: input.sourceAccountId ?? null,
        destinationAccountId: input.destinationAccountId ?? null,
      });
      await this.writeChildren(tx, id, input, parties);
      const after = toSourceResponse((await this.cashFlows.findSource(id, tx))!);
      await this.audit.record(tx, { action: 'CREATE', entityType: EntityType.cashFlowSource, entityId: id, after });
      return after;
    });
  }

  async update(id: string, input: CashFlowSourceUpdate): Promise<CashFlowSourceResponse> {
    const current = await this.cashFlows.findSource(id);
    if (!current) throw notFound('Cash flow source');
    // The body has no type; the expense-only necessity rule is checked against the stored one.
    const necessity = input.necessity === undefined ? current.necessity : input.necessity;
    const problem = necessityProblem(current.type, necessity);
    if (problem) throw validationError([{ path: 'necessity', message: problem }]);
    const parties = await this.checkLinks(current.householdId, input);
    return this.cashFlows.transaction(async (tx) => {
      const before = await this.cashFlows.findSource(id, tx);
      if (!before) throw notFound('Cash flow source');
      const fields: SourceFields = {
        name: input.name,
        necessity: input.necessity,
        assetId: input.assetId,
        liabilityId: input.liabilityId,
        sourceAccountId: input.sourceAccountId,
        destinationAccountId: input.destinationAccountId,
      };
      await this.cashFlows.updateSource(tx, id, fields);
      await this.writeChildren(tx, id, input, parties);
      const after = toSourceResponse((await this.cashFlows.findSource(id, tx))!);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.cashFlowSource,
        entityId: id,
        before: toSourceResponse(before),
        after,
      });
      return after;
    });
  }

  /**
   * Soft-deletes an income, expense or other source: it leaves the household's cash flow and every
   * view; the row and the audit log keep it. The recurring streams and transactions it explained
   * are let go, so a confirmed stream counts on its own again rather than vanishing with it.
   */
  async softDelete(id: string): Promise<void> {
    await this.cashFlows.transaction(async (tx) => {
      const row = await this.cashFlows.findSource(id, tx);
      if (!row) throw notFound('Cash flow source');
      const now = new Date();
      await this.cashFlows.linkStreams(tx, id, []);
      await this.cashFlows.linkTransactions(tx, id, []);
      await this.cashFlows.softDeleteSource(tx, id, now);
      const before = toSourceResponse(row);
      await this.audit.record(tx, {
        action: 'SOFT_DELETE',
        entityType: EntityType.cashFlowSource,
        entityId: id,
        before,
        after: { ...before, streams: [], transactions: [], deletedAt: now.toISOString() },
      });
    });
  }

  /**
   * Monthly and annual money in and out, needs against wants, and totals by category, in `currency`
   * (rates as of today), with the sources and streams they come from.
   */
  async view(householdId: string, currency: CurrencyCode): Promise<CashFlowView> {
    if (!(await this.cashFlows.findHousehold(householdId))) throw notFound('Household');
    const today = new Date();
    const [sources, streams, converter] = await Promise.all([
      this.cashFlows.listSources(householdId),
      this.cashFlows.listStreams(householdId),
      this.fxRates.converter(currency, today),
    ]);
    const lines = cashFlowLines(sources, streams, converter);
    const currencies = [
      ...sources.flatMap((source) => source.flows.map((flow) => flow.amountCurrency)),
      ...streams.flatMap((stream) => (stream.averageAmountCurrency ? [stream.averageAmountCurrency] : [])),
    ];
    return {
      householdId,
      currency,
      valuationDate: toIsoDate(today),
      summary: cashFlowSummaryToJson(summariseCashFlows(lines, currency)),
      sources: sources.map(toSourceResponse),
      streams: streams.map(toStreamResponse),
      ratesUsed: converter.ratesUsed(currencies),
    };
  }

  /** Flows, payers, payees, streams and transactions: each list given replaces the stored one. */
  private async writeChildren(
    tx: Tx,
    id: string,
    input: Pick<CashFlowSourceUpdate, 'flows' | 'streams' | 'transactions'>,
    parties: { payers?: Party[]; payees?: Party[] },
  ): Promise<void> {
    if (input.flows) await this.cashFlows.replaceFlows(tx, id, input.flows);
    if (parties.payers) await this.cashFlows.replaceParties(tx, id, 'PAYER', parties.payers);
    if (parties.payees) await this.cashFlows.replaceParties(tx, id, 'PAYEE', parties.payees);
    if (input.streams) await this.cashFlows.linkStreams(tx, id, input.streams);
    if (input.transactions) await this.cashFlows.linkTransactions(tx, id, input.transactions);
  }

  /**
   * Every id a source names must be of its household: the asset an asset, the liability a
   * liability, payers and payees persons, corporations, trusts or foundations. All problems at once.
   */
  private async checkLinks(householdId: string, links: Links): Promise<{ payers?: Party[]; payees?: Party[] }> {
    const problems: ErrorDetail[] = [];
    const recordIds = [links.assetId, links.liabilityId, links.sourceAccountId, links.destinationAccountId].filter(
      (id): id is string => typeof id === 'string',
    );
    const records = new Map(
      (await this.cashFlows.recordsOfHousehold(householdId, recordIds)).map((record) => [record.id, record.type]),
    );
    const recordProblem = (path: keyof Links, message: string, accepts: (type: string) => boolean) => {
      const id = links[path];
      if (typeof id !== 'string') return;
      const type = records.get(id);
      if (!type || !accepts(type)) problems.push({ path, message });
    };
    recordProblem('assetId', CashFlowReferenceMessage.asset, (type) => !isLiability(type as never));
    recordProblem('liabilityId', CashFlowReferenceMessage.liability, (type) => isLiability(type as never));
    recordProblem('sourceAccountId', CashFlowReferenceMessage.account, () => true);
    recordProblem('destinationAccountId', CashFlowReferenceMessage.account, () => true);

    const partyIds = [...(links.payers ?? []), ...(links.payees ?? [])];
    const known = partyIds.length > 0 ? await this.cashFlows.partiesOfHousehold(householdId, partyIds) : new Set();
    const partiesOf = (path: 'payers' | 'payees'): Party[] | undefined =>
      links[path]?.flatMap((id, index) => {
        const kind = ownerKindOfId(id);
        if (!kind || !known.has(id)) {
          problems.push({ path: `${path}.${index}`, message: CashFlowReferenceMessage.party });
          return [];
        }
        return [{ id, kind }];
      });
    const parties = { payers: partiesOf('payers'), payees: partiesOf('payees') };

    const listProblems = (path: 'streams' | 'transactions', message: string, found: Set<string>) =>
      links[path]?.forEach((id, index) => {
        if (!found.has(id)) problems.push({ path: `${path}.${index}`, message });
      });
    if (links.streams?.length) {
      const found = await this.cashFlows.streamsOfHousehold(householdId, links.streams);
      listProblems('streams', CashFlowReferenceMessage.stream, found);
    }
    if (links.transactions?.length) {
      const found = await this.cashFlows.transactionsOfHousehold(householdId, links.transactions);
      listProblems('transactions', CashFlowReferenceMessage.transaction, found);
    }
    if (problems.length > 0) throw validationError(problems);
    return parties;
  }
}

interface Party {
  id: string;
  kind: OwnerKind;
}
