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

export const WorkflowTaskView = ['AVAILABLE', 'COMPLETED'] as const;
export type WorkflowTaskView = (typeof WorkflowTaskView)[number];
