import type {
  AdditionalCard,
  CashFlowItem,
  CashFlowSourceResponse,
  CashFlowSourceUpdate,
  CashFlowView,
  CurrencyCode,
  FinancialRecordResponse,
  FinancialView,
  Necessity,
  RecurringStreamResponse,
} from '@meridian/domain';
import { apiRequest } from './client';

// The financial records, cash flows and financial view calls of foundations §7, as the API mounts
// them (docs/DECISIONS.md: bare `/{financialRecordId}/...` shapes live under /financial-records).

export function getFinancialView(householdId: string, currency: CurrencyCode, signal?: AbortSignal) {
  return apiRequest<FinancialView>(`/get-financial-view/${householdId}?currency=${currency}`, { signal });
}

export function getCashFlowView(householdId: string, currency: CurrencyCode, signal?: AbortSignal) {
  return apiRequest<CashFlowView>(`/cash-flow-view/${householdId}?currency=${currency}`, { signal });
}

const patchRecord = (path: string, body: unknown) =>
  apiRequest<FinancialRecordResponse>(`/financial-records/${path}`, { method: 'PATCH', body });

/** Creates a record of any type, with its owners (the body's own fields follow the type). */
export function createRecord(body: Record<string, unknown>) {
  return apiRequest<FinancialRecordResponse>('/financial-records', { method: 'POST', body });
}

/** Changes a record's common and own fields; null clears an optional field. */
export function editRecord(recordId: string, body: Record<string, unknown>) {
  return patchRecord(recordId, body);
}

/** Edit Name. */
export function renameRecord(recordId: string, nickname: string) {
  return patchRecord(`${recordId}/rename`, { nickname });
}

/** Add Owner: the call depends on the record type (foundations §7). */
export function addRecordOwner(record: Pick<FinancialRecordResponse, 'id' | 'type'>, ownerId: string) {
  switch (record.type) {
    case 'INVESTMENT_ACCOUNT':
      return patchRecord(`investment-accounts/${record.id}/owners/add`, { ownerId });
    case 'BANK_ACCOUNT':
      return patchRecord(`bank-accounts/${record.id}/add-owner`, { personId: ownerId });
    case 'REAL_ESTATE_PROPERTY':
      return patchRecord(`real-estate-properties/${record.id}/add-owner`, { personId: ownerId });
    default:
      // The spec has no add-owner call for the other types: ours, for any record.
      return patchRecord(`${record.id}/add-owner`, { ownerId });
  }
}

export function removeRecordOwner(record: Pick<FinancialRecordResponse, 'id' | 'type'>, entityId: string) {
  switch (record.type) {
    case 'INVESTMENT_ACCOUNT':
      return patchRecord(`investment-accounts/${record.id}/owners/remove`, { ownerId: entityId });
    case 'BANK_ACCOUNT':
      return patchRecord(`bank-accounts/${record.id}/remove-owner`, { entityId });
    case 'REAL_ESTATE_PROPERTY':
      return patchRecord(`real-estate-properties/${record.id}/remove-owner`, { personId: entityId });
    default:
      return patchRecord(`${record.id}/remove-owner`, { ownerId: entityId });
  }
}

/** Add Borrower / Add Cosigner and their removal. */
export function changeLiabilityParty(
  recordId: string,
  action: 'add-borrower' | 'remove-borrower' | 'add-cosigner' | 'remove-cosigner',
  personId: string,
) {
  return patchRecord(`${recordId}/${action}`, { personId });
}

/** Add Additional Card. */
export function addAdditionalCard(creditCardId: string, card: AdditionalCard) {
  return patchRecord(`credit-cards/${creditCardId}/add-additional-card`, card);
}

/** Edit Card. */
export function editAdditionalCard(creditCardId: string, cardId: string, card: AdditionalCard) {
  return patchRecord(`credit-cards/${creditCardId}/edit-card`, { cardId, ...card });
}

export function removeAdditionalCard(creditCardId: string, cardId: string) {
  return patchRecord(`credit-cards/${creditCardId}/remove-card`, { cardId });
}

export function softDeleteRecord(recordId: string) {
  return apiRequest<void>(`/financial-records/${recordId}/soft-delete`, { method: 'DELETE' });
}

/** Add Income / Add Expense: a source from a name, with the flows the dashboard form adds. */
export function addFlow(
  kind: 'income' | 'expense',
  body: { householdId: string; name: string; flows: CashFlowItem[]; necessity?: Necessity },
) {
  return apiRequest<CashFlowSourceResponse>(`/${kind}-flows`, { method: 'POST', body });
}

/** Changes an income or expense: its name, need or want, and flows (the list given replaces the stored one). */
export function updateFlowSource(sourceId: string, body: CashFlowSourceUpdate) {
  return apiRequest<CashFlowSourceResponse>(`/cash-flow-sources/${sourceId}`, { method: 'PATCH', body });
}

/** Deletes an income or expense (soft: the audit log keeps it). */
export function deleteFlowSource(sourceId: string) {
  return apiRequest<void>(`/cash-flow-sources/${sourceId}/soft-delete`, { method: 'DELETE' });
}

const patchStream = (streamId: string, action: 'confirm' | 'rename' | 'categorize', body?: unknown) =>
  apiRequest<RecurringStreamResponse>(`/streams/${streamId}/${action}`, { method: 'PATCH', body });

export function confirmStream(streamId: string) {
  return patchStream(streamId, 'confirm');
}

/** Rename Stream. */
export function renameStream(streamId: string, name: string) {
  return patchStream(streamId, 'rename', { name });
}

export function categorizeStream(streamId: string, category: string) {
  return patchStream(streamId, 'categorize', { category });
}

/** Delete Stream. */
export function deleteStream(streamId: string) {
  return apiRequest<void>(`/streams/${streamId}/soft-delete`, { method: 'DELETE' });
}
