import type {
  AssignableEntity,
  ListPage,
  MyTasksResponse,
  TaskBoardResponse,
  TaskResponse,
  TaskStatus,
} from '@meridian/domain';
import { apiRequest } from '../../../api';
import { withQuery } from '../../../api/query';
import { localToday } from '../../../lib/today';

// The task calls of crm §7 the task pages make. Every change answers the whole task, so a page
// replaces its copy with the answer.

const patch = (taskId: string, action: string, body: unknown = {}) =>
  apiRequest<TaskResponse>(`/tasks/${taskId}/${action}`, { method: 'PATCH', body });

export const taskCalls = {
  /** My tasks: those due today, and the given page of the overdue and of the upcoming. */
  mine: (
    query: { overduePage: number; overdueLimit: number; upcomingPage: number; upcomingLimit: number },
    signal?: AbortSignal,
  ) => apiRequest<MyTasksResponse>(withQuery('/tasks/mine', { ...query, today: localToday() }), { signal }),
  board: (teamId: string, signal?: AbortSignal) =>
    apiRequest<TaskBoardResponse>(withQuery(`/tasks/board/${teamId}`, { limit: 50 }), { signal }),
  ofHousehold: (householdId: string, signal?: AbortSignal) =>
    apiRequest<TaskResponse[]>(withQuery('/tasks', { householdId, excludeWorkflowTasks: true }), { signal }),
  get: (taskId: string, signal?: AbortSignal) => apiRequest<TaskResponse>(`/tasks/${taskId}`, { signal }),
  create: (body: unknown) => apiRequest<TaskResponse>('/tasks', { method: 'POST', body }),
  setTitle: (taskId: string, title: string) => patch(taskId, 'set-title', { title }),
  complete: (taskId: string) => patch(taskId, 'mark-complete'),
  reopen: (taskId: string) => patch(taskId, 'mark-incomplete'),
  cancel: (taskId: string) => patch(taskId, 'cancel'),
  assign: (taskId: string, entityId: string) => patch(taskId, 'assign', { entityId }),
  setDueDate: (taskId: string, dueDate: string | null) => patch(taskId, 'set-due-date', { dueDate }),
  setStatus: (taskId: string, status: TaskStatus, scheduledTime?: string) =>
    patch(taskId, 'set-status', scheduledTime ? { status, scheduledTime } : { status }),
  edit: (taskId: string, body: unknown) => patch(taskId, 'edit', body),
  assignable: (
    teamId: string,
    query: { search?: string; entityType?: 'TEAM_MEMBER' | 'PERSON'; entityIds?: string },
    signal?: AbortSignal,
  ) =>
    apiRequest<ListPage<AssignableEntity>>(
      withQuery(`/tasks/team/${teamId}/assignable-entities`, { ...query, preferTeamMembers: true, limit: 8 }),
      { signal },
    ),
};
