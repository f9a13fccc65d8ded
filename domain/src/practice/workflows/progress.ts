import { addDays } from 'date-fns';
import type { TaskStatus } from '../tasks/enums.js';
import type { WorkflowTemplateTask } from './templates.js';

/**
 * Where a started workflow stands. A step is complete when each of its tasks is done or cancelled
 * and each requirement not cancelled is met; the first incomplete step is the open one, and the
 * steps after it have no tasks yet (they are created when their step opens).
 */
export interface StepProgress {
  tasks: readonly { status: TaskStatus }[];
  requirements: readonly { met: boolean; cancelled: boolean }[];
}

export function isStepComplete(step: StepProgress): boolean {
  return (
    step.tasks.every((task) => task.status === 'DONE' || task.status === 'CANCELLED') &&
    step.requirements.every((requirement) => requirement.cancelled || requirement.met)
  );
}

/** The position of the open step, or null when every step is complete. */
export function openStepIndex(steps: readonly StepProgress[]): number | null {
  const index = steps.findIndex((step) => !isStepComplete(step));
  return index === -1 ? null : index;
}

/** Done tasks and met requirements out of all those not cancelled, for the progress bar. */
export function workflowProgress(steps: readonly StepProgress[]): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const step of steps) {
    for (const task of step.tasks) {
      if (task.status === 'CANCELLED') continue;
      total += 1;
      if (task.status === 'DONE') done += 1;
    }
    for (const requirement of step.requirements) {
      if (requirement.cancelled) continue;
      total += 1;
      if (requirement.met) done += 1;
    }
  }
  return { done, total };
}

/** A step task's due date: its days counted from the workflow's start or from when its step opened. */
export function workflowTaskDueDate(
  task: Pick<WorkflowTemplateTask, 'dueInDays' | 'dueFrom'>,
  startedOn: Date,
  stepOpenedOn: Date,
): Date {
  return addDays(task.dueFrom === 'WORKFLOW_START' ? startedOn : stepOpenedOn, task.dueInDays);
}
