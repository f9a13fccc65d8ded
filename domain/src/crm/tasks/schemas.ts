import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import { MeetingTaskTiming } from '../meetings/enums.js';
import { TaskOwnerKind, TaskStatus } from './enums.js';
import { freeText } from '../../shared/input/text.js';
import {
  calendarDate,
  type Clock,
  dateTime,
  evenWhenFieldsFail,
  isBlank,
  requiredString,
  systemClock,
} from '../../shared/input/common.js';

/**
 * Task messages. 'Scheduled date must be in the future' and 'Follow-up tasks must be scheduled' are
 * the spec's (crm §5); the rest are ours.
 */
export const TaskMessage = {
  scheduledInFuture: 'Scheduled date must be in the future',
  followUpScheduled: 'Follow-up tasks must be scheduled',
  scheduledTimeRequired: 'A scheduled task must have a scheduled time',
  scheduledTimeNotAllowed: 'Only a scheduled task may have a scheduled time',
  scheduledTimeInvalid: 'Scheduled time must be a date and time',
  dueDateInvalid: 'Please enter a valid due date',
  titleRequired: 'Title is required',
  statusInvalid: 'Please select a valid status',
  ownerKindInvalid: 'Please select a valid owner',
  ownerIdRequired: 'Owner is required',
  meetingTaskTypeInvalid: 'Meeting task type must be PRE, DURING or POST',
  assigneeRequired: 'Assignee is required',
} as const;

/** The entity a task belongs to. */
export const taskOwnerSchema = z.object({
  kind: z.enum(TaskOwnerKind, { error: TaskMessage.ownerKindInvalid }),
  id: requiredString(TaskMessage.ownerIdRequired),
});

const shortText = freeText().optional();

/** The task fields of crm §3; the task type and priority are free text as their values are not shown. */
const taskFields = {
  type: shortText,
  title: requiredString(TaskMessage.titleRequired),
  note: freeText({ kind: 'note' }).optional(),
  assigneeId: shortText,
  owner: taskOwnerSchema.optional(),
  dueDate: calendarDate(TaskMessage.dueDateInvalid).optional(),
  scheduledTime: dateTime(TaskMessage.scheduledTimeInvalid).optional(),
  status: z.enum(TaskStatus, { error: TaskMessage.statusInvalid }).default('TODO'),
  priority: shortText,
  recurrence: z.unknown().optional(),
  mentions: listOf(freeText({ kind: 'identifier' }).min(1)).optional(),
  contextData: z.record(z.string(), z.unknown()).optional(),
  meetingId: shortText,
  meetingTaskType: z.enum(MeetingTaskTiming, { error: TaskMessage.meetingTaskTypeInvalid }).optional(),
};

/** The scheduling rules of crm §4-§5, for a task that is or is not a follow-up. */
function checkScheduling(clock: Clock, followUp: boolean) {
  return (task: { status?: unknown; scheduledTime?: unknown }, ctx: z.RefinementCtx) => {
    const status = task.status ?? 'TODO';
    const time = task.scheduledTime;
    const hasTime = !isBlank(time);
    if (followUp && (status !== 'SCHEDULED' || !hasTime)) {
      ctx.addIssue({ code: 'custom', message: TaskMessage.followUpScheduled, path: ['status'] });
    } else if (status === 'SCHEDULED' && !hasTime) {
      ctx.addIssue({ code: 'custom', message: TaskMessage.scheduledTimeRequired, path: ['scheduledTime'] });
    } else if (status !== 'SCHEDULED' && hasTime && !followUp) {
      ctx.addIssue({ code: 'custom', message: TaskMessage.scheduledTimeNotAllowed, path: ['scheduledTime'] });
    }
    if (time instanceof Date && !Number.isNaN(time.getTime()) && time.getTime() <= clock().getTime()) {
      ctx.addIssue({ code: 'custom', message: TaskMessage.scheduledInFuture, path: ['scheduledTime'] });
    }
  };
}

/**
 * The body of `POST /tasks`. A SCHEDULED task must carry a scheduled time, any other status must
 * not (crm §4), and a scheduled time must be after `clock()` (crm §5). Status defaults to TODO.
 */
export function makeTaskSchema(clock: Clock = systemClock) {
  return z.object(taskFields).superRefine(checkScheduling(clock, false), evenWhenFieldsFail);
}
export type TaskInput = z.input<ReturnType<typeof makeTaskSchema>>;
export type Task = z.output<ReturnType<typeof makeTaskSchema>>;

/**
 * A follow-up task (e.g. one a meeting leaves behind): a task that must be SCHEDULED with a
 * scheduled time in the future, else 'Follow-up tasks must be scheduled'.
 */
export function makeFollowUpTaskSchema(clock: Clock = systemClock) {
  return z.object(taskFields).superRefine(checkScheduling(clock, true), evenWhenFieldsFail);
}

/** `PATCH /tasks/{taskId}/set-title`, `/assign` and `/set-due-date`. */
export const setTaskTitleSchema = z.object({ title: taskFields.title });
export const assignTaskSchema = z.object({ entityId: requiredString(TaskMessage.assigneeRequired) });
export const setTaskDueDateSchema = z.object({ dueDate: calendarDate(TaskMessage.dueDateInvalid).nullable() });
