import { useState } from 'react';
import { enumLabel, type TaskResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { useCan } from '../../platform/auth/use-can';
import { SmallButton } from '../../crm/record-list';
import { TaskDue, TaskStatusBadge, TaskWhere } from './task-bits';
import { taskCalls } from './tasks-api';

/**
 * Tasks as rows: the title (opens the drawer), due date, where it belongs, type and status, and
 * Complete for an open task. A refused completion shows the API's sentence on its row.
 */
export function TaskList({
  tasks,
  today,
  onOpen,
  onChanged,
  showWhere = true,
  testId,
}: {
  tasks: readonly TaskResponse[];
  today: string;
  onOpen: (task: TaskResponse) => void;
  onChanged: (task: TaskResponse) => void;
  showWhere?: boolean;
  testId: string;
}) {
  const canWrite = useCan()('PRACTICE_WRITE');
  const [busy, setBusy] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function complete(task: TaskResponse) {
    setBusy(task.id);
    try {
      onChanged(await taskCalls.complete(task.id));
      setErrors(({ [task.id]: _gone, ...rest }) => rest);
    } catch (failure) {
      setErrors((current) => ({ ...current, [task.id]: toApiError(failure).message }));
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <ul className="divide-y divide-tremor-border" data-testid={testId}>
      {tasks.map((task) => {
        const open = task.status !== 'DONE' && task.status !== 'CANCELLED';
        return (
          <li key={task.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="task-row">
            <button
              type="button"
              onClick={() => onOpen(task)}
              className={`min-w-0 flex-1 truncate text-left text-tremor-default font-medium hover:underline ${
                open ? 'text-tremor-content-strong' : 'text-tremor-content line-through'
              }`}
              data-testid="task-title-link"
            >
              {task.title}
            </button>
            <span className="text-tremor-label">
              <TaskDue task={task} today={today} />
            </span>
            {showWhere && (
              <span className="text-tremor-label">
                <TaskWhere task={task} />
              </span>
            )}
            <span className="text-tremor-label text-tremor-content" data-testid="task-type">
              {task.type ? enumLabel('TaskType', task.type) : 'No type'}
            </span>
            {task.recurrenceText && (
              <span className="text-tremor-label text-tremor-content" title="Repeats">
                ↻ {task.recurrenceText}
              </span>
            )}
            <TaskStatusBadge status={task.status} />
            {canWrite && open && (
              <SmallButton onClick={() => void complete(task)} disabled={busy === task.id} testId="task-row-complete">
                Complete
              </SmallButton>
            )}
            {errors[task.id] && (
              <p role="alert" className="w-full text-tremor-label text-red-600" data-testid="task-row-error">
                {errors[task.id]}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
