import type { ConnectionView } from '@meridian/domain';
import { toSyncRunView } from '../sync-runs/index.js';
import type { ConnectionRow, RecordCounts } from './connections.repository.js';

function owner(row: ConnectionRow): ConnectionView['owner'] {
  if (row.ownerHouseholdId) {
    return { type: 'household', id: row.ownerHouseholdId, name: row.ownerHousehold?.name ?? null };
  }
  if (row.ownerTeamId) return { type: 'team', id: row.ownerTeamId, name: row.ownerTeam?.name ?? null };
  if (row.ownerProfessionalId) {
    return {
      type: 'professional',
      id: row.ownerProfessionalId,
      name: row.ownerProfessional?.displayName ?? null,
    };
  }
  return null;
}

/** A connection as the API shows it: built from an explicit select, so credentials cannot leak. */
export function toConnectionView(
  row: ConnectionRow,
  counts: RecordCounts,
  nextSyncAt: Date | null,
  canRunNow: boolean,
): ConnectionView {
  const lastRun = row.syncRuns[0];
  return {
    id: row.id,
    service: row.service,
    source: row.source,
    status: row.status,
    owner: owner(row),
    displayName: row.displayName,
    externalAccountId: row.externalAccountId,
    syncIntervalMinutes: row.syncIntervalMinutes,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    nextSyncAt: nextSyncAt?.toISOString() ?? null,
    needsReauth: row.needsReauthSince !== null,
    needsReauthSince: row.needsReauthSince?.toISOString() ?? null,
    placementPending: row.placementPendingSince !== null,
    lastError: row.lastError,
    canRunNow,
    lastRun: lastRun ? toSyncRunView(lastRun) : null,
    recordCounts: counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
