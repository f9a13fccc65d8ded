import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Callout, Dialog, DialogPanel } from '@tremor/react';
import {
  syncErrorLabel,
  type AccountsToPlace,
  type ConnectionView,
  type PlaidLinkSettings,
  type SyncRunView,
} from '@meridian/domain';
import {
  createPlaidLinkToken,
  createSandboxPublicToken,
  createUpdatePlaidConnection,
  getAccountsToPlace,
  getPlaidLinkSettings,
  listConnectionsByOwner,
  listSyncRuns,
  toApiError,
} from '../../api';
import { LoadingState } from '../../components/full-page-status';
import { LIVE_REFRESH_MS, RunStatusBadge, isActiveRun } from '../../components/run-status';
import { useResource } from '../../hooks/use-resource';
import { useCan } from '../platform/auth/use-can';
import { PlaceAccountsStep } from './place-accounts';
import { openPlaidLink } from './plaid-link';

/**
 * What the dialog does: link a new bank, repair the login of an existing connection, or place the
 * accounts of a bank linked earlier whose placement was left unfinished.
 */
export type LinkRequest =
  | { kind: 'link' }
  | { kind: 'reconnect'; connectionId: string }
  | { kind: 'place'; connectionId: string; bankName: string };

type Step =
  | { name: 'choose' }
  | { name: 'linking'; label: string }
  | { name: 'place'; bankName: string; toPlace: AccountsToPlace }
  | { name: 'syncing'; connection: ConnectionView }
  | { name: 'failed'; message: string };

/**
 * Follows the connection's newest run until it finishes; tells the page once when it succeeded.
 * The runs are the operations view's (HUB_MANAGE); a role that only links banks follows the run
 * through the household's connections (BANK_LINK), which carry their last run.
 */
function SyncProgress({
  householdId,
  connection,
  onSynced,
}: {
  householdId: string;
  connection: ConnectionView;
  onSynced: () => void;
}) {
  const [done, setDone] = useState(false);
  const canOperate = useCan()('HUB_MANAGE');
  const load = useCallback(
    async (signal: AbortSignal): Promise<SyncRunView | undefined> => {
      if (canOperate) return (await listSyncRuns({ connectionId: connection.id, page: 1, limit: 1 }, signal)).items[0];
      const connections = await listConnectionsByOwner(householdId, 'PLAID', signal);
      return connections.find((item) => item.id === connection.id)?.lastRun ?? undefined;
    },
    [canOperate, connection.id, householdId],
  );
  const runs = useResource(load, done ? undefined : LIVE_REFRESH_MS);
  const run: SyncRunView | undefined = runs.data ?? connection.lastRun ?? undefined;
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
            <Callout title={syncErrorLabel(run.error.code)} color="rose">
              {run.error.message}
            </Callout>
          )}
          {canOperate && (
            <Link className="text-tremor-default text-tremor-brand hover:underline" to={`/connections/runs/${run.id}`}>
              Open this run in the operations view
            </Link>
          )}
        </>
      )}
    </div>
  );
}

/**
 * "Link a bank" (and "Reconnect"): Plaid Link where Plaid is configured; against the local fake
 * Plaid, a sandbox list of its institutions stands in for Link and returns a public token. Then
 * the bank's new accounts are placed (owners, or the manual account each already is), and the
 * connection's first run is followed until it finishes; the page reloads its accounts.
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
  const [step, setStep] = useState<Step>(
    request.kind === 'place' ? { name: 'linking', label: 'Loading the accounts…' } : { name: 'choose' },
  );

  // A bank linked earlier whose accounts still wait: straight to placing them.
  useEffect(() => {
    if (request.kind !== 'place') return;
    const controller = new AbortController();
    getAccountsToPlace(request.connectionId, controller.signal).then(
      (toPlace) => setStep({ name: 'place', bankName: request.bankName, toPlace }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setStep({ name: 'failed', message: toApiError(failure).message });
      },
    );
    return () => controller.abort();
  }, [request]);

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
      const { accountsToPlace, ...connection } = await createUpdatePlaidConnection({ householdId, ...token });
      setStep(
        // A new bank waits for its accounts to be placed; a relinked one is syncing again already.
        accountsToPlace.placementPending && accountsToPlace.accounts.length > 0
          ? { name: 'place', bankName: connection.displayName ?? token.institutionName, toPlace: accountsToPlace }
          : { name: 'syncing', connection },
      );
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

  const title =
    request.kind === 'reconnect' ? 'Reconnect a bank' : request.kind === 'place' ? 'Place accounts' : 'Link a bank';
  const busy = step.name === 'linking';

  return (
    // Headless UI names the dialog from its own DialogTitle (Tremor does not export it) and drops an
    // aria-labelledby given here, so the dialog is named with aria-label.
    <Dialog open onClose={busy ? () => undefined : onClose} static aria-label={title}>
      <DialogPanel className={step.name === 'place' ? 'max-w-2xl' : 'max-w-lg'} data-testid="link-bank-dialog">
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
        {step.name === 'place' && (
          <PlaceAccountsStep
            bankName={step.bankName}
            toPlace={step.toPlace}
            onPlaced={(connection) => setStep({ name: 'syncing', connection })}
            onLater={onClose}
          />
        )}
        {step.name === 'syncing' && (
          <SyncProgress householdId={householdId} connection={step.connection} onSynced={onSynced} />
        )}
        {/* Placing has its own buttons (Place later, Place accounts and sync). */}
        {step.name !== 'place' && (
          <div className="mt-6 flex justify-end gap-3">
            {step.name === 'failed' && request.kind !== 'place' && (
              <Button variant="secondary" onClick={() => setStep({ name: 'choose' })}>
                Try again
              </Button>
            )}
            <Button variant={step.name === 'syncing' ? 'primary' : 'secondary'} onClick={onClose} disabled={busy}>
              {step.name === 'syncing' ? 'Close' : 'Cancel'}
            </Button>
          </div>
        )}
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

/**
 * The household's banks whose accounts still wait to be placed (the dialog was closed before):
 * they do not sync until placed, so the page says so and offers to finish.
 */
export function PendingPlacements({
  householdId,
  onPlace,
}: {
  householdId: string;
  onPlace: (request: Extract<LinkRequest, { kind: 'place' }>) => void;
}) {
  const load = useCallback(
    (signal: AbortSignal) => listConnectionsByOwner(householdId, 'PLAID', signal),
    [householdId],
  );
  const connections = useResource(load);
  const pending = (connections.data ?? []).filter((connection) => connection.placementPending);
  if (pending.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="pending-placements">
      {pending.map((connection) => {
        const bankName = connection.displayName ?? 'A linked bank';
        return (
          <Callout
            key={connection.id}
            title={
              connection.lastSyncedAt
                ? `${bankName}: an account it opened since waits to be placed`
                : `${bankName}: its accounts wait to be placed`
            }
            color="amber"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {connection.lastSyncedAt
                  ? 'Its other accounts keep syncing; this one syncs, with its transactions, once it has an owner or is matched with an account already on this page.'
                  : 'It does not sync until each of its accounts has an owner, or is matched with an account already on this page.'}
              </span>
              <Button
                size="xs"
                variant="secondary"
                onClick={() => onPlace({ kind: 'place', connectionId: connection.id, bankName })}
              >
                Place accounts
              </Button>
            </div>
          </Callout>
        );
      })}
    </div>
  );
}
