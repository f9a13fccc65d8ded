import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import { freeText, requiredString } from '../../shared/input/text.js';
import { TaskType } from '../tasks/task-types.js';

/**
 * Workflow templates: ordered steps, each with the tasks it creates and what must be true before
 * the next step opens. The spec has workflows (crm §7) but does not model their templates; these
 * are ours. A step's tasks appear when the step opens: the first at the start, each next one when
 * the step before is complete (its tasks done or cancelled, its requirements met).
 */

/** Who a step's task goes to when the workflow starts: resolved against the household's team. */
export const WorkflowAssignee = ['PRIMARY_ADVISOR', 'ASSOCIATE', 'ADMIN'] as const;
export type WorkflowAssignee = (typeof WorkflowAssignee)[number];
export const WORKFLOW_ASSIGNEE_LABELS: Readonly<Record<WorkflowAssignee, string>> = {
  PRIMARY_ADVISOR: 'The primary advisor',
  ASSOCIATE: 'An associate of the team',
  ADMIN: 'An administrator',
};

/** When a task's due date is counted from. */
export const WorkflowDueFrom = ['WORKFLOW_START', 'STEP_OPEN'] as const;
export type WorkflowDueFrom = (typeof WorkflowDueFrom)[number];
export const WORKFLOW_DUE_FROM_LABELS: Readonly<Record<WorkflowDueFrom, string>> = {
  WORKFLOW_START: 'After the workflow starts',
  STEP_OPEN: 'After the step before is complete',
};

/** What a step may require besides its tasks being done. */
export const WorkflowRequirementKind = ['TASKS_DONE', 'DOCUMENT_UPLOADED'] as const;
export type WorkflowRequirementKind = (typeof WorkflowRequirementKind)[number];
export const WORKFLOW_REQUIREMENT_LABELS: Readonly<Record<WorkflowRequirementKind, string>> = {
  TASKS_DONE: 'Every task of the step done',
  DOCUMENT_UPLOADED: 'A document uploaded',
};

/** Whom a workflow is started for. */
export const WorkflowSubject = ['HOUSEHOLD', 'PERSON'] as const;
export type WorkflowSubject = (typeof WorkflowSubject)[number];
export const WORKFLOW_SUBJECT_LABELS: Readonly<Record<WorkflowSubject, string>> = {
  HOUSEHOLD: 'A household',
  PERSON: 'A person',
};

export const WorkflowTemplateMessage = {
  nameRequired: 'Workflow name is required',
  stepNameRequired: 'Step name is required',
  stepsRequired: 'A workflow needs at least one step',
  taskTitleRequired: 'Task title is required',
  taskTypeInvalid: 'Please select a valid task type',
  dueDaysInvalid: 'Days until due must be a whole number from 0 to 3650',
  assigneeInvalid: 'Please select who the task goes to',
  dueFromInvalid: 'Please select when the due date is counted from',
  requirementInvalid: 'Please select a valid requirement',
  requirementLabelRequired: 'Say which document is required',
  subjectInvalid: 'A workflow is started for a household or a person',
} as const;

const templateTaskSchema = z.object({
  title: requiredString(WorkflowTemplateMessage.taskTitleRequired),
  description: freeText({ kind: 'note' }).optional(),
  type: z.enum(TaskType, { error: WorkflowTemplateMessage.taskTypeInvalid }),
  dueInDays: z
    .number({ error: WorkflowTemplateMessage.dueDaysInvalid })
    .int(WorkflowTemplateMessage.dueDaysInvalid)
    .min(0, WorkflowTemplateMessage.dueDaysInvalid)
    .max(3650, WorkflowTemplateMessage.dueDaysInvalid),
  dueFrom: z.enum(WorkflowDueFrom, { error: WorkflowTemplateMessage.dueFromInvalid }),
  assignee: z.enum(WorkflowAssignee, { error: WorkflowTemplateMessage.assigneeInvalid }),
});

const requirementSchema = z
  .object({
    kind: z.enum(WorkflowRequirementKind, { error: WorkflowTemplateMessage.requirementInvalid }),
    /** What the requirement asks for, in words: "Signed account application". */
    label: freeText().optional(),
  })
  .refine((requirement) => requirement.kind !== 'DOCUMENT_UPLOADED' || (requirement.label ?? '').length > 0, {
    message: WorkflowTemplateMessage.requirementLabelRequired,
    path: ['label'],
  });

const templateStepSchema = z.object({
  name: requiredString(WorkflowTemplateMessage.stepNameRequired),
  tasks: listOf(templateTaskSchema, 50),
  requirements: listOf(requirementSchema, 20).default([]),
});

/** A firm's template: a built-in one copied and edited, or one of its own. */
export const workflowTemplateSchema = z.object({
  name: requiredString(WorkflowTemplateMessage.nameRequired),
  description: freeText({ kind: 'note' }).optional(),
  subject: z.enum(WorkflowSubject, { error: WorkflowTemplateMessage.subjectInvalid }),
  steps: listOf(templateStepSchema, 30).min(1, WorkflowTemplateMessage.stepsRequired),
});
export type WorkflowTemplateInput = z.input<typeof workflowTemplateSchema>;
export type WorkflowTemplateDefinition = z.output<typeof workflowTemplateSchema>;
export type WorkflowTemplateStep = WorkflowTemplateDefinition['steps'][number];
export type WorkflowTemplateTask = WorkflowTemplateStep['tasks'][number];

export const BuiltInWorkflowTemplateKey = [
  'NEW_CLIENT_ONBOARDING',
  'ANNUAL_REVIEW',
  'RRSP_TO_RRIF_CONVERSION',
  'INCOME_FUND_WITHDRAWAL',
  'RDSP_PAYMENTS',
] as const;
export type BuiltInWorkflowTemplateKey = (typeof BuiltInWorkflowTemplateKey)[number];

const task = (
  title: string,
  type: TaskType,
  dueInDays: number,
  assignee: WorkflowAssignee = 'PRIMARY_ADVISOR',
  dueFrom: WorkflowDueFrom = 'STEP_OPEN',
): WorkflowTemplateTask => ({ title, type, dueInDays, dueFrom, assignee });

/** The templates every firm starts with; a firm copies one to change it. */
export const BUILT_IN_WORKFLOW_TEMPLATES: Readonly<Record<BuiltInWorkflowTemplateKey, WorkflowTemplateDefinition>> = {
  NEW_CLIENT_ONBOARDING: {
    name: 'New client onboarding',
    description: 'From the first meeting to the first review of a new household.',
    subject: 'HOUSEHOLD',
    steps: [
      {
        name: 'Discovery',
        tasks: [
          task('Hold the discovery meeting', 'MEETING_PREPARATION', 7),
          task('Send the welcome package', 'EMAIL', 2, 'ASSOCIATE'),
        ],
        requirements: [],
      },
      {
        name: 'Know your client',
        tasks: [
          task('Complete the KYC form with the client', 'KYC_UPDATE', 14),
          task('Complete the risk profile questionnaire', 'RISK_PROFILE_UPDATE', 14),
          task('Verify identity documents', 'COMPLIANCE_REVIEW', 14, 'ASSOCIATE'),
        ],
        requirements: [{ kind: 'DOCUMENT_UPLOADED', label: 'Signed KYC form' }],
      },
      {
        name: 'Accounts',
        tasks: [
          task('Open the new accounts', 'ACCOUNT_OPENING', 14, 'ASSOCIATE'),
          task('Request transfers from other institutions', 'ACCOUNT_TRANSFER', 14, 'ASSOCIATE'),
          task('Record beneficiary designations', 'BENEFICIARY_REVIEW', 21),
        ],
        requirements: [{ kind: 'DOCUMENT_UPLOADED', label: 'Signed account applications' }],
      },
      {
        name: 'Plan and invest',
        tasks: [
          task('Write the investment policy statement', 'FINANCIAL_PLAN_UPDATE', 21),
          task('Invest the transferred assets', 'PORTFOLIO_REBALANCE', 30),
        ],
        requirements: [],
      },
      {
        name: 'First review',
        tasks: [task('Hold the 90-day review', 'ANNUAL_REVIEW', 90, 'PRIMARY_ADVISOR', 'WORKFLOW_START')],
        requirements: [],
      },
    ],
  },
  ANNUAL_REVIEW: {
    name: 'Annual review',
    description: 'The yearly review of a household: prepare, meet, follow up.',
    subject: 'HOUSEHOLD',
    steps: [
      {
        name: 'Prepare',
        tasks: [
          task('Update the household’s financial records', 'FINANCIAL_PLAN_UPDATE', 14, 'ASSOCIATE'),
          task('Prepare the review meeting', 'MEETING_PREPARATION', 14),
        ],
        requirements: [],
      },
      {
        name: 'Meet',
        tasks: [
          task('Hold the annual review meeting', 'ANNUAL_REVIEW', 14),
          task('Update KYC and the risk profile', 'KYC_UPDATE', 14),
          task('Review beneficiary designations', 'BENEFICIARY_REVIEW', 14),
        ],
        requirements: [],
      },
      {
        name: 'Follow up',
        tasks: [
          task('Send the meeting summary', 'EMAIL', 3, 'ASSOCIATE'),
          task('Rebalance where the review decided it', 'PORTFOLIO_REBALANCE', 14),
        ],
        requirements: [],
      },
    ],
  },
  RRSP_TO_RRIF_CONVERSION: {
    name: 'RRSP to RRIF conversion',
    description: 'Convert a savings plan to an income fund by the end of the year its holder turns 71.',
    subject: 'PERSON',
    steps: [
      {
        name: 'Plan the conversion',
        tasks: [
          task('Review income needs and the withdrawal schedule', 'FINANCIAL_PLAN_UPDATE', 30),
          task('Choose the RRIF minimum on the spouse’s age or the holder’s', 'RRIF_MINIMUM_PAYMENT', 30),
        ],
        requirements: [],
      },
      {
        name: 'Convert',
        tasks: [
          task('Open the RRIF and sign the conversion forms', 'RRSP_CONVERSION', 30, 'ASSOCIATE'),
          task('Name the RRIF’s successor annuitant or beneficiaries', 'BENEFICIARY_REVIEW', 30),
        ],
        requirements: [{ kind: 'DOCUMENT_UPLOADED', label: 'Signed conversion forms' }],
      },
      {
        name: 'First payment',
        tasks: [task('Set up the first minimum payment', 'RRIF_MINIMUM_PAYMENT', 30, 'ASSOCIATE')],
        requirements: [],
      },
    ],
  },
  INCOME_FUND_WITHDRAWAL: {
    name: 'Income fund withdrawal',
    description: 'The year’s withdrawal from a RRIF, PRIF, LIF or LRIF: at least the minimum, at most a LIF’s maximum.',
    subject: 'PERSON',
    steps: [
      {
        name: 'The year’s withdrawal',
        tasks: [
          task('Confirm the January 1 balance and the year’s rate', 'RRIF_MINIMUM_PAYMENT', 30, 'ASSOCIATE'),
          task('Pay out the year’s withdrawal', 'RRIF_MINIMUM_PAYMENT', 300),
        ],
        requirements: [],
      },
    ],
  },
  RDSP_PAYMENTS: {
    name: 'RDSP payments from 60',
    description: 'Disability assistance payments must begin by the end of the year the beneficiary turns 60.',
    subject: 'PERSON',
    steps: [
      {
        name: 'Start the payments',
        tasks: [
          task('Review the RDSP’s payment options with the beneficiary', 'RDSP_PAYMENT', 60),
          task('Set up the disability assistance payments', 'RDSP_PAYMENT', 90, 'ASSOCIATE'),
        ],
        requirements: [],
      },
    ],
  },
};
