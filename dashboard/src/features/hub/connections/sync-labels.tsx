import { Badge } from '@tremor/react';
import {
  ACTIVE_SYNC_RUN_STATUSES,
  RETRYABLE_SYNC_RUN_STATUSES,
  type ConnectionStatus,
  type SyncRunStatus,
  type SyncTrigger,
} from '@meridian/domain';

/** While a run is queued or running a page follows it at this pace; idle, it stops asking. */
export const LIVE_REFRESH_MS = 2_000;

type Colour = 'gray' | 'blue' | 'emerald' | 'amber' | 'rose' | 'slate';

/** Each run status: its label, and a colour the chart and the badges share. */
export const RUN_STATUS: Record<SyncRunStatus, { label: string; colour: Colour }> = {
  QUEUED: { label: 'Queued', colour: 'slate' },
  RUNNING: { label: 'Running', colour: 'blue' },
  SUCCEEDED: { label: 'Succeeded', colour: 'emerald' },
  PARTIAL: { label: 'Partial', colour: 'amber' },
  FAILED: { label: 'Failed', colour: 'rose' },
  CANCELLED: { label: 'Cancelled', colour: 'gray' },
};

export const TRIGGER_LABELS: Record<SyncTrigger, string> = {
  SCHEDULE: 'Schedule',
  WEBHOOK: 'Webhook',
  MANUAL: 'Manual',
  INITIAL: 'Initial',
};

const CONNECTION_STATUS: Record<ConnectionStatus, { label: string; colour: Colour }> = {
  CREATED: { label: 'Created', colour: 'slate' },
  PENDING: { label: 'Pending', colour: 'blue' },
  SUCCESS: { label: 'Healthy', colour: 'emerald' },
  FAILED: { label: 'Failed', colour: 'rose' },
  CANCELLED: { label: 'Cancelled', colour: 'gray' },
};

export function isActiveRun(status: SyncRunStatus): boolean {
  return (ACTIVE_SYNC_RUN_STATUSES as readonly SyncRunStatus[]).includes(status);
}

export function isRetryableRun(status: SyncRunStatus): boolean {
  return (RETRYABLE_SYNC_RUN_STATUSES as readonly SyncRunStatus[]).includes(status);
}

export function RunStatusBadge({ status, testId }: { status: SyncRunStatus; testId?: string }) {
  const { label, colour } = RUN_STATUS[status];
  return (
    <Badge color={colour} size="xs" data-testid={testId} data-status={status}>
      {label}
    </Badge>
  );
}

export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const { label, colour } = CONNECTION_STATUS[status];
  return (
    <Badge color={colour} size="xs" data-status={status}>
      {label}
    </Badge>
  );
}

export function NeedsReauthBadge() {
  return (
    <Badge color="rose" size="xs" data-testid="needs-reauth">
      Needs re-authentication
    </Badge>
  );
}

/** 'Plaid', 'Wealthica'...: a service name as people write it. */
export function serviceLabel(service: string | null): string {
  if (service === null) return 'File source';
  return service.charAt(0) + service.slice(1).toLowerCase();
}
