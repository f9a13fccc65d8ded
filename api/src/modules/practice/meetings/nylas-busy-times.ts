import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { BusyInterval } from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { NylasClients } from '../../hub/providers/nylas/index.js';
import { FirmCalendarBusyTimes, type BusyTimes, type BusyTimesQuery } from './busy-times.js';

/**
 * How long a booking waits for Nylas's free/busy before it goes on with the firm's calendar alone.
 * A request asks inside its transaction, holding the team's booking lock, so a slow provider must
 * not hold the team's other bookings (or outlast the transaction's own time limit): three seconds
 * is many times Nylas's usual answer, and a page is better served by slots from the firm's
 * calendar than by waiting.
 */
export const NYLAS_FREE_BUSY_TIMEOUT_MS = 3_000;

/** A team's calendar connection at Nylas, as free/busy asks for it. */
interface TeamCalendar {
  id: string;
  email: string;
}

/**
 * The busy times of a booking page whose team has a Nylas connection: the firm's own calendar
 * (always; a meeting requested here is in our database before the provider hears of it) plus the
 * busy times Nylas reports for each of the team's connected calendars (the advisors' other
 * appointments). A team with no connection, a server with no Nylas settings, or a provider that
 * fails or is slow (logged) leaves the firm's calendar alone: a booking page never fails because
 * a calendar provider did. A calendar Nylas could not read (its own `error`) counts as free.
 */
@Injectable()
export class NylasFreeBusyTimes implements BusyTimes {
  constructor(
    @Inject(FirmCalendarBusyTimes) private readonly firm: FirmCalendarBusyTimes,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async busyBetween(query: BusyTimesQuery): Promise<BusyInterval[]> {
    const own = await this.firm.busyBetween(query);
    if (!this.clients.configured) return own;
    const calendars = await this.teamCalendars(query);
    if (calendars.length === 0) return own;
    try {
      return [...own, ...(await withTimeout(this.providerBusy(query, calendars), NYLAS_FREE_BUSY_TIMEOUT_MS))];
    } catch (error) {
      this.logger.warn(
        { err: error, teamId: query.template.teamId, connections: calendars.map((calendar) => calendar.id) },
        'Nylas free/busy failed; the booking page offers the firm calendar’s free times alone',
      );
      return own;
    }
  }

  /** The team's Nylas connections that hold a grant and do not wait for a new login. */
  private teamCalendars(query: BusyTimesQuery): Promise<TeamCalendar[]> {
    return query.sql.query<TeamCalendar>(
      `SELECT id, display_name AS email
         FROM connections
        WHERE organization_id = $1 AND owner_team_id = $2 AND service = 'NYLAS' AND status = 'SUCCESS'
          AND needs_reauth_since IS NULL AND credentials_ciphertext IS NOT NULL AND display_name IS NOT NULL
        ORDER BY id`,
      query.organizationId,
      query.template.teamId,
    );
  }

  private async providerBusy(query: BusyTimesQuery, calendars: readonly TeamCalendar[]): Promise<BusyInterval[]> {
    const grants = await Promise.all(
      calendars.map(async (calendar) => ({
        grantId: await this.clients.grantOf(query.organizationId, calendar.id),
        email: calendar.email,
      })),
    );
    const answers = await this.clients.client().freeBusy(grants, { start: query.from, end: query.until });
    for (const answer of answers.filter((entry) => entry.error !== null)) {
      this.logger.info(
        { teamId: query.template.teamId, reason: answer.error },
        'Nylas could not read a calendar’s free/busy',
      );
    }
    return answers.flatMap((answer) => answer.busy.map((slot) => ({ start: slot.start, end: slot.end })));
  }
}

/** `work`'s answer, or a rejection once `ms` have passed without one. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
