import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge, Button, Callout, Card, Text, Title } from '@tremor/react';
import {
  connectionName,
  fieldChanges,
  syncErrorLabel,
  type SyncRecordErrorView,
  type SyncRunDetail,
  wordList,
} from '@meridian/domain';
import { cancelSyncRun, getSyncRun as getRun, listSyncRecordErrors, retrySyncRun, toApiError } from '../../../api';
import { FieldDiff } from '../../../components/field-diff';
import { LoadingState } from '../../../components/full-page-status';
import { Pager } from '../../../components/pager';
import { RelativeTime } from '../../../components/relative-time';
import { LIVE_REFRESH_MS, RunStatusBadge, isActiveRun } from '../../../components/run-status';
import { useResource } from '../../../hooks/use-resource';
import { formatCount } from '../../../lib/format';
import { formatExact, formatMilliseconds } from '../../../lib/relative-time';
import { listSyncRunChanges } from '../../../api/audit';
import { AuditEntryList } from '../../platform/audit';
import { CountsSummary } from './runs-table';
import { TRIGGER_LABELS, isRetryableRun, serviceLabel } from './sync-labels';

const ERRORS_PAGE_SIZE = 25;

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-tremor-label text-tremor-content">{label}</dt>
      <dd className="mt-0.5 text-tremor-default text-tremor-content-strong" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Timestamp({ value }: { value: string | null }) {
  if (value === null) return <span>—</span>;
  return (
    <span>
      {formatExact(new Date(value))} (<RelativeTime value={value} />)
    </span>
  );
}

function RecordErrors({ run }: { run: SyncRunDetail }) {
  const [page, setPage] = useState(1);
  // The detail carries the first page; later pages come from the record-errors list.
  const load = useCallback(
    (signal: AbortSignal) =>
      page === 1
        ? Promise.resolve({ items: run.recordErrors, total: run.recordErrorCount })
        : listSyncRecordErrors(run.id, page, ERRORS_PAGE_SIZE, signal),
    [page, run],
  );
  const errors = useResource(load);
  const items: readonly SyncRecordErrorView[] = errors.data?.items ?? [];
  if (run.recordErrorCount === 0) {
    return <Text className="mt-2">No record was refused.</Text>;
  }
  return (
    <>
      {errors.error && (
        <Callout className="mt-3" title="The record errors could not be loaded" color="rose" role="alert">
          {errors.error.message}
        </Callout>
      )}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-tremor-default" aria-label="Record errors" data-testid="record-errors">
          <thead className="border-b border-tremor-border text-tremor-content">
            <tr>
              <th className="px-3 py-2">Outside id</th>
              <th className="px-3 py-2">Reason</th>
              <th className="px-3 py-2">Payload</th>
            </tr>
          </thead>
          <tbody>
            {items.map((error) => (
              <tr key={error.id} className="border-b border-tremor-border align-top last:border-0">
                <td className="px-3 py-2 font-mono text-tremor-label">{error.outsideId || '(none)'}</td>
                <td className="px-3 py-2">{error.reason}</td>
                <td className="px-3 py-2">
                  {error.payload === null ? (
                    '—'
                  ) : (
                    <details>
                      <summary className="cursor-pointer text-tremor-brand">Show payload</summary>
                      <div className="mt-2 max-h-64 max-w-xl overflow-auto rounded-tremor-small bg-tremor-background-subtle p-2">
                        {/* The record as the provider sent it, field by field rather than as JSON. */}
                        <FieldDiff changes={fieldChanges(null, error.payload)} testId="record-error-payload" />
                      </div>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {run.recordErrorCount > run.recordErrors.length && (
        <div className="mt-3">
          <Pager page={page} limit={ERRORS_PAGE_SIZE} total={run.recordErrorCount} onPage={setPage} />
        </div>
      )}
    </>
  );
}

function RunActions({ run, onChanged }: { run: SyncRunDetail; onChanged: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'retry' | 'cancel'>();
  const [error, setError] = useState<string>();

  async function act(kind: 'retry' | 'cancel') {
    setBusy(kind);
    setError(undefined);
    try {
      const { run: next } = kind === 'retry' ? await retrySyncRun(run.id) : await cancelSyncRun(run.id);
      // A retry may queue a new run: follow it, so the page shows the attempt in progress.
      if (next.id !== run.id) navigate(`/connections/runs/${next.id}`);
      else onChanged();
    } catch (failure) {
      setError(toApiError(failure).message);
      onChanged();
    } finally {
      setBusy(undefined);
    }
  }

  // An import's run is repeated by importing the file again; a connection whose login broke must
  // be reconnected first (the API refuses both), so neither offers Retry.
  const fileImport = run.driver === 'IMPORT';
  const retryable = isRetryableRun(run.status) && !fileImport && !run.connection.needsReauth;
  return (
    <div className="space-y-3">
      {error && <Callout title={error} color="rose" role="alert" />}
      {isRetryableRun(run.status) && fileImport && (
        <p className="text-tremor-default text-tremor-content" data-testid="run-next-step">
          This run was an import: <Link to="/imports">import the file again</Link> to repeat it.
        </p>
      )}
      {isRetryableRun(run.status) && !fileImport && run.connection.needsReauth && (
        <p className="text-tremor-default text-tremor-content" data-testid="run-next-step">
          The client must sign in to the bank again before this connection can sync:{' '}
          <Link to="/connections">reconnect it from the connections page</Link>.
        </p>
      )}
      <div className="flex gap-2">
        {retryable && (
          <Button onClick={() => void act('retry')} loading={busy === 'retry'} disabled={busy !== undefined}>
            Retry
          </Button>
        )}
        {isActiveRun(run.status) && !fileImport && (
          <Button
            color="rose"
            variant="secondary"
            onClick={() => void act('cancel')}
            loading={busy === 'cancel'}
            disabled={busy !== undefined}
          >
            Cancel run
          </Button>
        )}
      </div>
    </div>
  );
}

/** 'contact' -> '3 contacts', 'investment_account' -> '1 investment account'. */
function counted(count: number, entityType: string): string {
  const noun = entityType.replace(/_/g, ' ');
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * An import's run: its file and batch, the rows it did not write (a PARTIAL run's why), and, once
 * rolled back, that it was and what the rollback removed.
 */
function ImportOfRun({ run }: { run: SyncRunDetail }) {
  const batch = run.import;
  if (!batch) return null;
  const removed = batch.rollback
    ? Object.entries(batch.rollback.removed)
        .filter(([, count]) => count > 0)
        .map(([entityType, count]) => counted(count, entityType))
    : [];
  return (
    <Card role="region" aria-labelledby="run-import-title" data-testid="run-import">
      <Title id="run-import-title">Import</Title>
      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="File">
          <Link to={`/imports/${batch.batchId}`} className="text-tremor-brand hover:underline">
            {batch.fileName ?? batch.batchId}
          </Link>
        </Field>
        <Field label="Rows not written" testId="run-import-not-written">
          {batch.invalidRows + batch.reviewRows === 0
            ? 'None'
            : `${batch.invalidRows} invalid, ${batch.reviewRows} left in review`}
        </Field>
        <Field label="Now" testId="run-import-status">
          {batch.status === 'ROLLED_BACK' ? (
            <span>
              Rolled back <RelativeTime value={batch.rolledBackAt} />
            </span>
          ) : batch.status === 'APPLIED' ? (
            'Applied'
          ) : (
            batch.status.charAt(0) + batch.status.slice(1).toLowerCase()
          )}
        </Field>
      </dl>
      {batch.rollback && (
        <Callout className="mt-4" title="Rolled back" color="gray" data-testid="run-rollback">
          The rollback removed {removed.length > 0 ? removed.join(', ') : 'nothing'}
          {batch.rollback.restored > 0 && ` and restored the fields of ${counted(batch.rollback.restored, 'record')}`}.
        </Callout>
      )}
    </Card>
  );
}

/** '2 created, 4 updated and 1 removed are listed below; 3 unchanged were skipped; 1 was refused (below).' */
function changesSummary(counts: SyncRunDetail['counts']): string {
  const written = [
    [counts.created, 'created'],
    [counts.updated, 'updated'],
    [counts.deleted, 'removed'],
  ] as const;
  const listed = written.filter(([count]) => count > 0).map(([count, what]) => `${formatCount(count)} ${what}`);
  const parts = [
    listed.length > 0 ? `${wordList(listed, 'and')}: listed below` : 'Nothing created, updated or removed',
    counts.unchanged > 0 && `${formatCount(counts.unchanged)} unchanged, skipped`,
    counts.failed > 0 && `${formatCount(counts.failed)} refused: see the record errors`,
  ].filter((part): part is string => typeof part === 'string');
  return `${parts.join('; ')}.`;
}

/** What the run wrote: each record it created, updated or removed, linked to its page. */
function RunChanges({ run }: { run: SyncRunDetail }) {
  const load = useCallback(
    (page: number, limit: number, signal: AbortSignal) => listSyncRunChanges(run.id, page, limit, signal),
    [run.id],
  );
  return (
    <Card role="region" aria-labelledby="run-changes-title" data-testid="run-changes">
      <Title id="run-changes-title">Changes</Title>
      <p className="mt-1 text-tremor-default text-tremor-content" data-testid="run-changes-summary">
        {changesSummary(run.counts)}
      </p>
      <div className="mt-2">
        <AuditEntryList
          // A running run keeps writing: load its changes again when its counts move.
          key={`${run.status}|${run.counts.created}|${run.counts.updated}|${run.counts.deleted}`}
          load={load}
          showActor={false}
          label="Records changed by this run"
          empty={
            <p className="text-tremor-default text-tremor-content" data-testid="run-changes-empty">
              {isActiveRun(run.status)
                ? 'Nothing written yet: records appear here as the run writes them.'
                : 'This run changed no record.'}
            </p>
          }
        />
      </div>
    </Card>
  );
}

/** One sync run: status, counts, timings, cursors, its error and the records it refused. */
export default function RunDetailPage() {
  const { syncRunId = '' } = useParams();
  const [live, setLive] = useState(true);
  const load = useCallback((signal: AbortSignal) => getRun(syncRunId, signal), [syncRunId]);
  const resource = useResource(load, live ? LIVE_REFRESH_MS : undefined);
  const run = resource.data?.id === syncRunId ? resource.data : undefined;
  const active = run === undefined ? !resource.error : isActiveRun(run.status);
  if (active !== live) setLive(active);
  const name = run ? connectionName(run.connection) : 'Sync run';

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="run-detail-page">
      <div>
        <p className="text-tremor-default text-tremor-content">
          <Link to="/connections" className="hover:text-tremor-brand">
            Connections
          </Link>
        </p>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-tremor-content-strong">
          <span>{name}</span>
          {run && <RunStatusBadge status={run.status} testId="run-detail-status" />}
          {run?.import?.status === 'ROLLED_BACK' && (
            <Badge color="gray" size="xs" data-testid="run-detail-rolled-back">
              Rolled back
            </Badge>
          )}
        </h1>
      </div>
      {resource.error && (
        <Callout title="The run could not be loaded" color="rose" role="alert">
          {resource.error.message}
        </Callout>
      )}
      {!run && !resource.error && <LoadingState label="Loading the run…" />}
      {run && (
        <>
          {run.error && (
            <Callout title={syncErrorLabel(run.error.code)} color="rose" data-testid="run-error">
              {run.error.message}
            </Callout>
          )}
          <RunActions run={run} onChanged={resource.reload} />
          <ImportOfRun run={run} />
          <Card>
            <Title>Run</Title>
            <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Field label="Service">{serviceLabel(run.connection.service)}</Field>
              <Field label="Trigger" testId="run-trigger">
                {TRIGGER_LABELS[run.trigger]}
              </Field>
              <Field label="Attempt" testId="run-attempt">
                {run.attempt}
              </Field>
              <Field label="Records" testId="run-counts">
                <CountsSummary counts={run.counts} />
              </Field>
              <Field label="Queued">
                <Timestamp value={run.queuedAt} />
              </Field>
              <Field label="Started">
                <Timestamp value={run.startedAt} />
              </Field>
              <Field label="Finished">
                <Timestamp value={run.finishedAt} />
              </Field>
              <Field label="Duration">{run.durationMs === null ? '—' : formatMilliseconds(run.durationMs)}</Field>
              {run.driver === 'SYNC' && (
                // The provider's cursor is opaque: what it means for the next run is what matters.
                <Field label="Next run" testId="run-next-position">
                  {run.cursorAfter ? 'Continues where this run stopped' : 'Starts from the beginning'}
                </Field>
              )}
            </dl>
          </Card>
          <RunChanges run={run} />
          <Card role="region" aria-labelledby="record-errors-title">
            <Title id="record-errors-title">Record errors ({run.recordErrorCount})</Title>
            <RecordErrors run={run} />
          </Card>
        </>
      )}
    </div>
  );
}
