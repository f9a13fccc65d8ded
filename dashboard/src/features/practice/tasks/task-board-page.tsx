import { type DragEvent, useCallback, useEffect, useId, useState } from 'react';
import { Button, Callout, Dialog, DialogPanel } from '@tremor/react';
import { Link } from 'react-router';
import { enumLabel, type TaskStatus, type TaskBoardResponse, type TaskResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { SelectInput } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../../platform/auth/auth-context';
import { useCan } from '../../platform/auth/use-can';
import { useTeamOptions } from '../../crm/teams';
import { localToday } from '../../../lib/today';
import { TaskDue, TaskWhere } from './task-bits';
import { TaskDrawer } from './task-drawer';
import { taskCalls } from './tasks-api';

/** The board's columns left to right: the way work flows, closed work last. */
const COLUMN_ORDER: readonly TaskStatus[] = [
  'TRIAGE',
  'TODO',
  'SCHEDULED',
  'IN_PROGRESS',
  'IN_REVIEW',
  'BLOCKED',
  'DONE',
  'CANCELLED',
];

type Columns = TaskBoardResponse['columns'];

/** The columns with `task` taken out of wherever it is and put first in `status`. */
function moved(columns: Columns, task: TaskResponse, status: TaskStatus): Columns {
  return columns.map((column) => {
    const without = column.items.filter((item) => item.id !== task.id);
    const removed = without.length !== column.items.length;
    if (column.status === status) {
      return { ...column, items: [{ ...task, status }, ...without], total: column.total + (removed ? 0 : 1) };
    }
    return { ...column, items: without, total: column.total - (removed ? 1 : 0) };
  });
}

/** Asks the time a task dropped on Scheduled is scheduled for (crm §4: a scheduled task has one). */
function ScheduleDialog({
  task,
  onConfirm,
  onClose,
}: {
  task: TaskResponse;
  onConfirm: (iso: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <Dialog open onClose={onClose} static aria-label="Schedule the task">
      <DialogPanel data-testid="schedule-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">Schedule “{task.title}”</h2>
        <label htmlFor={id} className="mt-4 block text-tremor-default font-medium text-tremor-content-strong">
          Scheduled for
        </label>
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="mt-1 w-full rounded-tremor-default border border-tremor-border px-3 py-2 text-tremor-default"
          data-testid="schedule-time"
        />
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!value}
            onClick={() => onConfirm(new Date(value).toISOString())}
            data-testid="schedule-confirm"
          >
            Schedule
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

function Card({
  task,
  today,
  draggable,
  onOpen,
}: {
  task: TaskResponse;
  today: string;
  draggable: boolean;
  onOpen: () => void;
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
      data-testid="board-card"
      data-task-title={task.title}
    >
      <button
        type="button"
        onClick={onOpen}
        className="text-left text-tremor-default font-medium text-tremor-content-strong hover:underline"
      >
        {task.title}
      </button>
      <div className="mt-1 space-y-0.5 text-tremor-label">
        <p>
          <TaskDue task={task} today={today} />
        </p>
        <p className="truncate">
          <TaskWhere task={task} />
        </p>
        <p className="text-tremor-content">
          {task.type ? enumLabel('TaskType', task.type) : 'No type'}
          {task.assignee?.name && ` · ${task.assignee.name}`}
        </p>
      </div>
    </li>
  );
}

/**
 * A team's tasks by status. Dragging a card to another column moves the task there (a refused
 * move shows the API's sentence and the card goes back); a user of several teams picks the team.
 */
export default function TaskBoardPage() {
  const user = useSessionUser();
  const teams = useTeamOptions();
  const canWrite = useCan()('PRACTICE_WRITE');
  const [teamId, setTeamId] = useState(user.teamIds[0] ?? '');
  const load = useCallback(
    (signal: AbortSignal) => (teamId ? taskCalls.board(teamId, signal) : Promise.resolve(undefined)),
    [teamId],
  );
  const resource = useResource(load);
  const [columns, setColumns] = useState<Columns>();
  const [refused, setRefused] = useState<string>();
  const [scheduling, setScheduling] = useState<TaskResponse>();
  const [openTask, setOpenTask] = useState<string>();
  const [over, setOver] = useState<TaskStatus>();
  const today = localToday();

  useEffect(() => setColumns(resource.data?.columns), [resource.data]);

  async function move(task: TaskResponse, status: TaskStatus, scheduledTime?: string) {
    if (!columns || task.status === status) return;
    const before = columns;
    setRefused(undefined);
    setColumns(moved(columns, task, status));
    try {
      const saved = await taskCalls.setStatus(task.id, status, scheduledTime);
      setColumns((current) => current && moved(current, saved, saved.status));
      // Completing a recurring task makes its next occurrence: read the board again to show it.
      if (saved.status === 'DONE' && saved.recurrence) resource.reload();
    } catch (failure) {
      setColumns(before);
      setRefused(toApiError(failure).message);
    }
  }

  function drop(event: DragEvent, status: TaskStatus) {
    event.preventDefault();
    setOver(undefined);
    const taskId = event.dataTransfer.getData('text/plain');
    const task = columns?.flatMap((column) => column.items).find((item) => item.id === taskId);
    if (!task || task.status === status) return;
    if (status === 'SCHEDULED') setScheduling(task);
    else void move(task, status);
  }

  if (!teamId) {
    return (
      <Callout color="gray" title="You are on no team yet">
        The board shows a team’s tasks. Ask your firm’s administrator to add you to a team.
      </Callout>
    );
  }
  const byStatus = new Map(columns?.map((column) => [column.status, column]));
  const empty = columns !== undefined && columns.every((column) => column.total === 0);
  return (
    <div className="space-y-4" data-testid="task-board-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Team board</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Drag a card to another column to change its status.{' '}
            <Link to="/tasks" className="font-medium text-tremor-brand hover:underline">
              Back to my tasks
            </Link>
          </p>
        </div>
        {teams.length > 1 && (
          <div className="w-64">
            <SelectInput
              id="board-team"
              label="Team"
              value={teamId}
              options={teams}
              onChange={setTeamId}
              testId="board-team"
            />
          </div>
        )}
      </div>
      {refused && (
        <Callout color="red" title="The task was not moved" data-testid="board-refused">
          {refused}
        </Callout>
      )}
      {resource.error && (
        <Callout color="red" title="The board could not be loaded">
          {resource.error.message}
        </Callout>
      )}
      {!columns && !resource.error && <LoadingState />}
      {empty && (
        <p className="text-tremor-default text-tremor-content" data-testid="board-empty">
          This team has no task yet. Create one from My tasks or a household’s page.
        </p>
      )}
      {columns && (
        <div className="flex gap-3 overflow-x-auto pb-2" data-testid="board-columns">
          {COLUMN_ORDER.map((status) => {
            const column = byStatus.get(status);
            const items = column?.items ?? [];
            return (
              <section
                key={status}
                aria-label={enumLabel('TaskStatus', status)}
                onDragOver={(event) => {
                  if (!canWrite) return;
                  event.preventDefault();
                  setOver(status);
                }}
                onDragLeave={() => setOver((current) => (current === status ? undefined : current))}
                onDrop={(event) => drop(event, status)}
                className={`flex w-60 shrink-0 flex-col rounded-tremor-default p-2 ${
                  over === status
                    ? 'bg-tremor-brand-faint ring-2 ring-tremor-brand-muted'
                    : 'bg-tremor-background-subtle'
                }`}
                data-testid={`board-column-${status.toLowerCase()}`}
              >
                <h2 className="flex items-center justify-between px-1 pb-2 text-tremor-default font-semibold text-tremor-content-strong">
                  {enumLabel('TaskStatus', status)}
                  <span className="text-tremor-label font-normal text-tremor-content">{column?.total ?? 0}</span>
                </h2>
                <ul className="min-h-24 space-y-2">
                  {items.map((task) => (
                    <Card
                      key={task.id}
                      task={task}
                      today={today}
                      draggable={canWrite}
                      onOpen={() => setOpenTask(task.id)}
                    />
                  ))}
                </ul>
                {column && column.total > items.length && (
                  <p className="px-1 pt-2 text-tremor-label text-tremor-content">
                    and {column.total - items.length} more
                  </p>
                )}
              </section>
            );
          })}
        </div>
      )}
      {scheduling && (
        <ScheduleDialog
          task={scheduling}
          onClose={() => setScheduling(undefined)}
          onConfirm={(iso) => {
            const task = scheduling;
            setScheduling(undefined);
            void move(task, 'SCHEDULED', iso);
          }}
        />
      )}
      {openTask && (
        <TaskDrawer taskId={openTask} onChanged={() => resource.reload()} onClose={() => setOpenTask(undefined)} />
      )}
    </div>
  );
}
