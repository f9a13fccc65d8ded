import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Callout, Dialog, DialogPanel } from '@tremor/react';
import type { ConnectionView, PlaidLinkSettings, SyncRunView } from '@meridian/domain';
import {
  createPlaidLinkToken,
  createSandboxPublicToken,
  createUpdatePlaidConnection,
  getPlaidLinkSettings,
  listConnectionsByOwner,
  listSyncRuns,
  toApiError,
} from '../../api';
import { LoadingState } from '../../components/full-page-status';
import { LIVE_REFRESH_MS, RunStatusBadge, isActiveRun } from '../../components/run-status';
import { useResource } from '../../hooks/use-resource';
import { openPlaidLink } from './plaid-link';

/** What the dialog does: link a new bank, or repair the login of an existing connection. */
export type LinkRequest = { kind: 'link' } | { kind: 'reconnect'; connectionId: string };

type Step =
  | { name: 'choose' }
  | { name: 'linking'; label: string }
  | { name: 'syncing'; connection: ConnectionView }
  | { name: 'failed'; message: string };

/** Follows the connection's newest run until it finishes; tells the page once when it succeeded. */
function SyncProgress({ connection, onSynced }: { connection: ConnectionView; onSynced: () => void }) {
  const [done, setDone] = useState(false);
  const load = useCallback(
    (signal: AbortSignal) => listSyncRuns({ connectionId: connection.id, page: 1, limit: 1 }, signal),
    [connection.id],
  );
  const runs = useResource(load, done ? undefined : LIVE_REFRESH_MS);
  const run: SyncRunView | undefined = runs.data?.items[0] ?? connection.lastRun ?? undefined;
  const finished = run !== undefined && !isActiveRun(run.status);
  const reported = useRef(false);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    setDone(true);
    if (run.status === 'SUCCEEDED' || run.status === 'PARTIAL') onSynced();
  }, [finished, run, onSynced]);

  const name = connection.displayName ?? 'The bank';
  return (
    <div className="mt-4 space-y-3" role="status" aria-live="polite" data-testid="link-progress">
      {runs.error && <Callout title={runs.error.message} color="rose" />}
      {!run && <p className="text-tremor-default text-tremor-content">{name} is linked; its first sync is queued.</p>}
      {run && (
        <>
          <p className="flex items-center gap-2 text-tremor-default text-tremor-content-strong">
            First sync of {name}: <RunStatusBadge status={run.status} testId="link-run-status" />
          </p>
          <p className="text-tremor-default text-tremor-content">
            {run.counts.created} new · {run.counts.updated} updated
            {run.counts.failed > 0 && ` · ${run.counts.failed} refused`}
          </p>
          {run.status === 'SUCCEEDED' && (
            <p className="text-tremor-default text-tremor-content-strong">The accounts are on this page now.</p>
          )}
          {run.error && (
            <Callout title={run.error.code} color="rose">
              {run.error.message}
            </Callout>
          )}
          <Link className="text-tremor-default text-tremor-brand hover:underline" to={`/connections/runs/${run.id}`}>
            Open this run in the operations view
          </Link>
        </>
      )}
    </div>
  );
}

/**
 * "Link a bank" (and "Reconnect"): Plaid Link where Plaid is configured; against the local fake
 * Plaid, a sandbox list of its institutions stands in for Link and returns a public token. Then
 * the connection's first run is followed until it finishes, and the page reloads its accounts.
 */
export function LinkBankDialog({
  householdId,
  request,
  onClose,
  onSynced,
}: {
  householdId: string;
  request: LinkRequest;
  onClose: () => void;
  onSynced: () => void;
}) {
  const settings = useResource(getPlaidLinkSettings);
  const [step, setStep] = useState<Step>({ name: 'choose' });

  /** The connection being repaired (reconnect only): its item and name. */
  async function existingConnection(): Promise<ConnectionView | undefined> {
    if (request.kind !== 'reconnect') return undefined;
    const connections = await listConnectionsByOwner(householdId, 'PLAID');
    return connections.find((connection) => connection.id === request.connectionId);
  }

  async function link(
    getToken: () => Promise<{ publicToken: string; institutionName: string; itemId?: string } | null>,
  ) {
    setStep({ name: 'linking', label: 'Linking…' });
    try {
      const token = await getToken();
      if (token === null) {
        setStep({ name: 'choose' });
        return;
      }
      const connection = await createUpdatePlaidConnection({ householdId, ...token });
      setStep({ name: 'syncing', connection });
    } catch (failure) {
      setStep({ name: 'failed', message: toApiError(failure).message });
    }
  }

  const linkSandbox = (institution: { id: string; name: string }) =>
    link(async () => {
      const { publicToken } = await createSandboxPublicToken(institution.id);
      return { publicToken, institutionName: institution.name };
    });

  const linkWithPlaid = () =>
    link(async () => {
      const existing = await existingConnection();
      const itemId = existing?.externalAccountId ?? undefined;
      const { linkToken } = await createPlaidLinkToken(itemId ? { itemId } : {});
      const result = await openPlaidLink(linkToken);
      if (result === null) return null;
      const institutionName = result.institutionName ?? existing?.displayName ?? 'Bank';
      return itemId ? { publicToken: result.publicToken, institutionName, itemId } : { ...result, institutionName };
    });

  const title = request.kind === 'reconnect' ? 'Reconnect a bank' : 'Link a bank';
  const busy = step.name === 'linking';

  return (
    // Headless UI names the dialog from its own DialogTitle (Tremor does not export it) and drops an
    // aria-labelledby given here, so the dialog is named with aria-label.
    <Dialog open onClose={busy ? () => undefined : onClose} static aria-label={title}>
      <DialogPanel className="max-w-lg" data-testid="link-bank-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>
        {settings.error && (
          <Callout className="mt-4" title="Plaid's settings could not be loaded" color="rose" role="alert">
            {settings.error.message}
          </Callout>
        )}
        {!settings.data && !settings.error && <LoadingState label="Loading…" />}
        {settings.data && step.name === 'choose' && (
          <ChooseStep
            settings={settings.data}
            reconnect={request.kind === 'reconnect'}
            onSandbox={(institution) => void linkSandbox(institution)}
            onPlaid={() => void linkWithPlaid()}
          />
        )}
        {step.name === 'linking' && <LoadingState label={step.label} />}
        {step.name === 'failed' && (
          <Callout className="mt-4" title="The bank could not be linked" color="rose" role="alert">
            {step.message}
          </Callout>
        )}
        {step.name === 'syncing' && <SyncProgress connection={step.connection} onSynced={onSynced} />}
        <div className="mt-6 flex justify-end gap-3">
          {step.name === 'failed' && (
            <Button variant="secondary" onClick={() => setStep({ name: 'choose' })}>
              Try again
            </Button>
          )}
          <Button variant={step.name === 'syncing' ? 'primary' : 'secondary'} onClick={onClose} disabled={busy}>
            {step.name === 'syncing' ? 'Close' : 'Cancel'}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

function ChooseStep({
  settings,
  reconnect,
  onSandbox,
  onPlaid,
}: {
  settings: PlaidLinkSettings;
  reconnect: boolean;
  onSandbox: (institution: { id: string; name: string }) => void;
  onPlaid: () => void;
}) {
  if (!settings.configured) {
    return (
      <Callout className="mt-4" title="Plaid is not configured" color="amber" role="alert">
        This server has no Plaid client id and secret for the {settings.environment} environment.
      </Callout>
    );
  }
  if (settings.environment === 'fake') {
    return (
      <div className="mt-2" data-testid="plaid-sandbox">
        <p className="text-tremor-default text-tremor-content">
          Plaid sandbox: this server talks to a local fake Plaid, so no bank login is asked for. Choose an institution;
          its sandbox accounts are linked to this household.
          {reconnect && ' The fake has no login to repair: linking the institution again gives a fresh login.'}
        </p>
        <ul className="mt-4 space-y-2" aria-label="Sandbox institutions">
          {settings.sandboxInstitutions.map((institution) => (
            <li key={institution.id}>
              <button
                type="button"
                className="w-full rounded-tremor-default border border-tremor-border px-4 py-3 text-left text-tremor-default font-medium text-tremor-content-strong hover:bg-tremor-background-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted"
                onClick={() => onSandbox(institution)}
              >
                {institution.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="mt-2">
      <p className="text-tremor-default text-tremor-content">
        {reconnect
          ? 'Plaid Link opens so the client can sign in to the bank again.'
          : 'Plaid Link opens so the client can sign in to the bank; its accounts are then synced to this household.'}
      </p>
      <Button className="mt-4" onClick={onPlaid}>
        Open Plaid Link
      </Button>
    </div>
  );
}
