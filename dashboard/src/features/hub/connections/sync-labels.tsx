import { Badge } from '@tremor/react';
import {
  INTEGRATION_SERVICE_LABELS,
  RETRYABLE_SYNC_RUN_STATUSES,
  type IntegrationService,
  type ConnectionStatus,
  type SyncRunStatus,
  type SyncTrigger,
} from '@meridian/domain';
import type { StatusColour } from '../../../components/run-status';

export const TRIGGER_LABELS: Record<SyncTrigger, string> = {
  SCHEDULE: 'Schedule',
  WEBHOOK: 'Webhook',
  MANUAL: 'Manual',
  INITIAL: 'Initial',
};

const CONNECTION_STATUS: Record<ConnectionStatus, { label: string; colour: StatusColour }> = {
  CREATED: { label: 'Created', colour: 'slate' },
  PENDING: { label: 'Pending', colour: 'blue' },
  SUCCESS: { label: 'Healthy', colour: 'emerald' },
  FAILED: { label: 'Failed', colour: 'rose' },
  CANCELLED: { label: 'Cancelled', colour: 'gray' },
};

export function isRetryableRun(status: SyncRunStatus): boolean {
  return (RETRYABLE_SYNC_RUN_STATUSES as readonly SyncRunStatus[]).includes(status);
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

/** A linked bank that does not sync until the advisor places its accounts (owners, matches). */
export function PlacementPendingBadge() {
  return (
    <Badge color="amber" size="xs" data-testid="placement-pending">
      Accounts to place
    </Badge>
  );
}

/** 'Plaid', 'Wealthica'...: a service's label; a connection without one is fed by files. */
export function serviceLabel(service: IntegrationService | null): string {
  if (service === null) return 'File imports';
  return INTEGRATION_SERVICE_LABELS[service];
}
