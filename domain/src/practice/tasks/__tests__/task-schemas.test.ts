import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { minutesOfDay, timeSchema } from '../../../shared/input/times.js';
import {
  assignTaskSchema,
  makeEditTaskSchema,
  makeSetTaskStatusSchema,
  makeFollowUpTaskSchema,
  makeTaskSchema,
  setTaskDueDateSchema,
  setTaskTitleSchema,
} from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** A fixed clock: 5 March 2024, 12:00 UTC. */
const NOW = new Date('2024-03-05T12:00:00Z');
const clock = () => NOW;
const taskSchema = makeTaskSchema(clock);
const followUpSchema = makeFollowUpTaskSchema(clock);

describe('task scheduling (crm §4, §5)', () => {
  it('defaults the status to TODO and takes no scheduled time then', () => {
    expect(taskSchema.parse({ title: 'Call Ana' })).toEqual({ title: 'Call Ana', status: 'TODO' });
    expect(issues(taskSchema, { title: 'Call Ana', scheduledTime: '2024-03-06T09:00:00Z' })).toEqual([
      'scheduledTime: Only a scheduled task may have a scheduled time',
    ]);
  });

  it('requires a scheduled time for a SCHEDULED task, parsed to a Date', () => {
    expect(issues(taskSchema, { title: 'Call Ana', status: 'SCHEDULED' })).toEqual([
      'scheduledTime: A scheduled task must have a scheduled time',
    ]);
    const task = taskSchema.parse({
      title: 'Call Ana',
      status: 'SCHEDULED',
      scheduledTime: '2024-03-06T09:00:00-05:00',
    });
    expect(task.scheduledTime).toEqual(new Date('2024-03-06T14:00:00Z'));
  });

  it("refuses a scheduled time that is not after now: 'Scheduled date must be in the future'", () => {
    for (const scheduledTime of ['2024-03-05T12:00:00Z', '2024-03-05T11:59:59Z', new Date('2020-01-01')]) {
      expect(issues(taskSchema, { title: 'Call', status: 'SCHEDULED', scheduledTime })).toEqual([
        'scheduledTime: Scheduled date must be in the future',
      ]);
    }
    expect(issues(taskSchema, { title: 'Call', status: 'SCHEDULED', scheduledTime: '2024-03-05T12:00:01Z' })).toEqual(
      [],
    );
  });

  it('judges "future" by the clock it was given', () => {
    const later = makeTaskSchema(() => new Date('2030-01-01T00:00:00Z'));
    expect(issues(later, { title: 'Call', status: 'SCHEDULED', scheduledTime: '2024-03-06T09:00:00Z' })).toEqual([
      'scheduledTime: Scheduled date must be in the future',
    ]);
  });

  it("requires follow-up tasks to be scheduled: 'Follow-up tasks must be scheduled'", () => {
    expect(issues(followUpSchema, { title: 'Send notes' })).toEqual(['status: Follow-up tasks must be scheduled']);
    expect(issues(followUpSchema, { title: 'Send notes', status: 'SCHEDULED' })).toEqual([
      'status: Follow-up tasks must be scheduled',
    ]);
    expect(
      issues(followUpSchema, { title: 'Send notes', status: 'TODO', scheduledTime: '2024-04-01T09:00:00Z' }),
    ).toEqual(['status: Follow-up tasks must be scheduled']);
    expect(
      issues(followUpSchema, { title: 'Send notes', status: 'SCHEDULED', scheduledTime: '2024-03-01T09:00:00Z' }),
    ).toEqual(['scheduledTime: Scheduled date must be in the future']);
    expect(
      issues(followUpSchema, { title: 'Send notes', status: 'SCHEDULED', scheduledTime: '2024-04-01T09:00:00Z' }),
    ).toEqual([]);
  });

  it('checks the other task fields', () => {
    expect(
      issues(taskSchema, {
        title: '',
        status: 'WAITING',
        dueDate: '03/05/2024',
        owner: { kind: 'CLUB', id: '' },
        meetingTaskType: 'AFTER',
        scheduledTime: 'tomorrow',
      }),
    ).toEqual([
      'title: Title is required',
      'owner.kind: Please select a valid owner',
      'owner.id: Owner is required',
      'dueDate: Please enter a valid due date',
      'scheduledTime: Scheduled time must be a date and time',
      'status: Please select a valid status',
      'meetingTaskType: Meeting task type must be PRE, DURING or POST',
      'scheduledTime: Only a scheduled task may have a scheduled time',
    ]);
    expect(
      taskSchema.parse({
        title: 'Review',
        owner: { kind: 'HOUSEHOLD', id: 'household-1' },
        dueDate: '2024-03-10',
        meetingTaskType: 'POST',
      }),
    ).toEqual({
      title: 'Review',
      status: 'TODO',
      owner: { kind: 'HOUSEHOLD', id: 'household-1' },
      dueDate: new Date('2024-03-10T00:00:00Z'),
      meetingTaskType: 'POST',
    });
  });

  it('validates the task setters', () => {
    expect(issues(setTaskTitleSchema, { title: ' ' })).toEqual(['title: Title is required']);
    expect(issues(assignTaskSchema, {})).toEqual(['entityId: Assignee is required']);
    expect(setTaskDueDateSchema.parse({ dueDate: null })).toEqual({ dueDate: null });
    expect(issues(setTaskDueDateSchema, { dueDate: 'soon' })).toEqual(['dueDate: Please enter a valid due date']);
  });
});

describe('times (crm §5)', () => {
  it('accepts HH:mm on 24 hours', () => {
    for (const time of ['00:00', '09:30', '12:00', '23:59']) expect(timeSchema.parse(time)).toBe(time);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:59')).toBe(1439);
  });

  it('says \'Time must be in the format "HH:mm"\' otherwise', () => {
    for (const time of ['9:30', '24:00', '12:60', '12:00:00', '7pm', ' 09:30']) {
      expect(issues(timeSchema, time)).toEqual([': Time must be in the format "HH:mm"']);
    }
  });

  it("says 'Time is required' when there is none", () => {
    for (const time of ['', undefined, null]) expect(issues(timeSchema, time)).toEqual([': Time is required']);
  });
});

describe('task type, recurrence, status moves and edits', () => {
  it('takes a type from the advisory list only', () => {
    expect(taskSchema.parse({ title: 'Review', type: 'ANNUAL_REVIEW' })).toMatchObject({ type: 'ANNUAL_REVIEW' });
    expect(issues(taskSchema, { title: 'Review', type: 'LUNCH' })).toEqual(['type: Please select a valid task type']);
  });

  it('takes a recurrence rule that parseTaskRecurrence reads, with the due date its series starts from', () => {
    expect(issues(taskSchema, { title: 'Review', dueDate: '2024-04-01', recurrence: 'FREQ=YEARLY' })).toEqual([]);
    expect(issues(taskSchema, { title: 'Review', recurrence: 'FREQ=YEARLY' })).toEqual([
      'recurrence: A recurring task needs a due date',
    ]);
    expect(issues(taskSchema, { title: 'Review', dueDate: '2024-04-01', recurrence: 'FREQ=MINUTELY' })).toEqual([
      'recurrence: A task can repeat daily at most',
    ]);
    expect(issues(taskSchema, { title: 'Review', dueDate: '2024-04-01', recurrence: 'yearly' })).toEqual([
      'recurrence: Recurrence must be a repeat rule such as FREQ=YEARLY or FREQ=MONTHLY;INTERVAL=3',
    ]);
  });

  it('moves to a status with the scheduling rules of crm §4-§5', () => {
    const setStatus = makeSetTaskStatusSchema(clock);
    expect(issues(setStatus, {})).toEqual(['status: Please select a valid status']);
    expect(issues(setStatus, { status: 'SCHEDULED' })).toEqual([
      'scheduledTime: A scheduled task must have a scheduled time',
    ]);
    expect(issues(setStatus, { status: 'SCHEDULED', scheduledTime: '2024-03-05T11:00:00Z' })).toEqual([
      'scheduledTime: Scheduled date must be in the future',
    ]);
    expect(issues(setStatus, { status: 'DONE', scheduledTime: '2024-03-06T11:00:00Z' })).toEqual([
      'scheduledTime: Only a scheduled task may have a scheduled time',
    ]);
    expect(setStatus.parse({ status: 'BLOCKED' })).toEqual({ status: 'BLOCKED' });
  });

  it('edits the drawer’s fields, null clearing one, a scheduled time only in the future', () => {
    const edit = makeEditTaskSchema(clock);
    expect(edit.parse({ note: null, type: 'KYC_UPDATE', recurrence: null })).toEqual({
      note: null,
      type: 'KYC_UPDATE',
      recurrence: null,
    });
    expect(issues(edit, { scheduledTime: '2024-03-01T09:00:00Z', type: 'NAP' })).toEqual([
      'type: Please select a valid task type',
      'scheduledTime: Scheduled date must be in the future',
    ]);
  });
});
