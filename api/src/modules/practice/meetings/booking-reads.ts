import type { MeetingParticipantRole, MeetingType } from '@meridian/domain';
import type { Sql } from '../../../common/persistence/sql.js';

/** A meeting's participant as its booking's e-mails and moves read it. */
export interface BookingParticipantRow {
  role: MeetingParticipantRole;
  email: string;
  name: string;
  contactId: string | null;
  teamMemberId: string | null;
}

/** What a move copies of a booking's meeting to the new one. */
export interface BookingMeetingDetails {
  teamId: string;
  householdId: string | null;
  templateId: string | null;
  connectionId: string | null;
  organizerTeamMemberId: string;
  title: string;
  message: string;
  type: MeetingType;
  location: string | null;
  configId: string | null;
  eventId: string | null;
}

/**
 * The meeting's participants, in the order they were written (a booking writes its organizer
 * first, then its client). Raw SQL on the booking's transaction, named by organization.
 */
export function bookingParticipants(
  sql: Sql,
  organizationId: string,
  meetingId: string,
): Promise<BookingParticipantRow[]> {
  return sql.query<BookingParticipantRow>(
    `SELECT role, email, name, contact_id AS "contactId", team_member_id AS "teamMemberId"
       FROM meeting_participants
      WHERE organization_id = $1 AND meeting_id = $2
      ORDER BY created_at, id`,
    organizationId,
    meetingId,
  );
}

/** The fields of a booking's meeting a move keeps; null when it is gone. */
export async function bookingMeetingDetails(
  sql: Sql,
  organizationId: string,
  meetingId: string,
): Promise<BookingMeetingDetails | null> {
  const [row] = await sql.query<BookingMeetingDetails>(
    `SELECT team_id AS "teamId", household_id AS "householdId", template_id AS "templateId",
            connection_id AS "connectionId", organizer_team_member_id AS "organizerTeamMemberId", title, message,
            type, location, config_id AS "configId", event_id AS "eventId"
       FROM meetings
      WHERE organization_id = $1 AND id = $2`,
    organizationId,
    meetingId,
  );
  return row ?? null;
}

/**
 * Who a booking's e-mails are from and to: the organizer (the first team member in the meeting)
 * and the client (the first participant who is not one). An advisor who booked their own page is
 * in the meeting once, and is then both.
 */
export function bookingPeople(participants: readonly BookingParticipantRow[]): {
  organizer: BookingParticipantRow;
  client: BookingParticipantRow;
} | null {
  const organizer = participants.find((participant) => participant.role === 'TEAM_MEMBER') ?? participants[0];
  if (!organizer) return null;
  const client = participants.find((participant) => participant.role !== 'TEAM_MEMBER') ?? organizer;
  return { organizer, client };
}
