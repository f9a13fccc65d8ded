import type { TaskStatus } from './enums.js';

/**
 * What the task calls of crm §7 do to a task's status (crm §4: created, title set, assigned,
 * due date set, marked complete, marked incomplete, cancelled). The spec names the events, not
 * the order they may come in; these are the rules a team expects: a cancelled task is not
 * completed, a done task is not cancelled, marking incomplete reopens a done or cancelled task,
 * and a closed task is reopened before it is edited. An action out of order is refused with a
 * sentence (409) and changes nothing.
 */
export type TaskAction = 'complete' | 'reopen' | 'cancel' | 'edit';

export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ['DONE', 'CANCELLED'];

export function isTaskOpen(status: TaskStatus): boolean {
  return !CLOSED_TASK_STATUSES.includes(status);
}

export const TaskTransitionMessage = {
  alreadyComplete: 'This task is already complete',
  cancelledCannotComplete: 'A cancelled task cannot be completed; mark it incomplete to reopen it first',
  notClosed: 'This task is not complete or cancelled, so there is nothing to reopen',
  completedCannotCancel: 'A completed task cannot be cancelled; mark it incomplete first',
  alreadyCancelled: 'This task is already cancelled',
  closedCannotEdit: 'A completed or cancelled task cannot be changed; mark it incomplete to reopen it first',
} as const;

export type TaskTransition =
  { ok: true; status: TaskStatus; completed: boolean; cancelled: boolean } | { ok: false; message: string };

/**
 * The status a task moves to when `action` is taken from `status`, or why it may not be.
 * `completed` / `cancelled` say whether the task is done or cancelled afterwards, so the caller
 * sets or clears `completedAt` and `cancelledAt`. Reopening lands on TODO: the scheduled time a
 * SCHEDULED task had is gone by then (crm §4 keeps it for SCHEDULED only).
 */
export function taskTransition(status: TaskStatus, action: TaskAction): TaskTransition {
  switch (action) {
    case 'complete':
      if (status === 'DONE') return { ok: false, message: TaskTransitionMessage.alreadyComplete };
      if (status === 'CANCELLED') return { ok: false, message: TaskTransitionMessage.cancelledCannotComplete };
      return { ok: true, status: 'DONE', completed: true, cancelled: false };
    case 'reopen':
      if (isTaskOpen(status)) return { ok: false, message: TaskTransitionMessage.notClosed };
      return { ok: true, status: 'TODO', completed: false, cancelled: false };
    case 'cancel':
      if (status === 'CANCELLED') return { ok: false, message: TaskTransitionMessage.alreadyCancelled };
      if (status === 'DONE') return { ok: false, message: TaskTransitionMessage.completedCannotCancel };
      return { ok: true, status: 'CANCELLED', completed: false, cancelled: true };
    case 'edit':
      if (!isTaskOpen(status)) return { ok: false, message: TaskTransitionMessage.closedCannotEdit };
      return { ok: true, status, completed: false, cancelled: false };
  }
}
