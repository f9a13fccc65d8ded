import { Injectable } from '@nestjs/common';
import {
  EntityType,
  newId,
  type BuiltInWorkflowTemplateKey,
  type WorkflowRequirementKind,
  type WorkflowSubject,
  type WorkflowTaskView,
} from '@meridian/domain';
import { insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import type { StoredWorkflowDefinition } from './workflow-definition.js';

const TEMPLATE_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  name: 'text',
  description: 'text',
  subject: 'workflow_subject',
  definition: 'jsonb',
  based_on_key: 'text',
  deleted_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const STEP_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  workflow_id: 'text',
  position: 'int',
  name: 'text',
  opened_at: 'timestamptz',
  completed_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const REQUIREMENT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  workflow_step_id: 'text',
  kind: 'workflow_requirement_kind',
  label: 'text',
  document_id: 'text',
  met_at: 'timestamptz',
  cancelled_at: 'timestamptz',
  created_at: 'timestamptz',
};

export interface TemplateDraft {
  name: string;
  description: string | null;
  subject: WorkflowSubject;
  definition: unknown;
  basedOnKey: BuiltInWorkflowTemplateKey | null;
}

export interface WorkflowDraft {
  teamId: string;
  householdId: string | null;
  subjectPersonId: string | null;
  name: string;
  description: string | null;
  templateKey: BuiltInWorkflowTemplateKey | null;
  templateId: string | null;
  definition: StoredWorkflowDefinition;
  /** Set for a rule's workflow: a key already started makes this start nothing. */
  ruleKey: string | null;
  reason: string | null;
  startedAt: Date;
}

/**
 * The one writer of workflow templates, workflows, their steps, step requirements and
 * participants. Tasks are the tasks module's: a workflow's tasks go through its TasksWriter.
 */
@Injectable()
export class WorkflowsWriter {
  async createTemplate(scope: WriteScope, draft: TemplateDraft): Promise<string> {
    const id = newId(EntityType.workflowTemplate);
    await insertRows(scope.sql, 'workflow_templates', TEMPLATE_TYPES, [
      {
        id,
        organization_id: scope.organizationId,
        name: draft.name,
        description: draft.description,
        subject: draft.subject,
        definition: draft.definition,
        based_on_key: draft.basedOnKey,
        created_at: scope.now,
        updated_at: scope.now,
      },
    ]);
    return id;
  }

  async updateTemplate(
    scope: WriteScope,
    id: string,
    fields: { name: string; description: string | null; definition: unknown },
  ): Promise<void> {
    await updateRows(scope.sql, 'workflow_templates', scope.organizationId, TEMPLATE_TYPES, [
      {
        id,
        set: {
          name: fields.name,
          description: fields.description,
          definition: fields.definition,
          updated_at: scope.now,
        },
      },
    ]);
  }

  /** Soft: the workflows started from it keep their link and their copy of its steps. */
  async deleteTemplate(scope: WriteScope, id: string): Promise<void> {
    await updateRows(scope.sql, 'workflow_templates', scope.organizationId, TEMPLATE_TYPES, [
      { id, set: { deleted_at: scope.now, updated_at: scope.now } },
    ]);
  }

  /**
   * The workflow row, or null when its rule key was started already (the unique (organization,
   * rule_key): two runs at the same moment make one; a workflow without a key never conflicts).
   */
  async createWorkflow(scope: WriteScope, draft: WorkflowDraft): Promise<string | null> {
    const rows = await scope.sql.query<{ id: string }>(
      `INSERT INTO workflows (id, organization_id, team_id, household_id, subject_person_id, name, description,
         template_key, template_id, definition, rule_key, reason, started_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $14)
       ON CONFLICT (organization_id, rule_key) DO NOTHING
       RETURNING id`,
      newId(EntityType.workflow),
      scope.organizationId,
      draft.teamId,
      draft.householdId,
      draft.subjectPersonId,
      draft.name,
      draft.description,
      draft.templateKey,
      draft.templateId,
      JSON.stringify(draft.definition),
      draft.ruleKey,
      draft.reason,
      draft.startedAt,
      scope.now,
    );
    return rows[0]?.id ?? null;
  }

  /** The steps in order, the first opened; answers their ids by position. */
  async createSteps(scope: WriteScope, workflowId: string, names: readonly string[]): Promise<string[]> {
    const ids = names.map(() => newId(EntityType.workflowStep));
    await insertRows(
      scope.sql,
      'workflow_steps',
      STEP_TYPES,
      names.map((name, position) => ({
        id: ids[position],
        organization_id: scope.organizationId,
        workflow_id: workflowId,
        position,
        name,
        opened_at: position === 0 ? scope.now : null,
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    return ids;
  }

  async createRequirements(
    scope: WriteScope,
    requirements: readonly { stepId: string; kind: WorkflowRequirementKind; label: string | null }[],
  ): Promise<void> {
    await insertRows(
      scope.sql,
      'workflow_step_requirements',
      REQUIREMENT_TYPES,
      requirements.map((requirement) => ({
        id: newId(EntityType.workflowStepRequirement),
        organization_id: scope.organizationId,
        workflow_step_id: requirement.stepId,
        kind: requirement.kind,
        label: requirement.label,
        created_at: scope.now,
      })),
    );
  }

  async setStepsDates(
    scope: WriteScope,
    steps: readonly { id: string; openedAt?: Date; completedAt?: Date }[],
  ): Promise<void> {
    await updateRows(
      scope.sql,
      'workflow_steps',
      scope.organizationId,
      STEP_TYPES,
      steps.map(({ id, openedAt, completedAt }) => ({
        id,
        set: {
          ...(openedAt ? { opened_at: openedAt } : {}),
          ...(completedAt ? { completed_at: completedAt } : {}),
          updated_at: scope.now,
        },
      })),
    );
  }

  async completeWorkflow(scope: WriteScope, workflowId: string): Promise<void> {
    await scope.sql.execute(
      `UPDATE workflows SET completed_at = $3, updated_at = $3
        WHERE organization_id = $1 AND id = $2 AND completed_at IS NULL`,
      scope.organizationId,
      workflowId,
      scope.now,
    );
  }

  /** Met (with the document that meets it) or cancelled, never both. */
  async settleRequirements(
    scope: WriteScope,
    settled: readonly { id: string; outcome: 'MET' | 'CANCELLED'; documentId?: string | null }[],
  ): Promise<void> {
    await updateRows(
      scope.sql,
      'workflow_step_requirements',
      scope.organizationId,
      REQUIREMENT_TYPES,
      settled.map(({ id, outcome, documentId }) => ({
        id,
        set:
          outcome === 'MET'
            ? { met_at: scope.now, cancelled_at: null, document_id: documentId ?? null }
            : { cancelled_at: scope.now, met_at: null, document_id: null },
      })),
    );
  }

  /** The persons a workflow concerns; one already there stays as it is. */
  async addParticipants(scope: WriteScope, workflowId: string, personIds: readonly string[]): Promise<void> {
    if (personIds.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO workflow_participants (organization_id, workflow_id, person_id, created_at)
       SELECT $1, $2, unnest($3::text[]), $4
       ON CONFLICT (workflow_id, person_id) DO NOTHING`,
      scope.organizationId,
      workflowId,
      [...personIds],
      scope.now,
    );
  }

  /** A participant's task view of each workflow, the participant added where it was not one. */
  async setTasksView(
    scope: WriteScope,
    personId: string,
    workflowIds: readonly string[],
    view: WorkflowTaskView,
  ): Promise<void> {
    if (workflowIds.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO workflow_participants (organization_id, workflow_id, person_id, tasks_view, created_at)
       SELECT $1, unnest($2::text[]), $3, $4::workflow_task_view, $5
       ON CONFLICT (workflow_id, person_id) DO UPDATE SET tasks_view = EXCLUDED.tasks_view`,
      scope.organizationId,
      [...workflowIds],
      personId,
      view,
      scope.now,
    );
  }
}
