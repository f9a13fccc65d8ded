import { Badge } from '@tremor/react';
import { Link } from 'react-router';
import { enumLabel, formatShortDate, type TaskResponse, type TaskStatus } from '@meridian/domain';
import { HouseholdLink } from '../../../components/household-link';

const STATUS_COLORS: Record<TaskStatus, 'gray' | 'blue' | 'amber' | 'emerald' | 'red' | 'violet' | 'slate'> = {
  TRIAGE: 'slate',
  TODO: 'gray',
  SCHEDULED: 'violet',
  IN_PROGRESS: 'blue',
  IN_REVIEW: 'amber',
  BLOCKED: 'red',
  DONE: 'emerald',
  CANCELLED: 'slate',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge size="xs" color={STATUS_COLORS[status]} data-testid="task-status">
      {enumLabel('TaskStatus', status)}
    </Badge>
  );
}

/** The due date, in red when it has passed on an open task; "No due date" otherwise. */
export function TaskDue({ task, today }: { task: TaskResponse; today: string }) {
  if (!task.dueDate) return <span className="text-tremor-content">No due date</span>;
  const late = task.dueDate < today && task.status !== 'DONE' && task.status !== 'CANCELLED';
  return (
    <span className={late ? 'font-medium text-red-600' : 'text-tremor-content'} data-testid="task-due">
      {late ? 'Was due ' : 'Due '}
      {formatShortDate(task.dueDate, true)}
    </span>
  );
}

/** Where a task belongs: its household (a link named after it), else its owner's name. */
export function TaskWhere({ task }: { task: TaskResponse }) {
  if (task.owner.kind === 'HOUSEHOLD') {
    return (
      <Link
        to={`/crm/households/${task.owner.id}`}
        className="text-tremor-brand hover:underline"
        data-testid="task-household"
      >
        {task.owner.name ?? 'Their household'}
      </Link>
    );
  }
  if (task.householdId) return <HouseholdLink householdId={task.householdId} testId="task-household" />;
  if (task.owner.kind === 'TEAM') return <span className="text-tremor-content">Team task</span>;
  return <span className="text-tremor-content">{task.owner.name ?? enumLabel('TaskOwnerKind', task.owner.kind)}</span>;
}
