import { Injectable } from '@nestjs/common';
import { EntityType, newId, type TaskOwnerKind, type TaskStatus } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/**
 * The owner id field of each owner kind (crm §3: the nine task owner kinds). Notes and documents
 * name their owner columns the same way, and use this map too.
 */
export const OWNER_FIELD = {
  TEAM: 'ownerTeamId',
  HOUSEHOLD: 'ownerHouseholdId',
  PROFESSIONAL: 'ownerProfessionalId',
  CONTACT: 'ownerContactId',
  PERSON: 'ownerPersonId',
  CORPORATION: 'ownerCorporationId',
  FOUNDATION: 'ownerFoundationId',
  TRUST: 'ownerTrustId',
  GROUP: 'ownerGroupId',
} as const satisfies Record<TaskOwnerKind, string>;
type OwnerField = (typeof OWNER_FIELD)[TaskOwnerKind];

/** Who a task (or a note) is about: one owner of the spec's kinds, its id in that kind's field. */
export type OwnerColumns = {
  [K in TaskOwnerKind]: { ownerKind: K } & { [F in (typeof OWNER_FIELD)[K]]: string } & {
    [F in Exclude<OwnerField, (typeof OWNER_FIELD)[K]>]?: null;
  };
}[TaskOwnerKind];

/** The owner columns of an owner given as kind and id. */
export function ownerOf(kind: TaskOwnerKind, id: string): OwnerColumns {
  const columns: { ownerKind: TaskOwnerKind } & Partial<Record<OwnerField, string | null>> = { ownerKind: kind };
  columns[OWNER_FIELD[kind]] = id;
  return columns as OwnerColumns;
}

/** A basic task (crm §6); the other kinds carry what no writer of this step has (accounts, questions). */
export interface TaskDraft {
  teamId: string;
  householdId: string | null;
  title: string;
  note: string | null;
  type: string | null;
  priority: string | null;
  dueDate: Date | null;
  status: TaskStatus;
  scheduledTime: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  assigneeTeamMemberId: string | null;
  owner: OwnerColumns;
  /** Absent means none: the imports write none of these. */
  assigneePersonId?: string | null;
  recurrence?: string | null;
  contextData?: unknown;
  workflowId?: string | null;
  workflowStepId?: string | null;
  /** A meeting's task, with its timing (set together: CHECK tasks_meeting_task_type_check). */
  meetingId?: string | null;
  meetingTaskType?: 'PRE' | 'DURING' | 'POST' | null;
  /** The canonical ids the task mentions, already checked as mentionable and within reach. */
  mentions?: readonly string[];
}
/** What an update writes on the task row; its mentions change through `replaceMentions`. */
export type TaskColumns = Partial<Omit<TaskDraft, 'owner' | 'mentions'>> & { owner?: OwnerColumns };

/** One entity one task mentions. */
export interface TaskMention {
  taskId: string;
  entityId: string;
}

const TASK_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  household_id: 'text',
  kind: 'task_kind',
  title: 'text',
  note: 'text',
  type: 'text',
  priority: 'text',
  due_date: 'date',
  status: 'task_status',
  scheduled_time: 'timestamptz',
  completed_at: 'timestamptz',
  cancelled_at: 'timestamptz',
  assignee_team_member_id: 'text',
  assignee_person_id: 'text',
  recurrence: 'text',
  context_data: 'jsonb',
  workflow_id: 'text',
  workflow_step_id: 'text',
  meeting_id: 'text',
  meeting_task_type: 'meeting_task_timing',
  previous_occurrence_id: 'text',
  owner_kind: 'task_owner_kind',
  owner_team_id: 'text',
  owner_household_id: 'text',
  owner_professional_id: 'text',
  owner_contact_id: 'text',
  owner_person_id: 'text',
  owner_corporation_id: 'text',
  owner_foundation_id: 'text',
  owner_trust_id: 'text',
  owner_group_id: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const TASK_COLUMN: Record<Exclude<keyof TaskColumns, 'owner'>, string> = {
  teamId: 'team_id',
  householdId: 'household_id',
  title: 'title',
  note: 'note',
  type: 'type',
  priority: 'priority',
  dueDate: 'due_date',
  status: 'status',
  scheduledTime: 'scheduled_time',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
  assigneeTeamMemberId: 'assignee_team_member_id',
  assigneePersonId: 'assignee_person_id',
  recurrence: 'recurrence',
  contextData: 'context_data',
  workflowId: 'workflow_id',
  workflowStepId: 'workflow_step_id',
  meetingId: 'meeting_id',
  meetingTaskType: 'meeting_task_type',
};

/** Every owner column: the owner's kind, its id in its kind's column and null in the others. */
export function ownerColumnsOf(owner: OwnerColumns) {
  const fields = owner as Partial<Record<OwnerField, string | null>>;
  return {
    owner_kind: owner.ownerKind,
    owner_team_id: fields.ownerTeamId ?? null,
    owner_household_id: fields.ownerHouseholdId ?? null,
    owner_professional_id: fields.ownerProfessionalId ?? null,
    owner_contact_id: fields.ownerContactId ?? null,
    owner_person_id: fields.ownerPersonId ?? null,
    owner_corporation_id: fields.ownerCorporationId ?? null,
    owner_foundation_id: fields.ownerFoundationId ?? null,
    owner_trust_id: fields.ownerTrustId ?? null,
    owner_group_id: fields.ownerGroupId ?? null,
  };
}

function taskRow(scope: WriteScope, id: string, draft: TaskDraft, previousOccurrenceId: string | null) {
  return {
    id,
    organization_id: scope.organizationId,
    team_id: draft.teamId,
    household_id: draft.householdId,
    kind: 'BASIC_TASK',
    title: draft.title,
    note: draft.note,
    type: draft.type,
    priority: draft.priority,
    due_date: draft.dueDate,
    status: draft.status,
    scheduled_time: draft.scheduledTime,
    completed_at: draft.completedAt,
    cancelled_at: draft.cancelledAt,
    assignee_team_member_id: draft.assigneeTeamMemberId,
    assignee_person_id: draft.assigneePersonId ?? null,
    recurrence: draft.recurrence ?? null,
    context_data: draft.contextData ?? null,
    workflow_id: draft.workflowId ?? null,
    workflow_step_id: draft.workflowStepId ?? null,
    meeting_id: draft.meetingId ?? null,
    meeting_task_type: draft.meetingTaskType ?? null,
    previous_occurrence_id: previousOccurrenceId,
    ...ownerColumnsOf(draft.owner),
    created_at: scope.now,
    updated_at: scope.now,
  };
}

/**
 * The one writer of tasks and their mentions: creates, writes given fields, removes; a batch per
 * statement.
 */
@Injectable()
export class TasksWriter {
  async create(scope: WriteScope, drafts: readonly TaskDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.basicTask));
    await insertRows(
      scope.sql,
      'tasks',
      TASK_TYPES,
      drafts.map((draft, index) => taskRow(scope, ids[index]!, draft, null)),
    );
    await this.mention(
      scope,
      drafts.flatMap((draft, index) => (draft.mentions ?? []).map((entityId) => ({ taskId: ids[index]!, entityId }))),
    );
    return ids;
  }

  /**
   * The task's mentions become exactly `entityIds`: those no longer named go, the new ones come,
   * and those it had stay as they were. Answers the ids added now, the ones to tell.
   */
  async replaceMentions(scope: WriteScope, taskId: string, entityIds: readonly string[]): Promise<string[]> {
    await scope.sql.execute(
      `DELETE FROM task_mentions WHERE organization_id = $1 AND task_id = $2 AND NOT (entity_id = ANY($3::text[]))`,
      scope.organizationId,
      taskId,
      [...entityIds],
    );
    const added = await this.mention(
      scope,
      entityIds.map((entityId) => ({ taskId, entityId })),
    );
    return added.map((mention) => mention.entityId);
  }

  /**
   * Adds mentions, one statement for the batch. One a task has already is left as it is (an id
   * named twice, or two edits adding the same entity at once), so what it answers, the mentions
   * added by this call, is what is new to the task.
   */
  private async mention(scope: WriteScope, mentions: readonly TaskMention[]): Promise<TaskMention[]> {
    if (mentions.length === 0) return [];
    return scope.sql.query<TaskMention>(
      `INSERT INTO task_mentions (organization_id, task_id, entity_id, created_at)
       SELECT $1, r.task_id, r.entity_id, $2::timestamptz
         FROM jsonb_to_recordset($3::jsonb) AS r(task_id text, entity_id text)
       ON CONFLICT (organization_id, task_id, entity_id) DO NOTHING
       RETURNING task_id AS "taskId", entity_id AS "entityId"`,
      scope.organizationId,
      scope.now,
      JSON.stringify(mentions.map((mention) => ({ task_id: mention.taskId, entity_id: mention.entityId }))),
    );
  }

  /**
   * The next occurrence of each recurring task completed, each a draft with the task it follows.
   * previous_occurrence_id is unique: a task whose next occurrence exists already (completed
   * twice at the same moment, or completed, reopened and completed again) gets no second one.
   * Answers the ids of the occurrences made now.
   */
  async createNextOccurrences(
    scope: WriteScope,
    drafts: readonly { previousOccurrenceId: string; draft: TaskDraft }[],
  ): Promise<string[]> {
    if (drafts.length === 0) return [];
    const rows = drafts.map(({ previousOccurrenceId, draft }) =>
      taskRow(scope, newId(EntityType.basicTask), draft, previousOccurrenceId),
    );
    const columns = Object.keys(rows[0]!);
    const recordset = columns.map((column) => `"${column}" ${TASK_TYPES[column]}`).join(', ');
    const made = await scope.sql.query<{ id: string }>(
      `INSERT INTO tasks (${columns.map((column) => `"${column}"`).join(', ')})
       SELECT ${columns.map((column) => `r."${column}"`).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${recordset})
       ON CONFLICT (previous_occurrence_id) DO NOTHING
       RETURNING id`,
      JSON.stringify(rows),
    );
    return made.map((row) => row.id);
  }

  async update(scope: WriteScope, updates: readonly { id: string; fields: TaskColumns }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'tasks',
      scope.organizationId,
      TASK_TYPES,
      updates.map(({ id, fields }) => {
        const set: Record<string, unknown> = { updated_at: scope.now };
        for (const [key, value] of Object.entries(fields)) {
          if (key === 'owner') Object.assign(set, ownerColumnsOf(value as OwnerColumns));
          else set[TASK_COLUMN[key as keyof typeof TASK_COLUMN]] = value ?? null;
        }
        return { id, set };
      }),
    );
  }

  async remove(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'tasks', scope.organizationId, ids);
  }
}
