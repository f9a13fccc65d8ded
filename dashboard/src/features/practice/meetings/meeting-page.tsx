import { type DragEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, Button, Callout, Card } from '@tremor/react';
import {
  enumLabel,
  MEETING_PARTICIPANT_ROLE_LABELS,
  MEETING_TASK_TIMING_LABELS,
  MEETING_TYPE_LABELS,
  MeetingMessage,
  MeetingTaskTiming,
  type MeetingTaskView,
  type MeetingView,
} from '@meridian/domain';
import { getTeam, toApiError } from '../../../api';
import { meetingCalls } from '../../../api/meetings';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldShell, FormMessages, InputField, SelectInput, controlClass } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../../platform/auth/auth-context';
import { useCan } from '../../platform/auth/use-can';
import { movedBody } from './meeting-edit';
import { MEETING_TYPE_COLOURS } from './meeting-types';
import { formatSpan } from './zoned-time';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** A task of a column: title, description, assignee and status; dragged to another column to move it. */
function TaskCard({
  task,
  draggable,
  onMove,
  onRemove,
}: {
  task: MeetingTaskView;
  draggable: boolean;
  onMove: (timing: MeetingTaskTiming) => void;
  onRemove: () => void;
}) {
  return (
    <li
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', task.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      className={`rounded-tremor-default border border-tremor-border bg-tremor-background p-3 shadow-tremor-card ${
        draggable ? 'cursor-grab' : ''
      }`}
      data-testid="meeting-task"
      data-task-title={task.title}
    >
      <p className="text-tremor-default font-medium text-tremor-content-strong">{task.title}</p>
      {task.description && <p className="mt-1 text-tremor-label text-tremor-content-emphasis">{task.description}</p>}
      <p className="mt-1 text-tremor-label text-tremor-content">
        {enumLabel('TaskStatus', task.status)}
        {task.assignee?.name ? ` · ${task.assignee.name}` : ''}
      </p>
      {draggable && (
        <div className="mt-2 flex items-center justify-between gap-2">
          {/* The keyboard's way to do what dragging does. */}
          <select
            aria-label={`Move “${task.title}” to`}
            className="rounded-tremor-small border border-tremor-border bg-tremor-background px-1 py-0.5 text-tremor-label text-tremor-content"
            value=""
            onChange={(event) => {
              if (event.target.value) onMove(event.target.value as MeetingTaskTiming);
            }}
            data-testid="meeting-task-move"
          >
            <option value="">Move to…</option>
            {MeetingTaskTiming.filter((timing) => timing !== task.timing).map((timing) => (
              <option key={timing} value={timing}>
                {MEETING_TASK_TIMING_LABELS[timing]}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={onRemove}
            className="text-tremor-label text-tremor-content hover:text-red-700"
            data-testid="meeting-task-remove"
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

/** A new task in one column: title, description, assignee (a member of the meeting's team). */
function AddTaskForm({
  meeting,
  timing,
  members,
  defaultAssignee,
  onSaved,
  onClose,
}: {
  meeting: MeetingView;
  timing: MeetingTaskTiming;
  members: { value: string; label: string }[];
  defaultAssignee: string;
  onSaved: (view: MeetingView) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [assignee, setAssignee] = useState(defaultAssignee);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });

  async function save() {
    const fields: Record<string, string> = {};
    if (!title.trim()) fields['content.title'] = MeetingMessage.taskTitleRequired;
    if (!description.trim()) fields['content.description'] = MeetingMessage.taskDescriptionRequired;
    if (!assignee) fields['assignee.canonicalId'] = MeetingMessage.assigneeRequired;
    setErrors({ fields, form: [] });
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      onSaved(
        await meetingCalls.addTask(meeting.id, {
          timing,
          assignee: { canonicalId: assignee },
          content: { title, description },
        }),
      );
    } catch (failure) {
      const error = toApiError(failure);
      const shown = ['content.title', 'content.description', 'assignee.canonicalId'];
      const byPath = error.fieldErrors();
      setErrors({
        fields: byPath,
        form: Object.keys(byPath).some((path) => shown.includes(path)) ? [] : [error.message],
      });
      setBusy(false);
    }
  }

  return (
    <form
      className="mt-2 space-y-2 rounded-tremor-default border border-tremor-border bg-tremor-background p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid={`meeting-task-form-${timing.toLowerCase()}`}
    >
      <InputField
        id={`${ids}-title`}
        label="Task"
        value={title}
        onChange={setTitle}
        error={errors.fields['content.title']}
        testId="meeting-task-title"
        required
      />
      <FieldShell
        id={`${ids}-description`}
        label="Description"
        error={errors.fields['content.description']}
        testId="meeting-task-description"
        required
      >
        <textarea
          id={`${ids}-description`}
          rows={2}
          className={controlClass(Boolean(errors.fields['content.description']))}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="meeting-task-description"
        />
      </FieldShell>
      <SelectInput
        id={`${ids}-assignee`}
        label="Assignee"
        value={assignee}
        options={members}
        emptyLabel="Choose a team member"
        onChange={setAssignee}
        error={errors.fields['assignee.canonicalId']}
        testId="meeting-task-assignee"
        required
      />
      <FormMessages messages={errors.form} testId="meeting-task-errors" />
      <div className="flex gap-2">
        <Button type="submit" size="xs" loading={busy} data-testid="meeting-task-save">
          Add task
        </Button>
        <Button type="button" size="xs" variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The transcript: pasted, or read from a text file (a list of lines or segments as JSON is joined). */
function Transcript({
  meeting,
  canWrite,
  onSaved,
}: {
  meeting: MeetingView;
  canWrite: boolean;
  onSaved: (view: MeetingView) => void;
}) {
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(meeting.transcript ?? '');
  const [structured, setStructured] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const file = useRef<HTMLInputElement>(null);

  async function read(selected: File) {
    setError(undefined);
    const content = await selected.text();
    // A JSON export of the meeting's captions is sent as it is: the API joins its lines.
    if (selected.name.toLowerCase().endsWith('.json')) {
      try {
        const parsed: unknown = JSON.parse(content);
        setStructured(parsed);
        setText(
          Array.isArray(parsed)
            ? parsed
                .map((line: unknown) =>
                  typeof line === 'object' && line !== null && 'text' in line ? String(line.text) : String(line),
                )
                .join('\n')
            : content,
        );
      } catch {
        setError(MeetingMessage.transcriptInvalid);
      }
      return;
    }
    setStructured(undefined);
    setText(content);
  }

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await meetingCalls.setTranscript(meeting.id, structured ?? text));
      setEditing(false);
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  if (!editing) {
    return (
      <div data-testid="meeting-transcript">
        {meeting.transcript ? (
          <pre
            className="max-h-96 overflow-y-auto whitespace-pre-wrap font-sans text-tremor-default text-tremor-content-emphasis"
            data-testid="meeting-transcript-text"
          >
            {meeting.transcript}
          </pre>
        ) : (
          <p className="text-tremor-default text-tremor-content" data-testid="meeting-transcript-empty">
            No transcript yet. Paste one, or upload the text file your meeting tool saved.
          </p>
        )}
        {canWrite && (
          <Button
            className="mt-3"
            size="xs"
            variant="secondary"
            onClick={() => setEditing(true)}
            data-testid="meeting-transcript-edit"
          >
            {meeting.transcript ? 'Replace the transcript' : 'Add a transcript'}
          </Button>
        )}
      </div>
    );
  }
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="meeting-transcript-form"
    >
      <FieldShell id={`${ids}-text`} label="Transcript" error={error} testId="meeting-transcript-input" required>
        <textarea
          id={`${ids}-text`}
          rows={10}
          className={controlClass(Boolean(error))}
          value={text}
          onChange={(event) => {
            setStructured(undefined);
            setText(event.target.value);
          }}
          data-testid="meeting-transcript-input"
        />
      </FieldShell>
      <div className="flex flex-wrap items-center gap-3">
        <label className="text-tremor-default text-tremor-content-emphasis">
          <span className="mr-2">Or upload a file (text, captions or JSON)</span>
          <input
            ref={file}
            type="file"
            accept=".txt,.vtt,.srt,.md,.json,text/plain"
            onChange={(event) => {
              const selected = event.target.files?.[0];
              if (selected) void read(selected);
            }}
            data-testid="meeting-transcript-file"
          />
        </label>
      </div>
      <div className="flex gap-2">
        <Button type="submit" loading={busy} data-testid="meeting-transcript-save">
          Save
        </Button>
        <Button type="button" variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "2026-12-03T14:00" of `date` on the reader's clock, for a datetime-local box. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new start for the meeting, typed (what dragging it on the calendar does). */
function Reschedule({ meeting, onSaved }: { meeting: MeetingView; onSaved: (view: MeetingView) => void }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(() => localInputValue(new Date(meeting.startTime)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="meeting-reschedule">
        Reschedule
      </Button>
    );
  }
  async function save() {
    const start = new Date(value);
    if (!value || Number.isNaN(start.getTime())) {
      setError(MeetingMessage.startTimeRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await meetingCalls.edit(meeting.id, movedBody(meeting, start)));
      setOpen(false);
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="meeting-reschedule-form"
    >
      <FieldShell id={`${ids}-start`} label="New start" error={error} testId="meeting-reschedule-start" required>
        <input
          id={`${ids}-start`}
          type="datetime-local"
          className={controlClass(Boolean(error))}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          data-testid="meeting-reschedule-start"
        />
      </FieldShell>
      <Button type="submit" loading={busy} data-testid="meeting-reschedule-save">
        Move
      </Button>
      <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
        Keep
      </Button>
    </form>
  );
}

/**
 * A meeting's page (crm §7 Meetings): when and where, who takes part, the agenda, the tasks before,
 * during and after it in three columns (dragged between them), the transcript, and cancel.
 */
export default function MeetingPage() {
  const { meetingId = '' } = useParams();
  const user = useSessionUser();
  const can = useCan();
  const canWrite = can('PRACTICE_WRITE');
  const load = useCallback((signal: AbortSignal) => meetingCalls.get(meetingId, signal), [meetingId]);
  const resource = useResource(load);
  const [meeting, setMeeting] = useState<MeetingView>();
  const [members, setMembers] = useState<{ value: string; label: string; userId: string }[]>([]);
  const [adding, setAdding] = useState<MeetingTaskTiming>();
  const [refused, setRefused] = useState<string>();
  const [over, setOver] = useState<MeetingTaskTiming>();
  const [cancelling, setCancelling] = useState(false);
  const viewed = useRef(false);
  useEffect(() => setMeeting(resource.data), [resource.data]);
  usePageTitle(meeting?.title);

  const teamId = meeting?.teamId;
  useEffect(() => {
    if (!teamId) return;
    const controller = new AbortController();
    getTeam(teamId, controller.signal)
      .then((team) =>
        setMembers(team.members.map((member) => ({ value: member.id, label: member.name, userId: member.userId }))),
      )
      .catch(() => setMembers([]));
    return () => controller.abort();
  }, [teamId]);

  // Opening the page marks the meeting viewed, once.
  useEffect(() => {
    if (!meeting || viewed.current || meeting.viewedAt || !canWrite || meeting.cancelledAt) return;
    viewed.current = true;
    meetingCalls.markViewed(meeting.id).catch(() => undefined);
  }, [meeting, canWrite]);

  if (resource.error && !meeting) {
    return (
      <Callout color="red" title="The meeting could not be opened" data-testid="meeting-error">
        {resource.error.message}
      </Callout>
    );
  }
  if (!meeting) return <LoadingState />;
  const cancelled = meeting.cancelledAt !== null;
  // A meeting that has ended is not cancelled any more; its tasks and transcript still change.
  const ended = Date.parse(meeting.endTime) <= Date.now();
  const writable = canWrite && !cancelled;
  const ownMember = members.find((member) => member.userId === user.id)?.value ?? '';

  async function moveTask(taskId: string, timing: MeetingTaskTiming) {
    if (!meeting) return;
    const task = MeetingTaskTiming.flatMap((column) => meeting.tasks[column]).find((item) => item.id === taskId);
    if (!task || task.timing === timing) return;
    const before = meeting;
    setRefused(undefined);
    setMeeting({
      ...meeting,
      tasks: Object.fromEntries(
        MeetingTaskTiming.map((column) => [
          column,
          column === timing
            ? [...meeting.tasks[column], { ...task, timing }]
            : meeting.tasks[column].filter((item) => item.id !== taskId),
        ]),
      ) as MeetingView['tasks'],
    });
    try {
      setMeeting(await meetingCalls.moveTask(meeting.id, taskId, timing));
    } catch (failure) {
      setMeeting(before);
      setRefused(toApiError(failure).message);
    }
  }

  async function removeTask(taskId: string) {
    if (!meeting) return;
    setRefused(undefined);
    try {
      setMeeting(await meetingCalls.removeTask(meeting.id, taskId));
    } catch (failure) {
      setRefused(toApiError(failure).message);
    }
  }

  const start = new Date(meeting.startTime);
  const end = new Date(meeting.endTime);
  return (
    <div className="space-y-4" data-testid="meeting-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to="/meetings/calendar" className="text-tremor-default font-medium text-tremor-brand hover:underline">
            Back to the calendar
          </Link>
          <h1
            className="mt-1 text-2xl font-semibold tracking-tight text-tremor-content-strong"
            data-testid="meeting-title"
          >
            {meeting.title}
          </h1>
          <p
            className="mt-1 flex flex-wrap items-center gap-2 text-tremor-default text-tremor-content"
            data-testid="meeting-when"
          >
            <span
              className={`rounded-tremor-small border-l-4 px-2 py-0.5 text-tremor-label ${MEETING_TYPE_COLOURS[meeting.type].block}`}
            >
              {MEETING_TYPE_LABELS[meeting.type]}
            </span>
            {formatSpan(start, end)}
            {meeting.location ? ` · ${meeting.location}` : ''}
          </p>
          <p className="mt-1 text-tremor-default text-tremor-content">Organized by {meeting.organizer.name}</p>
        </div>
        <div className="flex items-center gap-2">
          {cancelled ? (
            <Badge color="gray" data-testid="meeting-status">
              Cancelled
            </Badge>
          ) : meeting.confirmedAt === null ? (
            <Badge color="amber" data-testid="meeting-status">
              Awaiting confirmation
            </Badge>
          ) : (
            <Badge color="emerald" data-testid="meeting-status">
              {ended ? 'Held' : 'Confirmed'}
            </Badge>
          )}
          {writable && <Reschedule key={meeting.startTime} meeting={meeting} onSaved={setMeeting} />}
          {writable && !ended && (
            <Button variant="secondary" color="rose" onClick={() => setCancelling(true)} data-testid="meeting-cancel">
              Cancel meeting
            </Button>
          )}
        </div>
      </div>
      {refused && (
        <Callout color="red" title="That change was not made" data-testid="meeting-refused">
          {refused}
        </Callout>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Agenda" testId="meeting-agenda">
          {meeting.message && (
            <p className="whitespace-pre-line text-tremor-default text-tremor-content-emphasis">{meeting.message}</p>
          )}
          {meeting.agendaItems.length > 0 ? (
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-tremor-default text-tremor-content-emphasis">
              {meeting.agendaItems.map((item, index) => (
                <li key={index}>{item.value}</li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-tremor-default text-tremor-content">No agenda item yet.</p>
          )}
        </Section>
        <Section title="Participants" testId="meeting-participants">
          <ul className="divide-y divide-tremor-border">
            {meeting.participants.map((participant) => (
              <li
                key={participant.email}
                className="flex flex-wrap justify-between gap-2 py-2"
                data-testid="meeting-participant"
              >
                <span>
                  <span className="block text-tremor-default font-medium text-tremor-content-strong">
                    {participant.name}
                  </span>
                  <span className="block text-tremor-label text-tremor-content">{participant.email}</span>
                </span>
                <Badge color="gray">{MEETING_PARTICIPANT_ROLE_LABELS[participant.role]}</Badge>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <Section title="Tasks" testId="meeting-tasks">
        <div className="grid gap-3 md:grid-cols-3">
          {MeetingTaskTiming.map((timing) => (
            <section
              key={timing}
              aria-label={MEETING_TASK_TIMING_LABELS[timing]}
              onDragOver={(event: DragEvent) => {
                if (!writable) return;
                event.preventDefault();
                setOver(timing);
              }}
              onDragLeave={() => setOver((current) => (current === timing ? undefined : current))}
              onDrop={(event: DragEvent) => {
                event.preventDefault();
                setOver(undefined);
                void moveTask(event.dataTransfer.getData('text/plain'), timing);
              }}
              className={`flex flex-col rounded-tremor-default p-2 ${
                over === timing ? 'bg-tremor-brand-faint ring-2 ring-tremor-brand-muted' : 'bg-tremor-background-subtle'
              }`}
              data-testid={`meeting-tasks-${timing.toLowerCase()}`}
            >
              <h3 className="flex items-center justify-between px-1 pb-2 text-tremor-default font-semibold text-tremor-content-strong">
                {MEETING_TASK_TIMING_LABELS[timing]}
                <span className="text-tremor-label font-normal text-tremor-content">
                  {meeting.tasks[timing].length}
                </span>
              </h3>
              <ul className="min-h-16 space-y-2">
                {meeting.tasks[timing].map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    draggable={writable}
                    onMove={(to) => void moveTask(task.id, to)}
                    onRemove={() => void removeTask(task.id)}
                  />
                ))}
              </ul>
              {writable &&
                (adding === timing ? (
                  <AddTaskForm
                    meeting={meeting}
                    timing={timing}
                    members={members}
                    defaultAssignee={ownMember}
                    onClose={() => setAdding(undefined)}
                    onSaved={(view) => {
                      setMeeting(view);
                      setAdding(undefined);
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    onClick={() => setAdding(timing)}
                    className="mt-2 px-1 text-left text-tremor-default font-medium text-tremor-brand hover:underline"
                    data-testid={`meeting-task-add-${timing.toLowerCase()}`}
                  >
                    Add a task
                  </button>
                ))}
            </section>
          ))}
        </div>
      </Section>
      <Section title="Transcript" testId="meeting-transcript-section">
        <Transcript key={meeting.transcript ?? ''} meeting={meeting} canWrite={writable} onSaved={setMeeting} />
      </Section>
      {cancelling && (
        <ConfirmDialog
          title={`Cancel “${meeting.title}”?`}
          testId="meeting-cancel-dialog"
          confirmLabel="Cancel the meeting"
          action={async () => setMeeting(await meetingCalls.cancel(meeting.id))}
          onClose={() => setCancelling(false)}
          onDone={() => setCancelling(false)}
        >
          Its time is freed on the booking pages, and it can no longer be changed. Participants are not told by this
          page.
        </ConfirmDialog>
      )}
    </div>
  );
}
