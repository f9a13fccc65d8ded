import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Badge, Callout } from '@tremor/react';
import { Link, useSearchParams } from 'react-router';
import {
  enumLabel,
  formatShortDate,
  type AuditLogEntry,
  type DocumentResponse,
  type NoteResponse,
  type TaskResponse,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { listAuditLogs } from '../../../api/audit';
import { documentCalls, listTasksOf, noteCalls } from '../../../api/notes';
import { FilterSelect } from '../../../components/data-table';
import { LoadingState } from '../../../components/full-page-status';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';
import { NamedLink } from '../../platform/audit';
import { Empty, RecordCard, SmallButton } from '../../crm/record-list';
import { downloadDocument } from '../documents';
import { plainNoteText } from '../notes';

/** The kinds of entry the timeline merges, in the filter's order. */
const ActivityKind = ['NOTE', 'TASK', 'DOCUMENT', 'SYNC', 'CHANGE'] as const;
type ActivityKind = (typeof ActivityKind)[number];

const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  NOTE: 'Notes',
  TASK: 'Tasks',
  DOCUMENT: 'Documents',
  SYNC: 'Sync events',
  CHANGE: 'Changes',
};
const BADGE: Readonly<
  Record<ActivityKind, { label: string; color: 'blue' | 'emerald' | 'violet' | 'amber' | 'gray' }>
> = {
  NOTE: { label: 'Note', color: 'blue' },
  TASK: { label: 'Task', color: 'emerald' },
  DOCUMENT: { label: 'Document', color: 'violet' },
  SYNC: { label: 'Sync', color: 'amber' },
  CHANGE: { label: 'Change', color: 'gray' },
};

interface Entry {
  key: string;
  kind: ActivityKind;
  at: string;
  sentence: ReactNode;
}

/** What the timeline reads, each source on its own so that one failing leaves the others. */
interface Sources {
  notes: NoteResponse[];
  tasks: TaskResponse[];
  documents: DocumentResponse[];
  audit: AuditLogEntry[];
  /** How many audit entries the record has in all (the first AUDIT_ENTRIES are read). */
  auditTotal: number;
  failures: { what: string; message: string }[];
}

const AUDIT_ENTRIES = 50;

async function loadSources(
  entityId: string,
  owner: { householdId?: string; contactId?: string },
  signal: AbortSignal,
): Promise<Sources> {
  const [notes, tasks, documents, audit] = await Promise.allSettled([
    noteCalls.byEntity(entityId, signal),
    listTasksOf(owner, signal),
    documentCalls.byOwner(entityId, signal),
    listAuditLogs({ entityId, limit: AUDIT_ENTRIES }, signal),
  ]);
  const failures: Sources['failures'] = [];
  function value<T>(result: PromiseSettledResult<T>, what: string, empty: T): T {
    if (result.status === 'fulfilled') return result.value;
    failures.push({ what, message: toApiError(result.reason).message });
    return empty;
  }
  return {
    notes: value(notes, 'notes', []),
    tasks: value(tasks, 'tasks', []),
    documents: value(documents, 'documents', []),
    ...((page) => ({ audit: page.items, auditTotal: page.total }))(
      value(audit, 'changes', { items: [], page: 1, limit: AUDIT_ENTRIES, total: 0 }),
    ),
    failures,
  };
}

const strong = (text: string) => <span className="font-medium text-tremor-content-strong">{text}</span>;
const linkClass = 'font-medium text-tremor-brand hover:underline';

/** A task's latest event: completed, cancelled, or created (with its due date). */
function taskEntry(task: TaskResponse, tasksLink: string): Entry {
  const title = (
    <Link to={tasksLink} className={linkClass}>
      {task.title}
    </Link>
  );
  if (task.completedAt) {
    return { key: task.id, kind: 'TASK', at: task.completedAt, sentence: <>Task {title} was completed</> };
  }
  if (task.cancelledAt) {
    return { key: task.id, kind: 'TASK', at: task.cancelledAt, sentence: <>Task {title} was cancelled</> };
  }
  return {
    key: task.id,
    kind: 'TASK',
    at: task.createdAt,
    sentence: (
      <>
        Task {title} was created
        {task.assignee?.name && <> for {strong(task.assignee.name)}</>}
        {task.dueDate ? `, due ${formatShortDate(task.dueDate, true)}` : ''} (
        {enumLabel('TaskStatus', task.status).toLowerCase()})
      </>
    ),
  };
}

function auditEntry(entry: AuditLogEntry): Entry {
  const sync = entry.actorKind === 'SYNC';
  return {
    key: entry.id,
    kind: sync ? 'SYNC' : 'CHANGE',
    at: entry.occurredAt,
    sentence: (
      <>
        <NamedLink target={entry.actor} /> {entry.actionLabel.toLowerCase()}
        {' the '}
        {entry.entity.kindLabel.toLowerCase()} <NamedLink target={entry.entity} />
        {entry.changes.length > 0 && (
          <span className="text-tremor-content">
            {' '}
            ({entry.changes.length === 1 ? entry.changes[0]!.label : `${entry.changes.length} fields`})
          </span>
        )}
      </>
    ),
  };
}

function entriesOf(sources: Sources, notesTab: string, tasksLink: string): Entry[] {
  const notes: Entry[] = sources.notes.map((note) => ({
    key: note.id,
    kind: 'NOTE',
    at: note.createdAt,
    sentence: (
      <>
        {note.author ? strong(note.author.name) : 'Someone'} wrote the note{' '}
        <Link to={notesTab} className={linkClass}>
          {note.title ?? plainNoteText(note.body.content).slice(0, 60)}
        </Link>
        {note.attachments.length > 0 &&
          ` with ${note.attachments.length === 1 ? 'a file' : `${note.attachments.length} files`}`}
      </>
    ),
  }));
  const documents: Entry[] = sources.documents.map((item) => ({
    key: item.id,
    kind: 'DOCUMENT',
    at: item.createdAt,
    sentence: (
      <>
        The document{' '}
        <button type="button" className={linkClass} onClick={() => void downloadDocument(item.id)}>
          {item.originalFileName}
        </button>{' '}
        was added
      </>
    ),
  }));
  return [
    ...notes,
    ...sources.tasks.map((task) => taskEntry(task, tasksLink)),
    ...documents,
    ...sources.audit.map(auditEntry),
  ].sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * One timeline of a household or a contact: its notes, tasks, documents, sync events and changes,
 * newest first, each a sentence with its time and a link, filtered by kind (`?activity=` in the
 * URL, so a link can open it filtered).
 */
export function ActivityTimeline({
  entityId,
  notesTab,
  tasksLink,
}: {
  /** The household's or the contact's id: its tasks are read by the kind its id says. */
  entityId: string;
  /** The page's Notes tab, where a note's entry leads. */
  notesTab: string;
  /** Where a task's entry leads: the page's tasks tab, or My tasks. */
  tasksLink: string;
}) {
  const load = useCallback(
    (signal: AbortSignal) =>
      loadSources(
        entityId,
        entityId.startsWith('household-') ? { householdId: entityId } : { contactId: entityId },
        signal,
      ),
    [entityId],
  );
  const resource = useResource(load);
  const [params, setParams] = useSearchParams();
  const filter = {
    filter: () => params.get('activity') ?? '',
    update: (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.activity) next.set('activity', changes.activity);
          else next.delete('activity');
          return next;
        },
        { replace: true },
      ),
  };
  const kind = params.get('activity') ?? '';
  // Older changes, a page at a time on request; read afresh with the rest.
  const [older, setOlder] = useState<{ of: Sources; entries: AuditLogEntry[]; pages: number }>();
  const [olderState, setOlderState] = useState<{ loading: boolean; error?: string }>({ loading: false });
  const sources = useMemo(
    () =>
      resource.data && older?.of === resource.data
        ? { ...resource.data, audit: [...resource.data.audit, ...older.entries] }
        : resource.data,
    [resource.data, older],
  );
  const entries = useMemo(
    () => (sources ? entriesOf(sources, notesTab, tasksLink) : []),
    [sources, notesTab, tasksLink],
  );
  // The changes are read newest first, a page at a time: while older ones remain unread, nothing
  // older than the last one read is shown, so the timeline never skips a change between two notes.
  const pagesRead = 1 + (older && older.of === resource.data ? older.pages : 0);
  const moreChanges = sources !== undefined && sources.auditTotal > pagesRead * AUDIT_ENTRIES;
  const cutoff =
    moreChanges && kind !== 'NOTE' && kind !== 'TASK' && kind !== 'DOCUMENT'
      ? sources.audit.at(-1)?.occurredAt
      : undefined;
  const shown = entries.filter((entry) => (!kind || entry.kind === kind) && (!cutoff || entry.at >= cutoff));

  async function showOlder() {
    if (!sources || !resource.data) return;
    const of = resource.data;
    setOlderState({ loading: true });
    try {
      const page = await listAuditLogs({
        entityId,
        limit: AUDIT_ENTRIES,
        page: pagesRead + 1,
      });
      // A change made since the first read shifts the pages by one: an entry read twice is kept once.
      const known = new Set(sources.audit.map((entry) => entry.id));
      const fresh = page.items.filter((entry) => !known.has(entry.id));
      setOlder((current) =>
        current?.of === of
          ? { of, entries: [...current.entries, ...fresh], pages: current.pages + 1 }
          : { of, entries: fresh, pages: 1 },
      );
      setOlderState({ loading: false });
    } catch (failure) {
      setOlderState({ loading: false, error: toApiError(failure).message });
    }
  }

  return (
    <RecordCard title="Activity" testId="activity-timeline">
      <div className="max-w-xs">
        <FilterSelect
          list={filter}
          name="activity"
          label="Show"
          options={ActivityKind.map((value) => ({ value, label: ACTIVITY_KIND_LABELS[value] }))}
          emptyLabel="Everything"
          testId="activity-filter"
        />
      </div>
      {resource.error && (
        <Callout title="The activity could not be loaded" color="rose" role="alert">
          {resource.error.message}
        </Callout>
      )}
      {resource.data?.failures.map((failure) => (
        <Callout key={failure.what} title={`The ${failure.what} could not be loaded`} color="amber">
          {failure.message}
        </Callout>
      ))}
      {!resource.data && !resource.error && <LoadingState label="Loading the activity…" />}
      {resource.data &&
        (shown.length === 0 ? (
          <Empty>
            {kind
              ? `No ${ACTIVITY_KIND_LABELS[kind as ActivityKind]?.toLowerCase() ?? 'entries'} yet. Choose Everything to see the rest.`
              : 'Nothing has happened here yet. Write a note, add a task or upload a document: each shows here.'}
          </Empty>
        ) : (
          <ol className="ml-2 border-l-2 border-tremor-border" aria-label="Activity, newest first">
            {shown.map((entry) => (
              <li
                key={`${entry.kind}-${entry.key}`}
                className="relative pb-4 pl-6 last:pb-1"
                data-testid="activity-entry"
              >
                <span
                  aria-hidden="true"
                  className="absolute -left-[7px] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-tremor-brand ring-1 ring-tremor-brand"
                />
                <div className="flex flex-wrap items-baseline gap-2 text-tremor-default text-tremor-content-emphasis">
                  <Badge size="xs" color={BADGE[entry.kind].color} data-testid="activity-entry-kind">
                    {BADGE[entry.kind].label}
                  </Badge>
                  <span data-testid="activity-entry-sentence">{entry.sentence}</span>
                  <span className="ml-auto text-tremor-label text-tremor-content">
                    <RelativeTime value={entry.at} />
                  </span>
                </div>
              </li>
            ))}
          </ol>
        ))}
      {cutoff && (
        <div className="flex flex-wrap items-center gap-3">
          <SmallButton onClick={() => void showOlder()} testId="activity-older">
            {olderState.loading ? 'Loading older activity…' : 'Show older activity'}
          </SmallButton>
          {olderState.error && <span className="text-tremor-label text-red-600">{olderState.error}</span>}
        </div>
      )}
    </RecordCard>
  );
}
