import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  assignableEntitiesQuerySchema,
  assignableEntitiesResponseSchema,
  assignTaskSchema,
  makeEditTaskSchema,
  makeSetTaskStatusSchema,
  makeTaskSchema,
  myTasksQuerySchema,
  myTasksResponseSchema,
  setTaskDueDateSchema,
  setTaskTitleSchema,
  taskBoardQuerySchema,
  taskBoardResponseSchema,
  taskIdParamsSchema,
  taskResponseSchema,
  tasksQuerySchema,
  taskTeamParamsSchema,
  type AssignableEntitiesQuery,
  type AssignableEntity,
  type ListPage,
  type MyTasksQuery,
  type MyTasksResponse,
  type TaskBoardResponse,
  type TaskResponse,
  type TasksQuery,
} from '@meridian/domain';
import { z } from 'zod';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { TasksService, type CreateTaskInput, type EditTaskInput } from './tasks.service.js';

const TAGS = ['tasks'];
type TaskParams = z.infer<typeof taskIdParamsSchema>;
type TeamParams = z.infer<typeof taskTeamParamsSchema>;

// The schemas judge "in the future" by the clock at each request.
const taskSchema = makeTaskSchema();
const setStatusSchema = makeSetTaskStatusSchema();
const editSchema = makeEditTaskSchema();

/** A task route that changes one task: the task's page, 404 out of reach, 409 out of order. */
const change = (summary: string, body?: z.ZodType) => ({
  summary,
  tags: TAGS,
  permission: 'PRACTICE_WRITE' as const,
  params: taskIdParamsSchema,
  ...(body ? { body } : {}),
  response: taskResponseSchema,
  errors: [404, 409],
});

@Controller('tasks')
export class TasksController {
  constructor(@Inject(TasksService) private readonly tasks: TasksService) {}

  @Post()
  @ApiRoute({
    summary: 'Create a task for an owner of any of the nine kinds, assigned, recurring, mentioning people',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: taskSchema,
    response: taskResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@Caller() caller: AuthenticatedCaller, @ValidBody() body: CreateTaskInput): Promise<TaskResponse> {
    return this.tasks.create(caller, body);
  }

  @Get()
  @ApiRoute({
    summary: 'A contact’s or a household’s tasks (open first, by due date), workflow tasks optional',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: tasksQuerySchema,
    response: z.array(taskResponseSchema),
    errors: [404],
  })
  list(@ValidQuery() query: TasksQuery): Promise<TaskResponse[]> {
    return this.tasks.list(query);
  }

  @Get('mine')
  @ApiRoute({
    summary: 'The caller’s open tasks: due today, and a page each of the overdue and the upcoming',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: myTasksQuerySchema,
    response: myTasksResponseSchema,
  })
  mine(@Caller() caller: AuthenticatedCaller, @ValidQuery() query: MyTasksQuery): Promise<MyTasksResponse> {
    return this.tasks.mine(caller, query);
  }

  @Get('board/:teamId')
  @ApiRoute({
    summary: 'A team’s task board: a page of its tasks for each status, with each status’s count',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: taskTeamParamsSchema,
    query: taskBoardQuerySchema,
    response: taskBoardResponseSchema,
    errors: [404],
  })
  board(
    @ValidParams() params: TeamParams,
    @ValidQuery() query: z.output<typeof taskBoardQuerySchema>,
  ): Promise<TaskBoardResponse> {
    return this.tasks.board(params.teamId, query.page, query.limit);
  }

  @Get('team/:teamId/assignable-entities')
  @ApiRoute({
    summary: 'Who a team’s task may be given to: its members and its households’ persons, paged and searched',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: taskTeamParamsSchema,
    query: assignableEntitiesQuerySchema,
    response: assignableEntitiesResponseSchema,
    errors: [404],
  })
  assignable(
    @ValidParams() params: TeamParams,
    @ValidQuery() query: AssignableEntitiesQuery,
  ): Promise<ListPage<AssignableEntity>> {
    return this.tasks.assignable(params.teamId, query);
  }

  @Get(':taskId')
  @ApiRoute({
    summary: 'A task with every field, its owner and assignee named and its recurrence in words',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: taskIdParamsSchema,
    response: taskResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: TaskParams): Promise<TaskResponse> {
    return this.tasks.get(params.taskId);
  }

  @Patch(':taskId/set-title')
  @ApiRoute(change('Rename a task', setTaskTitleSchema))
  setTitle(
    @ValidParams() params: TaskParams,
    @ValidBody() body: z.output<typeof setTaskTitleSchema>,
  ): Promise<TaskResponse> {
    return this.tasks.setTitle(params.taskId, body.title);
  }

  @Patch(':taskId/mark-complete')
  @ApiRoute(change('Complete a task (a recurring one gets its next occurrence, once)'))
  markComplete(@ValidParams() params: TaskParams): Promise<TaskResponse> {
    return this.tasks.markComplete(params.taskId);
  }

  @Patch(':taskId/mark-incomplete')
  @ApiRoute(change('Reopen a completed or cancelled task'))
  markIncomplete(@ValidParams() params: TaskParams): Promise<TaskResponse> {
    return this.tasks.markIncomplete(params.taskId);
  }

  @Patch(':taskId/cancel')
  @ApiRoute(change('Cancel a task'))
  cancel(@ValidParams() params: TaskParams): Promise<TaskResponse> {
    return this.tasks.cancel(params.taskId);
  }

  @Patch(':taskId/assign')
  @ApiRoute(change('Give a task to a team member or a client’s person (a user is notified)', assignTaskSchema))
  assign(
    @ValidParams() params: TaskParams,
    @ValidBody() body: z.output<typeof assignTaskSchema>,
  ): Promise<TaskResponse> {
    return this.tasks.assign(params.taskId, body.entityId);
  }

  @Patch(':taskId/set-due-date')
  @ApiRoute(change('Set or clear a task’s due date', setTaskDueDateSchema))
  setDueDate(
    @ValidParams() params: TaskParams,
    @ValidBody() body: z.output<typeof setTaskDueDateSchema>,
  ): Promise<TaskResponse> {
    return this.tasks.setDueDate(params.taskId, body.dueDate);
  }

  @Patch(':taskId/set-status')
  @ApiRoute(change('Move a task to a status (the board), with the scheduled time SCHEDULED needs', setStatusSchema))
  setStatus(
    @ValidParams() params: TaskParams,
    @ValidBody() body: z.output<typeof setStatusSchema>,
  ): Promise<TaskResponse> {
    return this.tasks.setStatus(params.taskId, body.status, body.scheduledTime ?? null);
  }

  @Patch(':taskId/edit')
  @ApiRoute(change('Edit a task’s note, type, priority, recurrence, mentions or scheduled time', editSchema))
  edit(@ValidParams() params: TaskParams, @ValidBody() body: EditTaskInput): Promise<TaskResponse> {
    return this.tasks.edit(params.taskId, body);
  }
}
