import { z } from 'zod';
import { queryBoolean } from '../../crm/contacts/api.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { listOf, listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { freeText } from '../../shared/input/text.js';
import { ReferenceKind } from '../../platform/references/entity-references.js';
import { MeetingTaskTiming } from '../meetings/enums.js';
import { TaskOwnerKind, TaskStatus } from './enums.js';
import { callerTodaySchema } from './today.js';

/** Messages of the task routes' queries and paths (ours: the spec shows none for them). */
export const TaskQueryMessage = {
  taskIdInvalid: 'Invalid task id',
  contactIdInvalid: 'Invalid contact id',
  householdIdInvalid: 'Invalid household id',
  excludeWorkflowTasksInvalid: 'excludeWorkflowTasks must be true or false',
  showCustomWorkflowTasksInvalid: 'showCustomWorkflowTasks must be true or false',
  preferTeamMembersInvalid: 'preferTeamMembers must be true or false',
  entityTypeInvalid: 'Please select a valid entity type',
} as const;

/** A task's id: any of the four task kinds' prefixes (foundations §3). */
const TASK_ID = /^(basic_task|financial_task|questions_task|update_family_task)-[A-Za-z0-9_-]{21}$/;

export const taskIdParamsSchema = z.object({
  taskId: z.string().regex(TASK_ID, TaskQueryMessage.taskIdInvalid),
});
export const taskTeamParamsSchema = z.object({ teamId: idParam(EntityType.team, 'team') });

/** `GET /tasks/`: a contact's or a household's tasks, with or without its workflows' tasks. */
export const tasksQuerySchema = z.object({
  contactId: idParam(EntityType.contact, 'contact').optional(),
  householdId: idParam(EntityType.household, 'household').optional(),
  excludeWorkflowTasks: queryBoolean(TaskQueryMessage.excludeWorkflowTasksInvalid),
  /**
   * A firm's own workflows' tasks (a template the firm copied and edited) are left out with the
   * others by excludeWorkflowTasks unless this asks for them.
   */
  showCustomWorkflowTasks: queryBoolean(TaskQueryMessage.showCustomWorkflowTasksInvalid),
});
export type TasksQuery = z.output<typeof tasksQuerySchema>;

/** One id or a comma-separated list in a query string (`entityIds=a,b` or `entityIds=a&entityIds=b`). */
const queryIdList = z.preprocess(
  (value) => {
    const items = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(items)) return items;
    return items.flatMap((item) => (typeof item === 'string' ? item.split(',').filter((part) => part !== '') : [item]));
  },
  listOf(freeText({ kind: 'identifier' }).min(1)),
);

/**
 * `GET /tasks/team/{teamId}/assignable-entities`: who a team's task may be given to, paged and
 * searched by name. entityId/entityType narrow to the entities of one owner (a household's persons);
 * entityIds to given ids; preferTeamMembers lists the team's members first.
 */
export const assignableEntitiesQuerySchema = paginationSchema.extend({
  entityId: freeText({ kind: 'identifier' }).optional(),
  entityType: z.enum(['TEAM_MEMBER', 'PERSON'], { error: TaskQueryMessage.entityTypeInvalid }).optional(),
  search: freeText().optional(),
  entityIds: queryIdList.optional(),
  preferTeamMembers: queryBoolean(TaskQueryMessage.preferTeamMembersInvalid),
});
export type AssignableEntitiesQuery = z.output<typeof assignableEntitiesQuerySchema>;

export const assignableEntitySchema = z.object({
  id: z.string(),
  kind: z.enum(ReferenceKind),
  name: z.string(),
});
export type AssignableEntity = z.infer<typeof assignableEntitySchema>;
export const assignableEntitiesResponseSchema = listPageSchema(assignableEntitySchema);

/** An entity a task names, with the name the dashboard shows (null when out of the caller's reach). */
const namedReference = <K extends z.ZodType>(kind: K) =>
  z.object({ kind, id: z.string(), name: z.string().nullable() });

/** A task as every task route answers it: every field, names resolved, recurrence in words. */
export const taskResponseSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  householdId: z.string().nullable(),
  title: z.string(),
  note: z.string().nullable(),
  /** A TaskType; an imported task may carry a type of its source system's, kept as it came. */
  type: z.string().nullable(),
  priority: z.string().nullable(),
  /** A calendar date, YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  status: z.enum(TaskStatus),
  scheduledTime: z.string().nullable(),
  /** The stored RFC 5545 rule (with the series' first date), and the same in words. */
  recurrence: z.string().nullable(),
  recurrenceText: z.string().nullable(),
  owner: namedReference(z.enum(TaskOwnerKind)),
  assignee: namedReference(z.enum(['TEAM_MEMBER', 'PERSON'])).nullable(),
  /** Whom and what the task mentions, as stored, oldest first (an edit's `mentions` replaces them). */
  mentions: z.array(namedReference(z.enum(ReferenceKind))),
  workflowId: z.string().nullable(),
  workflowStepId: z.string().nullable(),
  meetingId: z.string().nullable(),
  meetingTaskType: z.enum(MeetingTaskTiming).nullable(),
  previousOccurrenceId: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskResponse = z.infer<typeof taskResponseSchema>;

/**
 * `GET /tasks/mine`: which page of the overdue and of the upcoming tasks to answer (20 by default;
 * the tasks due today come in full). The names say which list each page and limit is of.
 */
export const myTasksQuerySchema = z.object({
  /** The caller's local date (today.ts); the server's UTC date when absent. */
  today: callerTodaySchema,
  overduePage: paginationSchema.shape.page,
  overdueLimit: paginationSchema.shape.limit,
  upcomingPage: paginationSchema.shape.page,
  upcomingLimit: paginationSchema.shape.limit,
});
export type MyTasksQuery = z.output<typeof myTasksQuerySchema>;

/**
 * `GET /tasks/mine`: the caller's open tasks, by their due date against today's date. The tasks
 * due today come in full (up to 500, the lists' cap); the overdue and the upcoming ones by page,
 * each with its total, since an advisor may have thousands of either (the dashboard pages them).
 */
export const myTasksResponseSchema = z.object({
  /** The date the groups were made by: the caller's local date, else the UTC date; YYYY-MM-DD. */
  today: z.string(),
  dueToday: z.array(taskResponseSchema),
  /** Due before today, the longest overdue first. */
  overdue: listPageSchema(taskResponseSchema),
  /** Due later, soonest first, then those with no due date. */
  upcoming: listPageSchema(taskResponseSchema),
});
export type MyTasksResponse = z.infer<typeof myTasksResponseSchema>;

/** `GET /tasks/board/{teamId}`: each status's page of the team's tasks (the same page for each). */
export const taskBoardQuerySchema = paginationSchema;
export const taskBoardResponseSchema = z.object({
  columns: z.array(
    z.object({ status: z.enum(TaskStatus), items: z.array(taskResponseSchema), total: z.number().int() }),
  ),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TaskBoardResponse = z.infer<typeof taskBoardResponseSchema>;
