import {
  directionOfSourceType,
  findTransactionCategory,
  codeToWords,
  enumLabel,
  Money,
  necessityOfCategoryNature,
  normaliseFlow,
  primaryCategoryLabel,
  toIsoDate,
  type CashFlowLine,
  type CashFlowSourceResponse,
  type FxConverter,
  type OwnerKind,
  type PlaidPrimaryCategory,
  type RecurringStreamResponse,
} from '@meridian/domain';
import type { SourceRow, StreamRow } from './cash-flows.repository.js';

function partyOf(party: SourceRow['parties'][number]) {
  const byKind: Record<OwnerKind, { id: string | null; name: string | undefined }> = {
    Person: {
      id: party.personId,
      name: party.person
        ? (party.person.displayName ?? `${party.person.firstName} ${party.person.lastName}`)
        : undefined,
    },
    Corporation: { id: party.corporationId, name: party.corporation?.name },
    Trust: { id: party.trustId, name: party.trust?.name },
    Foundation: { id: party.foundationId, name: party.foundation?.name },
  };
  const entity = byKind[party.ownerKind];
  return { id: entity.id ?? '', kind: party.ownerKind, name: entity.name ?? '' };
}

/** The payers or payees of a source, by name. */
function partiesOf(row: SourceRow, role: 'PAYER' | 'PAYEE') {
  return row.parties
    .filter((party) => party.role === role)
    .map(partyOf)
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
}

function flowMoney(flow: SourceRow['flows'][number]): Money {
  return Money.of(flow.amount.toFixed(), flow.amountCurrency);
}

export function toSourceResponse(row: SourceRow): CashFlowSourceResponse {
  return {
    id: row.id,
    householdId: row.householdId,
    type: row.type,
    direction: directionOfSourceType(row.type),
    name: row.name,
    subtype: row.subtype,
    necessity: row.necessity,
    assetId: row.assetId,
    liabilityId: row.liabilityId,
    sourceAccountId: row.sourceAccountId,
    destinationAccountId: row.destinationAccountId,
    payers: partiesOf(row, 'PAYER'),
    payees: partiesOf(row, 'PAYEE'),
    streams: row.recurringStreams.map((stream) => stream.id),
    transactions: row.transactions.map((transaction) => transaction.id),
    flows: row.flows.map((flow) => {
      const normalised = normaliseFlow(flowMoney(flow), flow.frequency);
      return {
        id: flow.id,
        name: flow.name,
        status: flow.status,
        amount: normalised.amount.toJSON(),
        frequency: { common: flow.frequency },
        normalisation: normalised.kind,
        monthly: normalised.monthly?.toJSON() ?? null,
        annual: normalised.annual?.toJSON() ?? null,
      };
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function categoryOf(row: StreamRow): RecurringStreamResponse['category'] {
  if (!row.category) return null;
  const known = findTransactionCategory(row.category.detailedCategory);
  return {
    id: row.category.detailedCategory,
    primary: row.category.primaryCategory,
    primaryLabel: known ? primaryCategoryLabel(known.primary) : codeToWords(row.category.primaryCategory),
    label: row.category.label ?? codeToWords(row.category.detailedCategory),
    group: row.category.group,
    nature: row.category.nature,
  };
}

function streamAmount(row: StreamRow): Money | null {
  return row.averageAmount === null || row.averageAmountCurrency === null
    ? null
    : Money.of(row.averageAmount.toFixed(), row.averageAmountCurrency);
}

export function toStreamResponse(row: StreamRow): RecurringStreamResponse {
  const amount = streamAmount(row);
  const normalised = amount && row.frequency ? normaliseFlow(amount, row.frequency) : null;
  return {
    id: row.id,
    householdId: row.householdId,
    name: row.name,
    direction: row.direction,
    frequency: row.frequency,
    merchantName: row.merchantName,
    averageAmount: amount?.toJSON() ?? null,
    lastAmount:
      row.lastAmount === null || row.lastAmountCurrency === null
        ? null
        : Money.of(row.lastAmount.toFixed(), row.lastAmountCurrency).toJSON(),
    financialRecordId: row.financialRecordId,
    cashFlowSourceId: row.cashFlowSourceId,
    category: categoryOf(row),
    isActive: row.isActive,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    firstDate: row.firstDate ? toIsoDate(row.firstDate) : null,
    lastDate: row.lastDate ? toIsoDate(row.lastDate) : null,
    normalisation: normalised?.kind ?? null,
    monthly: normalised?.monthly?.toJSON() ?? null,
    annual: normalised?.annual?.toJSON() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The lines the cash-flow summary adds, in the converter's currency: every ACTIVE flow of every
 * source, and every confirmed, active stream that no source explains (a stream a source explains
 * is already counted through the source's flows). An amount is converted, then normalised.
 */
export function cashFlowLines(sources: SourceRow[], streams: StreamRow[], converter: FxConverter): CashFlowLine[] {
  const lines: CashFlowLine[] = [];
  for (const source of sources) {
    const direction = directionOfSourceType(source.type);
    const category = source.subtype
      ? { key: source.subtype, label: codeToWords(source.subtype) }
      : { key: source.type, label: enumLabel('CashFlowType', source.type) };
    for (const flow of source.flows) {
      if (flow.status !== 'ACTIVE') continue;
      lines.push({
        direction,
        necessity: source.type === 'EXPENSE' ? source.necessity : null,
        category,
        flow: normaliseFlow(converter.convert(flowMoney(flow)), flow.frequency),
      });
    }
  }
  for (const stream of streams) {
    const amount = streamAmount(stream);
    if (!stream.confirmedAt || !stream.isActive || stream.cashFlowSourceId || !amount || !stream.frequency) continue;
    const primary = stream.category?.primaryCategory;
    lines.push({
      direction: stream.direction,
      necessity: stream.category ? necessityOfCategoryNature(stream.category.nature) : null,
      category: primary ? { key: primary, label: primaryCategoryLabel(primary as PlaidPrimaryCategory) } : null,
      flow: normaliseFlow(converter.convert(amount), stream.frequency),
    });
  }
  return lines;
}
