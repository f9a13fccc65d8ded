import { useId } from 'react';
import { Link } from 'react-router';
import { IntegrationService, SyncRunStatus, SyncTrigger, type SyncRunView } from '@meridian/domain';
import { controlClass } from '../../../components/fields';
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

const cell = 'px-3 py-2 align-top';

/** created / updated / unchanged / deleted / failed, the failures in red. */
export function CountsSummary({ counts }: { counts: SyncRunView['counts'] }) {
  return (
    <span className="tabular-nums">
      {counts.created} new · {counts.updated} updated · {counts.unchanged} unchanged · {counts.deleted} deleted
      {counts.failed > 0 && <span className="text-red-600"> · {counts.failed} failed</span>}
    </span>
  );
}

/** The run history, newest first; each run opens its detail. */
export function RunsTable({ runs }: { runs: readonly SyncRunView[] }) {
  if (runs.length === 0) return <p className="text-tremor-default text-tremor-content">No runs match.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-tremor-default" aria-label="Sync runs" data-testid="runs-table">
        <thead className="border-b border-tremor-border text-tremor-content">
          <tr>
            <th className={cell}>Queued</th>
            <th className={cell}>Connection</th>
            <th className={cell}>Trigger</th>
            <th className={cell}>Status</th>
            <th className={cell}>Attempt</th>
            <th className={cell}>Records</th>
            <th className={cell}>Duration</th>
            <th className={cell}>Error</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-b border-tremor-border last:border-0" data-testid={`run-${run.id}`}>
              <td className={cell}>
                <Link to={`/connections/runs/${run.id}`} className="font-medium text-tremor-brand hover:underline">
                  <RelativeTime value={run.queuedAt} />
                  <span className="sr-only"> (run details)</span>
                </Link>
              </td>
              <td className={cell}>{run.connection.displayName ?? serviceLabel(run.connection.service)}</td>
              <td className={cell}>{TRIGGER_LABELS[run.trigger]}</td>
              <td className={cell}>
                <RunStatusBadge status={run.status} testId="run-status" />
              </td>
              <td className={`${cell} tabular-nums`}>{run.attempt}</td>
              <td className={cell}>
                <CountsSummary counts={run.counts} />
              </td>
              <td className={`${cell} tabular-nums`}>
                {run.durationMs === null ? '—' : formatMilliseconds(run.durationMs)}
              </td>
              <td className={`${cell} max-w-xs truncate text-red-600`} title={run.error?.message}>
                {run.error ? run.error.code : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
