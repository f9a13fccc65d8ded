/**
 * The Nylas connector's cursor: where a calendar sync of one grant stands. A run goes through two
 * phases:
 *
 *   calendars  /calendars: the grant's calendars we sync (one page, no records);
 *   events     /events of each of those calendars in turn, page after page with Nylas's
 *              `page_token` (the previous page's `next_cursor`), until the last calendar's last page.
 *
 * The run's window and `updated_after` are fixed in the cursor when the run starts, so a run
 * resumed after a crash (or a retry) asks for exactly the pages it was asking for, from the page
 * after the last one committed. A run's last page leaves the cursor back at `calendars` with
 * `since`: when that run started, the next run's high-water mark (see connector.ts).
 *
 * Stored as JSON (readable in a sync run's cursor columns); instants as ISO strings.
 */
import { z } from 'zod';
import { ConnectorError } from '../core/errors.js';

const instant = z.iso.datetime();

const calendarRef = z.object({ id: z.string().min(1), timezone: z.string().nullable() });

const nylasCursorSchema = z.discriminatedUnion('phase', [
  z.object({
    v: z.literal(1),
    phase: z.literal('calendars'),
    /** When the previous complete run started; null: no run has completed (a first sync). */
    since: instant.nullable(),
  }),
  z.object({
    v: z.literal(1),
    phase: z.literal('events'),
    /** When this run started: the next run's `since`. */
    startedAt: instant,
    window: z.object({ start: instant, end: instant }),
    /** Nylas's `updated_after` for every page of this run; null on a first sync. */
    updatedAfter: instant.nullable(),
    calendars: z.array(calendarRef).min(1),
    /** Index in `calendars` of the calendar being read. */
    calendar: z.number().int().min(0),
    /** Nylas's `page_token` of the next page of that calendar; null: its first page. */
    pageToken: z.string().min(1).nullable(),
  }),
]);
export type NylasSyncCursor = z.output<typeof nylasCursorSchema>;
export type NylasEventsCursor = Extract<NylasSyncCursor, { phase: 'events' }>;

/** A connection's first sync. */
export const INITIAL_NYLAS_CURSOR: NylasSyncCursor = { v: 1, phase: 'calendars', since: null };

export function encodeNylasCursor(cursor: NylasSyncCursor): string {
  return JSON.stringify(cursor);
}

/** Reads a saved cursor; null is a first sync. A cursor we cannot read is a PERMANENT error. */
export function decodeNylasCursor(cursor: string | null): NylasSyncCursor {
  if (cursor === null || cursor === '') return INITIAL_NYLAS_CURSOR;
  let json: unknown;
  try {
    json = JSON.parse(cursor);
  } catch {
    json = undefined;
  }
  const parsed = nylasCursorSchema.safeParse(json);
  if (!parsed.success || (parsed.data.phase === 'events' && parsed.data.calendar >= parsed.data.calendars.length)) {
    throw new ConnectorError('PERMANENT', `Not a Nylas sync cursor: ${cursor.slice(0, 200)}`, {
      code: 'INVALID_CURSOR',
    });
  }
  return parsed.data;
}
