import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Callout } from '@tremor/react';
import type { AuditLogEntry, AuditLogPage, NamedRef } from '@meridian/domain';
import { listAuditLogs } from '../../../api/audit';
import { FieldDiff } from '../../../components/field-diff';
import { LoadingState } from '../../../components/full-page-status';
import { Pager } from '../../../components/pager';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';

const PAGE_SIZE = 20;

type Colour = 'emerald' | 'blue' | 'rose' | 'amber' | 'gray';

const ACTION_COLOURS: Record<AuditLogEntry['action'], Colour> = {
  CREATE: 'emerald',
  UPDATE: 'blue',
  DELETE: 'rose',
  SOFT_DELETE: 'amber',
  RESTORE: 'gray',
};

/** A record named after itself, linked to its page where it has one. */
export function NamedLink({ target, testId }: { target: NamedRef; testId?: string }) {
  if (target.path === null) {
    return (
      <span className="font-medium text-tremor-content-strong" data-testid={testId}>
        {target.name}
      </span>
    );
  }
  return (
    <Link to={target.path} className="font-medium text-tremor-brand hover:underline" data-testid={testId}>
      {target.name}
    </Link>
  );
}

/** One change: when, who, what it did to which record, and each field before and after. */
export function AuditEntryRow({
  entry,
  showEntity = true,
  showActor = true,
}: {
  entry: AuditLogEntry;
  showEntity?: boolean;
  showActor?: boolean;
}) {
  return (
    <li className="border-b border-tremor-border py-3 last:border-0" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2 text-tremor-default">
        <Badge color={ACTION_COLOURS[entry.action]} size="xs" data-testid="audit-entry-action">
          {entry.actionLabel}
        </Badge>
        {showEntity && (
          <span>
            <span className="text-tremor-content">{entry.entity.kindLabel} </span>
            <NamedLink target={entry.entity} testId="audit-entry-entity" />
          </span>
        )}
        {showActor && (
          <span className="text-tremor-content">
            by <NamedLink target={entry.actor} testId="audit-entry-actor" />
          </span>
        )}
        <span className="ml-auto text-tremor-label text-tremor-content">
          <RelativeTime value={entry.occurredAt} />
        </span>
      </div>
      {entry.action !== 'DELETE' && entry.action !== 'SOFT_DELETE' && entry.action !== 'RESTORE' && (
        <div className="mt-1 pl-1">
          <FieldDiff changes={entry.changes} testId="audit-entry-diff" />
        </div>
      )}
    </li>
  );
}

/** A page of changes with its pager, or the empty state `empty` says. */
export function AuditEntryList({
  load,
  showEntity = true,
  showActor = true,
  empty,
  label,
}: {
  load: (page: number, limit: number, signal: AbortSignal) => Promise<AuditLogPage>;
  showEntity?: boolean;
  /** Off where every change has the same author (a run's own page). */
  showActor?: boolean;
  empty: React.ReactNode;
  label: string;
}) {
  const [page, setPage] = useState(1);
  const fetchPage = useCallback((signal: AbortSignal) => load(page, PAGE_SIZE, signal), [load, page]);
  const resource = useResource(fetchPage);
  if (resource.error) {
    return (
      <Callout title="The history could not be loaded" color="rose" role="alert">
        {resource.error.message}
      </Callout>
    );
  }
  if (!resource.data) return <LoadingState label="Loading the history…" />;
  if (resource.data.total === 0) return <>{empty}</>;
  return (
    <div>
      <ul aria-label={label}>
        {resource.data.items.map((entry) => (
          <AuditEntryRow key={entry.id} entry={entry} showEntity={showEntity} showActor={showActor} />
        ))}
      </ul>
      {resource.data.total > PAGE_SIZE && (
        <div className="mt-3">
          <Pager page={page} limit={PAGE_SIZE} total={resource.data.total} onPage={setPage} />
        </div>
      )}
    </div>
  );
}

/**
 * Who changed what on one record (a contact, a household), newest first: embed it on the record's
 * page, e.g. the contact profile's Activity tab.
 */
export function AuditTrail({ entityId }: { entityId: string }) {
  const load = useCallback(
    (page: number, limit: number, signal: AbortSignal) => listAuditLogs({ entityId, page, limit }, signal),
    [entityId],
  );
  return (
    <div data-testid="audit-trail">
      <AuditEntryList
        load={load}
        showEntity={false}
        label="History"
        empty={
          <p className="text-tremor-default text-tremor-content">No change has been recorded for this record yet.</p>
        }
      />
    </div>
  );
}
