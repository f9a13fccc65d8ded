import {
  makeOpeningHoursSchema,
  meetingTemplateFormSchema,
  Weekday,
  type MeetingTemplate,
  type MeetingTimeZone,
} from '@meridian/domain';
import type { MeetingTemplateBody, MeetingTemplateView } from '../../../api/meetings';

/**
 * A booking template as its editor holds it: text boxes as typed, and the opening hours as a grid
 * of the seven weekdays, each with its own time ranges. The API's opening hours are sets of days
 * sharing one range; the grid is read from them and grouped back into them on save.
 */

export interface HoursRange {
  start: string;
  end: string;
}

export interface TemplateDraft {
  title: string;
  message: string;
  duration: string;
  availableDaysInFuture: string;
  timeZone: MeetingTimeZone;
  beforeBuffer: string;
  afterBuffer: string;
  minimumNotice: string;
  minimumCancellationNotice: string;
  /** Index 0 = Sunday, as the template numbers days (crm §9: 0-6). */
  days: HoursRange[][];
}

export const NUMBER_FIELDS = [
  'duration',
  'availableDaysInFuture',
  'beforeBuffer',
  'afterBuffer',
  'minimumNotice',
  'minimumCancellationNotice',
] as const;

export const TEXT_FIELDS = ['title', 'message', 'timeZone', 'openingHours'] as const;

const WORKING_HOURS: HoursRange = { start: '09:00', end: '17:00' };

/** A new template: 30 minutes, Monday to Friday 09:00-17:00, two weeks ahead, a day's notice. */
export function newDraft(timeZone: MeetingTimeZone): TemplateDraft {
  return {
    title: '',
    message: '',
    duration: '30',
    availableDaysInFuture: '14',
    timeZone,
    beforeBuffer: '0',
    afterBuffer: '0',
    minimumNotice: '1440',
    minimumCancellationNotice: '',
    days: Weekday.map((day) => (day === 0 || day === 6 ? [] : [{ ...WORKING_HOURS }])),
  };
}

export function draftOf(view: MeetingTemplateView): TemplateDraft {
  const days: HoursRange[][] = Weekday.map(() => []);
  for (const entry of view.openingHours) {
    for (const day of entry.days) days[day]?.push({ start: entry.start, end: entry.end });
  }
  for (const ranges of days) ranges.sort((a, b) => a.start.localeCompare(b.start));
  return {
    title: view.title,
    message: view.message ?? '',
    duration: String(view.duration),
    availableDaysInFuture: String(view.availableDaysInFuture),
    timeZone: view.timeZone,
    beforeBuffer: String(view.beforeBuffer),
    afterBuffer: String(view.afterBuffer),
    minimumNotice: String(view.minimumNotice),
    minimumCancellationNotice: view.minimumCancellationNotice === null ? '' : String(view.minimumCancellationNotice),
    days,
  };
}

/** The grid as opening hours: the days that share a range, one set each, in week order. */
export function openingHoursOf(days: readonly HoursRange[][]): { days: number[]; start: string; end: string }[] {
  const byRange = new Map<string, { days: number[]; start: string; end: string }>();
  days.forEach((ranges, day) => {
    for (const range of ranges) {
      const key = `${range.start}-${range.end}`;
      const entry = byRange.get(key) ?? { days: [], start: range.start, end: range.end };
      if (!entry.days.includes(day)) entry.days.push(day);
      byRange.set(key, entry);
    }
  });
  return [...byRange.values()];
}

/** A box's number; an empty box is missing (the schema says what is required). */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

export interface DraftCheck {
  /** The template as the schema reads it, when every field is valid. */
  template?: MeetingTemplate;
  /** The first message of each field (`title`, `openingHours`...). */
  fields: Record<string, string>;
  /** Each range's message, by `day.index`. */
  ranges: Record<string, string>;
}

const rangeSchema = makeOpeningHoursSchema('form');

/** The draft checked with crm §5's form rules and messages. */
export function checkDraft(draft: TemplateDraft, teamId: string): DraftCheck {
  const ranges: Record<string, string> = {};
  draft.days.forEach((dayRanges, day) => {
    dayRanges.forEach((range, index) => {
      const parsed = rangeSchema.safeParse({ days: [day], ...range });
      if (!parsed.success) ranges[`${day}.${index}`] = parsed.error.issues[0]!.message;
    });
  });
  const parsed = meetingTemplateFormSchema.safeParse({
    team: teamId,
    title: draft.title,
    message: draft.message.trim() === '' ? undefined : draft.message,
    duration: numberOf(draft.duration),
    availableDaysInFuture: numberOf(draft.availableDaysInFuture),
    openingHours: openingHoursOf(draft.days),
    beforeBuffer: numberOf(draft.beforeBuffer),
    afterBuffer: numberOf(draft.afterBuffer),
    minimumNotice: numberOf(draft.minimumNotice),
    minimumCancellationNotice: numberOf(draft.minimumCancellationNotice),
    timeZone: draft.timeZone,
  });
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field] = issue.path.map(String);
      // The ranges' own messages show on their rows.
      if (field === 'openingHours' && issue.path.length > 1) continue;
      if (field) fields[field] ??= issue.message;
    }
  }
  if (Object.keys(ranges).length > 0) {
    fields.openingHours ??= 'Please correct the opening hours marked below';
  }
  if (parsed.success && Object.keys(ranges).length === 0) return { template: parsed.data, fields, ranges };
  return { fields, ranges };
}

/** What the create (with `teamId`) or the edit sends. */
export function bodyOf(template: MeetingTemplate, teamId?: string): MeetingTemplateBody {
  // A create leaves out what is empty; an edit clears it with null.
  const cleared = teamId ? undefined : null;
  return {
    ...(teamId ? { teamId } : {}),
    title: template.title,
    message: template.message ?? cleared,
    duration: template.duration,
    availableDaysInFuture: template.availableDaysInFuture,
    openingHours: template.openingHours.map((entry) => ({ days: [...entry.days], start: entry.start, end: entry.end })),
    beforeBuffer: template.beforeBuffer,
    afterBuffer: template.afterBuffer,
    minimumNotice: template.minimumNotice,
    minimumCancellationNotice: template.minimumCancellationNotice ?? cleared,
    timeZone: template.timeZone,
  };
}
