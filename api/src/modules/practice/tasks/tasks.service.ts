import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  describeTaskRecurrence,
  DomainError,
  ErrorCode,
  nextTaskOccurrence,
  notFound,
  parseId,
  parseTaskRecurrence,
  RecurrenceMessage,
  referenceKind,
  referenceKindOf,
  callerToday,
  ReferenceUse,
  taskTransition,
  TaskMessage,
  validationError,
  type AssignableEntitiesQuery,
  type AssignableEntity,
  type EntityKind,
  type ListPage,
  type makeEditTaskSchema,
  type makeTaskSchema,
  type MyTasksQuery,
  type MyTasksResponse,
  type TaskAction,
  type TaskBoardResponse,
  type TaskOwnerKind,
  type TaskResponse,
  type TasksQuery,
  type TaskStatus,
  type TaskTransition,
} from '@meridian/domain';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService, type BatchAuditEntry } from '../../platform/audit/index.js';
import { EntityResolver, type ResolvedEntity } from '../../platform/entity-resolver/index.js';
import { NotificationsService, type Notice } from '../notifications/index.js';
import { TaskEvents, type TaskStatusChange } from './task-events.js';
import { TasksRepository, type TaskRow } from './tasks.repository.js';
import { ownerOf, TasksWriter, type TaskColumns, type TaskDraft } from './tasks.writer.js';

export type CreateTaskInput = z.output<ReturnType<typeof makeTaskSchema>>;
export type EditTaskInput = z.output<ReturnType<typeof makeEditTaskSchema>>;

/** Our messages for what the task routes refuse beyond the schemas'. */
export const TaskRouteMessage = {
  scheduledTimeNotScheduled: 'Only a scheduled task may have a scheduled time',
  noTeam: 'The task needs a team: give it an owner of a team',
} as const;

/** Where a team is named as such (the board, the assignable entities). */
const TEAM_USE = { kinds: ['TEAM'] } as const satisfies ReferenceUse;

const calendarDateOf = (text: string) => new Date(`${text}T00:00:00Z`);

/** The lifecycle's refusal as the API answers it: 409 with its sentence. */
function allowed(transition: TaskTransition): Extract<TaskTransition, { ok: true }> {
  if (!transition.ok) throw new DomainError(ErrorCode.CONFLICT, transition.message);
  return transition;
}

/** A task's row as its audit entry keeps it. */
function auditSnapshot(row: TaskRow) {
  return { ...row, scheduledTime: row.scheduledTime?.toISOString() ?? null };
}

/**
 * The task calls of crm §7 and the dashboard's: creation, the setters, the lifecycle's moves with
 * their refusals, recurrence, notifications of assignments and mentions, and the reads. Every
 * write is one transaction with its audit entries, its notices and what the status listeners
 * (workflows) write.
 */
@Injectable()
export class TasksService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(TasksRepository) private readonly tasks: TasksRepository,
    @Inject(TasksWriter) private readonly writer: TasksWriter,
    @Inject(TaskEvents) private readonly events: TaskEvents,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {}

  // ---- reads ----

  async get(taskId: string): Promise<TaskResponse> {
    const row = await this.tasks.find(taskId);
    if (!row) throw notFound('Task');
    return (await this.responses([row]))[0]!;
  }

  async list(query: TasksQuery): Promise<TaskResponse[]> {
    await this.entities.require([
      ...(query.contactId ? [{ id: query.contactId, use: { kinds: ['CONTACT'] } as const, path: 'contactId' }] : []),
      ...(query.householdId
        ? [{ id: query.householdId, use: { kinds: ['HOUSEHOLD'] } as const, path: 'householdId' }]
        : []),
    ]);
    return this.responses(await this.tasks.list(query));
  }

  /**
   * The caller's open tasks by their due date against today's date: those due today in full, a
   * page of the overdue and of the upcoming with their totals. "Today" is the caller's own date
   * when the dashboard sends it (domain's today.ts), else the UTC date.
   */
  async mine(caller: AuthenticatedCaller, query: MyTasksQuery, now: Date = new Date()): Promise<MyTasksResponse> {
    const today = callerToday(query.today, now);
    const overdue = { page: query.overduePage, limit: query.overdueLimit };
    const upcoming = { page: query.upcomingPage, limit: query.upcomingLimit };
    const found = await this.tasks.myTasks(caller.userId, today, overdue, upcoming);
    // One resolution of names for the three lists; `responses` keeps the order it is given.
    const tasks = await this.responses([...found.dueToday, ...found.overdue.rows, ...found.upcoming.rows]);
    const overdueEnd = found.dueToday.length + found.overdue.rows.length;
    return {
      today,
      dueToday: tasks.slice(0, found.dueToday.length),
      overdue: { items: tasks.slice(found.dueToday.length, overdueEnd), ...overdue, total: found.overdue.total },
      upcoming: { items: tasks.slice(overdueEnd), ...upcoming, total: found.upcoming.total },
    };
  }

  async board(teamId: string, page: number, limit: number): Promise<TaskBoardResponse> {
    await this.entities.requireOne(teamId, TEAM_USE, 'teamId');
    const columns = await this.tasks.board(teamId, page, limit);
    const responses = await this.responses(columns.flatMap((column) => column.items));
    const byId = new Map(responses.map((task) => [task.id, task]));
    return {
      columns: columns.map((column) => ({
        status: column.status,
        total: column.total,
        items: column.items.map((row) => byId.get(row.id)!),
      })),
      page,
      limit,
    };
  }

  /**
   * Who a team's task may be given to. entityId names the owner whose persons to list (a
   * household, or a contact, person or entity of one), checked through the resolver like every id;
   * the names come from the resolver too, so the list shows what every other page shows.
   */
  async assignable(teamId: string, query: AssignableEntitiesQuery): Promise<ListPage<AssignableEntity>> {
    const found = await this.entities.require([
      { id: teamId, use: TEAM_USE, path: 'teamId' },
      ...(query.entityId ? [{ id: query.entityId, use: ReferenceUse.taskOwner, path: 'entityId' }] : []),
    ]);
    let householdId: string | null = null;
    if (query.entityId) {
      const owner = found.get(query.entityId)!;
      // A team or professional has no persons of its own: its team's members and persons are the list.
      if (owner.householdId !== null) householdId = owner.householdId;
    }
    const { rows, total } = await this.tasks.assignable(teamId, query, householdId);
    const names = await this.entities.displayNames(rows.map((row) => row.id));
    return {
      items: rows.map((row) => ({ id: row.id, kind: row.kind, name: names.get(row.id) ?? '' })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  // ---- writes ----

  async create(caller: AuthenticatedCaller, input: CreateTaskInput): Promise<TaskResponse> {
    const ownerKind: TaskOwnerKind | null = input.owner?.kind ?? null;
    if (input.owner) {
      const kind = referenceKind(input.owner.id, ReferenceUse.taskOwner, 'owner.id');
      if (kind !== input.owner.kind) {
        throw validationError([{ path: 'owner.id', message: TaskMessage.ownerKindMismatch }]);
      }
    }
    const found = await this.entities.require([
      ...(input.owner ? [{ id: input.owner.id, use: ReferenceUse.taskOwner, path: 'owner.id' }] : []),
      ...(input.assigneeId ? [{ id: input.assigneeId, use: ReferenceUse.taskAssignee, path: 'assigneeId' }] : []),
      ...(input.mentions ?? []).map((id) => ({ id, use: ReferenceUse.mention, path: 'mentions' })),
    ]);
    const owner = input.owner ? found.get(input.owner.id)! : null;
    const assignee = input.assigneeId ? found.get(input.assigneeId)! : null;
    // The task's team: its owner's, else its assignee's (a professional belongs to no one team),
    // else the caller's first; a task without an owner belongs to that team.
    const teamId = owner?.teamId ?? assignee?.teamId ?? [...(caller.teamIds ?? [])].sort()[0];
    if (!teamId) throw validationError([{ path: 'owner', message: TaskRouteMessage.noTeam }]);
    this.assertAssigneeOnTeam(assignee, teamId);
    // A meeting's task is of the meeting's team; a meeting elsewhere is not found.
    if (input.meetingId !== undefined) {
      if ((await this.tasks.meetingTeam(input.meetingId)) !== teamId) throw notFound('Meeting');
      if (!input.meetingTaskType) {
        throw validationError([{ path: 'meetingTaskType', message: TaskMessage.meetingTaskTypeInvalid }]);
      }
    }
    const recurrence = input.recurrence ? this.storedRecurrence(input.recurrence, input.dueDate!) : null;
    const draft: TaskDraft = {
      teamId,
      householdId: owner?.householdId ?? null,
      title: input.title,
      note: input.note ?? null,
      type: input.type ?? null,
      priority: input.priority ?? null,
      dueDate: input.dueDate ?? null,
      status: input.status,
      scheduledTime: input.status === 'SCHEDULED' ? (input.scheduledTime ?? null) : null,
      completedAt: input.status === 'DONE' ? new Date() : null,
      cancelledAt: input.status === 'CANCELLED' ? new Date() : null,
      assigneeTeamMemberId: assignee?.kind === 'TEAM_MEMBER' ? assignee.id : null,
      assigneePersonId: assignee?.kind === 'PERSON' ? assignee.id : null,
      recurrence,
      contextData: input.contextData ?? null,
      meetingId: input.meetingId ?? null,
      meetingTaskType: input.meetingId ? (input.meetingTaskType ?? null) : null,
      owner: ownerKind && owner ? ownerOf(ownerKind, owner.id) : ownerOf('TEAM', teamId),
      mentions: input.mentions ?? [],
    };
    const { taskId, outbox } = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      draft.completedAt &&= scope.now;
      draft.cancelledAt &&= scope.now;
      const [id] = await this.writer.create(scope, [draft]);
      const row = (await this.tasks.find(id!, { sql: scope.sql }))!;
      await this.audit.recordMany(scope, [
        { action: 'CREATE', entityType: parseId(id!).type, entityId: id!, after: auditSnapshot(row) },
      ]);
      const notices = await this.notices(scope, row, {
        assigned: assignee?.kind === 'TEAM_MEMBER' ? assignee.id : null,
        mentioned: input.mentions ?? [],
      });
      return { taskId: id!, outbox: await this.notifications.notify(scope, notices) };
    });
    await this.notifications.dispatch(outbox);
    return this.get(taskId);
  }

  setTitle(taskId: string, title: string): Promise<TaskResponse> {
    return this.change(taskId, 'edit', () => ({ title }));
  }

  setDueDate(taskId: string, dueDate: Date | null): Promise<TaskResponse> {
    return this.change(taskId, 'edit', (row) => {
      // A recurring series is dated from its first due date: a new due date starts it again there.
      if (row.recurrence && dueDate === null) {
        throw validationError([{ path: 'dueDate', message: RecurrenceMessage.dueDateRequired }]);
      }
      return {
        dueDate,
        ...(row.recurrence && dueDate ? { recurrence: this.storedRecurrence(row.recurrence, dueDate) } : {}),
      };
    });
  }

  async assign(taskId: string, entityId: string): Promise<TaskResponse> {
    const assignee = await this.entities.requireOne(entityId, ReferenceUse.taskAssignee, 'entityId');
    return this.change(
      taskId,
      'edit',
      (row) => {
        this.assertAssigneeOnTeam(assignee, row.teamId);
        return {
          assigneeTeamMemberId: assignee.kind === 'TEAM_MEMBER' ? assignee.id : null,
          assigneePersonId: assignee.kind === 'PERSON' ? assignee.id : null,
        };
      },
      (row) => ({
        assigned: assignee.kind === 'TEAM_MEMBER' && row.assigneeTeamMemberId !== assignee.id ? assignee.id : null,
      }),
    );
  }

  markComplete(taskId: string): Promise<TaskResponse> {
    return this.move(taskId, (row) => allowed(taskTransition(row.status, 'complete')), null);
  }

  cancel(taskId: string): Promise<TaskResponse> {
    return this.move(taskId, (row) => allowed(taskTransition(row.status, 'cancel')), null);
  }

  markIncomplete(taskId: string): Promise<TaskResponse> {
    return this.move(taskId, (row) => allowed(taskTransition(row.status, 'reopen')), null);
  }

  /**
   * The board's drag and drop: to DONE is completing, to CANCELLED cancelling, from a closed
   * status to an open one reopening (landing on the status asked for), between open statuses an
   * edit; each with the lifecycle's refusals.
   */
  setStatus(taskId: string, status: TaskStatus, scheduledTime: Date | null): Promise<TaskResponse> {
    return this.move(
      taskId,
      (row) => {
        const action: TaskAction =
          status === 'DONE'
            ? 'complete'
            : status === 'CANCELLED'
              ? 'cancel'
              : row.status === 'DONE' || row.status === 'CANCELLED'
                ? 'reopen'
                : 'edit';
        const transition = allowed(taskTransition(row.status, action));
        return { ...transition, status: action === 'complete' || action === 'cancel' ? transition.status : status };
      },
      scheduledTime,
    );
  }

  edit(taskId: string, input: EditTaskInput): Promise<TaskResponse> {
    return this.change(
      taskId,
      'edit',
      (row) => {
        if (input.scheduledTime !== undefined && row.status !== 'SCHEDULED') {
          throw validationError([{ path: 'scheduledTime', message: TaskRouteMessage.scheduledTimeNotScheduled }]);
        }
        const fields: TaskColumns = {};
        if (input.note !== undefined) fields.note = input.note;
        if (input.type !== undefined) fields.type = input.type;
        if (input.priority !== undefined) fields.priority = input.priority;
        if (input.scheduledTime !== undefined) fields.scheduledTime = input.scheduledTime;
        if (input.recurrence !== undefined) {
          if (input.recurrence !== null && row.dueDate === null) {
            throw validationError([{ path: 'recurrence', message: RecurrenceMessage.dueDateRequired }]);
          }
          fields.recurrence =
            input.recurrence === null ? null : this.storedRecurrence(input.recurrence, calendarDateOf(row.dueDate!));
        }
        return fields;
      },
      () => ({ assigned: null }),
      input.mentions,
    );
  }

  // ---- the steps the writes share ----

  /**
   * A change of fields that leaves the status as it is: the task locked, the lifecycle's check for
   * `action`, the fields written, the mentions replaced when `mentions` is given, audited, and the
   * notices of `tell` and of the mentions added sent after the commit.
   */
  private async change(
    taskId: string,
    action: TaskAction,
    fieldsOf: (row: TaskRow) => TaskColumns,
    tell: (row: TaskRow) => { assigned?: string | null; mentioned?: readonly string[] } = () => ({}),
    mentions?: readonly string[],
  ): Promise<TaskResponse> {
    const outbox = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.tasks.find(taskId, { sql: scope.sql, forUpdate: true });
      if (!before) throw notFound('Task');
      allowed(taskTransition(before.status, action));
      const told = tell(before);
      const fields = fieldsOf(before);
      const added = mentions === undefined ? [] : await this.replaceMentions(scope, taskId, mentions);
      await this.writer.update(scope, [{ id: taskId, fields }]);
      const after = (await this.tasks.find(taskId, { sql: scope.sql }))!;
      await this.audit.recordMany(scope, [
        {
          action: 'UPDATE',
          entityType: parseId(taskId).type,
          entityId: taskId,
          before: auditSnapshot(before),
          after: auditSnapshot(after),
        },
      ]);
      const notices = await this.notices(scope, after, {
        assigned: told.assigned ?? null,
        mentioned: [...(told.mentioned ?? []), ...added],
      });
      return this.notifications.notify(scope, notices);
    });
    await this.notifications.dispatch(outbox);
    return this.get(taskId);
  }

  /**
   * A status move: the task locked (two requests at the same moment take turns, and the second
   * meets the first's result), the lifecycle's transition, the completion and cancellation times
   * and the scheduled time (set exactly when SCHEDULED), a recurring task's next occurrence when
   * it is completed, the audit entry, and the status listeners, all in one transaction.
   */
  private async move(
    taskId: string,
    transitionOf: (row: TaskRow) => Extract<TaskTransition, { ok: true }>,
    scheduledTime: Date | null,
  ): Promise<TaskResponse> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const before = await this.tasks.find(taskId, { sql: scope.sql, forUpdate: true });
      if (!before) throw notFound('Task');
      const transition = transitionOf(before);
      await this.writer.update(scope, [
        {
          id: taskId,
          fields: {
            status: transition.status,
            scheduledTime: transition.status === 'SCHEDULED' ? scheduledTime : null,
            completedAt: transition.completed ? scope.now : null,
            cancelledAt: transition.cancelled ? scope.now : null,
          },
        },
      ]);
      const after = (await this.tasks.find(taskId, { sql: scope.sql }))!;
      const entries: BatchAuditEntry[] = [
        {
          action: 'UPDATE',
          entityType: parseId(taskId).type,
          entityId: taskId,
          before: auditSnapshot(before),
          after: auditSnapshot(after),
        },
      ];
      if (transition.completed) {
        const nextId = await this.nextOccurrence(scope, after);
        if (nextId) {
          const next = (await this.tasks.find(nextId, { sql: scope.sql }))!;
          entries.push({
            action: 'CREATE',
            entityType: parseId(nextId).type,
            entityId: nextId,
            after: auditSnapshot(next),
          });
        }
      }
      await this.audit.recordMany(scope, entries);
      if (before.status !== after.status) {
        const change: TaskStatusChange = {
          taskId,
          workflowId: after.workflowId,
          workflowStepId: after.workflowStepId,
          from: before.status,
          to: after.status,
        };
        await this.events.statusChanged(scope, [change]);
      }
    });
    return this.get(taskId);
  }

  /**
   * The occurrence after a completed recurring task, dated by the rule from the series' first due
   * date, made once: none when the series has ended or the next one exists already.
   */
  private async nextOccurrence(scope: WriteScope, done: TaskRow): Promise<string | null> {
    if (!done.recurrence || !done.dueDate) return null;
    const dueDate = nextTaskOccurrence(done.recurrence, calendarDateOf(done.dueDate));
    if (!dueDate) return null;
    const [id] = await this.writer.createNextOccurrences(scope, [
      {
        previousOccurrenceId: done.id,
        draft: {
          teamId: done.teamId,
          householdId: done.householdId,
          title: done.title,
          note: done.note,
          type: done.type,
          priority: done.priority,
          dueDate,
          status: 'TODO',
          scheduledTime: null,
          completedAt: null,
          cancelledAt: null,
          assigneeTeamMemberId: done.assigneeTeamMemberId,
          assigneePersonId: done.assigneePersonId,
          recurrence: done.recurrence,
          workflowId: done.workflowId,
          workflowStepId: done.workflowStepId,
          owner: ownerOf(done.ownerKind, done.ownerId),
        },
      },
    ]);
    return id ?? null;
  }

  /**
   * The locked task's mentions become `mentions`; answers the ids added, the only ones told. The
   * new ones go through the resolver; those the task has already stay unchecked: they were checked
   * when added, and one out of this editor's reach (another team's member) comes back as the
   * drawer showed it, unnamed, which must not make the save a 404.
   */
  private async replaceMentions(scope: WriteScope, taskId: string, mentions: readonly string[]): Promise<string[]> {
    const stored = new Set((await this.tasks.mentionsOf([taskId], scope.sql)).get(taskId));
    const fresh = mentions.filter((id) => !stored.has(id));
    if (fresh.length > 0) {
      await this.entities.require(fresh.map((id) => ({ id, use: ReferenceUse.mention, path: 'mentions' })));
    }
    return this.writer.replaceMentions(scope, taskId, mentions);
  }

  private storedRecurrence(text: string, firstDueDate: Date): string {
    const check = parseTaskRecurrence(text, firstDueDate);
    if (!check.ok) throw validationError([{ path: 'recurrence', message: check.message }]);
    return check.rule;
  }

  /**
   * A team member assignee is one of the task's team: a member of another team is not found there,
   * the same 404 as a member of another firm (a person may be any client within reach).
   */
  private assertAssigneeOnTeam(assignee: ResolvedEntity | null, teamId: string): void {
    if (assignee?.kind === 'TEAM_MEMBER' && assignee.teamId !== teamId) throw notFound('Team member');
  }

  /**
   * The notices of an assignment (to a team member, that is to their user) and of mentions (of
   * users, team members and professionals with an account), each a sentence naming who did it.
   */
  private async notices(
    scope: WriteScope,
    task: TaskRow,
    told: { assigned: string | null; mentioned: readonly string[] },
  ): Promise<Notice[]> {
    const memberIds = [
      ...(told.assigned ? [told.assigned] : []),
      ...told.mentioned.filter((id) => id.startsWith('team_member-')),
    ];
    const professionalIds = told.mentioned.filter((id) => id.startsWith('professional-'));
    const mentionedUsers = told.mentioned.filter((id) => id.startsWith('user-'));
    if (memberIds.length + professionalIds.length + mentionedUsers.length === 0) return [];
    // One after another: the transaction's connection runs one query at a time.
    const members = await this.tasks.usersOfTeamMembers(scope.sql, memberIds);
    const professionals = await this.tasks.usersOfProfessionals(scope.sql, professionalIds);
    const actorName =
      scope.actor.kind === 'USER'
        ? ((await this.entities.displayNames([scope.actor.id], ['USER'])).get(scope.actor.id) ?? 'Someone')
        : 'Meridian';
    const about = { entityKind: parseId(task.id).type.toUpperCase() as EntityKind, entityId: task.id };
    const notices: Notice[] = [];
    const assignedUser = told.assigned ? members.get(told.assigned) : undefined;
    if (assignedUser) {
      notices.push({
        userId: assignedUser,
        kind: 'TASK_ASSIGNED',
        title: `${actorName} gave you the task “${task.title}”`,
        ...about,
      });
    }
    const mentionedUserIds = [
      ...mentionedUsers,
      ...told.mentioned.flatMap((id) => members.get(id) ?? professionals.get(id) ?? []),
    ];
    for (const userId of new Set(mentionedUserIds)) {
      notices.push({
        userId,
        kind: 'MENTIONED',
        title: `${actorName} mentioned you in the task “${task.title}”`,
        ...about,
      });
    }
    return notices;
  }

  /**
   * Tasks as the routes answer them: owner, assignee and mentions named through the resolver (the
   * mentions of every task in one statement), recurrence in words.
   */
  private async responses(rows: readonly TaskRow[]): Promise<TaskResponse[]> {
    const mentions = await this.tasks.mentionsOf(rows.map((row) => row.id));
    const names = await this.entities.displayNames([
      ...rows.flatMap((row) => [row.ownerId, row.assigneeTeamMemberId ?? row.assigneePersonId ?? []].flat()),
      ...[...mentions.values()].flat(),
    ]);
    return rows.map((row) => {
      const assigneeId = row.assigneeTeamMemberId ?? row.assigneePersonId;
      return {
        id: row.id,
        teamId: row.teamId,
        householdId: row.householdId,
        title: row.title,
        note: row.note,
        type: row.type,
        priority: row.priority,
        dueDate: row.dueDate,
        status: row.status,
        scheduledTime: row.scheduledTime?.toISOString() ?? null,
        recurrence: row.recurrence,
        recurrenceText: row.recurrence ? describeTaskRecurrence(row.recurrence) : null,
        owner: { kind: row.ownerKind, id: row.ownerId, name: names.get(row.ownerId) ?? null },
        assignee: assigneeId
          ? {
              kind: row.assigneeTeamMemberId ? ('TEAM_MEMBER' as const) : ('PERSON' as const),
              id: assigneeId,
              name: names.get(assigneeId) ?? null,
            }
          : null,
        mentions: (mentions.get(row.id) ?? []).flatMap((id) => {
          // Stored only after the resolver took it, so its prefix names a kind.
          const kind = referenceKindOf(id);
          return kind ? [{ kind, id, name: names.get(id) ?? null }] : [];
        }),
        workflowId: row.workflowId,
        workflowStepId: row.workflowStepId,
        meetingId: row.meetingId,
        meetingTaskType: row.meetingTaskType,
        previousOccurrenceId: row.previousOccurrenceId,
        completedAt: row.completedAt?.toISOString() ?? null,
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}
