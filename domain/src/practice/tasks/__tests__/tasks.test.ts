import { describe, expect, it } from 'vitest';
import {
  RecurrenceMessage,
  TASK_TYPE_LABELS,
  TaskTransitionMessage,
  TaskType,
  describeTaskRecurrence,
  nextTaskOccurrence,
  parseTaskRecurrence,
  taskTransition,
} from '../index.js';
import { TaskStatus } from '../enums.js';

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('task types', () => {
  it('labels every type with words, never the constant', () => {
    for (const type of TaskType) {
      expect(TASK_TYPE_LABELS[type]).not.toMatch(/_|^[A-Z]+$/);
      expect(TASK_TYPE_LABELS[type]).not.toBe(type);
    }
  });
});

describe('task transitions', () => {
  const open = TaskStatus.filter((status) => status !== 'DONE' && status !== 'CANCELLED');

  it('completes any open task', () => {
    for (const status of open) {
      expect(taskTransition(status, 'complete')).toEqual({
        ok: true,
        status: 'DONE',
        completed: true,
        cancelled: false,
      });
    }
  });

  it('refuses to complete a cancelled or a done task, with a sentence', () => {
    expect(taskTransition('CANCELLED', 'complete')).toEqual({
      ok: false,
      message: TaskTransitionMessage.cancelledCannotComplete,
    });
    expect(taskTransition('DONE', 'complete')).toEqual({ ok: false, message: TaskTransitionMessage.alreadyComplete });
  });

  it('reopens a done or cancelled task as TODO, and only those', () => {
    expect(taskTransition('DONE', 'reopen')).toMatchObject({ ok: true, status: 'TODO' });
    expect(taskTransition('CANCELLED', 'reopen')).toMatchObject({ ok: true, status: 'TODO' });
    for (const status of open)
      expect(taskTransition(status, 'reopen')).toEqual({ ok: false, message: TaskTransitionMessage.notClosed });
  });

  it('cancels an open task; a done one is reopened first', () => {
    expect(taskTransition('SCHEDULED', 'cancel')).toEqual({
      ok: true,
      status: 'CANCELLED',
      completed: false,
      cancelled: true,
    });
    expect(taskTransition('DONE', 'cancel')).toEqual({
      ok: false,
      message: TaskTransitionMessage.completedCannotCancel,
    });
    expect(taskTransition('CANCELLED', 'cancel')).toEqual({
      ok: false,
      message: TaskTransitionMessage.alreadyCancelled,
    });
  });

  it('edits keep the status of an open task and refuse a closed one', () => {
    expect(taskTransition('IN_REVIEW', 'edit')).toMatchObject({ ok: true, status: 'IN_REVIEW' });
    expect(taskTransition('DONE', 'edit')).toEqual({ ok: false, message: TaskTransitionMessage.closedCannotEdit });
  });
});

describe('task recurrence', () => {
  it('stores the rule with the first due date, whatever prefix the person gave', () => {
    expect(parseTaskRecurrence('FREQ=YEARLY', day('2026-11-28'))).toEqual({
      ok: true,
      rule: 'DTSTART:20261128\nRRULE:FREQ=YEARLY',
    });
    expect(parseTaskRecurrence('RRULE:FREQ=MONTHLY;INTERVAL=3', day('2027-01-31'))).toEqual({
      ok: true,
      rule: 'DTSTART:20270131\nRRULE:FREQ=MONTHLY;INTERVAL=3',
    });
  });

  it('refuses what is not a rule, and rules more frequent than a day', () => {
    for (const text of ['', 'every year', 'FREQ=FORTNIGHTLY', 'INTERVAL=2', 'FREQ=YEARLY\nFREQ=DAILY']) {
      expect(parseTaskRecurrence(text, day('2026-11-28'))).toEqual({ ok: false, message: RecurrenceMessage.invalid });
    }
    expect(parseTaskRecurrence('FREQ=HOURLY', day('2026-11-28'))).toEqual({
      ok: false,
      message: RecurrenceMessage.tooFrequent,
    });
    expect(parseTaskRecurrence('FREQ=DAILY;BYHOUR=9,17', day('2026-11-28'))).toEqual({
      ok: false,
      message: RecurrenceMessage.tooFrequent,
    });
  });

  it('dates the next annual review a year after the one completed', () => {
    const stored = (parseTaskRecurrence('FREQ=YEARLY', day('2026-11-28')) as { rule: string }).rule;
    expect(nextTaskOccurrence(stored, day('2026-11-28'))).toEqual(day('2027-11-28'));
    expect(nextTaskOccurrence(stored, day('2027-11-28'))).toEqual(day('2028-11-28'));
  });

  it('counts COUNT from the first task of the series, and ends it', () => {
    const stored = (parseTaskRecurrence('FREQ=MONTHLY;COUNT=3', day('2027-01-15')) as { rule: string }).rule;
    expect(nextTaskOccurrence(stored, day('2027-01-15'))).toEqual(day('2027-02-15'));
    expect(nextTaskOccurrence(stored, day('2027-02-15'))).toEqual(day('2027-03-15'));
    expect(nextTaskOccurrence(stored, day('2027-03-15'))).toBeNull();
  });

  it('skips to the next date when the month has no such day', () => {
    const stored = (parseTaskRecurrence('FREQ=MONTHLY', day('2027-01-31')) as { rule: string }).rule;
    expect(nextTaskOccurrence(stored, day('2027-01-31'))).toEqual(day('2027-03-31'));
  });

  it('reads a stored rule without a first date from the due date', () => {
    expect(nextTaskOccurrence('FREQ=WEEKLY', day('2026-11-28'))).toEqual(day('2026-12-05'));
  });

  it('says the rule in words', () => {
    expect(describeTaskRecurrence('DTSTART:20261128\nRRULE:FREQ=YEARLY')).toBe('Every year');
    expect(describeTaskRecurrence('DTSTART:20270115\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3')).toBe(
      'Every month on the 15th for 3 times',
    );
    expect(describeTaskRecurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO')).toBe('Every 2 weeks on Monday');
  });
});
