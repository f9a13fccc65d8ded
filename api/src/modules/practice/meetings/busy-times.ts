import { Inject, Injectable } from '@nestjs/common';
import type { BusyInterval } from '@meridian/domain';
import type { Sql } from '../../../common/persistence/sql.js';
import { MeetingsRepository } from './meetings.repository.js';

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
}

/**
 * Where a booking page's busy times come from: the seam between the slot engine and the calendars
 * a template books into. Today one source, the firm's own calendar (`FirmCalendarBusyTimes`); the
 * calendar provider's free/busy, for a template with a connection, is another implementation
 * (bound to `BUSY_TIMES` in its place), which should add the provider's busy times to these rather
 * than replace them, since a meeting requested here is in our database before the provider hears
 * of it.
 */
export interface BusyTimes {
  busyBetween(query: BusyTimesQuery): Promise<BusyInterval[]>;
}

export const BUSY_TIMES = Symbol('BusyTimes');

/**
 * The firm's own calendar (the spec's virtual calendar): the team's meetings in our database that
 * are not cancelled, each busy for its duration.
 */
@Injectable()
export class FirmCalendarBusyTimes implements BusyTimes {
  constructor(@Inject(MeetingsRepository) private readonly meetings: MeetingsRepository) {}

  busyBetween(query: BusyTimesQuery): Promise<BusyInterval[]> {
    return this.meetings.busyIntervals(
      query.sql,
      query.organizationId,
      query.template.teamId,
      query.from,
      query.until,
      query.exceptBookingId,
    );
  }
}
