import type {
  AccountsToPlace,
  ConnectionStatus,
  ConnectionView,
  IntegrationService,
  LinkedPlaidConnection,
  ListPage,
  PlaceAccountsInput,
  PlaidLinkSettings,
  QueueHealth,
  StripeConnection,
  SyncRecordErrorView,
  SyncRunAction,
  SyncRunView,
  SyncRunDaily,
  SyncRunDetail,
  SyncRunStatus,
  SyncTrigger,
} from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

// The integration hub's calls (connections, sync runs, queue health and the Plaid link flow); the
// response shapes are the domain's schemas in domain/src/integrations.

export interface ConnectionListParams {
  service?: IntegrationService | undefined;
  status?: ConnectionStatus | undefined;
  needsReauth?: boolean | undefined;
  page?: number;
  limit?: number;
}

export function listConnections(params: ConnectionListParams, signal?: AbortSignal) {
  return apiRequest<ListPage<ConnectionView>>(withQuery('/connections', { ...params }), { signal });
}

/** The connections of a household, team or professional. */
export function listConnectionsByOwner(owner: string, service?: IntegrationService, signal?: AbortSignal) {
  return apiRequest<ConnectionView[]>(withQuery(`/connections/by-owner/${owner}`, { service }), { signal });
}

export function deleteConnection(connectionId: string) {
  return apiRequest<void>(`/connections/${connectionId}`, { method: 'DELETE' });
}

/** Run now: `{run}`, the queued run or the run already queued or running for the connection. */
export function runConnectionNow(connectionId: string) {
  return apiRequest<SyncRunAction>(`/connections/${connectionId}/sync`, { method: 'POST' });
}

export interface SyncRunListParams {
  connectionId?: string | undefined;
  status?: SyncRunStatus | undefined;
  trigger?: SyncTrigger | undefined;
  service?: IntegrationService | undefined;
  /** YYYY-MM-DD (UTC). */
  from?: string | undefined;
  to?: string | undefined;
  stale?: boolean | undefined;
  sort?: string | undefined;
  order?: string | undefined;
  page?: number;
  limit?: number;
}

export function listSyncRuns(params: SyncRunListParams, signal?: AbortSignal) {
  return apiRequest<ListPage<SyncRunView>>(withQuery('/sync-runs', { ...params }), { signal });
}

export function getSyncRun(syncRunId: string, signal?: AbortSignal) {
  return apiRequest<SyncRunDetail>(`/sync-runs/${syncRunId}`, { signal });
}

export function listSyncRecordErrors(syncRunId: string, page: number, limit: number, signal?: AbortSignal) {
  return apiRequest<ListPage<SyncRecordErrorView>>(
    withQuery(`/sync-runs/${syncRunId}/record-errors`, { page, limit }),
    {
      signal,
    },
  );
}

export function getSyncRunsDaily(days: number, signal?: AbortSignal) {
  return apiRequest<SyncRunDaily>(withQuery('/sync-runs/daily', { days }), { signal });
}

/** Retry a failed, partial or cancelled run: `{run}`, the run it queued (or the active one). */
export function retrySyncRun(syncRunId: string) {
  return apiRequest<SyncRunAction>(`/sync-runs/${syncRunId}/retry`, { method: 'POST' });
}

export function cancelSyncRun(syncRunId: string) {
  return apiRequest<SyncRunAction>(`/sync-runs/${syncRunId}/cancel`, { method: 'POST' });
}

export function getQueueHealth(signal?: AbortSignal) {
  return apiRequest<QueueHealth[]>('/queues/health', { signal });
}

// ─── Plaid ─────────────────────────────────────────────────────────────────────────────────────

export function getPlaidLinkSettings(signal?: AbortSignal) {
  return apiRequest<PlaidLinkSettings>('/plaid/link-settings', { signal });
}

/** What `POST /create-plaid-link-token` answers (domain `plaidLinkTokenSchema`). */
export interface PlaidLinkToken {
  linkToken: string;
  expiration: string;
  mode: 'create' | 'update';
}

/** A Link token; with `itemId`, for update mode (repairing a connection's login). */
export function createPlaidLinkToken(body: { itemId?: string } = {}) {
  return apiRequest<PlaidLinkToken>('/create-plaid-link-token', { method: 'POST', body });
}

/** The fake's and sandbox's stand-in for Link: a public token for an institution. */
export function createSandboxPublicToken(institutionId: string) {
  return apiRequest<{ publicToken: string }>('/plaid/sandbox/public-token', {
    method: 'POST',
    body: { institutionId },
  });
}

export interface PlaidConnectionInput {
  householdId: string;
  institutionName: string;
  publicToken: string;
  itemId?: string;
}

/**
 * Exchanges the public token and keeps the access token (encrypted). A new bank answers its
 * accounts to place; its first sync is queued once they are (`placeAccounts`).
 */
export function createUpdatePlaidConnection(input: PlaidConnectionInput) {
  return apiRequest<LinkedPlaidConnection>('/create-update-plaid-connection', { method: 'POST', body: input });
}

/** A linked bank's accounts still to place, with the manual accounts each may be. */
export function getAccountsToPlace(connectionId: string, signal?: AbortSignal) {
  return apiRequest<AccountsToPlace>(`/plaid/connections/${encodeURIComponent(connectionId)}/accounts-to-place`, {
    signal,
  });
}

/** Places the accounts (owners, or a match with a manual account); the connection's sync is queued. */
export function placeAccounts(connectionId: string, body: PlaceAccountsInput) {
  return apiRequest<ConnectionView>(`/plaid/connections/${encodeURIComponent(connectionId)}/account-placements`, {
    method: 'POST',
    body,
  });
}

/** The organization's Stripe connection (never its keys). */
export function getStripeConnection(signal?: AbortSignal) {
  return apiRequest<StripeConnection>('/stripe/connection', { signal });
}

/** Connects Stripe: the key is checked with Stripe first (422 with Stripe's reason when refused). */
export function connectStripe(body: { secretKey: string; webhookSecret: string }) {
  return apiRequest<StripeConnection>('/stripe/connection', { method: 'POST', body });
}

export function disconnectStripe() {
  return apiRequest<void>('/stripe/connection', { method: 'DELETE' });
}
