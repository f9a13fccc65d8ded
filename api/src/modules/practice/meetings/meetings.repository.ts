import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  isCanonicalId,
  type AvailableParticipantsQuery,
  type MeetingParticipantRole,
  type MeetingTaskTiming,
  type MeetingType,
  type TaskStatus,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { sqlOf, type Sql } from '../../../common/persistence/sql.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeParam } from '../../../common/tenancy/team-scope-sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
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

/** A meeting as its page and the team's calendar read it, the organizer named. */
export interface MeetingRow {
  id: string;
  teamId: string;
  householdId: string | null;
  templateId: string | null;
  organizerTeamMemberId: string;
  organizerName: string;
  title: string;
  message: string;
  type: MeetingType;
  location: string | null;
  startTime: Date;
  durationMinutes: number;
  timeZone: string;
  transcript: string | null;
  requestedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  viewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Someone in a meeting, as stored. */
export interface ParticipantRow {
  meetingId: string;
  role: MeetingParticipantRole;
  email: string;
  name: string;
  contactId: string | null;
  teamMemberId: string | null;
}

/** A task of a meeting, before its assignee is named. */
export interface MeetingTaskRow {
  id: string;
  title: string;
  note: string | null;
  status: TaskStatus;
  /** YYYY-MM-DD. */
  dueDate: string | null;
  timing: MeetingTaskTiming;
  assigneeTeamMemberId: string | null;
  assigneePersonId: string | null;
}

/** Someone a team's meeting may invite. */
export interface AvailableParticipantRow {
  id: string;
  role: 'CONTACT' | 'TEAM_MEMBER';
  name: string;
  email: string | null;
}

const MEETING_SELECT = `mt.id, mt.team_id AS "teamId", mt.household_id AS "householdId", mt.template_id AS "templateId",
  mt.organizer_team_member_id AS "organizerTeamMemberId", u.name AS "organizerName", mt.title, mt.message,
  mt.type::text AS type, mt.location, mt.start_time AS "startTime", mt.duration_minutes AS "durationMinutes",
  mt.time_zone AS "timeZone", mt.transcript, mt.requested_at AS "requestedAt", mt.confirmed_at AS "confirmedAt",
  mt.cancelled_at AS "cancelledAt", mt.viewed_at AS "viewedAt", mt.created_at AS "createdAt",
  mt.updated_at AS "updatedAt"`;

const MEETING_FROM = `meetings mt
  JOIN team_members o ON o.organization_id = mt.organization_id AND o.id = mt.organizer_team_member_id
  JOIN users u ON u.organization_id = o.organization_id AND u.id = o.user_id`;

const MEETING_TASK_SELECT = `t.id, t.title, t.note, t.status::text AS status, to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate",
  t.meeting_task_type::text AS timing, t.assignee_team_member_id AS "assigneeTeamMemberId",
  t.assignee_person_id AS "assigneePersonId"`;

/** The most meetings one calendar window answers (62 days of a busy team is far fewer). */
export const MEETING_WINDOW_CAP = 2_000;

/** `%text%` for ILIKE, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

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
  constructor(
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
  ) {}

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
  // ---- the meeting calls' reads: the tenant client, within the caller's teams ----

  private get sql(): Sql {
    return sqlOf(this.prisma);
  }

  /**
   * One meeting within the caller's organization and teams (another team's is not found, as one of
   * another firm); with `sql` of a transaction and `forUpdate`, locked until it ends.
   */
  async findMeeting(meetingId: string, options: { sql?: Sql; forUpdate?: boolean } = {}): Promise<MeetingRow | null> {
    const scope = teamScopeParam('mt.team_id', 3);
    const [row] = await (options.sql ?? this.sql).query<MeetingRow>(
      `SELECT ${MEETING_SELECT} FROM ${MEETING_FROM}
        WHERE mt.organization_id = $1 AND mt.id = $2${scope.sql}${options.forUpdate ? ' FOR UPDATE OF mt' : ''}`,
      currentOrganizationId(),
      meetingId,
      ...scope.values,
    );
    return row ?? null;
  }

  /**
   * The team's meetings overlapping [from, to), cancelled ones included (the calendar shows them
   * struck through), by start; at most `MEETING_WINDOW_CAP`. The team is one already checked.
   */
  async meetingsOverlapping(teamId: string, from: Date, to: Date): Promise<MeetingRow[]> {
    return this.sql.query<MeetingRow>(
      `SELECT ${MEETING_SELECT} FROM ${MEETING_FROM}
        WHERE mt.organization_id = $1 AND mt.team_id = $2
          AND mt.start_time < $4::timestamptz AND mt.start_time + make_interval(mins => mt.duration_minutes) > $3::timestamptz
        ORDER BY mt.start_time, mt.id LIMIT ${MEETING_WINDOW_CAP}`,
      currentOrganizationId(),
      teamId,
      from,
      to,
    );
  }

  /** The participants of meetings already read within reach, by meeting: contacts, team, guests, by name. */
  async participantsOf(meetingIds: readonly string[], sql: Sql = this.sql): Promise<Map<string, ParticipantRow[]>> {
    const byMeeting = new Map<string, ParticipantRow[]>();
    if (meetingIds.length === 0) return byMeeting;
    const rows = await sql.query<ParticipantRow>(
      `SELECT p.meeting_id AS "meetingId", p.role::text AS role, p.email, p.name, p.contact_id AS "contactId",
              p.team_member_id AS "teamMemberId"
         FROM meeting_participants p WHERE p.organization_id = $1 AND p.meeting_id = ANY($2::text[])
        ORDER BY p.role, lower(p.name), lower(p.email)`,
      currentOrganizationId(),
      [...meetingIds],
    );
    for (const row of rows) {
      const list = byMeeting.get(row.meetingId);
      if (list) list.push(row);
      else byMeeting.set(row.meetingId, [row]);
    }
    return byMeeting;
  }

  /** The user of a team member of the organization, or null. */
  async userOfTeamMember(sql: Sql, teamMemberId: string): Promise<string | null> {
    const [row] = await sql.query<{ userId: string }>(
      'SELECT user_id AS "userId" FROM team_members WHERE organization_id = $1 AND id = $2',
      currentOrganizationId(),
      teamMemberId,
    );
    return row?.userId ?? null;
  }

  /** A meeting's agenda in its order. */
  async agendaOf(meetingId: string, sql: Sql = this.sql): Promise<{ type: 'FREEFORM'; value: string }[]> {
    return sql.query(
      `SELECT type::text AS type, value FROM meeting_agenda_items
        WHERE organization_id = $1 AND meeting_id = $2 ORDER BY position, id`,
      currentOrganizationId(),
      meetingId,
    );
  }

  /** A meeting's tasks, by due date (undated last), then the oldest first. */
  async tasksOf(meetingId: string, sql: Sql = this.sql): Promise<MeetingTaskRow[]> {
    return sql.query<MeetingTaskRow>(
      `SELECT ${MEETING_TASK_SELECT} FROM tasks t WHERE t.organization_id = $1 AND t.meeting_id = $2
        ORDER BY t.due_date ASC NULLS LAST, t.created_at, t.id`,
      currentOrganizationId(),
      meetingId,
    );
  }

  /**
   * One task of the meeting, locked for the transaction (`sql` is the transaction's); null when
   * the meeting has no such task (another meeting's task, or none).
   */
  async taskOfMeeting(sql: Sql, meetingId: string, taskId: string): Promise<MeetingTaskRow | null> {
    const [row] = await sql.query<MeetingTaskRow>(
      `SELECT ${MEETING_TASK_SELECT} FROM tasks t
        WHERE t.organization_id = $1 AND t.meeting_id = $2 AND t.id = $3 FOR UPDATE`,
      currentOrganizationId(),
      meetingId,
      taskId,
    );
    return row ?? null;
  }

  /**
   * Whom a team's meeting may invite: its contacts (not deleted; `householdId` or `contactId`
   * narrow them) with their primary e-mail address, and its members with their user's, paged by
   * name; `search` matches a name or an address. The team is one already checked.
   */
  async availableParticipants(
    teamId: string,
    query: AvailableParticipantsQuery,
    narrow: { householdId: string | null; contactId: string | null },
  ): Promise<{ rows: AvailableParticipantRow[]; total: number }> {
    const values: unknown[] = [currentOrganizationId(), teamId];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const search = query.search ? param(likePattern(query.search)) : null;
    const parts: string[] = [];
    const narrowed = narrow.householdId !== null || narrow.contactId !== null;
    if (query.role !== 'CONTACT' && !narrowed) {
      parts.push(`SELECT m.id, 'TEAM_MEMBER' AS role, u.name, u.email FROM team_members m
          JOIN users u ON u.organization_id = m.organization_id AND u.id = m.user_id
         WHERE m.organization_id = $1 AND m.team_id = $2
           ${search ? `AND (u.name ILIKE ${search} OR u.email ILIKE ${search})` : ''}`);
    }
    if (query.role !== 'TEAM_MEMBER') {
      const name = `coalesce(c.preferred_name, c.first_name) || ' ' || c.last_name`;
      const email = `(SELECT e.email FROM contact_emails e WHERE e.organization_id = c.organization_id
          AND e.contact_id = c.id ORDER BY e.is_primary DESC, e.created_at, e.id LIMIT 1)`;
      parts.push(`SELECT c.id, 'CONTACT' AS role, ${name} AS name, ${email} AS email FROM contacts c
         WHERE c.organization_id = $1 AND c.team_id = $2 AND c.deleted_at IS NULL
           ${narrow.householdId ? `AND c.household_id = ${param(narrow.householdId)}` : ''}
           ${narrow.contactId ? `AND c.id = ${param(narrow.contactId)}` : ''}
           ${
             search
               ? `AND ((${name}) ILIKE ${search} OR EXISTS (SELECT 1 FROM contact_emails e
                   WHERE e.organization_id = c.organization_id AND e.contact_id = c.id AND e.email ILIKE ${search}))`
               : ''
           }`);
    }
    if (parts.length === 0) return { rows: [], total: 0 };
    const union = parts.join(' UNION ALL ');
    const limit = param(query.limit);
    const offset = param((query.page - 1) * query.limit);
    const countValues = values.slice(0, -2);
    const [rows, [count]] = await Promise.all([
      this.sql.query<AvailableParticipantRow>(
        `SELECT id, role, name, email FROM (${union}) AS candidate ORDER BY lower(name), id LIMIT ${limit} OFFSET ${offset}`,
        ...values,
      ),
      this.sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${union}) AS candidate`, ...countValues),
    ]);
    return { rows, total: count?.total ?? 0 };
  }
}
