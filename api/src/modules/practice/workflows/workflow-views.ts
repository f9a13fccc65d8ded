import {
  openStepIndex,
  TASK_STATUS_LABELS,
  TASK_TYPE_LABELS,
  WORKFLOW_ASSIGNEE_LABELS,
  WORKFLOW_DUE_FROM_LABELS,
  WORKFLOW_REQUIREMENT_LABELS,
  WORKFLOW_REQUIREMENT_STATUS_LABELS,
  WORKFLOW_STATUS_LABELS,
  WORKFLOW_STEP_STATUS_LABELS,
  WORKFLOW_SUBJECT_LABELS,
  WORKFLOW_TASK_VIEW_LABELS,
  workflowProgress,
  type BuiltInWorkflowTemplateKey,
  type StepProgress,
  type TaskStatus,
  type WorkflowRequirementResponse,
  type WorkflowRequirementStatus,
  type WorkflowResponse,
  type WorkflowStatus,
  type WorkflowStepResponse,
  type WorkflowSummary,
  type WorkflowTaskGroup,
  type WorkflowTaskResponse,
  type WorkflowTaskView,
  type WorkflowTemplateDefinition,
  type WorkflowTemplateResponse,
  toIsoDate,
} from '@meridian/domain';
import type { WorkflowRow, WorkflowTaskRow } from './workflows.repository.js';

/** How the API shows workflows and templates: every enumeration with its label. */

const isoDate = (date: Date | null) => (date ? toIsoDate(date) : null);
const isoTime = (date: Date | null) => (date ? date.toISOString() : null);
const typeLabel = (type: string | null) =>
  type === null ? null : ((TASK_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type);

export function templateResponse(
  template: { ref: string; id: string | null; basedOnKey: BuiltInWorkflowTemplateKey | null },
  definition: WorkflowTemplateDefinition,
): WorkflowTemplateResponse {
  return {
    ref: template.ref,
    id: template.id,
    builtIn: template.id === null,
    basedOnKey: template.basedOnKey,
    name: definition.name,
    description: definition.description ?? null,
    subject: definition.subject,
    subjectLabel: WORKFLOW_SUBJECT_LABELS[definition.subject],
    steps: definition.steps.map((step) => ({
      name: step.name,
      tasks: step.tasks.map((task) => ({
        title: task.title,
        description: task.description ?? null,
        type: task.type,
        typeLabel: typeLabel(task.type) ?? task.type,
        dueInDays: task.dueInDays,
        dueFrom: task.dueFrom,
        dueFromLabel: WORKFLOW_DUE_FROM_LABELS[task.dueFrom],
        assignee: task.assignee,
        assigneeLabel: WORKFLOW_ASSIGNEE_LABELS[task.assignee],
      })),
      requirements: step.requirements.map((requirement) => ({
        kind: requirement.kind,
        kindLabel: WORKFLOW_REQUIREMENT_LABELS[requirement.kind],
        label: requirement.label ?? null,
      })),
    })),
  };
}

type StepRow = WorkflowRow['steps'][number];

export const isSettled = (status: TaskStatus) => status === 'DONE' || status === 'CANCELLED';

/**
 * A step as progress.ts reads it. A TASKS_DONE requirement is met by the step's own tasks; the
 * others by a person (meet or cancel).
 */
export function stepProgress(step: Pick<StepRow, 'tasks' | 'requirements'>): StepProgress {
  const tasksDone = step.tasks.every((task) => isSettled(task.status));
  return {
    tasks: step.tasks,
    requirements: step.requirements.map((requirement) => ({
      met: requirement.metAt !== null || (requirement.kind === 'TASKS_DONE' && tasksDone),
      cancelled: requirement.cancelledAt !== null,
    })),
  };
}

export function taskResponse(task: WorkflowTaskRow): WorkflowTaskResponse {
  return {
    id: task.id,
    workflowId: task.workflowId ?? '',
    stepId: task.workflowStepId,
    title: task.title,
    note: task.note,
    type: task.type,
    typeLabel: typeLabel(task.type),
    status: task.status,
    statusLabel: TASK_STATUS_LABELS[task.status],
    dueDate: isoDate(task.dueDate),
    assigneeTeamMemberId: task.assigneeTeamMemberId,
    assigneeName: task.assigneeTeamMember?.user.name ?? null,
    completedAt: isoTime(task.completedAt),
  };
}

function requirementStatus(requirement: StepRow['requirements'][number]): WorkflowRequirementStatus {
  if (requirement.cancelledAt) return 'CANCELLED';
  return requirement.metAt ? 'MET' : 'PENDING';
}

function requirementResponse(requirement: StepRow['requirements'][number]): WorkflowRequirementResponse {
  const status = requirementStatus(requirement);
  return {
    id: requirement.id,
    kind: requirement.kind,
    kindLabel: WORKFLOW_REQUIREMENT_LABELS[requirement.kind],
    label: requirement.label,
    status,
    statusLabel: WORKFLOW_REQUIREMENT_STATUS_LABELS[status],
    documentId: requirement.documentId,
    metAt: isoTime(requirement.metAt),
    cancelledAt: isoTime(requirement.cancelledAt),
  };
}

function workflowStatus(row: WorkflowRow): WorkflowStatus {
  if (row.cancelledAt) return 'CANCELLED';
  return row.completedAt ? 'COMPLETED' : 'ACTIVE';
}

export function summaryOf(row: WorkflowRow): WorkflowSummary {
  const status = workflowStatus(row);
  const open = row.completedAt ? null : openStepIndex(row.steps.map(stepProgress));
  return {
    id: row.id,
    name: row.name,
    teamId: row.teamId,
    householdId: row.householdId,
    subjectPersonId: row.subjectPersonId,
    templateKey: row.templateKey,
    templateId: row.templateId,
    reason: row.reason,
    status,
    statusLabel: WORKFLOW_STATUS_LABELS[status],
    startedAt: isoTime(row.startedAt),
    completedAt: isoTime(row.completedAt),
    progress: workflowProgress(row.steps.map(stepProgress)),
    openStepName: open === null ? null : (row.steps[open]?.name ?? null),
  };
}

/** The tasks a participant's view shows: those still to do, or those done or cancelled. */
export function inView(view: WorkflowTaskView, task: { status: TaskStatus }): boolean {
  return view === 'COMPLETED' ? isSettled(task.status) : !isSettled(task.status);
}

export function workflowResponse(
  row: WorkflowRow,
  options: { participant: string | null; hideEmptySteps: boolean; hideCancelledRequirements: boolean },
): WorkflowResponse {
  const view = options.participant
    ? (row.participants.find((participant) => participant.personId === options.participant)?.tasksView ?? 'AVAILABLE')
    : null;
  const steps: WorkflowStepResponse[] = row.steps.map((step) => {
    const status = step.completedAt ? 'COMPLETED' : step.openedAt ? 'OPEN' : 'WAITING';
    const tasks = view ? step.tasks.filter((task) => inView(view, task)) : step.tasks;
    const requirements = options.hideCancelledRequirements
      ? step.requirements.filter((requirement) => requirement.cancelledAt === null)
      : step.requirements;
    return {
      id: step.id,
      position: step.position,
      name: step.name,
      status,
      statusLabel: WORKFLOW_STEP_STATUS_LABELS[status],
      openedAt: isoTime(step.openedAt),
      completedAt: isoTime(step.completedAt),
      tasks: tasks.map(taskResponse),
      requirements: requirements.map(requirementResponse),
    };
  });
  return {
    ...summaryOf(row),
    description: row.description,
    participantView:
      options.participant && view
        ? { personId: options.participant, view, viewLabel: WORKFLOW_TASK_VIEW_LABELS[view] }
        : null,
    steps: options.hideEmptySteps ? steps.filter((step) => step.tasks.length > 0) : steps,
  };
}

/** A workflow's tasks for a list: all of them, or only those the view shows. */
export function taskGroup(
  row: WorkflowRow,
  view: WorkflowTaskView | null,
  include: (task: WorkflowTaskRow) => boolean,
) {
  const status = workflowStatus(row);
  const group: WorkflowTaskGroup = {
    workflowId: row.id,
    workflowName: row.name,
    status,
    statusLabel: WORKFLOW_STATUS_LABELS[status],
    view,
    tasks: row.steps.flatMap((step) => step.tasks.filter(include).map(taskResponse)),
  };
  return group;
}
