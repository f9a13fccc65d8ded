// How fast an advisor's task lists answer over HTTP, beside the bare SQL that returns the same rows
// in the same run: "My tasks" (`GET /api/tasks/mine`) and the team board (`GET
// /api/tasks/board/{teamId}`), for an advisor of the large seed whose firm has some 200,000 tasks
// and 100,000 notes. Prints figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/task-list.ts \
//     [--database-url URL] [--seeded URL] [--households 10000] [--tasks 200000] [--notes 100000] \
//     [--runs 300] [--show-statements] [--explain] [--keep]
//
// By default it creates a scratch database on the server of --database-url (or DATABASE_URL, or
// the local one), migrates it, seeds the large demo organization (--households to change its
// size), then tops the firm's tasks and notes up to --tasks and --notes (COPY through the seed's
// CopyBuffer, in one transaction), runs VACUUM ANALYZE as autovacuum would, and drops the database
// at the end (--keep keeps it). --seeded URL uses a database already so prepared (a kept one).
// The smallest run (CI's): --households 3 --tasks 300 --notes 100 --runs 10.
//
// The caller is the advisor (a role limited to their teams, so the team scope is paid) with the
// most open tasks (My tasks at its default pages: due today in full, 20 overdue, 20 upcoming); the
// board is that advisor's team with the most tasks, at the default page. The API runs in this
// process (createApiApp, NODE_ENV=production, silent), asked with `fetch` one request at a time;
// the baseline is the statements of the tasks repository for the same rows
// (the same columns, WHERE, ORDER and LIMIT, the team scope included) sent straight through `pg`,
// without names, tenancy, mapping or JSON. The two are interleaved request by request, so a
// machine whose load changes during the run weighs on both alike. Before timing, the bench checks
// that both return the same tasks in the same order.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createApiApp, createLogger, loadConfig, TokenService, type Prisma } from '@meridian/api';
import {
  EntityType,
  parseTaskRecurrence,
  seesEveryTeam,
  TASK_TYPES,
  TaskStatus,
  type TaskType,
  type UserRole,
} from '@meridian/domain';
import { migrateDatabase } from '../prisma/migrate.js';
import { figures, interleaved, statementsOf, type Figures, type Statement } from './lib/http-beside-sql.js';
import {
  connect,
  DEFAULT_DATABASE_URL,
  disconnect,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  serverAddressOf,
  withDatabaseName,
} from '../prisma/postgres.js';
import { CopyBuffer, defineTable, type TableSpec } from '../scripts/seed/copy.js';
import { addDays, dateOf } from '../scripts/seed/finance.js';
import { IdFactory } from '../scripts/seed/ids.js';
import { seedDemoOrganization, SEED_SIZES } from '../scripts/seed/main.js';
import { tables } from '../scripts/seed/tables.js';
import { deriveSeed, Random } from '../scripts/seed/random.js';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    seeded: { type: 'string' },
    households: { type: 'string' },
    tasks: { type: 'string', default: '200000' },
    notes: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '300' },
    'show-statements': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const serverUrl = options['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const runs = Number(options.runs);
const wantedTasks = Number(options.tasks);
const wantedNotes = Number(options.notes);
const households = options.households === undefined ? SEED_SIZES.large.households : Number(options.households);
const number = (value: number) => Math.round(value).toLocaleString('en-US');

// ─── The firm's practice, extended ──────────────────────────────────────────────────────────────

// The seed's task spec leaves out the columns its own tasks never use (recurrence, workflows),
// and it has no workflow tables: these name them, with the same CopyBuffer and the same typing.
const TABLES = {
  workflows: defineTable<Prisma.WorkflowCreateManyInput>('workflows', [
    'id',
    'organizationId',
    'teamId',
    'householdId',
    'name',
    'templateKey',
    'startedAt',
    'completedAt',
    'createdAt',
    'updatedAt',
  ]),
  workflowSteps: defineTable<Prisma.WorkflowStepCreateManyInput>('workflow_steps', [
    'id',
    'organizationId',
    'workflowId',
    'position',
    'name',
    'openedAt',
    'completedAt',
    'createdAt',
    'updatedAt',
  ]),
  tasks: defineTable<Prisma.TaskCreateManyInput>('tasks', [
    'id',
    'organizationId',
    'teamId',
    'householdId',
    'kind',
    'type',
    'title',
    'note',
    'dueDate',
    'scheduledTime',
    'status',
    'priority',
    'recurrence',
    'assigneeTeamMemberId',
    'assigneePersonId',
    'workflowId',
    'workflowStepId',
    'ownerKind',
    'ownerHouseholdId',
    'ownerContactId',
    'ownerPersonId',
    'completedAt',
    'cancelledAt',
    'createdAt',
    'updatedAt',
  ]),
  // The seed's own notes table: the bench's notes leave its corporation owner empty.
  notes: tables.notes,
};
const WRITE_ORDER = [
  TABLES.workflows,
  TABLES.workflowSteps,
  TABLES.tasks,
  TABLES.notes,
] as unknown as readonly TableSpec<never>[];

interface HouseholdRow {
  id: string;
  teamId: string;
  name: string;
  advisorMemberId: string | null;
  advisorUserId: string | null;
  personId: string | null;
  contactId: string | null;
}

/** Most tasks are done; about one in six is open, its due date within weeks of today. */
const STATUSES: readonly (readonly [TaskStatus, number])[] = [
  ['DONE', 76],
  ['CANCELLED', 6],
  ['TODO', 8],
  ['IN_PROGRESS', 4],
  ['SCHEDULED', 2],
  ['BLOCKED', 1.5],
  ['IN_REVIEW', 1.5],
  ['TRIAGE', 1],
];
const CLOSED: ReadonlySet<TaskStatus> = new Set(['DONE', 'CANCELLED']);
/** The recurring kinds and their rules (a recurring task is one in eleven). */
const RECURRING: readonly (readonly [TaskType, string])[] = [
  ['ANNUAL_REVIEW', 'FREQ=YEARLY'],
  ['KYC_UPDATE', 'FREQ=YEARLY;INTERVAL=2'],
  ['CONTRIBUTION', 'FREQ=MONTHLY'],
  ['PORTFOLIO_REBALANCE', 'FREQ=MONTHLY;INTERVAL=3'],
  ['RRIF_MINIMUM_PAYMENT', 'FREQ=YEARLY'],
];
const ONE_OFF: readonly TaskType[] = (Object.keys(TASK_TYPES) as TaskType[]).filter(
  (type) => !RECURRING.some(([recurring]) => recurring === type),
);
const WORKFLOW_STEPS = [
  ['New-client onboarding', ['Collect documents', 'Open the accounts', 'Fund and invest']],
  ['Annual review', ['Prepare the review', 'Meet the clients', 'Follow up']],
] as const;
const NOTE_TITLES = ['Phone call', 'Annual review', 'E-mail', 'Meeting notes', 'Portfolio', 'Tax season', 'Estate'];
const NOTE_SENTENCES = [
  'Called about the RRSP contribution before the deadline.',
  'Reviewed the allocation; no change to the risk profile.',
  'Asked for last year’s slips for the accountant.',
  'Wants to discuss helping a child buy a first home.',
  'Renewal of the mortgage in the spring; compare offers.',
  'Updated the beneficiaries of the TFSA after the marriage.',
  'Prefers e-mail over phone calls during the day.',
  'Considering a part-time retirement in two years.',
  'Sent the fee schedule and the relationship disclosure.',
  'Le client souhaite revoir son REER avant la fin de l’année.',
];
/** Rows buffered before they are written: memory stays flat at any count. */
const FLUSH_EVERY = 20_000;

/**
 * Tops the firm's tasks and notes up to the counts asked: tasks spread over its households (their
 * team), assigned mostly to the household's advisor, some to a colleague of the team or a person
 * of the household; owned by the household, a person or a contact of it; most done, a sixth open
 * with due dates around today, one in eleven recurring, one in twelve in a workflow. One
 * transaction; COPY per table per chunk.
 */
async function extendPractice(url: string, today: Date): Promise<{ tasks: number; notes: number; seconds: number }> {
  const started = performance.now();
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    const organization = await client.query<{ id: string; tasks: string; notes: string }>(
      `SELECT o.id, (SELECT count(*) FROM tasks t WHERE t.organization_id = o.id) AS tasks,
              (SELECT count(*) FROM notes n WHERE n.organization_id = o.id) AS notes
         FROM organizations o WHERE o.is_demo ORDER BY o.created_at LIMIT 1`,
    );
    const org = organization.rows[0];
    if (!org) throw new Error('No demo organization to extend');
    const taskCount = Math.max(0, wantedTasks - Number(org.tasks));
    const noteCount = Math.max(0, wantedNotes - Number(org.notes));
    const { rows: homes } = await client.query<HouseholdRow>(
      `SELECT h.id, h.team_id AS "teamId", h.name,
              m.id AS "advisorMemberId", p.user_id AS "advisorUserId",
              (SELECT pe.id FROM persons pe WHERE pe.organization_id = h.organization_id AND pe.household_id = h.id
                  AND pe.deleted_at IS NULL ORDER BY pe.id LIMIT 1) AS "personId",
              (SELECT c.id FROM contacts c WHERE c.organization_id = h.organization_id AND c.household_id = h.id
                  AND c.deleted_at IS NULL ORDER BY c.id LIMIT 1) AS "contactId"
         FROM households h
         LEFT JOIN professionals p ON p.organization_id = h.organization_id AND p.id = h.primary_advisor_id
         LEFT JOIN team_members m ON m.organization_id = h.organization_id AND m.user_id = p.user_id
              AND m.team_id = h.team_id
        WHERE h.organization_id = $1 AND h.deleted_at IS NULL ORDER BY h.id`,
      [org.id],
    );
    const { rows: members } = await client.query<{ id: string; teamId: string; userId: string }>(
      `SELECT id, team_id AS "teamId", user_id AS "userId" FROM team_members WHERE organization_id = $1 ORDER BY id`,
      [org.id],
    );
    const teamMembers = new Map<string, { id: string; userId: string }[]>();
    for (const member of members) teamMembers.set(member.teamId, [...(teamMembers.get(member.teamId) ?? []), member]);
    if (homes.length === 0) throw new Error('The demo organization has no household');

    const random = new Random(deriveSeed(20_261_128, 'task-list'));
    const ids = new IdFactory(deriveSeed(20_261_128, 'task-list-ids'));
    const organizationId = org.id;
    let out = new CopyBuffer();
    const flush = async () => {
      await out.flush(client, WRITE_ORDER);
      out = new CopyBuffer();
    };
    const teamOf = (home: HouseholdRow) => teamMembers.get(home.teamId) ?? [];
    const advisorOf = (home: HouseholdRow) => home.advisorMemberId ?? teamOf(home)[0]?.id ?? null;
    const at = (date: Date, hour: number) => new Date(dateOf(date).getTime() + hour * 3_600_000);

    const addTask = (
      home: HouseholdRow,
      status: TaskStatus,
      extra: { workflowId?: string; workflowStepId?: string; type?: TaskType; createdAt?: Date } = {},
    ) => {
      const recurring = !extra.workflowId && random.chance(0.09) ? random.pick(RECURRING) : undefined;
      const type = extra.type ?? recurring?.[0] ?? random.pick(ONE_OFF);
      const closed = CLOSED.has(status);
      const createdAt =
        extra.createdAt ?? (closed ? addDays(today, -random.int(2, 1500)) : addDays(today, -random.int(1, 120)));
      const closedAt = closed ? notAfter(addDays(createdAt, random.int(0, 40)), addDays(today, -1)) : null;
      const scheduledTime = status === 'SCHEDULED' ? at(addDays(today, random.int(7, 60)), random.int(14, 21)) : null;
      const dueDate = closed
        ? addDays(createdAt, random.int(0, 30))
        : scheduledTime
          ? addDays(scheduledTime, random.int(0, 14))
          : recurring || random.chance(0.94)
            ? addDays(today, random.int(-45, 60))
            : null;
      const ownerRoll = random.next();
      const owner =
        ownerRoll < 0.1 && home.contactId
          ? { ownerKind: 'CONTACT' as const, ownerContactId: home.contactId }
          : ownerRoll < 0.3 && home.personId
            ? { ownerKind: 'PERSON' as const, ownerPersonId: home.personId }
            : { ownerKind: 'HOUSEHOLD' as const, ownerHouseholdId: home.id };
      const assigneeRoll = random.next();
      const colleague = assigneeRoll >= 0.82 && assigneeRoll < 0.92 ? random.pick(teamOf(home))?.id : undefined;
      const assigneeTeamMemberId = assigneeRoll < 0.82 ? advisorOf(home) : (colleague ?? null);
      const assigneePersonId = assigneeRoll >= 0.92 && assigneeRoll < 0.97 ? home.personId : null;
      out.add(TABLES.tasks, {
        id: ids.next(EntityType.basicTask),
        organizationId,
        teamId: home.teamId,
        householdId: owner.ownerKind === 'CONTACT' ? null : home.id,
        kind: 'BASIC_TASK',
        type,
        title: `${TASK_TYPES[type].label}: ${home.name}`.slice(0, 200),
        note: random.chance(0.3) ? random.pick(NOTE_SENTENCES) : null,
        dueDate: dueDate ? dateOf(dueDate) : null,
        scheduledTime,
        status,
        priority: random.pick(['LOW', 'MEDIUM', 'MEDIUM', 'HIGH']),
        recurrence: recurring && dueDate ? ruleText(recurring[1], dateOf(dueDate)) : null,
        assigneeTeamMemberId: assigneePersonId ? null : assigneeTeamMemberId,
        assigneePersonId,
        workflowId: extra.workflowId ?? null,
        workflowStepId: extra.workflowStepId ?? null,
        ...owner,
        completedAt: status === 'DONE' ? closedAt : null,
        cancelledAt: status === 'CANCELLED' ? closedAt : null,
        createdAt,
        updatedAt: closedAt ?? createdAt,
      });
    };

    await client.query('BEGIN');
    // Workflows first: six tasks each (two a step), about one task in twelve. Four in five are
    // complete; the others are in their second step, whose tasks are open (the third not yet).
    let written = 0;
    const workflowCount = Math.floor(taskCount / 12 / 6);
    for (let index = 0; index < workflowCount; index += 1) {
      const home = random.pick(homes);
      const [name, stepNames] = random.pick(WORKFLOW_STEPS);
      const complete = random.chance(0.8);
      const startedAt = complete ? addDays(today, -random.int(60, 1400)) : addDays(today, -random.int(5, 50));
      const workflowId = ids.next(EntityType.workflow);
      out.add(TABLES.workflows, {
        id: workflowId,
        organizationId,
        teamId: home.teamId,
        householdId: home.id,
        name,
        templateKey: name === 'Annual review' ? 'ANNUAL_REVIEW' : 'NEW_CLIENT_ONBOARDING',
        startedAt,
        completedAt: complete ? addDays(startedAt, 45) : null,
        createdAt: startedAt,
        updatedAt: startedAt,
      });
      stepNames.forEach((stepName, position) => {
        const opened = complete || position <= 1;
        const done = complete || position === 0;
        const stepId = ids.next(EntityType.workflowStep);
        const openedAt = opened ? addDays(startedAt, position * 15) : null;
        out.add(TABLES.workflowSteps, {
          id: stepId,
          organizationId,
          workflowId,
          position,
          name: stepName,
          openedAt,
          completedAt: done ? addDays(startedAt, position * 15 + 14) : null,
          createdAt: startedAt,
          updatedAt: startedAt,
        });
        if (!opened) return;
        for (let task = 0; task < 2; task += 1) {
          addTask(home, done ? 'DONE' : random.pick(['TODO', 'IN_PROGRESS'] as const), {
            workflowId,
            workflowStepId: stepId,
            type: name === 'Annual review' ? 'ANNUAL_REVIEW' : 'ONBOARDING',
            createdAt: openedAt!,
          });
          written += 1;
        }
      });
      if (out.size >= FLUSH_EVERY) await flush();
    }
    for (; written < taskCount; written += 1) {
      addTask(random.pick(homes), random.weighted(STATUSES));
      if (out.size >= FLUSH_EVERY) await flush();
    }
    for (let index = 0; index < noteCount; index += 1) {
      const home = random.pick(homes);
      const roll = random.next();
      const owner =
        roll < 0.15 && home.contactId
          ? { ownerKind: 'CONTACT' as const, ownerContactId: home.contactId }
          : roll < 0.4 && home.personId
            ? { ownerKind: 'PERSON' as const, ownerPersonId: home.personId }
            : { ownerKind: 'HOUSEHOLD' as const, ownerHouseholdId: home.id };
      const date = at(addDays(today, -random.int(0, 1500)), random.int(13, 22));
      out.add(TABLES.notes, {
        id: ids.next(EntityType.note),
        organizationId,
        teamId: home.teamId,
        authorUserId: home.advisorUserId,
        title: random.pick(NOTE_TITLES),
        body: `${home.name}: ${random.sample(NOTE_SENTENCES, random.int(1, 3)).join(' ')}`,
        date,
        starredAt: random.chance(0.05) ? date : null,
        ...owner,
        createdAt: date,
        updatedAt: date,
      });
      if (out.size >= FLUSH_EVERY) await flush();
    }
    await flush();
    await client.query('COMMIT');
    return { tasks: taskCount, notes: noteCount, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await disconnect(client);
  }
}

/** The stored rule text, as the API stores it: the series' first date and the rule. */
function ruleText(rule: string, firstDueDate: Date): string {
  const check = parseTaskRecurrence(rule, firstDueDate);
  if (!check.ok) throw new Error(`${rule}: ${check.message}`);
  return check.rule;
}

function notAfter(date: Date, limit: Date): Date {
  return date > limit ? limit : date;
}

// ─── The caller and the statements ──────────────────────────────────────────────────────────────

interface Target {
  organizationId: string;
  userId: string;
  userName: string;
  role: UserRole;
  teams: string[];
  teamId: string;
  openTasks: number;
  firmTasks: number;
  firmNotes: number;
  teamTasks: number;
}

async function findTarget(client: pg.ClientBase): Promise<Target> {
  const { rows: users } = await client.query<{
    id: string;
    name: string;
    organization_id: string;
    role: UserRole;
    teams: string[];
    open: string;
  }>(
    `SELECT u.id, u.name, u.organization_id, u.role::text AS role,
            array_agg(DISTINCT m.team_id ORDER BY m.team_id) AS teams,
            (SELECT count(*) FROM tasks t JOIN team_members tm ON tm.organization_id = t.organization_id
                AND tm.id = t.assignee_team_member_id
              WHERE tm.user_id = u.id AND t.status NOT IN ('DONE', 'CANCELLED')) AS open
       FROM users u JOIN team_members m ON m.organization_id = u.organization_id AND m.user_id = u.id
      GROUP BY u.id ORDER BY open DESC, u.id`,
  );
  const user = users.find((row) => !seesEveryTeam(row.role));
  if (!user) throw new Error('No advisor limited to their teams: seed the large demo first');
  const { rows: teams } = await client.query<{ team_id: string; tasks: string }>(
    `SELECT t.team_id, count(*) AS tasks FROM tasks t WHERE t.organization_id = $1 AND t.team_id = ANY($2::text[])
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    [user.organization_id, user.teams],
  );
  const { rows: firm } = await client.query<{ tasks: string; notes: string }>(
    `SELECT (SELECT count(*) FROM tasks WHERE organization_id = $1) AS tasks,
            (SELECT count(*) FROM notes WHERE organization_id = $1) AS notes`,
    [user.organization_id],
  );
  return {
    organizationId: user.organization_id,
    userId: user.id,
    userName: user.name,
    role: user.role,
    teams: user.teams,
    teamId: teams[0]?.team_id ?? user.teams[0]!,
    openTasks: Number(user.open),
    firmTasks: Number(firm[0]!.tasks),
    firmNotes: Number(firm[0]!.notes),
    teamTasks: Number(teams[0]?.tasks ?? 0),
  };
}

// The tasks repository's columns, WHERE, ORDER and LIMIT (api/src/modules/practice/tasks/
// tasks.repository.ts), written out here: the baseline reads the same rows the routes read.
const TASK_COLUMNS = `t.id, t.team_id AS "teamId", t.household_id AS "householdId", t.title, t.note, t.type,
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
const TASK_ORDER = `t.due_date ASC NULLS LAST, t.created_at, t.id`;
/** TASK_LIST_CAP: the most tasks due today "My tasks" answers. */
const DUE_TODAY_CAP = 500;
/** My tasks' default page of the overdue and of the upcoming (paginationSchema's DEFAULT_LIMIT). */
const MINE_LIMIT = 20;
/** The board's default page (paginationSchema's DEFAULT_LIMIT), as the dashboard first asks it. */
const BOARD_LIMIT = 20;

// The fastest form found of the same rows: for each list, one ordered walk of the open-by-assignee
// index per membership, merged (an IN (memberships) form reads and sorts every open task first);
// the upcoming walk in two ranges, dated then undated. Beside it, the two paged lists' counts.
const MINE_OPEN = `t.organization_id = m.organization_id AND t.assignee_team_member_id = m.id
  AND t.status NOT IN ('DONE', 'CANCELLED') AND t.team_id = ANY($8::text[])`;
const MINE_MERGED = `ORDER BY page."dueDate" ASC NULLS LAST, page."createdAt", page.id`;
const MINE_SQL = `WITH m AS (SELECT id, organization_id FROM team_members WHERE organization_id = $1 AND user_id = $2)
  SELECT * FROM (
  (SELECT 'dueToday' AS list, page.* FROM m CROSS JOIN LATERAL (SELECT ${TASK_COLUMNS} FROM tasks t
      WHERE ${MINE_OPEN} AND t.due_date = $3::date ORDER BY ${TASK_ORDER} LIMIT ${DUE_TODAY_CAP}) AS page
    ${MINE_MERGED} LIMIT ${DUE_TODAY_CAP})
  UNION ALL
  (SELECT 'overdue' AS list, page.* FROM m CROSS JOIN LATERAL (SELECT ${TASK_COLUMNS} FROM tasks t
      WHERE ${MINE_OPEN} AND t.due_date < $3::date ORDER BY ${TASK_ORDER} LIMIT $4::int + $5::int) AS page
    ${MINE_MERGED} LIMIT $4 OFFSET $5)
  UNION ALL
  (SELECT 'upcoming' AS list, page.* FROM m CROSS JOIN LATERAL (
      (SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${MINE_OPEN} AND t.due_date > $3::date
        ORDER BY ${TASK_ORDER} LIMIT $6::int + $7::int)
      UNION ALL
      (SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${MINE_OPEN} AND t.due_date IS NULL
        ORDER BY t.created_at, t.id LIMIT $6::int + $7::int)) AS page
    ${MINE_MERGED} LIMIT $6 OFFSET $7)) AS lists
  ORDER BY lists.list, lists."dueDate" ASC NULLS LAST, lists."createdAt", lists.id`;
const MINE_COUNTS_SQL = `SELECT count(*) FILTER (WHERE t.due_date < $3::date)::int AS overdue,
    count(*) FILTER (WHERE t.due_date > $3::date OR t.due_date IS NULL)::int AS upcoming
  FROM team_members m JOIN tasks t ON t.organization_id = m.organization_id
    AND t.assignee_team_member_id = m.id AND t.status NOT IN ('DONE', 'CANCELLED') AND t.team_id = ANY($4::text[])
  WHERE m.organization_id = $1 AND m.user_id = $2`;
const BOARD_COUNTS_SQL = `SELECT t.status::text AS status, count(*)::int AS total FROM tasks t
  WHERE t.organization_id = $1 AND t.team_id = $2 GROUP BY t.status`;
const BOARD_PAGE_SQL = `SELECT page.* FROM unnest($3::task_status[]) AS s(status)
  CROSS JOIN LATERAL (SELECT ${TASK_COLUMNS} FROM tasks t
    WHERE t.organization_id = $1 AND t.team_id = $2 AND t.status = s.status
    ORDER BY ${TASK_ORDER} LIMIT $4 OFFSET $5) AS page`;

interface TaskAnswer {
  id: string;
  status: string;
}

// ─── Timing ─────────────────────────────────────────────────────────────────────────────────────

function line(label: string, figure: Figures): string {
  const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;
  return `${label.padEnd(40)} p50 ${ms(figure.p50)}   p95 ${ms(figure.p95)}   p99 ${ms(figure.p99)}`;
}

function ratioLine(label: string, http: Figures, sql: Figures): string {
  const x = (a: number, b: number) => `${(a / b).toFixed(1).padStart(7)}x`;
  const p99 = http.p99 / sql.p99;
  return (
    `${label.padEnd(40)} p50 ${x(http.p50, sql.p50)}   p95 ${x(http.p95, sql.p95)}   p99 ${x(http.p99, sql.p99)}` +
    `   within 3x at p99: ${p99 <= 3 ? 'yes' : 'no'}`
  );
}

// ─── The run ────────────────────────────────────────────────────────────────────────────────────

let scratch: string | undefined;
let databaseUrl = options.seeded;
let app: Awaited<ReturnType<typeof createApiApp>> | undefined;
const pool = { client: undefined as pg.Client | undefined, second: undefined as pg.Client | undefined };
try {
  const today = dateOf(new Date());
  if (!databaseUrl) {
    scratch = `meridian_bench_tasks_${Date.now().toString(36)}`;
    databaseUrl = withDatabaseName(serverUrl, scratch);
    console.log(`Seeding ${number(households)} households into ${scratch} on ${serverAddressOf(serverUrl)}...`);
    const seedStarted = performance.now();
    await migrateDatabase(databaseUrl, { log: () => undefined });
    const seed = await seedDemoOrganization(
      databaseUrl,
      { email: 'demo@advisor.test', password: 'demo-password-1' },
      { size: 'large', households, when: 'no-demo-organization' },
    );
    if (!seed.seeded) throw new Error(`Nothing seeded: ${seed.reason}`);
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const extended = await extendPractice(databaseUrl, today);
    console.log(
      `  added ${number(extended.tasks)} tasks and ${number(extended.notes)} notes in ${extended.seconds.toFixed(1)} s`,
    );
    // VACUUM as autovacuum would in use (this machine's PostgreSQL runs without it): the
    // statistics and the visibility map the planner counts on.
    const admin = await connect(databaseUrl, 'meridian-bench', 'VACUUM ANALYZE');
    await admin.query('VACUUM ANALYZE').finally(() => disconnect(admin));
  } else {
    await migrateDatabase(databaseUrl, { log: () => undefined });
  }

  pool.client = await connect(databaseUrl, 'meridian-bench', '--database-url');
  pool.second = await connect(databaseUrl, 'meridian-bench', '--database-url');
  const bare = pool.client;
  const target = await findTarget(bare);
  console.log(
    `\nFirm: ${number(target.firmTasks)} tasks, ${number(target.firmNotes)} notes. Caller: ${target.userName} ` +
      `(${target.role}, ${target.teams.length} team(s)), ${number(target.openTasks)} open tasks assigned; ` +
      `board of team ${target.teamId} (${number(target.teamTasks)} tasks).`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    AUTH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    // Production refuses to start without credential keys; no task route opens a credential.
    CREDENTIALS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    SEED_DEMO: 'false',
  });
  app = await createApiApp(config, createLogger('silent'));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const token = await app
    .get(TokenService)
    .issue({ userId: target.userId, organizationId: target.organizationId, role: target.role });
  const headers = { authorization: `Bearer ${token}` };
  const mineUrl = `http://127.0.0.1:${port}/api/tasks/mine`;
  const boardUrl = `http://127.0.0.1:${port}/api/tasks/board/${target.teamId}`;
  const ask = async (url: string): Promise<Buffer> => {
    const response = await fetch(url, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.toString()}`);
    return body;
  };

  // "Today" as the API takes it: the UTC date.
  const todayText = new Date().toISOString().slice(0, 10);
  const mineRowsValues = [target.organizationId, target.userId, todayText, MINE_LIMIT, 0, MINE_LIMIT, 0, target.teams];
  const mineCountsValues = [target.organizationId, target.userId, todayText, target.teams];
  const mineSql = async () => {
    // The repository runs its two statements side by side on two connections: so does this.
    const [rows, counts] = await Promise.all([
      bare.query<TaskAnswer & { list: string }>(MINE_SQL, mineRowsValues),
      pool.second!.query<{ overdue: number; upcoming: number }>(MINE_COUNTS_SQL, mineCountsValues),
    ]);
    return { rows: rows.rows, counts: counts.rows[0]! };
  };
  const boardSql = async () => {
    const [counts, page] = await Promise.all([
      bare.query<{ status: string; total: number }>(BOARD_COUNTS_SQL, [target.organizationId, target.teamId]),
      // The repository runs its two statements side by side on two connections: so does this.
      pool.second!.query<TaskAnswer>(BOARD_PAGE_SQL, [
        target.organizationId,
        target.teamId,
        [...TaskStatus],
        BOARD_LIMIT,
        0,
      ]),
    ]);
    return { counts: counts.rows, page: page.rows };
  };

  // The same tasks, in the same order, or the comparison means nothing.
  const mineAnswer = JSON.parse((await ask(mineUrl)).toString()) as {
    dueToday: TaskAnswer[];
    overdue: { items: TaskAnswer[]; total: number };
    upcoming: { items: TaskAnswer[]; total: number };
  };
  const mineIds = [...mineAnswer.dueToday, ...mineAnswer.overdue.items, ...mineAnswer.upcoming.items].map(
    (task) => task.id,
  );
  const mineBare = await mineSql();
  const mineRows = ['dueToday', 'overdue', 'upcoming'].flatMap((list) =>
    mineBare.rows.filter((row) => row.list === list).map((row) => row.id),
  );
  const mineTotalsAgree =
    mineAnswer.overdue.total === mineBare.counts.overdue && mineAnswer.upcoming.total === mineBare.counts.upcoming;
  const boardAnswer = JSON.parse((await ask(boardUrl)).toString()) as {
    columns: { status: string; total: number; items: TaskAnswer[] }[];
  };
  const boardBare = await boardSql();
  const boardIds = boardAnswer.columns.flatMap((column) => column.items.map((task) => task.id));
  const bareBoardIds = TaskStatus.flatMap((status) =>
    boardBare.page.filter((row) => row.status === status).map((row) => row.id),
  );
  const totalsAgree = boardAnswer.columns.every(
    (column) => (boardBare.counts.find((row) => row.status === column.status)?.total ?? 0) === column.total,
  );
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
  console.log(
    `Same rows over HTTP and in SQL: my tasks ${same(mineIds, mineRows) && mineTotalsAgree ? 'yes' : 'NO'} ` +
      `(${mineAnswer.dueToday.length} due today, ${mineAnswer.overdue.items.length} of ${number(mineBare.counts.overdue)} ` +
      `overdue, ${mineAnswer.upcoming.items.length} of ${number(mineBare.counts.upcoming)} upcoming), ` +
      `board ${same(boardIds, bareBoardIds) && totalsAgree ? 'yes' : 'NO'} (${bareBoardIds.length} tasks in ${TaskStatus.length} columns)`,
  );

  // What one warm request sends to PostgreSQL (the guard's user lookup included).
  const captured: Record<'mine' | 'board', Statement[]> = { mine: [], board: [] };
  for (const [key, label, url] of [
    ['mine', 'my tasks', mineUrl],
    ['board', 'board', boardUrl],
  ] as const) {
    await ask(url);
    captured[key] = await statementsOf(async () => void (await ask(url)));
    console.log(`  ${label}: the API sends ${captured[key].length} statement(s) a request`);
    if (options['show-statements']) {
      // Each with its median time alone, straight through pg (20 runs).
      for (const { text, values } of captured[key]) {
        const durations: number[] = [];
        for (let run = 0; run < 20; run += 1) {
          const start = performance.now();
          await bare.query(text, values);
          durations.push(performance.now() - start);
        }
        const median = figures(durations).p50.toFixed(2).padStart(7);
        console.log(`    ${median} ms  ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
  }
  if (options.explain) {
    for (const [label, text, values] of [
      ['my tasks', MINE_SQL, mineRowsValues],
      ['my tasks counts', MINE_COUNTS_SQL, mineCountsValues],
      ['board counts', BOARD_COUNTS_SQL, [target.organizationId, target.teamId]],
      ['board page', BOARD_PAGE_SQL, [target.organizationId, target.teamId, [...TaskStatus], BOARD_LIMIT, 0]],
    ] as const) {
      const plan = await bare.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, [...values]);
      console.log(`\nEXPLAIN ANALYZE, ${label}:`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  }

  const mineBytes = JSON.stringify(mineAnswer);
  const boardBytes = JSON.stringify(boardAnswer);
  console.log(
    `\n${runs} runs each after a warm-up, one request at a time, HTTP and SQL interleaved; ` +
      `answers ${Math.round(Buffer.byteLength(mineBytes) / 1024)} KiB (my tasks) and ` +
      `${Math.round(Buffer.byteLength(boardBytes) / 1024)} KiB (board). Load average before: ` +
      `${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
  );
  const mine = await interleaved(
    runs,
    async () => void (await ask(mineUrl)),
    async () => void (await mineSql()),
  );
  console.log(line('GET /api/tasks/mine (HTTP)', mine.http));
  console.log(line('bare SQL, same rows (pg, 2 statements)', mine.sql));
  console.log(ratioLine('ratio my tasks HTTP / SQL', mine.http, mine.sql));
  const board = await interleaved(
    runs,
    async () => void (await ask(boardUrl)),
    async () => void (await boardSql()),
  );
  console.log(line('GET /api/tasks/board/{teamId} (HTTP)', board.http));
  console.log(line('bare SQL, same rows (pg, 2 statements)', board.sql));
  console.log(ratioLine('ratio board HTTP / SQL', board.http, board.sql));
  await app.close();
  app = undefined;

  // Where the time goes, not the target: every statement the API sent for one request (the
  // guard's, the names'), replayed straight through pg one after another on one connection.
  const replay = (statements: Statement[]) => async () => {
    for (const statement of statements) await bare.query(statement.text, statement.values);
  };
  const replays = await interleaved(runs, replay(captured.mine), replay(captured.board));
  console.log(`\nwhere the time goes (not the target): the API's statements replayed bare, in sequence`);
  console.log(line(`my tasks, its ${captured.mine.length} statements (pg)`, replays.http));
  console.log(line(`board, its ${captured.board.length} statements (pg)`, replays.sql));

  // For scale, not the target: the same answers served as bytes by a bare node:http server
  // (JSON.stringify and send; no framework, auth or database), with the same client.
  const floorServer = createServer((request, response) => {
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(request.url === '/board' ? JSON.stringify(boardAnswer) : JSON.stringify(mineAnswer));
  });
  await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
  const floorPort = (floorServer.address() as AddressInfo).port;
  const floor = async (path: string) =>
    void (await (await fetch(`http://127.0.0.1:${floorPort}${path}`)).arrayBuffer());
  const floors = await interleaved(
    runs,
    () => floor('/mine'),
    () => floor('/board'),
  );
  console.log(`\nfor scale (not the target): the same answers from a bare HTTP server (JSON + HTTP only)`);
  console.log(line('my tasks, JSON + HTTP only', floors.http));
  console.log(line('board, JSON + HTTP only', floors.sql));
  await new Promise((resolve) => floorServer.close(resolve));
  console.log(
    `Load average after: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await app?.close();
  if (pool.client) await disconnect(pool.client);
  if (pool.second) await disconnect(pool.second);
  if (scratch) {
    if (options.keep) {
      console.log(`\nKept ${scratch}: --seeded ${databaseUrl}`);
    } else {
      const admin = await connect(withDatabaseName(serverUrl, MAINTENANCE_DATABASE), 'meridian-bench', 'cleanup');
      await admin
        .query(`DROP DATABASE IF EXISTS ${quoteIdentifier(scratch)} WITH (FORCE)`)
        .finally(() => disconnect(admin));
    }
  }
}
