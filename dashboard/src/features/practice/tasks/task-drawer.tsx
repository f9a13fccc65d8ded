import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import {
  enumerationOptions,
  enumLabel,
  formatShortDate,
  formatTimestamp,
  type TaskOwnerKind,
  type TaskResponse,
  type TaskStatus,
} from '@meridian/domain';
import { getTeam, toApiError, type ApiError } from '../../../api';
import { FormMessages, InputField, SelectInput, type Option } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../../platform/auth/auth-context';
import { useCan } from '../../platform/auth/use-can';
import { useTeamOptions } from '../../crm/teams';
import { SideDrawer } from '../../financials/side-drawer';
import { AssigneePicker, MentionsField, type Mention } from './entity-picker';
import { RecurrenceField, ruleOf } from './recurrence-field';
import { TaskStatusBadge } from './task-bits';
import { taskCalls } from './tasks-api';

/** Priorities are free text in the spec; these are the words a team uses, kept as written. */
const PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'];

const TYPE_OPTIONS = enumerationOptions('TaskType');
// A new task starts open; Done and Cancelled are reached by the actions, not chosen up front.
const NEW_STATUS_OPTIONS = enumerationOptions('TaskStatus').filter(
  (option) => option.value !== 'DONE' && option.value !== 'CANCELLED',
);

interface Draft {
  title: string;
  type: string;
  status: TaskStatus;
  dueDate: string;
  scheduledTime: string;
  priority: string;
  note: string;
  rule: string;
  customRule: boolean;
  assignee: { id: string; name: string | null } | null;
  /** The task's mentions as stored, then as edited: saving an existing task sends the whole set. */
  mentions: Mention[];
}

/** `2026-12-01T15:30:00.000Z` as a datetime-local input shows it, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

/** One mention's chip; one out of the reader's teams has no name to show. */
const mentionOf = (mention: { id: string; name: string | null }): Mention => ({
  id: mention.id,
  name: mention.name ?? 'Outside your teams',
});

/** Whether two sets of mentions name the same entities, in any order. */
function sameMentions(a: readonly Mention[], b: readonly Mention[]): boolean {
  const ids = new Set(a.map((mention) => mention.id));
  return a.length === b.length && b.every((mention) => ids.has(mention.id));
}

function draftOf(task: TaskResponse | undefined): Draft {
  return {
    title: task?.title ?? '',
    type: task?.type ?? '',
    status: task?.status ?? 'TODO',
    dueDate: task?.dueDate ?? '',
    scheduledTime: localInput(task?.scheduledTime ?? null),
    priority: task?.priority ?? '',
    note: task?.note ?? '',
    rule: ruleOf(task?.recurrence ?? null),
    customRule: false,
    assignee: task?.assignee ? { id: task.assignee.id, name: task.assignee.name } : null,
    mentions: task?.mentions.map(mentionOf) ?? [],
  };
}

const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

export interface NewTaskOwner {
  kind: TaskOwnerKind;
  id: string;
  name: string;
  /** The team the owner belongs to, which the task joins. */
  teamId: string;
}

/**
 * The caller's own team membership on `teamId`, the assignee a new task starts with so that it
 * lands on their "My tasks".
 */
function useOwnMembership(teamId: string, enabled: boolean) {
  const user = useSessionUser();
  const load = useCallback(
    (signal: AbortSignal) => (enabled && teamId ? getTeam(teamId, signal) : Promise.resolve(undefined)),
    [teamId, enabled],
  );
  const team = useResource(load).data;
  const member = team?.members.find((item) => item.userId === user.id);
  return member ? { id: member.id, name: member.name } : undefined;
}

function TaskForm({
  task,
  owner,
  onSaved,
  onClose,
}: {
  task: TaskResponse | undefined;
  owner: NewTaskOwner | undefined;
  onSaved: (task: TaskResponse) => void;
  onClose: () => void;
}) {
  const id = useId();
  const canWrite = useCan()('PRACTICE_WRITE');
  const teams = useTeamOptions();
  const user = useSessionUser();
  const [teamId, setTeamId] = useState(task?.teamId ?? owner?.teamId ?? user.teamIds[0] ?? '');
  const [draft, setDraft] = useState<Draft>(() => draftOf(task));
  const [error, setError] = useState<ApiError>();
  const [pending, setPending] = useState(false);
  const closed = task !== undefined && (task.status === 'DONE' || task.status === 'CANCELLED');
  const readOnly = !canWrite || closed;

  const own = useOwnMembership(teamId, task === undefined);
  useEffect(() => {
    // A new task is the author's own until they give it to someone else.
    if (task === undefined && own) setDraft((current) => (current.assignee ? current : { ...current, assignee: own }));
  }, [own, task]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const fields = error?.fieldErrors() ?? {};
  const shownPaths = ['title', 'type', 'status', 'dueDate', 'scheduledTime', 'priority', 'note', 'recurrence'];
  const formMessages = error ? error.formErrors(shownPaths).form : [];

  async function create() {
    const body = {
      title: draft.title,
      ...(draft.type ? { type: draft.type } : {}),
      status: draft.status,
      ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
      ...(draft.status === 'SCHEDULED' && draft.scheduledTime ? { scheduledTime: isoOf(draft.scheduledTime) } : {}),
      ...(draft.priority ? { priority: draft.priority } : {}),
      ...(draft.note ? { note: draft.note } : {}),
      ...(draft.rule ? { recurrence: draft.rule } : {}),
      ...(draft.assignee ? { assigneeId: draft.assignee.id } : {}),
      ...(draft.mentions.length > 0 ? { mentions: draft.mentions.map((mention) => mention.id) } : {}),
      owner: owner ? { kind: owner.kind, id: owner.id } : { kind: 'TEAM', id: teamId },
    };
    return taskCalls.create(body);
  }

  /** Each changed field through its own call, in an order the rules accept (due date before recurrence). */
  async function update(current: TaskResponse) {
    let result = current;
    const before = draftOf(current);
    if (draft.title !== before.title) result = await taskCalls.setTitle(current.id, draft.title);
    if (draft.dueDate !== before.dueDate) result = await taskCalls.setDueDate(current.id, draft.dueDate || null);
    if (draft.status !== before.status) {
      result = await taskCalls.setStatus(
        current.id,
        draft.status,
        draft.status === 'SCHEDULED' ? isoOf(draft.scheduledTime) : undefined,
      );
    }
    const edit: Record<string, unknown> = {};
    if (draft.note !== before.note) edit.note = draft.note || null;
    if (draft.type !== before.type) edit.type = draft.type || null;
    if (draft.priority !== before.priority) edit.priority = draft.priority || null;
    if (draft.rule !== before.rule) edit.recurrence = draft.rule || null;
    // The set replaces the task's: the API tells only those it did not mention already.
    if (!sameMentions(draft.mentions, before.mentions)) edit.mentions = draft.mentions.map((mention) => mention.id);
    if (draft.status === 'SCHEDULED' && before.status === 'SCHEDULED' && draft.scheduledTime !== before.scheduledTime) {
      edit.scheduledTime = isoOf(draft.scheduledTime);
    }
    if (Object.keys(edit).length > 0) result = await taskCalls.edit(current.id, edit);
    if (draft.assignee && draft.assignee.id !== before.assignee?.id) {
      result = await taskCalls.assign(current.id, draft.assignee.id);
    }
    return result;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const saved = task ? await update(task) : await create();
      setDraft((current) => ({ ...draftOf(saved), customRule: current.customRule }));
      onSaved(saved);
      if (!task) onClose();
    } catch (failure) {
      setError(toApiError(failure));
    } finally {
      setPending(false);
    }
  }

  async function act(call: () => Promise<TaskResponse>) {
    setPending(true);
    setError(undefined);
    try {
      const saved = await call();
      setDraft(draftOf(saved));
      onSaved(saved);
    } catch (failure) {
      setError(toApiError(failure));
    } finally {
      setPending(false);
    }
  }

  const priorityOptions: Option[] = [
    ...PRIORITIES,
    ...(draft.priority && !PRIORITIES.includes(draft.priority) ? [draft.priority] : []),
  ].map((value) => ({ value, label: value }));
  const statusOptions = task ? enumerationOptions('TaskStatus') : NEW_STATUS_OPTIONS;

  return (
    <form onSubmit={save} className="space-y-4" aria-label={task ? 'Task' : 'New task'} data-testid="task-form">
      {task && (
        <div
          className="flex flex-wrap items-center gap-2 text-tremor-default text-tremor-content"
          data-testid="task-summary"
        >
          <TaskStatusBadge status={task.status} />
          {task.completedAt && <span>Completed {formatTimestamp(task.completedAt)}</span>}
          {task.cancelledAt && <span>Cancelled {formatTimestamp(task.cancelledAt)}</span>}
          {task.recurrenceText && <span data-testid="task-recurrence-text">{task.recurrenceText}</span>}
        </div>
      )}
      {closed && (
        <Callout color="gray" title="This task is closed">
          Mark it incomplete to change it again.
        </Callout>
      )}
      <fieldset disabled={readOnly} className="space-y-4">
        <InputField
          id={`${id}-title`}
          label="Title"
          required
          value={draft.title}
          onChange={(value) => set('title', value)}
          error={fields.title}
          testId="task-title"
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectInput
            id={`${id}-type`}
            label="Type"
            value={draft.type}
            options={
              draft.type && !TYPE_OPTIONS.some((option) => option.value === draft.type)
                ? [...TYPE_OPTIONS, { value: draft.type, label: enumLabel('TaskType', draft.type) }]
                : TYPE_OPTIONS
            }
            emptyLabel="No type"
            onChange={(value) => set('type', value)}
            error={fields.type}
            testId="task-type"
          />
          <SelectInput
            id={`${id}-status`}
            label="Status"
            value={draft.status}
            options={statusOptions}
            onChange={(value) => set('status', value as TaskStatus)}
            error={fields.status}
            testId="task-status-select"
            disabled={closed}
          />
          <InputField
            id={`${id}-due`}
            label="Due date"
            type="date"
            value={draft.dueDate}
            onChange={(value) => set('dueDate', value)}
            error={fields.dueDate}
            testId="task-due-date"
          />
          <SelectInput
            id={`${id}-priority`}
            label="Priority"
            value={draft.priority}
            options={priorityOptions}
            emptyLabel="No priority"
            onChange={(value) => set('priority', value)}
            error={fields.priority}
            testId="task-priority"
          />
          {draft.status === 'SCHEDULED' && (
            <div>
              <label
                htmlFor={`${id}-scheduled`}
                className="block text-tremor-default font-medium text-tremor-content-strong"
              >
                Scheduled for
              </label>
              <input
                id={`${id}-scheduled`}
                type="datetime-local"
                className="mt-1 w-full rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default shadow-tremor-input"
                value={draft.scheduledTime}
                onChange={(event) => set('scheduledTime', event.target.value)}
                aria-invalid={fields.scheduledTime !== undefined}
                data-testid="task-scheduled-time"
              />
              {fields.scheduledTime && (
                <p className="mt-1 text-tremor-label text-red-600" data-testid="task-scheduled-time-error">
                  {fields.scheduledTime}
                </p>
              )}
            </div>
          )}
        </div>
        <RecurrenceField
          rule={draft.rule}
          custom={draft.customRule}
          dueDate={draft.dueDate}
          onChange={(rule, custom) => setDraft((current) => ({ ...current, rule, customRule: custom }))}
          error={fields.recurrence}
          testId="task-recurrence"
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <p className="text-tremor-default font-medium text-tremor-content-strong">Owner</p>
            <p className="mt-1 text-tremor-default text-tremor-content-emphasis" data-testid="task-owner">
              {task
                ? `${task.owner.name ?? 'Outside your teams'} · ${enumLabel('TaskOwnerKind', task.owner.kind)}`
                : owner
                  ? `${owner.name} · ${enumLabel('TaskOwnerKind', owner.kind)}`
                  : 'The team'}
            </p>
          </div>
          {!task && !owner && teams.length > 1 ? (
            <SelectInput
              id={`${id}-team`}
              label="Team"
              value={teamId}
              options={teams}
              onChange={(value) => {
                setTeamId(value);
                set('assignee', null);
              }}
              testId="task-team"
            />
          ) : (
            <span />
          )}
        </div>
        {readOnly ? (
          <div>
            <p className="text-tremor-default font-medium text-tremor-content-strong">Assignee</p>
            <p className="mt-1 text-tremor-default">{draft.assignee?.name ?? 'Nobody yet'}</p>
          </div>
        ) : (
          <AssigneePicker
            key={teamId}
            teamId={teamId}
            picked={draft.assignee}
            onPick={(entity) => set('assignee', entity ? { id: entity.id, name: entity.name } : null)}
            testId="task-assignee"
          />
        )}
        <div>
          <label htmlFor={`${id}-note`} className="block text-tremor-default font-medium text-tremor-content-strong">
            Note
          </label>
          <textarea
            id={`${id}-note`}
            rows={4}
            className="mt-1 w-full rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default shadow-tremor-input"
            value={draft.note}
            onChange={(event) => set('note', event.target.value)}
            data-testid="task-note"
          />
          {fields.note && <p className="mt-1 text-tremor-label text-red-600">{fields.note}</p>}
        </div>
        {readOnly ? (
          draft.mentions.length > 0 && (
            <div>
              <p className="text-tremor-default font-medium text-tremor-content-strong">Mentioned</p>
              <p className="mt-1 text-tremor-default" data-testid="task-mentions-read">
                {draft.mentions.map((mention) => `@${mention.name}`).join(', ')}
              </p>
            </div>
          )
        ) : (
          <MentionsField
            teamId={teamId}
            mentions={draft.mentions}
            onChange={(mentions) => set('mentions', mentions)}
            testId="task-mentions"
          />
        )}
      </fieldset>
      <FormMessages messages={formMessages} testId="task-form-error" />
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2 border-t border-tremor-border pt-4">
          {!closed && (
            <Button type="submit" loading={pending} data-testid="task-save">
              {task ? 'Save changes' : 'Create task'}
            </Button>
          )}
          {task && !closed && (
            <Button
              type="button"
              variant="secondary"
              disabled={pending}
              onClick={() => act(() => taskCalls.complete(task.id))}
              data-testid="task-complete"
            >
              Mark complete
            </Button>
          )}
          {task && closed && (
            <Button
              type="button"
              variant="secondary"
              disabled={pending}
              onClick={() => act(() => taskCalls.reopen(task.id))}
              data-testid="task-reopen"
            >
              Mark incomplete
            </Button>
          )}
          {task && !closed && (
            <Button
              type="button"
              variant="light"
              color="red"
              disabled={pending}
              onClick={() => act(() => taskCalls.cancel(task.id))}
              data-testid="task-cancel"
            >
              Cancel task
            </Button>
          )}
        </div>
      )}
      {task && (
        <p className="text-tremor-label text-tremor-content">
          Created {formatTimestamp(task.createdAt)}
          {task.dueDate && ` · due ${formatShortDate(task.dueDate, true)}`}
        </p>
      )}
    </form>
  );
}

/**
 * A task in a side drawer, every field editable in place, with complete, mark incomplete and
 * cancel; or, without `taskId`, a new task for `owner` (the household's, or a team task).
 */
export function TaskDrawer({
  taskId,
  owner,
  onChanged,
  onClose,
}: {
  taskId?: string | undefined;
  owner?: NewTaskOwner | undefined;
  onChanged: (task: TaskResponse) => void;
  onClose: () => void;
}) {
  const load = useCallback(
    (signal: AbortSignal) => (taskId ? taskCalls.get(taskId, signal) : Promise.resolve(undefined)),
    [taskId],
  );
  const resource = useResource(load);
  const [task, setTask] = useState<TaskResponse>();
  const shown = task?.id === taskId ? task : resource.data;
  return (
    <SideDrawer title={taskId ? (shown?.title ?? 'Task') : 'New task'} testId="task-drawer" onClose={onClose}>
      {taskId && resource.error && !shown ? (
        <Callout color="red" title="This task could not be loaded">
          {resource.error.message}
        </Callout>
      ) : taskId && !shown ? (
        <LoadingState />
      ) : (
        <TaskForm
          key={shown?.id ?? 'new'}
          task={shown}
          owner={owner}
          onClose={onClose}
          onSaved={(saved) => {
            setTask(saved);
            onChanged(saved);
          }}
        />
      )}
    </SideDrawer>
  );
}
