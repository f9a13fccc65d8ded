import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  BUILT_IN_WORKFLOW_TEMPLATES,
  BuiltInWorkflowTemplateKey,
  DomainError,
  EntityType,
  ErrorCode,
  isStepComplete,
  notFound,
  parseOrThrow,
  ReferenceUse,
  registeredAccountWorkflows,
  ruleTaskDueDate,
  validationError,
  WORKFLOW_TASK_VIEW_LABELS,
  WorkflowApiMessage,
  workflowTaskDueDate,
  workflowTemplateSchema,
  type CreateWorkflowTemplateInput,
  type StartWorkflowInput,
  type UpdateWorkflowTemplateInput,
  type WorkflowParticipantViewResponse,
  type WorkflowResponse,
  type WorkflowRulesRun,
  type WorkflowSummary,
  type WorkflowTaskGroup,
  type WorkflowTaskView,
  type WorkflowTemplateDefinition,
  type WorkflowTemplateResponse,
  type WorkflowTemplateStep,
  toIsoDate,
} from '@meridian/domain';
import { currentContext, runAsOrganization } from '../../../common/tenancy/request-context.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { ownerOf, TaskEvents, TasksWriter, type TaskDraft } from '../tasks/index.js';
import type { StoredWorkflowDefinition } from './workflow-definition.js';
import {
  inView,
  isSettled,
  stepProgress,
  summaryOf,
  taskGroup,
  templateResponse,
  workflowResponse,
} from './workflow-views.js';
import { WorkflowsRepository, type WorkflowRow } from './workflows.repository.js';
import { WorkflowsWriter } from './workflows.writer.js';

/** What starting a workflow needs, whoever starts it (a person, or the rules job). */
interface StartPlan {
  definition: WorkflowTemplateDefinition;
  name: string;
  templateKey: BuiltInWorkflowTemplateKey | null;
  templateId: string | null;
  teamId: string;
  householdId: string | null;
  subjectPersonId: string | null;
  startedOn: Date;
  startedByTeamMemberId: string | null;
  ruleKey: string | null;
  reason: string | null;
  /** What each task's note says: the rule's reason with the person's name. */
  taskNote: string | null;
  deadline: string | null;
}

const dayOf = (date: Date) => new Date(`${toIsoDate(date)}T00:00:00.000Z`);
const isBuiltInKey = (ref: string): ref is BuiltInWorkflowTemplateKey =>
  (BuiltInWorkflowTemplateKey as readonly string[]).includes(ref);

@Injectable()
export class WorkflowsService implements OnModuleInit {
  constructor(
    @Inject(WorkflowsRepository) private readonly workflows: WorkflowsRepository,
    @Inject(WorkflowsWriter) private readonly writer: WorkflowsWriter,
    @Inject(TasksWriter) private readonly tasks: TasksWriter,
    @Inject(TaskEvents) private readonly taskEvents: TaskEvents,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    // A task of a workflow done or cancelled may complete its step: decided in the change's transaction.
    this.taskEvents.onStatusChanged(async (scope, changes) => {
      const workflowIds = [...new Set(changes.flatMap((change) => (change.workflowId ? [change.workflowId] : [])))];
      if (workflowIds.length > 0) await this.advance(scope, workflowIds);
    });
  }

  // ─── Templates ─────────────────────────────────────────────────────────────────────────────

  async listTemplates(): Promise<WorkflowTemplateResponse[]> {
    const builtIns = BuiltInWorkflowTemplateKey.map((key) =>
      templateResponse({ ref: key, id: null, basedOnKey: null }, BUILT_IN_WORKFLOW_TEMPLATES[key]),
    );
    const firm = (await this.workflows.listTemplates()).map((row) =>
      templateResponse({ ref: row.id, id: row.id, basedOnKey: basedOn(row.basedOnKey) }, definitionOf(row)),
    );
    return [...builtIns, ...firm];
  }

  async createTemplate(input: CreateWorkflowTemplateInput): Promise<WorkflowTemplateResponse> {
    const { copyOf, ...fields } = input;
    const source = copyOf ? await this.template(copyOf) : null;
    const definition = parseOrThrow(workflowTemplateSchema, {
      ...(source?.definition ?? {}),
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    });
    const basedOnKey = source ? (source.key ?? source.basedOnKey) : null;
    return this.workflows.transaction(async (tx) => {
      const scope = writeScope(tx);
      const id = await this.writer.createTemplate(scope, {
        name: definition.name,
        description: definition.description ?? null,
        subject: definition.subject,
        definition: { steps: definition.steps },
        basedOnKey,
      });
      const created = templateResponse({ ref: id, id, basedOnKey }, definition);
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.workflowTemplate,
        entityId: id,
        after: created,
      });
      return created;
    });
  }

  updateTemplate(templateId: string, input: UpdateWorkflowTemplateInput): Promise<WorkflowTemplateResponse> {
    return this.workflows.transaction(async (tx) => {
      const row = await this.workflows.findTemplate(templateId, tx);
      if (!row) throw notFound('Workflow template');
      const before = definitionOf(row);
      const definition = parseOrThrow(workflowTemplateSchema, {
        ...before,
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      });
      await this.writer.updateTemplate(writeScope(tx), templateId, {
        name: definition.name,
        description: definition.description ?? null,
        definition: { steps: definition.steps },
      });
      const ref = { ref: templateId, id: templateId, basedOnKey: basedOn(row.basedOnKey) };
      const after = templateResponse(ref, definition);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.workflowTemplate,
        entityId: templateId,
        before: templateResponse(ref, before),
        after,
      });
      return after;
    });
  }

  deleteTemplate(templateId: string): Promise<void> {
    return this.workflows.transaction(async (tx) => {
      const row = await this.workflows.findTemplate(templateId, tx);
      if (!row) throw notFound('Workflow template');
      await this.writer.deleteTemplate(writeScope(tx), templateId);
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.workflowTemplate,
        entityId: templateId,
        before: templateResponse(
          { ref: templateId, id: templateId, basedOnKey: basedOn(row.basedOnKey) },
          definitionOf(row),
        ),
      });
    });
  }

  /** A built-in template by key or a firm's by id; a deleted or another firm's one is not found. */
  private async template(ref: string): Promise<{
    definition: WorkflowTemplateDefinition;
    key: BuiltInWorkflowTemplateKey | null;
    id: string | null;
    basedOnKey: BuiltInWorkflowTemplateKey | null;
  }> {
    if (isBuiltInKey(ref))
      return { definition: BUILT_IN_WORKFLOW_TEMPLATES[ref], key: ref, id: null, basedOnKey: null };
    const row = await this.workflows.findTemplate(ref);
    if (!row) throw notFound('Workflow template');
    return { definition: definitionOf(row), key: null, id: row.id, basedOnKey: basedOn(row.basedOnKey) };
  }

  // ─── Starting and advancing ───────────────────────────────────────────────────────────────

  async start(input: StartWorkflowInput): Promise<WorkflowResponse> {
    const template = await this.template(input.template);
    const subjectId = input.householdId ?? input.personId!;
    const subject = await this.entities.requireOne(
      subjectId,
      input.householdId ? ReferenceUse.workflowHousehold : ReferenceUse.workflowPerson,
      input.householdId ? 'householdId' : 'personId',
    );
    if (template.definition.subject === 'PERSON' && input.householdId) {
      throw validationError([{ path: 'householdId', message: WorkflowApiMessage.templateForPerson }]);
    }
    if (template.definition.subject === 'HOUSEHOLD' && input.personId) {
      throw validationError([{ path: 'personId', message: WorkflowApiMessage.templateForHousehold }]);
    }
    if (input.teamId) {
      await this.entities.requireOne(input.teamId, ReferenceUse.workflowTeam, 'teamId');
      if (subject.teamId !== null && subject.teamId !== input.teamId) {
        throw validationError([{ path: 'teamId', message: WorkflowApiMessage.teamOfSubject }]);
      }
    }
    const teamId = subject.teamId ?? input.teamId;
    if (!teamId) throw validationError([{ path: 'teamId', message: WorkflowApiMessage.teamRequired }]);
    const userId = currentContext()?.caller?.userId ?? null;
    const workflowId = await this.workflows.transaction(async (tx) => {
      const scope = writeScope(tx);
      const starter = userId
        ? await this.workflows.teamMemberOf(scope.sql, scope.organizationId, teamId, userId)
        : null;
      return this.startIn(scope, {
        definition: template.definition,
        name: template.definition.name,
        templateKey: template.key,
        templateId: template.id,
        teamId,
        householdId: input.householdId ?? subject.householdId,
        subjectPersonId: input.personId ?? null,
        startedOn: dayOf(input.startDate ?? scope.now),
        startedByTeamMemberId: starter,
        ruleKey: null,
        reason: null,
        taskNote: null,
        deadline: null,
      });
    });
    return this.get(workflowId!, {
      currentParticipant: undefined,
      hideEmptySteps: false,
      hideCancelledRequirements: false,
    });
  }

  /**
   * Writes the workflow, all its steps and their requirements, its participants and the first
   * step's tasks. Null when its rule key was started already (nothing is written then).
   */
  private async startIn(scope: WriteScope, plan: StartPlan): Promise<string | null> {
    const definition: StoredWorkflowDefinition = {
      ...plan.definition,
      startedByTeamMemberId: plan.startedByTeamMemberId,
      deadline: plan.deadline,
      taskNote: plan.taskNote,
    };
    const workflowId = await this.writer.createWorkflow(scope, {
      teamId: plan.teamId,
      householdId: plan.householdId,
      subjectPersonId: plan.subjectPersonId,
      name: plan.name,
      description: plan.definition.description ?? null,
      templateKey: plan.templateKey,
      templateId: plan.templateId,
      definition,
      ruleKey: plan.ruleKey,
      reason: plan.reason,
      startedAt: plan.startedOn,
    });
    if (workflowId === null) return null;
    const stepIds = await this.writer.createSteps(
      scope,
      workflowId,
      plan.definition.steps.map((step) => step.name),
    );
    await this.writer.createRequirements(
      scope,
      plan.definition.steps.flatMap((step, position) =>
        step.requirements.map((requirement) => ({
          stepId: stepIds[position]!,
          kind: requirement.kind,
          label: requirement.label ?? null,
        })),
      ),
    );
    const persons = plan.subjectPersonId
      ? [plan.subjectPersonId]
      : plan.householdId
        ? await this.workflows.householdPersons(scope.sql, scope.organizationId, plan.householdId)
        : [];
    await this.writer.addParticipants(scope, workflowId, persons);
    await this.createStepTasks(scope, { ...plan, id: workflowId, definition }, 0, stepIds[0]!);
    await this.audit.record(scope.tx, {
      action: 'CREATE',
      entityType: EntityType.workflow,
      entityId: workflowId,
      after: { name: plan.name, templateKey: plan.templateKey, templateId: plan.templateId, ruleKey: plan.ruleKey },
    });
    // A first step with nothing to do completes at once.
    await this.advance(scope, [workflowId]);
    return workflowId;
  }

  /** The tasks of the step at `position`, made when it opens: due dates, assignees and notes. */
  private async createStepTasks(
    scope: WriteScope,
    workflow: {
      id: string;
      teamId: string;
      householdId: string | null;
      subjectPersonId: string | null;
      startedOn: Date;
      definition: StoredWorkflowDefinition;
    },
    position: number,
    stepId: string,
  ): Promise<void> {
    const step: WorkflowTemplateStep | undefined = workflow.definition.steps[position];
    if (!step || step.tasks.length === 0) return;
    const advisor = workflow.householdId
      ? await this.workflows.advisorMemberOf(scope.sql, scope.organizationId, workflow.householdId, workflow.teamId)
      : null;
    const starter = workflow.definition.startedByTeamMemberId;
    // The first step opens when the workflow starts (a start date may be another day than today).
    const openedOn = position === 0 ? workflow.startedOn : dayOf(scope.now);
    const owner = workflow.subjectPersonId
      ? ownerOf('PERSON', workflow.subjectPersonId)
      : ownerOf('HOUSEHOLD', workflow.householdId!);
    const drafts: TaskDraft[] = step.tasks.map((task) => {
      let due = workflowTaskDueDate(task, workflow.startedOn, openedOn);
      if (workflow.definition.deadline) {
        due = new Date(`${ruleTaskDueDate(toIsoDate(due), workflow.definition.deadline)}T00:00:00.000Z`);
      }
      return {
        teamId: workflow.teamId,
        householdId: workflow.householdId,
        title: task.title,
        note: workflow.definition.taskNote ?? task.description ?? null,
        type: task.type,
        priority: null,
        dueDate: due,
        status: 'TODO',
        scheduledTime: null,
        completedAt: null,
        cancelledAt: null,
        // The advisor's tasks go to the household's advisor; the others to whoever started it.
        assigneeTeamMemberId: task.assignee === 'PRIMARY_ADVISOR' ? (advisor ?? starter) : (starter ?? advisor),
        owner,
        workflowId: workflow.id,
        workflowStepId: stepId,
      };
    });
    await this.tasks.create(scope, drafts);
  }

  /**
   * Completes each open step whose tasks are done or cancelled and whose requirements are met or
   * cancelled, opening the next with its tasks; the last one completes the workflow. The rows are
   * locked first, so two changes committing at once are decided one after the other.
   */
  private async advance(scope: WriteScope, workflowIds: readonly string[]): Promise<void> {
    await this.workflows.lock(scope.sql, scope.organizationId, workflowIds);
    for (const workflowId of workflowIds) {
      const row = await this.workflows.findWorkflow(workflowId, scope.tx);
      if (!row || row.completedAt || row.cancelledAt) continue;
      const definition = row.definition as unknown as StoredWorkflowDefinition;
      const workflow = {
        id: row.id,
        teamId: row.teamId,
        householdId: row.householdId,
        subjectPersonId: row.subjectPersonId,
        startedOn: row.startedAt ?? dayOf(scope.now),
        definition,
      };
      let allComplete = true;
      for (const step of row.steps) {
        if (step.completedAt) continue;
        if (!step.openedAt) {
          await this.writer.setStepsDates(scope, [{ id: step.id, openedAt: scope.now }]);
          await this.createStepTasks(scope, workflow, step.position, step.id);
          const opened = await this.workflows.findWorkflow(workflowId, scope.tx);
          step.tasks = opened?.steps.find((candidate) => candidate.id === step.id)?.tasks ?? [];
        }
        if (!isStepComplete(stepProgress(step))) {
          allComplete = false;
          break;
        }
        await this.writer.setStepsDates(scope, [{ id: step.id, completedAt: scope.now }]);
        const tasksDone = step.requirements.filter(
          (requirement) => requirement.kind === 'TASKS_DONE' && !requirement.metAt && !requirement.cancelledAt,
        );
        await this.writer.settleRequirements(
          scope,
          tasksDone.map((requirement) => ({ id: requirement.id, outcome: 'MET' as const })),
        );
      }
      if (allComplete) await this.writer.completeWorkflow(scope, workflowId);
    }
  }

  settleRequirement(
    workflowId: string,
    requirementId: string,
    outcome: 'MET' | 'CANCELLED',
    documentId: string | undefined,
  ): Promise<WorkflowResponse> {
    return this.workflows.transaction(async (tx) => {
      const scope = writeScope(tx);
      await this.workflows.lock(scope.sql, scope.organizationId, [workflowId]);
      const row = await this.workflows.findWorkflow(workflowId, tx);
      if (!row) throw notFound('Workflow');
      const step = row.steps.find((candidate) => candidate.requirements.some(({ id }) => id === requirementId));
      const before = step?.requirements.find(({ id }) => id === requirementId);
      if (!step || !before) throw notFound('Requirement');
      if (documentId) {
        const owners = {
          householdId: row.householdId,
          personIds: row.subjectPersonId ? [row.subjectPersonId] : row.participants.map(({ personId }) => personId),
        };
        if (!(await this.workflows.documentBelongsTo(scope.sql, scope.organizationId, documentId, owners))) {
          throw notFound('Document');
        }
      }
      if (row.completedAt || row.cancelledAt) {
        throw new DomainError(ErrorCode.CONFLICT, WorkflowApiMessage.workflowClosed);
      }
      if (step.completedAt) throw new DomainError(ErrorCode.CONFLICT, WorkflowApiMessage.requirementSettled);
      await this.writer.settleRequirements(scope, [{ id: requirementId, outcome, documentId: documentId ?? null }]);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.workflowStepRequirement,
        entityId: requirementId,
        before: { met: before.metAt !== null, cancelled: before.cancelledAt !== null, documentId: before.documentId },
        after: { met: outcome === 'MET', cancelled: outcome === 'CANCELLED', documentId: documentId ?? null },
      });
      await this.advance(scope, [workflowId]);
      return this.response(await this.workflows.findWorkflow(workflowId, tx), {
        currentParticipant: undefined,
        hideEmptySteps: false,
        hideCancelledRequirements: false,
      });
    });
  }

  // ─── Reads and views ──────────────────────────────────────────────────────────────────────

  async get(
    workflowId: string,
    query: { currentParticipant?: string | undefined; hideEmptySteps: boolean; hideCancelledRequirements: boolean },
  ): Promise<WorkflowResponse> {
    if (query.currentParticipant) {
      await this.entities.requireOne(query.currentParticipant, ReferenceUse.workflowPerson, 'currentParticipant');
    }
    return this.response(await this.workflows.findWorkflow(workflowId), query);
  }

  private response(
    row: WorkflowRow | null,
    query: { currentParticipant?: string | undefined; hideEmptySteps: boolean; hideCancelledRequirements: boolean },
  ): WorkflowResponse {
    if (!row) throw notFound('Workflow');
    return workflowResponse(row, {
      participant: query.currentParticipant ?? null,
      hideEmptySteps: query.hideEmptySteps,
      hideCancelledRequirements: query.hideCancelledRequirements,
    });
  }

  async listByHousehold(householdId: string): Promise<WorkflowSummary[]> {
    await this.entities.requireOne(householdId, ReferenceUse.workflowHousehold, 'householdId');
    return (await this.workflows.listByHousehold(householdId)).map(summaryOf);
  }

  async tasksByHousehold(householdId: string, includeCompleted: boolean): Promise<WorkflowTaskGroup[]> {
    await this.entities.requireOne(householdId, ReferenceUse.workflowHousehold, 'householdId');
    const rows = await this.workflows.listByHousehold(householdId);
    return rows
      .map((row) => taskGroup(row, null, (task) => includeCompleted || !isSettled(task.status)))
      .filter((group) => group.tasks.length > 0);
  }

  /** A participant's view of one workflow, kept for the next time they open it. */
  setTasksView(workflowId: string, personId: string, view: WorkflowTaskView): Promise<WorkflowParticipantViewResponse> {
    return this.workflows.transaction(async (tx) => {
      const row = await this.workflows.findWorkflow(workflowId, tx);
      if (!row) throw notFound('Workflow');
      const person = await this.entities.requireOne(personId, ReferenceUse.workflowPerson);
      const concerned =
        row.participants.some((participant) => participant.personId === personId) ||
        row.subjectPersonId === personId ||
        (row.householdId !== null && person.householdId === row.householdId);
      if (!concerned) throw notFound('Person');
      await this.writer.setTasksView(writeScope(tx), personId, [workflowId], view);
      return { workflowId, personId, view, viewLabel: WORKFLOW_TASK_VIEW_LABELS[view] };
    });
  }

  /**
   * A person's workflow tasks grouped by workflow, each group as the person's view of it shows;
   * a view in the body becomes their view of every one of their workflows first.
   */
  async personWorkflowGroups(personId: string, view: WorkflowTaskView | undefined): Promise<WorkflowTaskGroup[]> {
    await this.entities.requireOne(personId, ReferenceUse.workflowPerson, 'personId');
    return this.workflows.transaction(async (tx) => {
      const before = await this.workflows.listByParticipant(personId);
      if (view) {
        await this.writer.setTasksView(
          writeScope(tx),
          personId,
          before.map((row) => row.id),
          view,
        );
      }
      return before.map((row) => {
        const chosen =
          view ?? row.participants.find((participant) => participant.personId === personId)?.tasksView ?? 'AVAILABLE';
        return taskGroup(row, chosen, (task) => inView(chosen, task));
      });
    });
  }

  // ─── The daily rules job ──────────────────────────────────────────────────────────────────

  /**
   * Starts the workflow each person's registered accounts call for on `today` (foundations §4:
   * conversion at 71, income fund withdrawals, RDSP payments), once per rule key ever: a key
   * started before, or by another worker at the same moment, starts nothing.
   */
  async applyRegisteredAccountRules(today: string): Promise<WorkflowRulesRun> {
    const run: WorkflowRulesRun = { matched: 0, started: 0 };
    for (const organizationId of await this.workflows.organizationsWithRegisteredAccounts()) {
      const counts = await runAsOrganization({ organizationId }, () => this.applyRulesInOrganization(today));
      run.matched += counts.matched;
      run.started += counts.started;
    }
    return run;
  }

  private async applyRulesInOrganization(today: string): Promise<WorkflowRulesRun> {
    const run: WorkflowRulesRun = { matched: 0, started: 0 };
    const persons = await this.workflows.transaction((tx) => {
      const scope = writeScope(tx);
      return this.workflows.rulePersons(scope.sql, scope.organizationId);
    });
    for (const person of persons) {
      const matches = registeredAccountWorkflows(person, today);
      if (matches.length === 0) continue;
      run.matched += matches.length;
      // One transaction per person: a failure leaves the others' workflows started.
      await this.workflows.transaction(async (tx) => {
        const scope = writeScope(tx, { actor: { kind: 'SYSTEM' } });
        for (const match of matches) {
          const started = await this.startIn(scope, {
            definition: BUILT_IN_WORKFLOW_TEMPLATES[match.templateKey],
            name: match.workflowName,
            templateKey: match.templateKey,
            templateId: null,
            teamId: person.teamId,
            householdId: person.householdId,
            subjectPersonId: person.personId,
            startedOn: new Date(`${today}T00:00:00.000Z`),
            startedByTeamMemberId: null,
            ruleKey: match.key,
            reason: match.reason,
            taskNote: `${person.name} ${match.reason}`,
            deadline: match.deadline,
          });
          if (started) run.started += 1;
        }
      });
    }
    return run;
  }
}

/** A firm template's definition: its columns and its stored steps. */
function definitionOf(row: {
  name: string;
  description: string | null;
  subject: WorkflowTemplateDefinition['subject'];
  definition: unknown;
}): WorkflowTemplateDefinition {
  return {
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    subject: row.subject,
    steps: (row.definition as { steps: WorkflowTemplateStep[] }).steps,
  };
}

function basedOn(key: string | null): BuiltInWorkflowTemplateKey | null {
  return key !== null && isBuiltInKey(key) ? key : null;
}
