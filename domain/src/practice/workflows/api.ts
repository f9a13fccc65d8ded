import { z } from 'zod';
import { queryBoolean } from '../../crm/contacts/api.js';
import { householdIdParam, personIdParam, teamIdParam } from '../../crm/params.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { calendarDate } from '../../shared/input/common.js';
import { idParam } from '../../shared/input/id-param.js';
import { TaskStatus, WorkflowTaskView } from '../tasks/enums.js';
import {
  BuiltInWorkflowTemplateKey,
  WorkflowAssignee,
  WorkflowDueFrom,
  WorkflowRequirementKind,
  WorkflowSubject,
  workflowTemplateSchema,
} from './templates.js';

/**
 * The HTTP shapes of workflow templates and started workflows (crm §7 Workflows, and the
 * template calls the spec leaves to us).
 */

export const workflowTemplateIdParam = idParam(EntityType.workflowTemplate, 'workflow template');
export const workflowIdParam = idParam(EntityType.workflow, 'workflow');
export const workflowRequirementIdParam = idParam(EntityType.workflowStepRequirement, 'requirement');
const documentIdParam = idParam(EntityType.document, 'document');

export const WorkflowApiMessage = {
  templateInvalid: 'Please select a built-in template or one of the firm’s templates',
  subjectRequired: 'A workflow is started for a household or a person, not both',
  startDateInvalid: 'Please enter a valid start date',
  viewInvalid: 'Please select a valid task view',
  includeCompletedInvalid: 'includeCompleted must be true or false',
  hideEmptyStepsInvalid: 'hideEmptySteps must be true or false',
  hideCancelledRequirementsInvalid: 'hideCancelledRequirements must be true or false',
  templateForPerson: 'This template is started for a person: choose one of the household’s members',
  templateForHousehold: 'This template is started for a household',
  teamOfSubject: 'A workflow belongs to the team of the household it is for',
  teamRequired: 'Choose the team the workflow belongs to',
  requirementSettled: 'This requirement’s step is complete; it can no longer change',
  workflowClosed: 'This workflow is complete; it can no longer change',
} as const;

/** A template named by a built-in key (`ANNUAL_REVIEW`) or a firm template's id. */
export const workflowTemplateRefSchema = z.union([z.enum(BuiltInWorkflowTemplateKey), workflowTemplateIdParam], {
  error: WorkflowApiMessage.templateInvalid,
});

export const workflowTemplateIdParamsSchema = z.object({ templateId: workflowTemplateIdParam });
export const workflowIdParamsSchema = z.object({ workflowId: workflowIdParam });
export const workflowRequirementParamsSchema = z.object({
  workflowId: workflowIdParam,
  requirementId: workflowRequirementIdParam,
});
export const workflowPersonParamsSchema = z.object({ workflowId: workflowIdParam, personId: personIdParam });

/**
 * A new firm template: a copy of a built-in one or of a firm template (`copyOf`), its name,
 * description or steps replaced where given; or, without `copyOf`, a whole template.
 */
export const createWorkflowTemplateSchema = workflowTemplateSchema.partial().extend({
  copyOf: workflowTemplateRefSchema.optional(),
});
export type CreateWorkflowTemplateInput = z.output<typeof createWorkflowTemplateSchema>;

/** What a firm may change in one of its templates; its subject stays what it was made for. */
export const updateWorkflowTemplateSchema = workflowTemplateSchema
  .pick({ name: true, description: true, steps: true })
  .partial();
export type UpdateWorkflowTemplateInput = z.output<typeof updateWorkflowTemplateSchema>;

const labelled = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

const templateTaskResponseSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  typeLabel: z.string(),
  dueInDays: z.number().int(),
  dueFrom: labelled(WorkflowDueFrom),
  dueFromLabel: z.string(),
  assignee: labelled(WorkflowAssignee),
  assigneeLabel: z.string(),
});

const templateStepResponseSchema = z.object({
  name: z.string(),
  tasks: z.array(templateTaskResponseSchema),
  requirements: z.array(
    z.object({ kind: labelled(WorkflowRequirementKind), kindLabel: z.string(), label: z.string().nullable() }),
  ),
});

export const workflowTemplateResponseSchema = z.object({
  /** The built-in key for a built-in template, the firm template's id otherwise: what `template` takes. */
  ref: z.string(),
  id: z.string().nullable(),
  builtIn: z.boolean(),
  /** The built-in template a firm's copy was made from. */
  basedOnKey: z.enum(BuiltInWorkflowTemplateKey).nullable(),
  name: z.string(),
  description: z.string().nullable(),
  subject: labelled(WorkflowSubject),
  subjectLabel: z.string(),
  steps: z.array(templateStepResponseSchema),
});
export type WorkflowTemplateResponse = z.infer<typeof workflowTemplateResponseSchema>;

/** Starting a workflow for a household or one person. */
export const startWorkflowSchema = z
  .object({
    template: workflowTemplateRefSchema,
    householdId: householdIdParam.optional(),
    personId: personIdParam.optional(),
    /** The first day its due dates count from; today when absent. */
    startDate: calendarDate(WorkflowApiMessage.startDateInvalid)
      // Its tasks fall up to ten years after it: every date stays one the database and ISO can hold.
      .refine(
        (date) => date.getUTCFullYear() >= 1900 && date.getUTCFullYear() <= 2999,
        WorkflowApiMessage.startDateInvalid,
      )
      .optional(),
    /** The team it belongs to; the household's (or the person's) team when absent. */
    teamId: teamIdParam.optional(),
  })
  .refine((body) => (body.householdId === undefined) !== (body.personId === undefined), {
    message: WorkflowApiMessage.subjectRequired,
    path: ['householdId'],
  });
export type StartWorkflowInput = z.output<typeof startWorkflowSchema>;

export const meetRequirementSchema = z.object({ documentId: documentIdParam.optional() });

export const workflowQuerySchema = z.object({
  /** The participant whose task view (AVAILABLE or COMPLETED) filters the steps' tasks. */
  currentParticipant: personIdParam.optional(),
  hideEmptySteps: queryBoolean(WorkflowApiMessage.hideEmptyStepsInvalid),
  hideCancelledRequirements: queryBoolean(WorkflowApiMessage.hideCancelledRequirementsInvalid),
});
export const workflowsQuerySchema = z.object({ householdId: householdIdParam });
export const householdWorkflowTasksQuerySchema = z.object({
  includeCompleted: queryBoolean(WorkflowApiMessage.includeCompletedInvalid),
});
export const workflowTaskViewSchema = z.object({
  view: z.enum(WorkflowTaskView, { error: WorkflowApiMessage.viewInvalid }),
});
/** A person's workflow tasks, grouped by workflow; `view` is stored on each of the person's workflows. */
export const personWorkflowGroupsSchema = z.object({
  view: z.enum(WorkflowTaskView, { error: WorkflowApiMessage.viewInvalid }).optional(),
});

/** Where a started workflow, one of its steps or requirements stands. */
export const WorkflowStatus = ['ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export type WorkflowStatus = (typeof WorkflowStatus)[number];
export const WORKFLOW_STATUS_LABELS: Readonly<Record<WorkflowStatus, string>> = {
  ACTIVE: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
export const WorkflowStepStatus = ['WAITING', 'OPEN', 'COMPLETED'] as const;
export type WorkflowStepStatus = (typeof WorkflowStepStatus)[number];
export const WORKFLOW_STEP_STATUS_LABELS: Readonly<Record<WorkflowStepStatus, string>> = {
  WAITING: 'Waiting for the step before',
  OPEN: 'Open',
  COMPLETED: 'Completed',
};
export const WorkflowRequirementStatus = ['PENDING', 'MET', 'CANCELLED'] as const;
export type WorkflowRequirementStatus = (typeof WorkflowRequirementStatus)[number];
export const WORKFLOW_REQUIREMENT_STATUS_LABELS: Readonly<Record<WorkflowRequirementStatus, string>> = {
  PENDING: 'Waiting',
  MET: 'Met',
  CANCELLED: 'Cancelled',
};

export const workflowTaskResponseSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  stepId: z.string().nullable(),
  title: z.string(),
  /** Why the task exists, for a task a rule made. */
  note: z.string().nullable(),
  type: z.string().nullable(),
  typeLabel: z.string().nullable(),
  status: z.enum(TaskStatus),
  statusLabel: z.string(),
  dueDate: z.string().nullable(),
  assigneeTeamMemberId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type WorkflowTaskResponse = z.infer<typeof workflowTaskResponseSchema>;

export const workflowRequirementResponseSchema = z.object({
  id: z.string(),
  kind: z.enum(WorkflowRequirementKind),
  kindLabel: z.string(),
  label: z.string().nullable(),
  status: z.enum(WorkflowRequirementStatus),
  statusLabel: z.string(),
  documentId: z.string().nullable(),
  metAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type WorkflowRequirementResponse = z.infer<typeof workflowRequirementResponseSchema>;

export const workflowStepResponseSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  status: z.enum(WorkflowStepStatus),
  statusLabel: z.string(),
  openedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  tasks: z.array(workflowTaskResponseSchema),
  requirements: z.array(workflowRequirementResponseSchema),
});
export type WorkflowStepResponse = z.infer<typeof workflowStepResponseSchema>;

const progressSchema = z.object({ done: z.number().int(), total: z.number().int() });

/** A workflow in a list: what it is, for whom, and how far along. */
export const workflowSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  teamId: z.string(),
  householdId: z.string().nullable(),
  subjectPersonId: z.string().nullable(),
  templateKey: z.string().nullable(),
  templateId: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(WorkflowStatus),
  statusLabel: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  progress: progressSchema,
  /** The name of the open step, null once complete. */
  openStepName: z.string().nullable(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

export const workflowResponseSchema = workflowSummarySchema.extend({
  description: z.string().nullable(),
  /** The participant's view when `currentParticipant` is given. */
  participantView: z.object({ personId: z.string(), view: z.enum(WorkflowTaskView), viewLabel: z.string() }).nullable(),
  steps: z.array(workflowStepResponseSchema),
});
export type WorkflowResponse = z.infer<typeof workflowResponseSchema>;

/** The tasks of one workflow, for a household's or a person's task lists. */
export const workflowTaskGroupSchema = z.object({
  workflowId: z.string(),
  workflowName: z.string(),
  status: z.enum(WorkflowStatus),
  statusLabel: z.string(),
  view: z.enum(WorkflowTaskView).nullable(),
  tasks: z.array(workflowTaskResponseSchema),
});
export type WorkflowTaskGroup = z.infer<typeof workflowTaskGroupSchema>;

export const workflowParticipantViewResponseSchema = z.object({
  workflowId: z.string(),
  personId: z.string(),
  view: z.enum(WorkflowTaskView),
  viewLabel: z.string(),
});
export type WorkflowParticipantViewResponse = z.infer<typeof workflowParticipantViewResponseSchema>;

/** The outcome of one run of the daily rules job. */
export interface WorkflowRulesRun {
  /** Rule matches the persons' accounts called for. */
  matched: number;
  /** Workflows started by this run (a key already started starts nothing). */
  started: number;
}
