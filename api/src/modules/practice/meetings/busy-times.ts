import { Injectable } from '@nestjs/common';
import { bookingHoldCutoff, type BusyInterval } from '@meridian/domain';
import type { Sql } from '../../../common/persistence/sql.js';

/** What the busy times of a booking page are asked for. */
export interface BusyTimesQuery {
  /** The statements' connection: a booking's transaction, so what it reads is what it checks. */
  sql: Sql;
  organizationId: string;
  template: { id: string; teamId: string; connectionId: string | null };
  /** Busy intervals overlapping [from, until) are wanted; others may come too. */
  from: Date;
  until: Date;
  /** A booking being moved: its own meetings do not count against its new time. */
  exceptBookingId: string | null;
  /** The clock of the question: a request unconfirmed for BOOKING_HOLD_MINUTES before it is not busy. */
  now: Date;
}

/**
 * Where a booking page's busy times come from: the seam between the slot engine and the calendars
 * a template books into. The firm's own calendar (`FirmCalendarBusyTimes`) always counts, since a
 * meeting requested here is in our database before any provider hears of it; a calendar provider's
 * free/busy (`NylasFreeBusyTimes`, bound to `BUSY_TIMES`) adds to it, never replaces it.
 */
export interface BusyTimes {
  busyBetween(query: BusyTimesQuery): Promise<BusyInterval[]>;
}

export const BUSY_TIMES = Symbol('BusyTimes');

/**
 * The firm's own calendar (the spec's virtual calendar): the team's meetings in our database that
 * are not cancelled, each busy for its duration. A booking requested through a template and not
 * confirmed within BOOKING_HOLD_MINUTES no longer holds its time (domain `booking-hold.ts`);
 * meetings made otherwise (an advisor's own, a calendar sync) hold theirs whatever their state.
 */
@Injectable()
export class FirmCalendarBusyTimes implements BusyTimes {
  async busyBetween(query: BusyTimesQuery): Promise<BusyInterval[]> {
    const rows = await query.sql.query<{ start: Date; end: Date }>(
      `SELECT start_time AS start, start_time + make_interval(mins => duration_minutes) AS "end"
         FROM meetings
        WHERE organization_id = $1 AND team_id = $2 AND cancelled_at IS NULL
          AND start_time < $4::timestamptz AND start_time + make_interval(mins => duration_minutes) > $3::timestamptz
          AND ($5::text IS NULL OR booking_id IS DISTINCT FROM $5)
          AND NOT (template_id IS NOT NULL AND confirmed_at IS NULL AND requested_at <= $6::timestamptz)`,
      query.organizationId,
      query.template.teamId,
      query.from,
      query.until,
      query.exceptBookingId,
      bookingHoldCutoff(query.now),
    );
    return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
  }
}
