import { useCallback, useState } from 'react';
import { Badge } from '@tremor/react';
import {
  enumLabel,
  formatLongDate,
  type LifeEventResponse,
  type PersonResponse,
  type TimelineResponse,
} from '@meridian/domain';
import { listTimelines, timelineCalls } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { Empty, RecordCard, SmallButton } from '../record-list';
import { AddLifeEventForm, LifeEventDateForm, type Concerns } from './life-event-form';

/** One event on the household's timeline, with the timeline it belongs to. */
interface Entry {
  event: LifeEventResponse;
  timeline: TimelineResponse;
}

/**
 * Every event of the household's timelines (its own and its people's) by date. The sort is stable,
 * so events of one day keep the API's order (the order they were added).
 */
export function timelineEntries(timelines: readonly TimelineResponse[]): Entry[] {
  return timelines
    .flatMap((timeline) => timeline.lifeEvents.map((event) => ({ event, timeline })))
    .sort((a, b) => a.event.date.localeCompare(b.event.date));
}

function replaceEvent(
  timelines: TimelineResponse[],
  timelineId: string,
  change: (events: LifeEventResponse[]) => LifeEventResponse[],
) {
  return timelines.map((timeline) =>
    timeline.id === timelineId ? { ...timeline, lifeEvents: change(timeline.lifeEvents) } : timeline,
  );
}

function LifeEventItem({
  entry,
  concerns,
  onDateChanged,
  onDelete,
}: {
  entry: Entry;
  /** Whom the event concerns, when it is one person's rather than the whole household's. */
  concerns: string | undefined;
  onDateChanged: (event: LifeEventResponse) => void;
  onDelete: () => void;
}) {
  const { event, timeline } = entry;
  const [editing, setEditing] = useState(false);
  const can = useCan();
  const type = event.category ? enumLabel('LifeEventCategory', event.category) : undefined;
  return (
    <li className="relative pb-6 pl-6 last:pb-1" data-testid="life-event">
      <span
        aria-hidden="true"
        className="absolute -left-[7px] top-1 h-3 w-3 rounded-full border-2 border-white bg-tremor-brand ring-1 ring-tremor-brand"
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <time
            dateTime={event.date}
            className="block text-tremor-label font-medium text-tremor-content"
            data-testid="life-event-date"
          >
            {formatLongDate(event.date, true)}
          </time>
          <p className="flex flex-wrap items-center gap-2 text-tremor-default">
            <span className="font-semibold text-tremor-content-strong" data-testid="life-event-title">
              {event.title}
            </span>
            {/* The type, unless the title already says it (a title filled in from the type). */}
            {type && type !== event.title && (
              <Badge size="xs" color="blue" data-testid="life-event-type">
                {type}
              </Badge>
            )}
          </p>
          {concerns && (
            <p className="text-tremor-label text-tremor-content" data-testid="life-event-concerns">
              Concerns {concerns}
            </p>
          )}
          {timeline.name && <p className="text-tremor-label text-tremor-content">On the “{timeline.name}” timeline</p>}
          {event.description && (
            <p className="whitespace-pre-line text-tremor-default text-tremor-content-emphasis">{event.description}</p>
          )}
        </div>
        {!editing && (can('CRM_WRITE') || can('CRM_DELETE')) && (
          <span className="flex gap-1">
            {can('CRM_WRITE') && (
              <SmallButton onClick={() => setEditing(true)} testId="life-event-change-date">
                Change date
              </SmallButton>
            )}
            {can('CRM_DELETE') && (
              <SmallButton onClick={onDelete} testId="life-event-delete">
                Delete
              </SmallButton>
            )}
          </span>
        )}
      </div>
      {editing && (
        <LifeEventDateForm
          event={event}
          send={(body) => timelineCalls.setDate(timeline.id, event.id, body)}
          onSaved={(saved) => {
            setEditing(false);
            onDateChanged(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </li>
  );
}

/**
 * The household's life events on one vertical timeline, oldest first, and the form that adds one.
 * The timelines themselves stay out of sight: the household's (or a member's) is made with its
 * first event. Adding and changing a date take CRM_WRITE, deleting CRM_DELETE.
 */
export function HouseholdTimeline({
  householdId,
  members,
}: {
  householdId: string;
  members: readonly PersonResponse[];
}) {
  const load = useCallback((signal: AbortSignal) => listTimelines(householdId, signal), [householdId]);
  const resource = useResource(load);
  // The timelines as changed on this page since they were loaded (undefined until the first change).
  const [changed, setChanged] = useState<TimelineResponse[]>();
  const [deleting, setDeleting] = useState<Entry>();
  const canWrite = useCan()('CRM_WRITE');
  const timelines = changed ?? resource.data;
  const change = (update: (current: TimelineResponse[]) => TimelineResponse[]) =>
    setChanged((latest) => update(latest ?? resource.data ?? []));

  const memberName = (personId: string | null) => {
    if (!personId) return undefined;
    return members.find((member) => member.id === personId)?.name.display ?? 'a former member';
  };

  /** The timeline an event about `concerns` goes on: the first one there is, or a new one. */
  async function timelineFor(current: TimelineResponse[], concerns: Concerns): Promise<TimelineResponse> {
    const personId = concerns || null;
    const found = current.find((timeline) => timeline.personId === personId);
    if (found) return found;
    const created = await timelineCalls.create(personId ? { householdId, personId } : { householdId });
    change((current) => [...current, created]);
    return created;
  }

  async function add(concerns: Concerns, body: unknown) {
    const timeline = await timelineFor(timelines ?? [], concerns);
    const event = await timelineCalls.addLifeEvent(timeline.id, body);
    change((current) => replaceEvent(current, timeline.id, (events) => [...events, event]));
  }

  return (
    <RecordCard title="Timeline" testId="household-timeline">
      <Loaded resource={{ ...resource, data: timelines }} what="timeline">
        {(loaded) => {
          const entries = timelineEntries(loaded);
          return (
            <>
              {entries.length === 0 ? (
                <Empty>
                  {canWrite
                    ? 'No life event yet. Add the household’s first one below (a birth, a home purchase, a retirement…) with its date: the timeline keeps them in order.'
                    : 'No life event yet.'}
                </Empty>
              ) : (
                <ol className="ml-2 border-l-2 border-tremor-border pt-1" aria-label="Life events by date">
                  {entries.map((entry) => (
                    <LifeEventItem
                      key={entry.event.id}
                      entry={entry}
                      concerns={memberName(entry.timeline.personId)}
                      onDateChanged={(saved) =>
                        change((current) =>
                          replaceEvent(current, saved.timelineId, (events) =>
                            events.map((item) => (item.id === saved.id ? saved : item)),
                          ),
                        )
                      }
                      onDelete={() => setDeleting(entry)}
                    />
                  ))}
                </ol>
              )}
              {canWrite && (
                <div className="border-t border-tremor-border pt-4">
                  <AddLifeEventForm members={members} send={add} />
                </div>
              )}
            </>
          );
        }}
      </Loaded>
      {deleting && (
        <ConfirmDialog
          title="Delete this life event?"
          testId="life-event-delete-dialog"
          confirmLabel="Delete life event"
          action={() => timelineCalls.removeLifeEvent(deleting.timeline.id, deleting.event.id)}
          onDone={() => {
            const { event } = deleting;
            change((current) =>
              replaceEvent(current, event.timelineId, (events) => events.filter((item) => item.id !== event.id)),
            );
            setDeleting(undefined);
          }}
          onClose={() => setDeleting(undefined)}
        >
          “{deleting.event.title}” on {formatLongDate(deleting.event.date, true)} leaves the household’s timeline. The
          audit log keeps a record of it.
        </ConfirmDialog>
      )}
    </RecordCard>
  );
}
