import * as rruleModule from 'rrule';
import { formatISO } from 'date-fns';

// rrule ships CommonJS for Node, whose exports an ES module sees only as `default`, and an ES build
// for bundlers (the dashboard's Vite), which has them as named exports: take them where they are.
// (Read through Reflect so the bundler does not warn about a `default` its build never has.)
const rrule: typeof rruleModule =
  'RRule' in rruleModule ? rruleModule : (Reflect.get(rruleModule, 'default') as typeof rruleModule);
const { RRule, rrulestr } = rrule;

/**
 * A task's recurrence is an RFC 5545 rule, kept as its text with the series' first date
 * (`DTSTART:20261128` then `RRULE:FREQ=YEARLY`), so COUNT and UNTIL count from the first task of
 * the series and not from whichever occurrence was completed last. Dates are calendar dates: the
 * rule is read in UTC, where a calendar date is midnight.
 */
export const RecurrenceMessage = {
  invalid: 'Recurrence must be a repeat rule such as FREQ=YEARLY or FREQ=MONTHLY;INTERVAL=3',
  tooFrequent: 'A task can repeat daily at most',
  dueDateRequired: 'A recurring task needs a due date',
} as const;

const TASK_FREQUENCIES = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);

export type RecurrenceCheck = { ok: true; rule: string } | { ok: false; message: string };

/** Only the RRULE part of what a person or a client sent: `RRULE:` prefix and DTSTART dropped. */
function ruleLine(text: string): string | null {
  const lines = text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !/^DTSTART/i.test(line));
  if (lines.length !== 1) return null;
  return lines[0]!.replace(/^RRULE:/i, '');
}

function compactDate(date: Date): string {
  return formatISO(date, { representation: 'date' }).replaceAll('-', '');
}

/**
 * Reads a rule a person gave (`FREQ=YEARLY`, `RRULE:FREQ=MONTHLY;BYMONTHDAY=15`) for a series
 * whose first task is due on `firstDueDate`, and answers the text to store, or why it is refused.
 * Rules that repeat more often than daily are refused: a task is a day's work.
 */
export function parseTaskRecurrence(text: string, firstDueDate: Date): RecurrenceCheck {
  const line = ruleLine(text);
  if (!line || !/(^|;)FREQ=/i.test(line)) {
    return { ok: false, message: RecurrenceMessage.invalid };
  }
  let options;
  try {
    options = RRule.parseString(line);
  } catch {
    return { ok: false, message: RecurrenceMessage.invalid };
  }
  if (options.freq === undefined) return { ok: false, message: RecurrenceMessage.invalid };
  if (!TASK_FREQUENCIES.has(options.freq)) return { ok: false, message: RecurrenceMessage.tooFrequent };
  if (options.byhour !== undefined || options.byminute !== undefined || options.bysecond !== undefined) {
    return { ok: false, message: RecurrenceMessage.tooFrequent };
  }
  const rule = new RRule({ ...options, dtstart: null });
  return { ok: true, rule: `DTSTART:${compactDate(firstDueDate)}\n${rule.toString()}` };
}

function seriesOf(stored: string, fallbackStart: Date) {
  const hasStart = /DTSTART/i.test(stored);
  return rrulestr(stored, hasStart ? {} : { dtstart: fallbackStart });
}

/**
 * The due date of the occurrence after the one due on `dueDate`, or null when the series has
 * ended (COUNT reached, UNTIL passed).
 */
export function nextTaskOccurrence(stored: string, dueDate: Date): Date | null {
  return seriesOf(stored, dueDate).after(dueDate, false);
}

/** The rule in words for the task drawer: "Every year", "Every month on the 15th for 3 times". */
export function describeTaskRecurrence(stored: string): string {
  const line = ruleLine(stored);
  if (!line) return '';
  const words = RRule.fromString(line).toText();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
