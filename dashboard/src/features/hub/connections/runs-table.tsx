import { useId } from 'react';
import { Link } from 'react-router';
import {
  IntegrationService,
  SyncRunStatus,
  SyncTrigger,
  connectionName,
  syncErrorLabel,
  type SyncRunView,
} from '@meridian/domain';
import { controlClass } from '../../../components/fields';
import { DataTable, type DataColumn, type SortState } from '../../../components/data-table';
import { RelativeTime } from '../../../components/relative-time';
import { RUN_STATUS, RunStatusBadge } from '../../../components/run-status';
import { formatMilliseconds } from '../../../lib/relative-time';
import { TRIGGER_LABELS, serviceLabel } from './sync-labels';

export interface RunFilters {
  status: SyncRunStatus | '';
  service: IntegrationService | '';
  trigger: SyncTrigger | '';
}

export const NO_RUN_FILTERS: RunFilters = { status: '', service: '', trigger: '' };

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: T | '') => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-tremor-label font-medium text-tremor-content-strong">
        {label}
      </label>
      <select
        id={id}
        className={`${controlClass(false)} mt-1`}
        value={value}
        onChange={(event) => onChange(event.target.value as T | '')}
        data-testid={testId}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RunFilterBar({ filters, onChange }: { filters: RunFilters; onChange: (filters: RunFilters) => void }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" role="group" aria-label="Filter runs">
      <FilterSelect
        label="Status"
        value={filters.status}
        options={SyncRunStatus.map((status) => ({ value: status, label: RUN_STATUS[status].label }))}
        onChange={(status) => onChange({ ...filters, status })}
        testId="runs-filter-status"
      />
      <FilterSelect
        label="Service"
        value={filters.service}
        options={IntegrationService.map((service) => ({ value: service, label: serviceLabel(service) }))}
        onChange={(service) => onChange({ ...filters, service })}
        testId="runs-filter-service"
      />
      <FilterSelect
        label="Trigger"
        value={filters.trigger}
        options={SyncTrigger.map((trigger) => ({ value: trigger, label: TRIGGER_LABELS[trigger] }))}
        onChange={(trigger) => onChange({ ...filters, trigger })}
        testId="runs-filter-trigger"
      />
    </div>
  );
}

/** created / updated / unchanged / deleted / failed, the failures in red. */
export function CountsSummary({ counts }: { counts: SyncRunView['counts'] }) {
  return (
    <span className="tabular-nums">
      {counts.created} new · {counts.updated} updated · {counts.unchanged} unchanged · {counts.deleted} deleted
      {counts.failed > 0 && <span className="text-red-600"> · {counts.failed} failed</span>}
    </span>
  );
}

/** The run history's columns; sort keys are the API's. */
export const RUN_COLUMNS: DataColumn<SyncRunView>[] = [
  {
    key: 'queued',
    label: 'Queued',
    fixed: true,
    sortKey: 'queuedAt',
    render: (run) => (
      <Link to={`/connections/runs/${run.id}`} className="font-medium text-tremor-brand hover:underline">
        <RelativeTime value={run.queuedAt} />
        <span className="sr-only"> (run details)</span>
      </Link>
    ),
  },
  {
    key: 'connection',
    label: 'Connection',
    sortKey: 'connection',
    render: (run) => connectionName(run.connection),
  },
  { key: 'trigger', label: 'Trigger', sortKey: 'trigger', render: (run) => TRIGGER_LABELS[run.trigger] },
  {
    key: 'status',
    label: 'Status',
    sortKey: 'status',
    render: (run) => <RunStatusBadge status={run.status} testId="run-status" />,
  },
  { key: 'attempt', label: 'Attempt', sortKey: 'attempt', numeric: true, render: (run) => run.attempt },
  { key: 'records', label: 'Records', render: (run) => <CountsSummary counts={run.counts} /> },
  {
    key: 'duration',
    label: 'Duration',
    numeric: true,
    render: (run) => (run.durationMs === null ? '—' : formatMilliseconds(run.durationMs)),
  },
  {
    key: 'error',
    label: 'Error',
    render: (run) => (
      <span className="block max-w-xs truncate text-red-600" title={run.error?.message}>
        {run.error ? syncErrorLabel(run.error.code) : ''}
      </span>
    ),
  },
];

/** The run history, newest first unless sorted; each run opens its detail. */
export function RunsTable({
  runs,
  columns = RUN_COLUMNS,
  sort,
  onSort,
}: {
  runs: readonly SyncRunView[];
  columns?: readonly DataColumn<SyncRunView>[];
  sort?: SortState;
  onSort?: (sort: SortState) => void;
}) {
  return (
    <DataTable
      columns={columns}
      items={runs}
      rowKey={(run) => run.id}
      sort={sort}
      onSort={onSort}
      empty="No runs match these filters. Clear a filter, or press Run now on a connection."
      testId="runs-table"
      cellTestIdPrefix="run"
      label="Sync runs"
    />
  );
}
