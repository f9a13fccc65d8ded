import { useCallback } from 'react';
import { Badge, Callout, Text } from '@tremor/react';
import { apiRequest } from '../../api';
import { RelativeTime } from '../../components/relative-time';
import { LoadingState } from '../../components/full-page-status';
import { humanize } from '../../components/fields';
import { useResource } from '../../hooks/use-resource';

// A stand-in until the platform's <AuditTrail entityId> lands: swap this file's body for it.

interface AuditEntry {
  id: string;
  occurredAt: string;
  actorKind: 'USER' | 'SYSTEM' | 'SYNC';
  action: 'CREATE' | 'UPDATE' | 'DELETE' | 'SOFT_DELETE' | 'RESTORE';
  entityType: string;
  before: unknown;
  after: unknown;
}

const ACTIONS: Record<AuditEntry['action'], { label: string; colour: 'emerald' | 'blue' | 'rose' | 'amber' }> = {
  CREATE: { label: 'Created', colour: 'emerald' },
  UPDATE: { label: 'Changed', colour: 'blue' },
  DELETE: { label: 'Removed', colour: 'rose' },
  SOFT_DELETE: { label: 'Deleted', colour: 'rose' },
  RESTORE: { label: 'Restored', colour: 'amber' },
};

const ACTORS: Record<AuditEntry['actorKind'], string> = { USER: 'by a user', SYSTEM: 'by Meridian', SYNC: 'by a sync' };

/** The top-level fields whose value differs between before and after, as words. */
function changedFields(entry: AuditEntry): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !['updatedAt', 'createdAt', 'id'].includes(key))
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => humanize(key.replace(/([a-z])([A-Z])/g, '$1_$2')).toLowerCase());
}

/** Who changed what on this contact, newest first (GET /api/audit-logs for the entity). */
export function ContactActivity({ entityId }: { entityId: string }) {
  const load = useCallback(
    (signal: AbortSignal) =>
      apiRequest<{ items: AuditEntry[]; total: number }>(
        `/audit-logs?entityId=${encodeURIComponent(entityId)}&limit=50`,
        {
          signal,
        },
      ),
    [entityId],
  );
  const { data, error } = useResource(load);
  if (error) {
    return (
      <Callout title="The activity could not be loaded" color="rose" role="alert">
        {error.message}
      </Callout>
    );
  }
  if (!data) return <LoadingState label="Loading activity…" />;
  if (data.items.length === 0) return <Text>No change recorded yet: edits made on the Details tab show here.</Text>;
  return (
    <ul className="divide-y divide-tremor-border" data-testid="contact-activity">
      {data.items.map((entry) => {
        const action = ACTIONS[entry.action];
        const fields = entry.action === 'UPDATE' ? changedFields(entry) : [];
        return (
          <li
            key={entry.id}
            className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2"
            data-testid="activity-entry"
          >
            <Badge size="xs" color={action.colour}>
              {action.label}
            </Badge>
            <span className="text-tremor-default text-tremor-content-strong">
              {fields.length > 0 ? fields.join(', ') : humanize(entry.entityType.replace(/([a-z])([A-Z])/g, '$1_$2'))}
            </span>
            <span className="text-tremor-label text-tremor-content">
              {ACTORS[entry.actorKind]} · <RelativeTime value={entry.occurredAt} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
