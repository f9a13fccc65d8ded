import { Inject, Injectable } from '@nestjs/common';
import { EntityType, isCanonicalId } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Sql } from '../../../common/persistence/sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { TEMPLATE_SETTINGS_SELECT } from './meeting-templates.repository.js';

/** What a booking reads of its template: the slot rules, and the names its public page shows. */
const BOOKING_TEMPLATE_SELECT = {
  ...TEMPLATE_SETTINGS_SELECT,
  organizationId: true,
  team: { select: { name: true } },
  organization: { select: { name: true } },
} satisfies Prisma.MeetingTemplateSelect;

export type BookingTemplateRow = Prisma.MeetingTemplateGetPayload<{ select: typeof BOOKING_TEMPLATE_SELECT }>;

/** A meeting of a booking, as confirming and moving it read it. */
export interface BookedMeetingRow {
  id: string;
  templateId: string;
  bookingId: string;
  configId: string | null;
  eventId: string | null;
  startTime: Date;
  durationMinutes: number;
  timeZone: string;
  requestedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
}

/** A member of a team who may host its bookings, earliest member first. */
export interface TeamMemberRow {
  id: string;
  createdAt: Date;
  user: { name: string; email: string; role: string };
}

/**
 * Reads of meetings and of what booking one needs. The public booking routes know no organization
 * until their page id names a template, so that one read is unscoped (SystemPrisma); every other
 * read names its organization (raw SQL) or runs on the tenant transaction of the page's
 * organization.
 */
@Injectable()
export class MeetingsRepository {
  constructor(@Inject(SystemPrisma) private readonly system: SystemPrisma) {}

  /**
   * The template a public page id names, in any organization: the template's own id (the firm's
   * own calendar, through the primary key), or else its provider's scheduling configuration.
   */
  async findBookingPage(configId: string): Promise<BookingTemplateRow | null> {
    const where = isCanonicalId(configId, [EntityType.meetingTemplate]) ? { id: configId } : { configId };
    return this.system.meetingTemplate.findFirst({ where, orderBy: { id: 'asc' }, select: BOOKING_TEMPLATE_SELECT });
  }

  /**
   * Makes the bookings of a team take turns until the transaction ends. The team is what they
   * share: its templates book into the same calendar, so two bookings of one team, even through
   * two templates, must not both read the calendar before either writes. An advisory lock rather
   * than a row lock on `teams`: `FOR UPDATE` there would also wait for every transaction that
   * inserts a row pointing at the team (an import chunk of contacts holds it for seconds), and
   * `FOR NO KEY UPDATE` would hold up renaming the team. Whatever else writes a team's meetings
   * where two may meet (a calendar sync, an advisor's own meeting) takes the same lock.
   */
  async lockTeamBookings(sql: Sql, teamId: string): Promise<void> {
    await sql.execute('SELECT pg_advisory_xact_lock(hashtext($1))', `meridian:meeting-bookings:${teamId}`);
  }

  /**
   * The template, read for a booking inside its transaction and held FOR SHARE until it ends: an
   * edit of its opening hours (FOR UPDATE) waits for the booking, so a slot is checked against the
   * hours the template has when the meeting is written, never against hours being changed. Null
   * when it was deleted meanwhile.
   */
  async templateForBooking(
    tx: TenantTransaction,
    sql: Sql,
    organizationId: string,
    templateId: string,
  ): Promise<BookingTemplateRow | null> {
    const held = await sql.query<{ id: string }>(
      'SELECT id FROM meeting_templates WHERE organization_id = $1 AND id = $2 FOR SHARE',
      organizationId,
      templateId,
    );
    if (held.length === 0) return null;
    return tx.meetingTemplate.findFirst({ where: { id: templateId }, select: BOOKING_TEMPLATE_SELECT });
  }

  /**
   * The team's meetings that are not cancelled and overlap [from, until), as intervals: the busy
   * times of the firm's own calendar (requested meetings hold their time too, or two clients could
   * ask for it before either is confirmed). `exceptBookingId` leaves out the meetings of one
   * booking: a client moving their meeting may move it onto part of its own time.
   */
  async busyIntervals(
    sql: Sql,
    organizationId: string,
    teamId: string,
    from: Date,
    until: Date,
    exceptBookingId: string | null,
  ): Promise<{ start: Date; end: Date }[]> {
    const rows = await sql.query<{ start: Date; end: Date }>(
      `SELECT start_time AS start, start_time + make_interval(mins => duration_minutes) AS "end"
         FROM meetings
        WHERE organization_id = $1 AND team_id = $2 AND cancelled_at IS NULL
          AND start_time < $4::timestamptz AND start_time + make_interval(mins => duration_minutes) > $3::timestamptz
          AND ($5::text IS NULL OR booking_id IS DISTINCT FROM $5)`,
      organizationId,
      teamId,
      from,
      until,
      exceptBookingId,
    );
    return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
  }

  /**
   * The meetings of one booking made through the template (a booking moved keeps its id, so it
   * may have several: the one moved, cancelled or not yet, and the one it moved to), oldest
   * first. `forUpdate` locks them for the transaction. There is no index on booking_id: the
   * organization's meetings of the template are read, which a template keeps to a few thousand.
   */
  async bookingMeetings(
    sql: Sql,
    organizationId: string,
    templateId: string,
    bookingId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<BookedMeetingRow[]> {
    return sql.query<BookedMeetingRow>(
      `SELECT id, template_id AS "templateId", booking_id AS "bookingId", config_id AS "configId",
              event_id AS "eventId", start_time AS "startTime", duration_minutes AS "durationMinutes",
              time_zone AS "timeZone", requested_at AS "requestedAt", confirmed_at AS "confirmedAt",
              cancelled_at AS "cancelledAt"
         FROM meetings
        WHERE organization_id = $1 AND template_id = $2 AND booking_id = $3
        ORDER BY requested_at, id${options.forUpdate ? ' FOR UPDATE' : ''}`,
      organizationId,
      templateId,
      bookingId,
    );
  }

  /** The team's members with their user, earliest member first (the id breaks ties). */
  async teamMembers(tx: TenantTransaction, teamId: string): Promise<TeamMemberRow[]> {
    return tx.teamMember.findMany({
      where: { teamId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, createdAt: true, user: { select: { name: true, email: true, role: true } } },
    });
  }
}
