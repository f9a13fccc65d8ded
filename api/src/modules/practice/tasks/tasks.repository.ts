import { Inject, Injectable } from '@nestjs/common';
import {
  TaskStatus,
  type AssignableEntitiesQuery,
  type Pagination,
  type TaskOwnerKind,
  type TasksQuery,
} from '@meridian/domain';
import { sqlOf, type Sql } from '../../../common/persistence/sql.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeParam } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** A task as the routes read it, before names are resolved. */
export interface TaskRow {
  id: string;
  teamId: string;
  householdId: string | null;
  title: string;
  note: string | null;
  type: string | null;
  priority: string | null;
  /** YYYY-MM-DD. */
  dueDate: string | null;
  status: TaskStatus;
  scheduledTime: Date | null;
  recurrence: string | null;
  assigneeTeamMemberId: string | null;
  assigneePersonId: string | null;
  workflowId: string | null;
  workflowStepId: string | null;
  meetingId: string | null;
  meetingTaskType: 'PRE' | 'DURING' | 'POST' | null;
  previousOccurrenceId: string | null;
  ownerKind: TaskOwnerKind;
  ownerId: string;
  completedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const TASK_SELECT = `t.id, t.team_id AS "teamId", t.household_id AS "householdId", t.title, t.note, t.type,
  t.priority, to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate", t.status::text AS status,
  t.scheduled_time AS "scheduledTime", t.recurrence, t.assignee_team_member_id AS "assigneeTeamMemberId",
  t.assignee_person_id AS "assigneePersonId", t.workflow_id AS "workflowId",
  t.workflow_step_id AS "workflowStepId", t.meeting_id AS "meetingId",
  t.meeting_task_type::text AS "meetingTaskType", t.previous_occurrence_id AS "previousOccurrenceId",
  t.owner_kind::text AS "ownerKind",
  coalesce(t.owner_team_id, t.owner_household_id, t.owner_professional_id, t.owner_contact_id, t.owner_person_id,
    t.owner_corporation_id, t.owner_foundation_id, t.owner_trust_id, t.owner_group_id) AS "ownerId",
  t.completed_at AS "completedAt", t.cancelled_at AS "cancelledAt", t.created_at AS "createdAt",
  t.updated_at AS "updatedAt"`;

/** Open tasks come first by due date (none last), then the oldest. */
const TASK_ORDER = `t.due_date ASC NULLS LAST, t.created_at, t.id`;

/** The most tasks one list answers: a household's or a person's tasks, or "my tasks". */
export const TASK_LIST_CAP = 500;

/** "My tasks": the tasks due today, and a page of the overdue and of the upcoming with their totals. */
export interface MyTaskRows {
  dueToday: TaskRow[];
  overdue: { rows: TaskRow[]; total: number };
  upcoming: { rows: TaskRow[]; total: number };
}

/** One status's page of a team's board. */
export interface BoardColumnRows {
  status: TaskStatus;
  total: number;
  items: TaskRow[];
}

/** A candidate assignee of a team's task. */
export interface AssignableRow {
  id: string;
  kind: 'TEAM_MEMBER' | 'PERSON';
}

/**
 * The task reads, in raw SQL with the caller's team scope (`teamScopeParam`): a task of another
 * team is not found, as one of another firm is.
 */
@Injectable()
export class TasksRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  private get sql(): Sql {
    return sqlOf(this.prisma);
  }

  /** One task within reach; with `sql` of a transaction, locked until it ends (`forUpdate`). */
  async find(taskId: string, options: { sql?: Sql; forUpdate?: boolean } = {}): Promise<TaskRow | null> {
    const scope = teamScopeParam('t.team_id', 3);
    const [row] = await (options.sql ?? this.sql).query<TaskRow>(
      `SELECT ${TASK_SELECT} FROM tasks t WHERE t.organization_id = $1 AND t.id = $2${scope.sql}
       ${options.forUpdate ? 'FOR UPDATE' : ''}`,
      currentOrganizationId(),
      taskId,
      ...scope.values,
    );
    return row ?? null;
  }

  /**
   * `GET /tasks/`: the tasks of a contact (owned by it) and/or of a household (its own and those of
   * its members and entities), within reach; without either, every task within reach. Workflow
   * tasks are left out on request, except those of the firm's own workflow templates when asked.
   */
  async list(query: TasksQuery): Promise<TaskRow[]> {
    const values: unknown[] = [currentOrganizationId()];
    const where: string[] = ['t.organization_id = $1'];
    if (query.contactId) {
      values.push(query.contactId);
      where.push(`t.owner_contact_id = $${values.length}`);
    }
    if (query.householdId) {
      values.push(query.householdId);
      where.push(`(t.household_id = $${values.length} OR t.owner_household_id = $${values.length})`);
    }
    if (query.excludeWorkflowTasks) {
      where.push(
        query.showCustomWorkflowTasks
          ? `(t.workflow_id IS NULL OR EXISTS (SELECT 1 FROM workflows w WHERE w.organization_id = t.organization_id
               AND w.id = t.workflow_id AND w.template_id IS NOT NULL))`
          : 't.workflow_id IS NULL',
      );
    }
    const scope = teamScopeParam('t.team_id', values.length + 1);
    return this.sql.query<TaskRow>(
      `SELECT ${TASK_SELECT} FROM tasks t WHERE ${where.join(' AND ')}${scope.sql}
       ORDER BY (t.status IN ('DONE', 'CANCELLED')), ${TASK_ORDER} LIMIT ${TASK_LIST_CAP}`,
      ...values,
      ...scope.values,
    );
  }

  /**
   * "My tasks": the open tasks given to `userId` on any team, against `today` (YYYY-MM-DD): those
   * due today in full (up to the cap), a page of the overdue and one of the upcoming (later or
   * undated), each by due date, with the counts of the two paged lists. Two statements, side by
   * side: the three lists in one, the counts in the other.
   */
  async myTasks(userId: string, today: string, overdue: Pagination, upcoming: Pagination): Promise<MyTaskRows> {
    const organizationId = currentOrganizationId();
    const rowsScope = teamScopeParam('t.team_id', 8);
    const countsScope = teamScopeParam('t.team_id', 4);
    // Each list is one ordered walk of tasks_open_by_assignee_due_idx per membership of the user
    // (a range of due dates), stopping at the page's end, then merged: an IN (memberships) form
    // reads and sorts every open task first (53 ms against 3 ms for an advisor with 15,000 open
    // tasks, bench/task-list.ts). The upcoming walk is two ranges, dated then undated: the OR of
    // both is no index range, and read by filter it passes every overdue task first.
    const open = `t.organization_id = m.organization_id AND t.assignee_team_member_id = m.id
      AND t.status NOT IN ('DONE', 'CANCELLED')${rowsScope.sql}`;
    const merged = `ORDER BY page."dueDate" ASC NULLS LAST, page."createdAt", page.id`;
    const [rows, [counts]] = await Promise.all([
      this.sql.query<TaskRow & { list: 'dueToday' | 'overdue' | 'upcoming' }>(
        `WITH m AS (SELECT id, organization_id FROM team_members WHERE organization_id = $1 AND user_id = $2)
         SELECT * FROM (
         (SELECT 'dueToday' AS list, page.* FROM m CROSS JOIN LATERAL (SELECT ${TASK_SELECT} FROM tasks t
             WHERE ${open} AND t.due_date = $3::date ORDER BY ${TASK_ORDER} LIMIT ${TASK_LIST_CAP}) AS page
           ${merged} LIMIT ${TASK_LIST_CAP})
         UNION ALL
         (SELECT 'overdue' AS list, page.* FROM m CROSS JOIN LATERAL (SELECT ${TASK_SELECT} FROM tasks t
             WHERE ${open} AND t.due_date < $3::date ORDER BY ${TASK_ORDER} LIMIT $4::int + $5::int) AS page
           ${merged} LIMIT $4 OFFSET $5)
         UNION ALL
         (SELECT 'upcoming' AS list, page.* FROM m CROSS JOIN LATERAL (
             (SELECT ${TASK_SELECT} FROM tasks t WHERE ${open} AND t.due_date > $3::date
               ORDER BY ${TASK_ORDER} LIMIT $6::int + $7::int)
             UNION ALL
             (SELECT ${TASK_SELECT} FROM tasks t WHERE ${open} AND t.due_date IS NULL
               ORDER BY t.created_at, t.id LIMIT $6::int + $7::int)) AS page
           ${merged} LIMIT $6 OFFSET $7)) AS lists
         ORDER BY lists.list, lists."dueDate" ASC NULLS LAST, lists."createdAt", lists.id`,
        organizationId,
        userId,
        today,
        overdue.limit,
        (overdue.page - 1) * overdue.limit,
        upcoming.limit,
        (upcoming.page - 1) * upcoming.limit,
        ...rowsScope.values,
      ),
      this.sql.query<{ overdue: number; upcoming: number }>(
        `SELECT count(*) FILTER (WHERE t.due_date < $3::date)::int AS overdue,
                count(*) FILTER (WHERE t.due_date > $3::date OR t.due_date IS NULL)::int AS upcoming
           FROM team_members m JOIN tasks t ON t.organization_id = m.organization_id
             AND t.assignee_team_member_id = m.id AND t.status NOT IN ('DONE', 'CANCELLED')${countsScope.sql}
          WHERE m.organization_id = $1 AND m.user_id = $2`,
        organizationId,
        userId,
        today,
        ...countsScope.values,
      ),
    ]);
    const list = (name: 'dueToday' | 'overdue' | 'upcoming') =>
      rows.filter((row) => row.list === name).map(({ list: _list, ...row }) => row);
    return {
      dueToday: list('dueToday'),
      overdue: { rows: list('overdue'), total: counts?.overdue ?? 0 },
      upcoming: { rows: list('upcoming'), total: counts?.upcoming ?? 0 },
    };
  }

  /** A team's tasks, one page per status with each status's count (the board's columns). */
  async board(teamId: string, page: number, limit: number): Promise<BoardColumnRows[]> {
    const organizationId = currentOrganizationId();
    const offset = (page - 1) * limit;
    const [counts, rows] = await Promise.all([
      this.sql.query<{ status: TaskStatus; total: number }>(
        `SELECT t.status::text AS status, count(*)::int AS total FROM tasks t
          WHERE t.organization_id = $1 AND t.team_id = $2 GROUP BY t.status`,
        organizationId,
        teamId,
      ),
      this.sql.query<TaskRow>(
        `SELECT page.* FROM unnest($3::task_status[]) AS s(status)
           CROSS JOIN LATERAL (SELECT ${TASK_SELECT} FROM tasks t
             WHERE t.organization_id = $1 AND t.team_id = $2 AND t.status = s.status
             ORDER BY ${TASK_ORDER} LIMIT $4 OFFSET $5) AS page`,
        organizationId,
        teamId,
        [...TaskStatus],
        limit,
        offset,
      ),
    ]);
    const total = new Map(counts.map((row) => [row.status, row.total]));
    return TaskStatus.map((status) => ({
      status,
      total: total.get(status) ?? 0,
      items: rows.filter((row) => row.status === status),
    }));
  }

  /**
   * Who a team's task may be given to: the team's members and the persons of the team's
   * households (of one household when `householdId` is given), by name, searched by name; a page
   * of them with the count of all. The names the answer shows come from the entity resolver.
   */
  async assignable(
    teamId: string,
    query: AssignableEntitiesQuery,
    householdId: string | null,
  ): Promise<{ rows: AssignableRow[]; total: number }> {
    const values: unknown[] = [currentOrganizationId(), teamId];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const search = query.search ? param(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : null;
    const ids = query.entityIds ? param(query.entityIds) : null;
    const parts: string[] = [];
    if (query.entityType !== 'PERSON' && householdId === null) {
      parts.push(`SELECT m.id, 'TEAM_MEMBER' AS kind, u.name FROM team_members m
          JOIN users u ON u.organization_id = m.organization_id AND u.id = m.user_id
         WHERE m.organization_id = $1 AND m.team_id = $2
           ${search ? `AND u.name ILIKE ${search}` : ''} ${ids ? `AND m.id = ANY(${ids}::text[])` : ''}`);
    }
    if (query.entityType !== 'TEAM_MEMBER') {
      const name = `coalesce(p.preferred_name, p.first_name) || ' ' || p.last_name`;
      const household = householdId ? `AND h.id = ${param(householdId)}` : '';
      parts.push(`SELECT p.id, 'PERSON' AS kind, ${name} AS name FROM persons p
          JOIN households h ON h.organization_id = p.organization_id AND h.id = p.household_id
         WHERE p.organization_id = $1 AND h.team_id = $2 AND p.deleted_at IS NULL AND h.deleted_at IS NULL
           ${household} ${search ? `AND (${name}) ILIKE ${search}` : ''}
           ${ids ? `AND p.id = ANY(${ids}::text[])` : ''}`);
    }
    // Team members asked of a household's owner: a household has persons only, so nobody qualifies.
    if (parts.length === 0) return { rows: [], total: 0 };
    const order = query.preferTeamMembers ? `(kind <> 'TEAM_MEMBER'), lower(name), id` : 'lower(name), id';
    const limit = param(query.limit);
    const offset = param((query.page - 1) * query.limit);
    const rows = await this.sql.query<AssignableRow & { total: number }>(
      `SELECT id, kind, count(*) OVER ()::int AS total FROM (${parts.join(' UNION ALL ')}) AS candidate
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ...values,
    );
    return { rows: rows.map(({ id, kind }) => ({ id, kind })), total: rows[0]?.total ?? 0 };
  }

  /** The team of a meeting within reach (meetings have no module of their own yet), or null. */
  async meetingTeam(meetingId: string): Promise<string | null> {
    const scope = teamScopeParam('m.team_id', 3);
    const [row] = await this.sql.query<{ teamId: string }>(
      `SELECT m.team_id AS "teamId" FROM meetings m WHERE m.organization_id = $1 AND m.id = $2${scope.sql}`,
      currentOrganizationId(),
      meetingId,
      ...scope.values,
    );
    return row?.teamId ?? null;
  }

  /**
   * The ids each task mentions, oldest first, by task id: one statement for every task of a
   * response. The tasks are ones already read within reach; with `sql`, in that transaction.
   */
  async mentionsOf(taskIds: readonly string[], sql: Sql = this.sql): Promise<Map<string, string[]>> {
    const byTask = new Map<string, string[]>();
    if (taskIds.length === 0) return byTask;
    const rows = await sql.query<{ taskId: string; entityId: string }>(
      `SELECT task_id AS "taskId", entity_id AS "entityId" FROM task_mentions
        WHERE organization_id = $1 AND task_id = ANY($2::text[]) ORDER BY created_at, entity_id`,
      currentOrganizationId(),
      [...taskIds],
    );
    for (const row of rows) {
      const ids = byTask.get(row.taskId);
      if (ids) ids.push(row.entityId);
      else byTask.set(row.taskId, [row.entityId]);
    }
    return byTask;
  }

  /** The team members' users, by team member id: who is notified of an assignment. */
  async usersOfTeamMembers(sql: Sql, teamMemberIds: readonly string[]): Promise<Map<string, string>> {
    if (teamMemberIds.length === 0) return new Map();
    const rows = await sql.query<{ id: string; userId: string }>(
      `SELECT id, user_id AS "userId" FROM team_members WHERE organization_id = $1 AND id = ANY($2::text[])`,
      currentOrganizationId(),
      [...teamMemberIds],
    );
    return new Map(rows.map((row) => [row.id, row.userId]));
  }

  /** The user accounts of professionals, by professional id (a mentioned professional is told). */
  async usersOfProfessionals(sql: Sql, professionalIds: readonly string[]): Promise<Map<string, string>> {
    if (professionalIds.length === 0) return new Map();
    const rows = await sql.query<{ id: string; userId: string }>(
      `SELECT id, user_id AS "userId" FROM professionals
        WHERE organization_id = $1 AND id = ANY($2::text[]) AND user_id IS NOT NULL`,
      currentOrganizationId(),
      [...professionalIds],
    );
    return new Map(rows.map((row) => [row.id, row.userId]));
  }
}
