import { useCallback, useId, useState } from 'react';
import { Button, Callout, Card, Text, Title } from '@tremor/react';
import { ImportRowAction, type ContactType, type ImportBatchView, type ImportCommitReadiness } from '@meridian/domain';
import {
  downloadImportReport,
  listImportRows,
  startImportDryRun,
  toApiError,
  type ImportMappingView,
  type ImportRowResult,
} from '../../../api';
import { controlClass } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { Pager } from '../../../components/pager';
import { useResource } from '../../../hooks/use-resource';
import { formatCount } from '../../../lib/format';
import { ACTION_LABELS, ActionBadge, CONTACT_TYPE_LABELS, fieldLabel, formatFieldValue } from './import-labels';
import { ImportProgress } from './import-progress';
import { ColumnReport, ContactTypePicker, RowWarnings } from './import-report-parts';
import { ValueMapEditor } from './value-map-editor';

const ROWS_PAGE_SIZE = 25;

const COUNTS: readonly { key: keyof ImportBatchView['counts']; action: ImportRowAction; hint: string }[] = [
  { key: 'create', action: 'CREATE', hint: 'new records' },
  { key: 'update', action: 'UPDATE', hint: 'changed fields' },
  { key: 'unchanged', action: 'UNCHANGED', hint: 'already up to date' },
  { key: 'invalid', action: 'INVALID', hint: 'skipped, see why' },
  { key: 'review', action: 'REVIEW', hint: 'possible duplicates' },
];

/** Changes when the values the mapping shows change (a new dry run found more): the value map starts afresh. */
function valueMapKey(mapping: ImportMappingView): string {
  return mapping.columns
    .map((column) => `${column.header}:${(column.values ?? []).map((value) => `${value.from}=${value.to}`).join('|')}`)
    .join(';');
}

/** Why a finished dry run offers no commit. */
const READINESS_HINT: Record<Exclude<ImportCommitReadiness, 'READY'>, string> = {
  REVIEW_PENDING: 'Nothing to write yet: decide the rows to review below.',
  NOTHING_TO_WRITE: 'Nothing to write: every row is already up to date or invalid.',
};

export function CountCards({ counts, skipped = 0 }: { counts: ImportBatchView['counts']; skipped?: number }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Dry-run counts">
      {COUNTS.map(({ key, action, hint }) => (
        <div key={key} className="rounded-tremor-default border border-tremor-border p-3">
          <dt className="text-tremor-label text-tremor-content">{ACTION_LABELS[action].label}</dt>
          <dd
            className="mt-1 text-tremor-metric font-semibold tabular-nums text-tremor-content-strong"
            data-testid={`count-${key}`}
          >
            {formatCount(counts[key])}
          </dd>
          <dd className="text-tremor-label text-tremor-content">{hint}</dd>
        </div>
      ))}
      {skipped > 0 && (
        <div className="rounded-tremor-default border border-tremor-border p-3">
          <dt className="text-tremor-label text-tremor-content">{ACTION_LABELS.SKIPPED.label}</dt>
          <dd
            className="mt-1 text-tremor-metric font-semibold tabular-nums text-tremor-content-strong"
            data-testid="count-skipped"
          >
            {formatCount(skipped)}
          </dd>
          <dd className="text-tremor-label text-tremor-content">deleted at the source</dd>
        </div>
      )}
    </dl>
  );
}

function RowDetails({ row }: { row: ImportRowResult }) {
  if (row.errors.length === 0 && row.changes.length === 0 && row.warnings.length === 0)
    return <span className="text-tremor-content">—</span>;
  return (
    <div className="space-y-1">
      <RowWarnings row={row} />
      {row.errors.length > 0 && (
        <ul className="space-y-0.5" aria-label={`Errors of row ${row.rowNumber}`}>
          {row.errors.map((error, index) => (
            <li key={index} className="text-red-600" data-testid="row-error">
              <span className="text-tremor-content">
                {error.column ?? fieldLabel(error.field)}
                {error.value !== null && ` “${error.value}”`}:
              </span>{' '}
              {error.message}
            </li>
          ))}
        </ul>
      )}
      {row.changes.length > 0 && (
        <ul className="space-y-0.5" aria-label={`Changes of row ${row.rowNumber}`}>
          {row.changes.map((change) => (
            <li key={change.field} data-testid="row-change">
              <span className="font-medium text-tremor-content-strong">{fieldLabel(change.field)}</span>:{' '}
              <del className="text-tremor-content">{formatFieldValue(change.before)}</del> →{' '}
              <ins className="no-underline text-tremor-content-strong">{formatFieldValue(change.after)}</ins>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The dry run's decision for each row, filterable by action, with errors and field diffs. */
function RowsTable({ batch }: { batch: ImportBatchView }) {
  const filterId = useId();
  const [action, setAction] = useState<ImportRowAction | ''>('');
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) =>
      listImportRows(batch.id, { action: action || undefined, page, limit: ROWS_PAGE_SIZE }, signal),
    [batch.id, action, page],
  );
  const rows = useResource(load);

  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <label htmlFor={filterId} className="block text-tremor-label font-medium text-tremor-content-strong">
          Show rows
        </label>
        <select
          id={filterId}
          className={`${controlClass(false)} mt-1`}
          value={action}
          onChange={(event) => {
            setAction(event.target.value as ImportRowAction | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          {ImportRowAction.map((option) => (
            <option key={option} value={option}>
              {ACTION_LABELS[option].label}
            </option>
          ))}
        </select>
      </div>
      {rows.error && (
        <Callout title="The rows could not be loaded" color="rose" role="alert">
          {rows.error.message}
        </Callout>
      )}
      {rows.data === undefined && !rows.error && <LoadingState label="Loading the rows…" />}
      {rows.data !== undefined && (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-tremor-default" aria-label="Dry-run rows" data-testid="rows-table">
              <thead className="border-b border-tremor-border text-tremor-content">
                <tr>
                  <th className="px-3 py-2">Row</th>
                  <th className="px-3 py-2">Action</th>
                  <th className="px-3 py-2">Source id</th>
                  <th className="px-3 py-2">Errors, warnings and changes</th>
                </tr>
              </thead>
              <tbody>
                {rows.data.items.map((row) => (
                  <tr
                    key={row.rowNumber}
                    className="border-b border-tremor-border align-top last:border-0"
                    data-testid={`row-${row.rowNumber}`}
                  >
                    <td className="px-3 py-2 tabular-nums">{row.rowNumber}</td>
                    <td className="px-3 py-2">
                      <ActionBadge action={row.action} />
                    </td>
                    <td className="px-3 py-2 font-mono text-tremor-label">{row.sourceId ?? '—'}</td>
                    <td className="px-3 py-2">
                      <RowDetails row={row} />
                    </td>
                  </tr>
                ))}
                {rows.data.items.length === 0 && (
                  <tr>
                    <td colSpan={4} className="px-3 py-4 text-tremor-content">
                      No row here.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          {rows.data.total > ROWS_PAGE_SIZE && (
            <Pager page={page} limit={ROWS_PAGE_SIZE} total={rows.data.total} onPage={setPage} />
          )}
        </>
      )}
    </div>
  );
}

function ReportDownload({ batch }: { batch: ImportBatchView }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = `${(batch.fileName ?? 'import').replace(/\.[^.]+$/, '')}-report.csv`;
  return (
    <span className="inline-flex flex-col">
      <Button
        variant="light"
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          downloadImportReport(batch.id, name)
            .catch((failure: unknown) => setError(toApiError(failure).message))
            .finally(() => setBusy(false));
        }}
      >
        Download report (CSV)
      </Button>
      {error && (
        <span className="text-tremor-label text-red-600" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/**
 * Step 3: the dry run decides every row without writing anything. While it runs the page shows its
 * progress; then the counts, every row's action with its errors (the spec's messages) and, for
 * updates, the fields that would change, and the per-row report as CSV.
 */
export function DryRunStep({
  batch,
  mapping,
  onChanged,
  onMapped,
  onBack,
  onContinue,
  children,
}: {
  batch: ImportBatchView;
  /** The columns the import leaves out, with their values (the mapping the dry run used). */
  mapping?: ImportMappingView | undefined;
  onChanged: () => void;
  /** The mapping after the user changed the value map. */
  onMapped: (mapping: ImportMappingView) => void;
  onBack: () => void;
  onContinue: () => void;
  /** Shown under the counts when done (the review queue). */
  children?: React.ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [contactType, setContactType] = useState<ContactType>(batch.defaultContactType);
  const running = batch.stage === 'DRY_RUN_QUEUED' || batch.stage === 'DRY_RUN_RUNNING';
  const done = batch.stage !== 'UPLOADED' && !running;
  const pending = batch.status === 'PENDING';
  const contacts = batch.kind === 'contacts';

  async function start() {
    setBusy(true);
    setError(undefined);
    try {
      await startImportDryRun(batch.id, contacts ? { defaultContactType: contactType } : {});
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  return (
    <div className="space-y-6">
      <Card role="region" aria-labelledby="dry-run-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <Title id="dry-run-title">Dry run</Title>
            <Text className="mt-1">Every row is checked and matched; nothing is written until you commit.</Text>
          </div>
          {pending && !running && (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onBack} disabled={busy}>
                Change mapping
              </Button>
              <Button variant={done ? 'secondary' : 'primary'} onClick={() => void start()} loading={busy}>
                {done ? 'Run again' : 'Start dry run'}
              </Button>
            </div>
          )}
        </div>
        {contacts && pending && !running && (
          <div className="mt-4">
            <ContactTypePicker value={contactType} onChange={setContactType} disabled={busy} />
          </div>
        )}
        {error && <Callout className="mt-4" title={error} color="rose" role="alert" />}
        {batch.stage === 'UPLOADED' && batch.errorMessage && (
          <Callout className="mt-4" title="The dry run stopped" color="rose" role="alert" data-testid="dry-run-error">
            {batch.errorMessage}
            {batch.errorCode && <span className="ml-1 font-mono text-tremor-label">({batch.errorCode})</span>}
          </Callout>
        )}
        {running && (
          <div className="mt-4">
            <ImportProgress batch={batch} label="Dry run progress" />
          </div>
        )}
        {done && (
          <div className="mt-4 space-y-4" data-testid="dry-run-result">
            <CountCards counts={batch.counts} skipped={batch.skippedRows} />
            {contacts && (
              <Text data-testid="dry-run-contact-type">
                New contacts whose row gives no type become{' '}
                <span className="font-medium text-tremor-content-strong">
                  {CONTACT_TYPE_LABELS[batch.defaultContactType]}
                </span>
                {contactType !== batch.defaultContactType && ' (run the dry run again to apply your new choice)'}.
              </Text>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ReportDownload batch={batch} />
              {pending && batch.commitReadiness === 'READY' && <Button onClick={onContinue}>Continue to commit</Button>}
              {pending && batch.commitReadiness && batch.commitReadiness !== 'READY' && (
                <Text data-testid="dry-run-next">{READINESS_HINT[batch.commitReadiness]}</Text>
              )}
            </div>
          </div>
        )}
      </Card>
      {done && children}
      {mapping && !running && (
        <ValueMapEditor
          key={valueMapKey(mapping)}
          mapping={mapping}
          batchId={batch.id}
          editable={pending}
          onSaved={onMapped}
          rerun={start}
        />
      )}
      {done && mapping && (
        <Card role="region" aria-labelledby="columns-title">
          <Title id="columns-title" className="mb-3">
            Every column of the file
          </Title>
          <ColumnReport columns={mapping.columns} samples={mapping.samples} />
        </Card>
      )}
      {done && (
        <Card role="region" aria-labelledby="rows-title">
          <Title id="rows-title" className="mb-3">
            Rows
          </Title>
          {/* Keyed on the batch's stage and counts: another dry run or a commit reloads the rows. */}
          <RowsTable key={`${batch.stage}:${batch.status}:${Object.values(batch.counts).join(',')}`} batch={batch} />
        </Card>
      )}
    </div>
  );
}
