import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Callout } from '@tremor/react';
import { connectionName, type ConnectionView } from '@meridian/domain';
import { deleteConnection, runConnectionNow, toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RelativeTime } from '../../../components/relative-time';
import { RunStatusBadge, isActiveRun } from '../../../components/run-status';
import { formatCount } from '../../../lib/format';
import { ConnectionStatusBadge, NeedsReauthBadge, PlacementPendingBadge, serviceLabel } from './sync-labels';

const cell = 'px-3 py-2 align-top';

/** '1 account', '6 accounts'. */
function counted(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

function Owner({ owner }: { owner: ConnectionView['owner'] }) {
  if (!owner) return <span>—</span>;
  const name = owner.name ?? owner.id;
  // A household's accounts are on its financial page; teams and professionals have no page yet.
  if (owner.type === 'household') {
    return (
      <Link className="text-tremor-brand hover:underline" to={`/financial-records/${owner.id}`}>
        {name}
      </Link>
    );
  }
  return <span>{name}</span>;
}

function ConfirmDelete({
  connection,
  onClose,
  onDeleted,
}: {
  connection: ConnectionView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete connection"
      testId="delete-connection-dialog"
      confirmLabel="Delete"
      action={() => deleteConnection(connection.id)}
      onDone={onDeleted}
      onClose={onClose}
    >
      Delete the connection to {connectionName(connection)}? Syncing stops and its credentials are erased; the accounts
      it brought stay, as manual records.
    </ConfirmDialog>
  );
}

/** Every connection of the organization with its state, last and next run, counts and actions. */
export function ConnectionsTable({
  connections,
  onChanged,
}: {
  connections: readonly ConnectionView[];
  onChanged: () => void;
}) {
  const [deleting, setDeleting] = useState<ConnectionView>();
  const [starting, setStarting] = useState<string>();
  const [error, setError] = useState<string>();

  async function runNow(connection: ConnectionView) {
    setStarting(connection.id);
    setError(undefined);
    try {
      await runConnectionNow(connection.id);
    } catch (failure) {
      setError(`${connectionName(connection)}: ${toApiError(failure).message}`);
    } finally {
      setStarting(undefined);
      onChanged();
    }
  }

  if (connections.length === 0) {
    return (
      <p className="mt-2 text-tremor-default text-tremor-content">
        No connections yet: link a bank from a household&apos;s financial page.
      </p>
    );
  }
  return (
    <>
      {error && (
        <Callout className="mb-3" title="The run could not be started" color="rose" role="alert">
          {error}
        </Callout>
      )}
      <div className="overflow-x-auto">
        <table
          className="w-full text-left text-tremor-default"
          aria-label="Connections"
          data-testid="connections-table"
        >
          <thead className="border-b border-tremor-border text-tremor-content">
            <tr>
              <th className={cell}>Connection</th>
              <th className={cell}>Owner</th>
              <th className={cell}>Status</th>
              <th className={cell}>Last run</th>
              <th className={cell}>Last synced</th>
              <th className={cell}>Next run</th>
              <th className={`${cell} text-right`}>Records</th>
              <th className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {connections.map((connection) => {
              const name = connectionName(connection);
              const { financialRecords, transactions, recurringStreams } = connection.recordCounts;
              return (
                <tr
                  key={connection.id}
                  className="border-b border-tremor-border last:border-0"
                  data-testid={`connection-${connection.id}`}
                >
                  <td className={cell}>
                    <span className="block font-medium text-tremor-content-strong">{name}</span>
                    <span className="text-tremor-label text-tremor-content">{serviceLabel(connection.service)}</span>
                  </td>
                  <td className={cell}>
                    <Owner owner={connection.owner} />
                  </td>
                  <td className={cell}>
                    <span className="flex flex-wrap gap-1">
                      <ConnectionStatusBadge status={connection.status} />
                      {connection.needsReauth && <NeedsReauthBadge />}
                      {connection.placementPending && <PlacementPendingBadge />}
                    </span>
                    {connection.lastError && (
                      <span
                        className="mt-1 line-clamp-2 block max-w-xs text-tremor-label text-red-600"
                        title={connection.lastError}
                        data-testid="connection-last-error"
                      >
                        {connection.lastError}
                      </span>
                    )}
                  </td>
                  <td className={cell} data-testid="connection-last-run">
                    {connection.lastRun ? (
                      <Link
                        to={`/connections/runs/${connection.lastRun.id}`}
                        aria-label={`Last run of ${name}: ${connection.lastRun.status.toLowerCase()}`}
                      >
                        <RunStatusBadge status={connection.lastRun.status} />
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={cell}>
                    <RelativeTime value={connection.lastSyncedAt} empty="Never" />
                  </td>
                  <td className={cell}>
                    <RelativeTime value={connection.nextSyncAt} empty="Not scheduled" />
                  </td>
                  <td className={`${cell} text-right tabular-nums`} data-testid="connection-counts">
                    <span className="block">{counted(financialRecords, 'account')}</span>
                    <span className="block text-tremor-label text-tremor-content">
                      {counted(transactions, 'transaction')} · {counted(recurringStreams, 'stream')}
                    </span>
                  </td>
                  <td className={`${cell} whitespace-nowrap text-right`}>
                    {connection.placementPending && connection.owner?.type === 'household' ? (
                      // It does not run until the advisor places its accounts, on the household page.
                      <Link
                        to={`/financial-records/${connection.owner.id}`}
                        className="text-tremor-default font-medium text-tremor-brand hover:underline"
                        aria-label={`Place accounts: ${name}`}
                      >
                        Place accounts
                      </Link>
                    ) : connection.needsReauth && connection.owner?.type === 'household' ? (
                      // A run would be refused until the client signs in again, which the
                      // household page's Reconnect does.
                      <Link
                        to={`/financial-records/${connection.owner.id}`}
                        className="text-tremor-default font-medium text-tremor-brand hover:underline"
                        aria-label={`Reconnect: ${name}`}
                      >
                        Reconnect
                      </Link>
                    ) : connection.canRunNow ? (
                      <Button
                        size="xs"
                        variant="secondary"
                        onClick={() => void runNow(connection)}
                        loading={starting === connection.id}
                        disabled={connection.lastRun !== null && isActiveRun(connection.lastRun.status)}
                        aria-label={`Run now: ${name}`}
                      >
                        Run now
                      </Button>
                    ) : connection.service === null ? (
                      // A file connection runs when one of its files is imported: nothing to start here.
                      <Link
                        to="/imports/new"
                        className="text-tremor-default font-medium text-tremor-brand hover:underline"
                        aria-label={`Import a file: ${name}`}
                      >
                        Import a file
                      </Link>
                    ) : null}
                    <Button
                      size="xs"
                      variant="light"
                      color="rose"
                      className="ml-2"
                      onClick={() => setDeleting(connection)}
                      aria-label={`Delete: ${name}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {deleting && (
        <ConfirmDelete
          connection={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            onChanged();
          }}
        />
      )}
    </>
  );
}
