import { Badge } from '@tremor/react';
import { ACTIVE_SYNC_RUN_STATUSES, type SyncRunStatus } from '@meridian/domain';

// A sync run's status as every area shows it: the hub's runs and the first sync a financial page
// follows after "Link a bank".

/** While a run is queued or running a page follows it at this pace; idle, it stops asking. */
export const LIVE_REFRESH_MS = 2_000;

export type StatusColour = 'gray' | 'blue' | 'emerald' | 'amber' | 'rose' | 'slate';

/** Each run status: its label, and a colour the chart and the badges share. */
export const RUN_STATUS: Record<SyncRunStatus, { label: string; colour: StatusColour }> = {
  QUEUED: { label: 'Queued', colour: 'slate' },
  RUNNING: { label: 'Running', colour: 'blue' },
  SUCCEEDED: { label: 'Succeeded', colour: 'emerald' },
  PARTIAL: { label: 'Partial', colour: 'amber' },
  FAILED: { label: 'Failed', colour: 'rose' },
  CANCELLED: { label: 'Cancelled', colour: 'gray' },
};

export function isActiveRun(status: SyncRunStatus): boolean {
  return (ACTIVE_SYNC_RUN_STATUSES as readonly SyncRunStatus[]).includes(status);
}

export function RunStatusBadge({ status, testId }: { status: SyncRunStatus; testId?: string }) {
  const { label, colour } = RUN_STATUS[status];
  return (
    <Badge color={colour} size="xs" data-testid={testId} data-status={status}>
      {label}
    </Badge>
  );
}
