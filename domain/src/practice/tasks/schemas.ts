import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import { MeetingTaskTiming } from '../meetings/enums.js';
import { TaskOwnerKind, TaskStatus } from './enums.js';
import { parseTaskRecurrence, RecurrenceMessage } from './recurrence.js';
import { TaskType } from './task-types.js';
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
  typeInvalid: 'Please select a valid task type',
  ownerKindMismatch: 'The owner is not of the kind given',
} as const;

/** The entity a task belongs to. */
export const taskOwnerSchema = z.object({
  kind: z.enum(TaskOwnerKind, { error: TaskMessage.ownerKindInvalid }),
  id: requiredString(TaskMessage.ownerIdRequired),
});

const shortText = freeText().optional();

/** A task type from the advisory list (task-types.ts). */
const taskType = z.enum(TaskType, { error: TaskMessage.typeInvalid });

/** A recurrence as a person or client gives it (`FREQ=YEARLY`); read by `parseTaskRecurrence`. */
const recurrenceText = freeText({ kind: 'paragraph' });

/** The task fields of crm §3; the priority is free text as its values are not shown. */
const taskFields = {
  type: taskType.optional(),
  title: requiredString(TaskMessage.titleRequired),
  note: freeText({ kind: 'note' }).optional(),
  assigneeId: shortText,
  owner: taskOwnerSchema.optional(),
  dueDate: calendarDate(TaskMessage.dueDateInvalid).optional(),
  scheduledTime: dateTime(TaskMessage.scheduledTimeInvalid).optional(),
  status: z.enum(TaskStatus, { error: TaskMessage.statusInvalid }).default('TODO'),
  priority: shortText,
  recurrence: recurrenceText.optional(),
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
 * A recurrence is a rule `parseTaskRecurrence` reads, and needs the due date its series starts
 * from (the next occurrences are dated from it).
 */
export function checkRecurrence(task: { recurrence?: unknown; dueDate?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof task.recurrence !== 'string' || task.recurrence === '') return;
  if (!(task.dueDate instanceof Date)) {
    ctx.addIssue({ code: 'custom', message: RecurrenceMessage.dueDateRequired, path: ['recurrence'] });
    return;
  }
  const check = parseTaskRecurrence(task.recurrence, task.dueDate);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message, path: ['recurrence'] });
}

/**
 * The body of `POST /tasks`. A SCHEDULED task must carry a scheduled time, any other status must
 * not (crm §4), and a scheduled time must be after `clock()` (crm §5). Status defaults to TODO.
 */
export function makeTaskSchema(clock: Clock = systemClock) {
  return z
    .object(taskFields)
    .superRefine(checkScheduling(clock, false), evenWhenFieldsFail)
    .superRefine(checkRecurrence, evenWhenFieldsFail);
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

/**
 * `PATCH /tasks/{taskId}/set-status`, the board's drag and drop: the status, with the scheduled
 * time a SCHEDULED task must carry and no other may (crm §4-§5).
 */
export function makeSetTaskStatusSchema(clock: Clock = systemClock) {
  return z
    .object({
      status: z.enum(TaskStatus, { error: TaskMessage.statusInvalid }),
      scheduledTime: taskFields.scheduledTime,
    })
    .superRefine(checkScheduling(clock, false), evenWhenFieldsFail);
}

/**
 * `PATCH /tasks/{taskId}/edit`: the fields the drawer edits; an absent field is left as it is,
 * null clears it. A scheduled time is only given to a task that is SCHEDULED (the service checks
 * the task's status) and must be in the future.
 */
export function makeEditTaskSchema(clock: Clock = systemClock) {
  return z
    .object({
      note: freeText({ kind: 'note' }).nullable().optional(),
      type: taskType.nullable().optional(),
      priority: freeText().nullable().optional(),
      recurrence: recurrenceText.nullable().optional(),
      mentions: taskFields.mentions,
      scheduledTime: dateTime(TaskMessage.scheduledTimeInvalid).optional(),
    })
    .superRefine((edit, ctx) => {
      const time = edit.scheduledTime;
      if (time instanceof Date && !Number.isNaN(time.getTime()) && time.getTime() <= clock().getTime()) {
        ctx.addIssue({ code: 'custom', message: TaskMessage.scheduledInFuture, path: ['scheduledTime'] });
      }
    }, evenWhenFieldsFail);
}
