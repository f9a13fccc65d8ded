import { type DragEvent, type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Callout } from '@tremor/react';
import { MEETING_TYPE_LABELS, type MeetingSummary } from '@meridian/domain';
import { toApiError } from '../../../api';
import { meetingCalls } from '../../../api/meetings';
import { SelectInput } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../../platform/auth/auth-context';
import { useCan } from '../../platform/auth/use-can';
import { useTeamOptions } from '../../crm/teams';
import { movedBody } from './meeting-edit';
import { NewMeetingForm } from './new-meeting-form';
import { MEETING_TYPE_COLOURS, MeetingTypeLegend } from './meeting-types';
import { formatClock, formatDayHeading, formatShortDay } from './zoned-time';

/** Pixels of one hour on the grid, and the step a dragged meeting snaps to. */
const HOUR_PX = 48;
const SNAP_MINUTES = 15;

type View = 'week' | 'day';

/** Local midnight of `date`'s day. */
function midnight(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The Monday of `date`'s week. */
function mondayOf(date: Date): Date {
  return addDays(midnight(date), -((date.getDay() + 6) % 7));
}

const minutesOfDay = (date: Date) => date.getHours() * 60 + date.getMinutes();

/** Meetings of one day side by side where they overlap: each with its lane and the lanes of its cluster. */
function laneOut(meetings: readonly MeetingSummary[]): { meeting: MeetingSummary; lane: number; lanes: number }[] {
  const sorted = [...meetings].sort((a, b) => a.startTime.localeCompare(b.startTime));
  const placed: { meeting: MeetingSummary; lane: number; lanes: number }[] = [];
  let cluster: typeof placed = [];
  let clusterEnd = 0;
  const laneEnds: number[] = [];
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((item) => item.lane + 1));
    for (const item of cluster) item.lanes = lanes;
    cluster = [];
    laneEnds.length = 0;
  };
  for (const meeting of sorted) {
    const start = Date.parse(meeting.startTime);
    const end = Date.parse(meeting.endTime);
    if (cluster.length > 0 && start >= clusterEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    const item = { meeting, lane, lanes: 1 };
    cluster.push(item);
    placed.push(item);
    clusterEnd = Math.max(clusterEnd, end);
  }
  close();
  return placed;
}

function MeetingBlock({
  meeting,
  lane,
  lanes,
  firstHour,
  draggable,
  onOpen,
}: {
  meeting: MeetingSummary;
  lane: number;
  lanes: number;
  firstHour: number;
  draggable: boolean;
  onOpen: () => void;
}) {
  const start = new Date(meeting.startTime);
  const end = new Date(meeting.endTime);
  const top = ((minutesOfDay(start) - firstHour * 60) * HOUR_PX) / 60;
  const height = Math.max(20, (meeting.duration * HOUR_PX) / 60);
  const cancelled = meeting.cancelledAt !== null;
  const movable = draggable && !cancelled;
  const state = cancelled ? 'Cancelled' : meeting.confirmedAt === null ? 'Awaiting confirmation' : '';
  return (
    <button
      type="button"
      draggable={movable}
      onDragStart={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        event.dataTransfer.setData('text/plain', JSON.stringify({ id: meeting.id, grab: event.clientY - box.top }));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onClick={onOpen}
      className={`absolute overflow-hidden rounded-tremor-small border-l-4 px-1.5 py-0.5 text-left text-tremor-label shadow-sm ${
        MEETING_TYPE_COLOURS[meeting.type].block
      } ${cancelled ? 'opacity-50 line-through' : ''} ${movable ? 'cursor-grab' : ''}`}
      style={{
        top,
        height,
        left: `calc(${(lane / lanes) * 100}% + 2px)`,
        width: `calc(${100 / lanes}% - 4px)`,
      }}
      title={`${meeting.title}, ${formatClock(start)} to ${formatClock(end)}, ${MEETING_TYPE_LABELS[meeting.type]}`}
      data-testid="calendar-meeting"
      data-meeting-title={meeting.title}
    >
      {height < 36 ? (
        // Too short for two lines: the start, then the title.
        <span className="block truncate">
          <span className="font-semibold">{formatClock(start)}</span> {meeting.title}
          {state ? ` · ${state}` : ''}
        </span>
      ) : (
        <>
          <span className="block truncate font-semibold">{meeting.title}</span>
          <span className="block truncate">
            {formatClock(start)} to {formatClock(end)}
            {state ? ` · ${state}` : ''}
          </span>
        </>
      )}
    </button>
  );
}

/**
 * The team's meetings on a week or day grid, in the reader's own time zone, coloured by type. A
 * meeting dragged to another time is moved there (the edit call); a refused move goes back with
 * the reason. A meeting opens its page.
 */
export default function CalendarPage() {
  const user = useSessionUser();
  const teams = useTeamOptions();
  const canWrite = useCan()('PRACTICE_WRITE');
  const navigate = useNavigate();
  const [teamId, setTeamId] = useState(user.teamIds[0] ?? '');
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(() => midnight(new Date()));
  const days = useMemo(() => {
    if (view === 'day') return [anchor];
    const monday = mondayOf(anchor);
    return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  }, [view, anchor]);
  const fromMs = days[0]!.getTime();
  const toMs = addDays(days.at(-1)!, 1).getTime();
  const load = useCallback(
    (signal: AbortSignal) =>
      teamId
        ? meetingCalls.ofTeam(
            teamId,
            { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() },
            signal,
          )
        : Promise.resolve(undefined),
    [teamId, fromMs, toMs],
  );
  const resource = useResource(load);
  const [meetings, setMeetings] = useState<MeetingSummary[]>();
  const [refused, setRefused] = useState<string>();
  const [over, setOver] = useState<number>();
  /** The new-meeting form, open with its start (an empty slot double-clicked) or none. */
  const [creating, setCreating] = useState<{ start?: Date }>();
  const [notice, setNotice] = useState<string>();
  useEffect(() => setMeetings(resource.data), [resource.data]);

  // The hours shown: 07:00 to 20:00, widened to every meeting of the period.
  const local = meetings ?? [];
  const firstHour = Math.min(7, ...local.map((meeting) => new Date(meeting.startTime).getHours()));
  const lastHour = Math.max(
    20,
    ...local.map((meeting) => {
      const end = new Date(meeting.endTime);
      return Math.min(24, end.getHours() + (end.getMinutes() > 0 ? 1 : 0) || 24);
    }),
  );
  const hours = Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index);

  async function move(meetingId: string, start: Date) {
    const meeting = meetings?.find((item) => item.id === meetingId);
    if (!meeting || Date.parse(meeting.startTime) === start.getTime()) return;
    const before = meetings;
    setRefused(undefined);
    const shifted = start.getTime() - Date.parse(meeting.startTime);
    setMeetings((current) =>
      current?.map((item) =>
        item.id === meetingId
          ? {
              ...item,
              startTime: start.toISOString(),
              endTime: new Date(Date.parse(item.endTime) + shifted).toISOString(),
            }
          : item,
      ),
    );
    try {
      const full = await meetingCalls.get(meetingId);
      await meetingCalls.edit(meetingId, movedBody(full, start));
      resource.reload();
    } catch (failure) {
      setMeetings(before);
      setRefused(toApiError(failure).message);
    }
  }

  function drop(event: DragEvent<HTMLDivElement>, day: Date) {
    event.preventDefault();
    setOver(undefined);
    let dragged: { id: string; grab: number };
    try {
      dragged = JSON.parse(event.dataTransfer.getData('text/plain')) as { id: string; grab: number };
    } catch {
      return;
    }
    const column = event.currentTarget.getBoundingClientRect();
    const y = event.clientY - column.top - dragged.grab;
    const raw = firstHour * 60 + (y / HOUR_PX) * 60;
    const minutes = Math.max(0, Math.min(24 * 60 - SNAP_MINUTES, Math.round(raw / SNAP_MINUTES) * SNAP_MINUTES));
    void move(dragged.id, new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes));
  }

  /** An empty slot double-clicked: a new meeting there, at the half hour above the pointer. */
  function createAt(event: MouseEvent<HTMLDivElement>, day: Date) {
    if (!canWrite || event.target !== event.currentTarget) return;
    const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
    const minutes = Math.max(0, Math.min(24 * 60 - 30, Math.floor((firstHour * 60 + (y / HOUR_PX) * 60) / 30) * 30));
    setCreating({ start: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes) });
  }

  if (!teamId) {
    return (
      <Callout color="gray" title="You are on no team yet">
        The calendar shows a team’s meetings. Ask your firm’s administrator to add you to a team.
      </Callout>
    );
  }
  const step = view === 'week' ? 7 : 1;
  const title =
    view === 'week'
      ? `${formatShortDay(days[0]!)} to ${formatShortDay(days.at(-1)!)} ${days.at(-1)!.getFullYear()}`
      : formatDayHeading(days[0]!);
  const today = midnight(new Date()).getTime();
  const byDay = (day: Date) =>
    laneOut(local.filter((meeting) => midnight(new Date(meeting.startTime)).getTime() === day.getTime()));

  return (
    <div className="space-y-4" data-testid="calendar-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Calendar</h1>
          <p className="mt-1 text-tremor-default text-tremor-content" data-testid="calendar-period">
            {title}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {teams.length > 1 && (
            <div className="w-56">
              <SelectInput
                id="calendar-team"
                label="Team"
                value={teamId}
                options={teams}
                onChange={setTeamId}
                testId="calendar-team"
              />
            </div>
          )}
          <div className="flex rounded-tremor-default border border-tremor-border" role="group" aria-label="View">
            {(['week', 'day'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={`px-3 py-1.5 text-tremor-default ${
                  view === option
                    ? 'bg-tremor-brand-faint font-medium text-tremor-brand-emphasis'
                    : 'text-tremor-content'
                }`}
                data-testid={`calendar-view-${option}`}
              >
                {option === 'week' ? 'Week' : 'Day'}
              </button>
            ))}
          </div>
          <Button
            variant="secondary"
            onClick={() => setAnchor((date) => addDays(date, -step))}
            data-testid="calendar-previous"
          >
            Previous
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(midnight(new Date()))} data-testid="calendar-today">
            Today
          </Button>
          <Button
            variant="secondary"
            onClick={() => setAnchor((date) => addDays(date, step))}
            data-testid="calendar-next"
          >
            Next
          </Button>
          {canWrite && (
            <Button onClick={() => setCreating({})} data-testid="calendar-new-meeting">
              New meeting
            </Button>
          )}
        </div>
      </div>
      <MeetingTypeLegend />
      {notice && (
        <Callout color="emerald" title={notice} data-testid="calendar-notice">
          {null}
        </Callout>
      )}
      {refused && (
        <Callout color="red" title="The meeting was not moved" data-testid="calendar-refused">
          {refused}
        </Callout>
      )}
      {resource.error && (
        <Callout color="red" title="The meetings could not be loaded">
          {resource.error.message}
        </Callout>
      )}
      {!meetings && !resource.error && <LoadingState />}
      {meetings && meetings.length === 0 && (
        <p className="text-tremor-default text-tremor-content" data-testid="calendar-empty">
          No meeting in this {view}. Schedule one with New meeting, or let clients book through your{' '}
          <Link to="/meetings/templates" className="font-medium text-tremor-brand hover:underline">
            booking templates
          </Link>
          .
        </p>
      )}
      {meetings && (
        <div className="overflow-x-auto rounded-tremor-default border border-tremor-border bg-tremor-background">
          <div
            className="grid min-w-[48rem]"
            style={{ gridTemplateColumns: `4rem repeat(${days.length}, minmax(0, 1fr))` }}
          >
            <div className="border-b border-tremor-border" />
            {days.map((day) => (
              <div
                key={day.getTime()}
                className={`border-b border-l border-tremor-border px-2 py-2 text-center text-tremor-default font-medium ${
                  day.getTime() === today ? 'text-tremor-brand-emphasis' : 'text-tremor-content-strong'
                }`}
              >
                {formatShortDay(day)}
              </div>
            ))}
            <div className="relative" style={{ height: hours.length * HOUR_PX }}>
              {hours.map((hour, index) => (
                <span
                  key={hour}
                  className="absolute right-2 -translate-y-1/2 text-tremor-label text-tremor-content"
                  style={{ top: index * HOUR_PX }}
                >
                  {index === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
                </span>
              ))}
            </div>
            {days.map((day, dayIndex) => (
              <div
                key={day.getTime()}
                className={`relative border-l border-tremor-border ${over === dayIndex ? 'bg-tremor-brand-faint' : ''}`}
                style={{
                  height: hours.length * HOUR_PX,
                  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgb(229 231 235) ${HOUR_PX - 1}px, rgb(229 231 235) ${HOUR_PX}px)`,
                }}
                onDragOver={(event) => {
                  if (!canWrite) return;
                  event.preventDefault();
                  setOver(dayIndex);
                }}
                onDragLeave={() => setOver((current) => (current === dayIndex ? undefined : current))}
                onDrop={(event) => drop(event, day)}
                onDoubleClick={(event) => createAt(event, day)}
                aria-label={formatDayHeading(day)}
                data-testid="calendar-day"
              >
                {byDay(day).map(({ meeting, lane, lanes }) => (
                  <MeetingBlock
                    key={meeting.id}
                    meeting={meeting}
                    lane={lane}
                    lanes={lanes}
                    firstHour={firstHour}
                    draggable={canWrite}
                    onOpen={() => navigate(`/meetings/${meeting.id}`)}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      )}
      <p className="text-tremor-label text-tremor-content">
        Times in your own time zone. Drag a meeting to move it; open it for its agenda, tasks and transcript.
        {canWrite ? ' Double-click an empty time to schedule a meeting there.' : ''}
      </p>
      {creating && (
        <NewMeetingForm
          teamId={teamId}
          start={creating.start}
          onClose={() => setCreating(undefined)}
          onSaved={(meeting) => {
            setCreating(undefined);
            setNotice(`“${meeting.title}” was scheduled.`);
            setAnchor(midnight(new Date(meeting.startTime)));
            resource.reload();
          }}
        />
      )}
    </div>
  );
}
