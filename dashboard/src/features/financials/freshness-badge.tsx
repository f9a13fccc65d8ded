import { Badge } from '@tremor/react';
import type { FinancialView, RecordSyncInfo } from '@meridian/domain';
import { useNow } from '../../components/relative-time';
import { formatExact, formatRelative } from '../../lib/relative-time';

/** A record of the view with its sync freshness (null or absent for a record entered by hand). */
export type SyncedRecord = FinancialView['records'][number] & { sync?: RecordSyncInfo | null };

/** Older than this, a synced balance is flagged as stale. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export type Freshness = 'fresh' | 'stale' | 'never' | 'reauth';

export function freshnessOf(sync: RecordSyncInfo, now: Date): Freshness {
  if (sync.needsReauth) return 'reauth';
  if (sync.lastSyncedAt === null) return 'never';
  return now.getTime() - new Date(sync.lastSyncedAt).getTime() > STALE_AFTER_MS ? 'stale' : 'fresh';
}

const COLOURS = { fresh: 'emerald', stale: 'amber', never: 'gray', reauth: 'rose' } as const;

/** "Synced 5 min ago" (amber after a day), or "Needs re-authentication" in red. */
export function FreshnessBadge({ sync }: { sync: RecordSyncInfo }) {
  const now = useNow();
  const freshness = freshnessOf(sync, now);
  const synced = sync.lastSyncedAt === null ? null : new Date(sync.lastSyncedAt);
  const text =
    freshness === 'reauth'
      ? 'Needs re-authentication'
      : synced === null
        ? 'Not synced yet'
        : `Synced ${formatRelative(synced, now)}`;
  return (
    <Badge
      size="xs"
      color={COLOURS[freshness]}
      title={synced ? `Last synced ${formatExact(synced)}` : undefined}
      data-testid="freshness-badge"
      data-freshness={freshness}
    >
      {text}
    </Badge>
  );
}
