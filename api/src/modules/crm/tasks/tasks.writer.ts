import { Injectable } from '@nestjs/common';
import { EntityType, newId, type TaskStatus } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** Who a task (or a note) is about: one owner of the spec's kinds; for now a contact or a team. */
export type OwnerColumns =
  | { ownerKind: 'CONTACT'; ownerContactId: string; ownerTeamId?: null }
  | { ownerKind: 'TEAM'; ownerTeamId: string; ownerContactId?: null };

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
}
export type TaskColumns = Partial<Omit<TaskDraft, 'owner'>> & { owner?: OwnerColumns };

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
  owner_kind: 'task_owner_kind',
  owner_contact_id: 'text',
  owner_team_id: 'text',
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
};

export function ownerColumnsOf(owner: OwnerColumns) {
  return {
    owner_kind: owner.ownerKind,
    owner_contact_id: owner.ownerContactId ?? null,
    owner_team_id: owner.ownerTeamId ?? null,
  };
}

/** The one writer of tasks: creates, writes given fields, removes; a batch per statement. */
@Injectable()
export class TasksWriter {
  async create(scope: WriteScope, drafts: readonly TaskDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.basicTask));
    await insertRows(
      scope.sql,
      'tasks',
      TASK_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
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
        ...ownerColumnsOf(draft.owner),
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    return ids;
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
