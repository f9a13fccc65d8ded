/**
 * Task enumerations (crm §3). The task type is "a very long enumeration of advisory task kinds"
 * whose members are not shown, so it is not listed here; task priorities are not shown either.
 */

export const TaskStatus = [
  'BLOCKED',
  'CANCELLED',
  'DONE',
  'IN_PROGRESS',
  'IN_REVIEW',
  'SCHEDULED',
  'TODO',
  'TRIAGE',
] as const;
export type TaskStatus = (typeof TaskStatus)[number];

export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  BLOCKED: 'Blocked',
  CANCELLED: 'Cancelled',
  DONE: 'Done',
  IN_PROGRESS: 'In progress',
  IN_REVIEW: 'In review',
  SCHEDULED: 'Scheduled',
  TODO: 'To do',
  TRIAGE: 'Triage',
};

/** The kinds of entity a task may belong to. */
export const TaskOwnerKind = [
  'TEAM',
  'HOUSEHOLD',
  'PROFESSIONAL',
  'CONTACT',
  'PERSON',
  'CORPORATION',
  'FOUNDATION',
  'TRUST',
  'GROUP',
] as const;
export type TaskOwnerKind = (typeof TaskOwnerKind)[number];

export const TASK_OWNER_KIND_LABELS: Readonly<Record<TaskOwnerKind, string>> = {
  TEAM: 'Team',
  HOUSEHOLD: 'Household',
  PROFESSIONAL: 'Professional',
  CONTACT: 'Contact',
  PERSON: 'Person',
  CORPORATION: 'Corporation',
  FOUNDATION: 'Foundation',
  TRUST: 'Trust',
  GROUP: 'Group',
};

export const WorkflowTaskView = ['AVAILABLE', 'COMPLETED'] as const;
export type WorkflowTaskView = (typeof WorkflowTaskView)[number];

export const WORKFLOW_TASK_VIEW_LABELS: Readonly<Record<WorkflowTaskView, string>> = {
  AVAILABLE: 'Available',
  COMPLETED: 'Completed',
};
