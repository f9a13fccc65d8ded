// The demo organization's integration hub at work from the first `npm start`: a bank linked on the
// fake Plaid with a history of runs (succeeded, partial with a record error, failed then retried),
// a committed import and a drop folder. Everything goes through the running API and worker, as an
// ops person's clicks would, so the history is what the real services write; the fake Plaid runs
// in npm start's own process, which is what lets it fail on cue.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FakePlaidServer } from '@meridian/connectors/testing';
import type { LinkedPlaidConnection } from '@meridian/domain';

/** The sandbox institution the demo links (the fake rebuilds its items after a restart). */
const DEMO_INSTITUTION = { id: 'ins_100002', name: 'Northern Maple Trust' };
const TERMINAL = new Set(['SUCCEEDED', 'PARTIAL', 'FAILED', 'CANCELLED']);

/** A small contacts export in HubSpot's format (invented people), for the demo's committed import. */
const DEMO_IMPORT_CSV = [
  'Record ID,First Name,Last Name,Email,Phone Number,City,State/Region,Country/Region,Lifecycle Stage,Original Source',
  '7100000000000001,Amelia,Fournier,amelia.fournier@example.com,(416) 555-0142,Toronto,Ontario,Canada,Lead,Referrals',
  '7100000000000002,Lucas,Bergeron,lucas.bergeron@example.com,514-555-0188,Montreal,Quebec,Canada,Lead,Organic Search',
  '7100000000000003,Chloe,Nakamura,chloe.nakamura@example.com,604 555 0123,Vancouver,British Columbia,Canada,Opportunity,Paid Social',
].join('\n');

export interface DemoHubOptions {
  apiUrl: string;
  admin: { email: string; password: string };
  fake: FakePlaidServer;
  /** IMPORT_DROP_ROOT: drop folders live under `<root>/<organization id>/`. */
  dropRoot: string;
}

export interface DemoHubResult {
  runs: string[];
  importBatchId: string;
  dropFolderId: string;
}

export async function showDemoHubAtWork(options: DemoHubOptions): Promise<DemoHubResult> {
  const api = await signIn(options.apiUrl, options.admin);
  const households = await api.call<{ items: { id: string }[] }>('GET', '/api/households?limit=1');
  const householdId = households.items[0]?.id;
  if (!householdId) throw new Error('the demo organization has no household to link a bank to');

  // Linking: what Link would hand the dashboard, exchanged for a connection (its first sync queued).
  const { publicToken } = await api.call<{ publicToken: string }>('POST', '/api/plaid/sandbox/public-token', {
    institutionId: DEMO_INSTITUTION.id,
  });
  const connection = await api.call<LinkedPlaidConnection>('POST', '/api/create-update-plaid-connection', {
    householdId,
    institutionName: DEMO_INSTITUTION.name,
    publicToken,
  });
  const itemId = connection.externalAccountId ?? undefined;
  // As the advisor would: each account matched with the household's manual one the bank's looks
  // like, else owned by the household's first member. Placing queues the first sync.
  const { accounts, persons } = connection.accountsToPlace;
  if (accounts.length > 0) {
    const firstMember = persons[0]?.id;
    await api.call('POST', `/api/plaid/connections/${connection.id}/account-placements`, {
      placements: accounts.map((account) => {
        const likely = account.matches.find((match) => match.likely);
        return likely
          ? { externalAccountId: account.externalAccountId, matchRecordId: likely.recordId }
          : { externalAccountId: account.externalAccountId, owners: firstMember ? [firstMember] : [] };
      }),
    });
  }
  const initial = await api.waitForRun(
    (await api.call<{ items: { id: string }[] }>('GET', `/api/sync-runs?connectionId=${connection.id}`)).items[0]!.id,
  );

  // A record the bank sends that we cannot read: the run is PARTIAL with a per-record error.
  options.fake.injectFault(
    { mode: 'malformed-record', variant: 'unsupported-currency' },
    { endpoint: '/accounts/get', itemId },
  );
  const partial = await api.runNow(connection.id);
  // An answer we cannot read at all: a permanent failure, then the ops person's retry succeeds.
  options.fake.injectFault({ mode: 'break-contract' }, { endpoint: '/accounts/get', itemId });
  const failed = await api.runNow(connection.id);
  const retried = await api.waitForRun(
    (await api.call<{ run: { id: string } }>('POST', `/api/sync-runs/${failed.id}/retry`)).run.id,
  );

  // A committed import: a CRM export uploaded, dry-run, committed.
  const upload = await api.upload('hubspot-contacts-demo.csv', DEMO_IMPORT_CSV);
  await api.call('POST', `/api/imports/${upload.batch.id}/dry-run`, {});
  await api.waitFor('the demo import dry run', async () => {
    const batch = await api.call<{ stage: string; errorMessage: string | null }>(
      'GET',
      `/api/imports/${upload.batch.id}`,
    );
    if (batch.stage === 'UPLOADED' && batch.errorMessage) throw new Error(`dry run failed: ${batch.errorMessage}`);
    return batch.stage === 'DRY_RUN_DONE';
  });
  await api.call('POST', `/api/imports/${upload.batch.id}/commit`);
  await api.waitFor('the demo import commit', async () => {
    const batch = await api.call<{ status: string; errorMessage: string | null }>(
      'GET',
      `/api/imports/${upload.batch.id}`,
    );
    if (batch.status === 'FAILED') throw new Error(`commit failed: ${batch.errorMessage}`);
    return batch.status === 'APPLIED';
  });

  // A drop folder the CRM's nightly export lands in.
  const folderPath = join(options.dropRoot, api.organizationId, 'crm-nightly-export');
  await mkdir(folderPath, { recursive: true });
  const folder = await api.call<{ id: string }>('POST', '/api/import-folders', {
    name: 'Nightly CRM export',
    path: folderPath,
    cron: '0 2 * * *',
    profileId: upload.mapping.profileId ?? 'hubspot-contacts',
  });

  return {
    runs: [initial.id, partial.id, failed.id, retried.id],
    importBatchId: upload.batch.id,
    dropFolderId: folder.id,
  };
}

async function signIn(baseUrl: string, admin: { email: string; password: string }) {
  const login = await request<{ accessToken: string; user: { organizationId: string } }>(
    baseUrl,
    '',
    'POST',
    '/api/auth/login',
    admin,
  );
  const token = login.accessToken;
  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    request<T>(baseUrl, token, method, path, body);

  async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  async function waitForRun(id: string): Promise<{ id: string; status: string }> {
    let run = { id, status: 'QUEUED' };
    await waitFor(`sync run ${id}`, async () => {
      run = await call<{ id: string; status: string }>('GET', `/api/sync-runs/${id}`);
      return TERMINAL.has(run.status);
    });
    return run;
  }
  return {
    organizationId: login.user.organizationId,
    call,
    waitFor,
    waitForRun,
    async runNow(connectionId: string) {
      return waitForRun((await call<{ run: { id: string } }>('POST', `/api/connections/${connectionId}/sync`)).run.id);
    },
    async upload(fileName: string, csv: string) {
      const response = await fetch(`${baseUrl}/api/imports?fileName=${encodeURIComponent(fileName)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      const body = (await response.json()) as { batch: { id: string }; mapping: { profileId: string | null } };
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    },
  };
}

async function request<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
