import type { ImportBatchView } from '@meridian/domain';
import { formatCount, formatDuration } from '../../../lib/format';
import { formatRowsPerSecond } from './import-labels';

/**
 * A dry run's or commit's progress as the API reports it: rows done of the file's rows, the pace
 * since it started and the time left at that pace. Queued work shows as waiting for the worker.
 */
export function ImportProgress({ batch, label }: { batch: ImportBatchView; label: string }) {
  const total = batch.rowCount ?? 0;
  const done = Math.min(batch.progress.rowsDone, total);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const queued = batch.stage === 'DRY_RUN_QUEUED' || batch.stage === 'COMMIT_QUEUED';
  const { rowsPerSecond, etaSeconds } = batch.progress;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-tremor-default">
        <span className="font-medium text-tremor-content-strong">{label}</span>
        <span className="tabular-nums text-tremor-content" data-testid="import-progress-rows">
          {formatCount(done)} of {formatCount(total)} rows
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${formatCount(done)} of ${formatCount(total)} rows`}
        className="h-2 w-full overflow-hidden rounded-tremor-full bg-tremor-background-subtle"
      >
        <div className="h-full rounded-tremor-full bg-tremor-brand transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-tremor-label text-tremor-content" role="status" aria-live="polite">
        {queued
          ? 'Waiting for a worker to start…'
          : [
              rowsPerSecond !== null ? formatRowsPerSecond(rowsPerSecond) : 'Measuring the pace…',
              etaSeconds !== null ? `about ${formatDuration(etaSeconds)} left` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
    </div>
  );
}
