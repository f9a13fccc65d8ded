import { Injectable } from '@nestjs/common';
import {
  EntityType,
  newId,
  type AgendaItemType,
  type MeetingParticipantRole,
  type MeetingType,
} from '@meridian/domain';
import { insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** Someone in a meeting: a contact, a member of the firm's team, or an outside guest (an e-mail). */
export interface MeetingParticipantDraft {
  role: MeetingParticipantRole;
  email: string;
  name: string;
  /** Set exactly for role CONTACT (CHECK meeting_participants_role_check). */
  contactId: string | null;
  /** Set exactly for role TEAM_MEMBER. */
  teamMemberId: string | null;
}

/** A meeting (crm §3) with its participants; durations in minutes. */
export interface MeetingDraft {
  teamId: string;
  householdId: string | null;
  /** The booking template it was booked through, if any. */
  templateId: string | null;
  /** The calendar connection it lives in; null: the firm's own calendar. */
  connectionId: string | null;
  organizerTeamMemberId: string;
  title: string;
  message: string;
  type: MeetingType;
  /** Required for IN_PERSON and OTHER (CHECK meetings_location_check). */
  location: string | null;
  startTime: Date;
  durationMinutes: number;
  timeZone: string;
  /** The calendar-side ids of a booking (crm §7 /confirm). */
  bookingId: string | null;
  configId: string | null;
  eventId: string | null;
  /** When it was asked for; the scope's time when absent. */
  requestedAt?: Date;
  confirmedAt: Date | null;
  participants: readonly MeetingParticipantDraft[];
}

/** The fields a later write may change (participants, agenda and tasks have their own writes). */
export type MeetingColumns = Partial<
  Pick<
    MeetingDraft,
    | 'householdId'
    | 'connectionId'
    | 'organizerTeamMemberId'
    | 'title'
    | 'message'
    | 'type'
    | 'location'
    | 'startTime'
    | 'durationMinutes'
    | 'timeZone'
    | 'eventId'
    | 'confirmedAt'
  > & { cancelledAt: Date | null; viewedAt: Date | null; transcript: string | null }
>;

/** Columns that record what happened to a meeting, not a change of it (see `update`). */
const BOOKKEEPING_COLUMNS: ReadonlySet<keyof MeetingColumns> = new Set(['viewedAt', 'eventId', 'connectionId']);

const MEETING_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  household_id: 'text',
  template_id: 'text',
  connection_id: 'text',
  organizer_team_member_id: 'text',
  title: 'text',
  message: 'text',
  type: 'meeting_type',
  location: 'text',
  start_time: 'timestamptz',
  duration_minutes: 'integer',
  time_zone: 'text',
  transcript: 'text',
  booking_id: 'text',
  config_id: 'text',
  event_id: 'text',
  requested_at: 'timestamptz',
  confirmed_at: 'timestamptz',
  cancelled_at: 'timestamptz',
  viewed_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const PARTICIPANT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  meeting_id: 'text',
  role: 'meeting_participant_role',
  email: 'text',
  name: 'text',
  contact_id: 'text',
  team_member_id: 'text',
  created_at: 'timestamptz',
};

/** An item of a meeting's agenda (crm §3: type and value), kept in the order given. */
export interface MeetingAgendaItemDraft {
  type: AgendaItemType;
  value: string;
}

const AGENDA_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  meeting_id: 'text',
  position: 'integer',
  type: 'agenda_item_type',
  value: 'text',
};

const MEETING_COLUMN: Record<keyof MeetingColumns, string> = {
  householdId: 'household_id',
  connectionId: 'connection_id',
  organizerTeamMemberId: 'organizer_team_member_id',
  title: 'title',
  message: 'message',
  type: 'type',
  location: 'location',
  startTime: 'start_time',
  durationMinutes: 'duration_minutes',
  timeZone: 'time_zone',
  eventId: 'event_id',
  confirmedAt: 'confirmed_at',
  cancelledAt: 'cancelled_at',
  viewedAt: 'viewed_at',
  transcript: 'transcript',
};

/**
 * The one writer of meetings and their participants, for every way a meeting is made or changed
 * (a client's booking, an advisor's meeting, a calendar sync): creates meetings with their
 * participants, and writes given fields (confirming, cancelling, moving); a batch per statement.
 * A participant's e-mail is unique in its meeting, case aside: the first of a draft's participants
 * with an address is kept (list the organizer first), so an advisor who books their own page is
 * in the meeting once.
 */
@Injectable()
export class MeetingsWriter {
  async create(scope: WriteScope, drafts: readonly MeetingDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.meeting));
    await insertRows(
      scope.sql,
      'meetings',
      MEETING_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        team_id: draft.teamId,
        household_id: draft.householdId,
        template_id: draft.templateId,
        connection_id: draft.connectionId,
        organizer_team_member_id: draft.organizerTeamMemberId,
        title: draft.title,
        message: draft.message,
        type: draft.type,
        location: draft.location,
        start_time: draft.startTime,
        duration_minutes: draft.durationMinutes,
        time_zone: draft.timeZone,
        booking_id: draft.bookingId,
        config_id: draft.configId,
        event_id: draft.eventId,
        requested_at: draft.requestedAt ?? scope.now,
        confirmed_at: draft.confirmedAt,
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    await this.insertParticipants(
      scope,
      drafts.map((draft, index) => ({ meetingId: ids[index]!, participants: draft.participants })),
    );
    return ids;
  }

  /**
   * Writes the given fields of each meeting, and `updated_at` unless they are only bookkeeping
   * (`BOOKKEEPING_COLUMNS`): `updated_at` is when the meeting itself last changed here, which the
   * calendar sync weighs against the provider's edits, so opening a meeting or recording its
   * calendar event must not make it look edited.
   */
  async update(scope: WriteScope, updates: readonly { id: string; fields: MeetingColumns }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'meetings',
      scope.organizationId,
      MEETING_TYPES,
      updates.map(({ id, fields }) => {
        const set: Record<string, unknown> = {};
        let edited = false;
        for (const [key, value] of Object.entries(fields)) {
          if (value === undefined) continue;
          set[MEETING_COLUMN[key as keyof MeetingColumns]] = value;
          if (!BOOKKEEPING_COLUMNS.has(key as keyof MeetingColumns)) edited = true;
        }
        if (edited || Object.keys(set).length === 0) set.updated_at = scope.now;
        return { id, set };
      }),
    );
  }

  // ── Calendar sync (hub/sync/page-writer/meetings.ts) ─────────────────────────────────────────

  /**
   * A sync page's meetings in one batch: `create` inserted (their new ids returned, in order), each
   * of `update` has its fields written and its participants replaced by the given ones.
   */
  async upsertSynced(
    scope: WriteScope,
    batch: {
      create: readonly MeetingDraft[];
      update: readonly { id: string; fields: MeetingColumns; participants: readonly MeetingParticipantDraft[] }[];
    },
  ): Promise<string[]> {
    const ids = await this.create(scope, batch.create);
    await this.update(
      scope,
      batch.update.map(({ id, fields }) => ({ id, fields })),
    );
    await this.replaceParticipants(
      scope,
      batch.update.map(({ id, participants }) => ({ meetingId: id, participants })),
    );
    return ids;
  }

  // ---- a meeting's participants and agenda, replaced as a whole (the meeting calls' edits) ----

  /**
   * Each meeting's participants become exactly the ones given (the first of each e-mail address,
   * as `create` keeps them): the old rows go and the new ones come, one statement each.
   */
  async replaceParticipants(
    scope: WriteScope,
    changes: readonly { meetingId: string; participants: readonly MeetingParticipantDraft[] }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    await scope.sql.execute(
      'DELETE FROM meeting_participants WHERE organization_id = $1 AND meeting_id = ANY($2::text[])',
      scope.organizationId,
      changes.map((change) => change.meetingId),
    );
    await this.insertParticipants(scope, changes);
  }

  /** The participants of each meeting, the first of each e-mail address, in one statement. */
  private async insertParticipants(
    scope: WriteScope,
    meetings: readonly { meetingId: string; participants: readonly MeetingParticipantDraft[] }[],
  ): Promise<void> {
    await insertRows(
      scope.sql,
      'meeting_participants',
      PARTICIPANT_TYPES,
      meetings.flatMap((meeting) =>
        onePerAddress(meeting.participants).map((participant) => ({
          id: newId(EntityType.meetingParticipant),
          organization_id: scope.organizationId,
          meeting_id: meeting.meetingId,
          role: participant.role,
          email: participant.email,
          name: participant.name,
          contact_id: participant.contactId,
          team_member_id: participant.teamMemberId,
          created_at: scope.now,
        })),
      ),
    );
  }

  /** Each meeting's agenda becomes exactly the items given, in their order. */
  async replaceAgenda(
    scope: WriteScope,
    changes: readonly { meetingId: string; items: readonly MeetingAgendaItemDraft[] }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    await scope.sql.execute(
      'DELETE FROM meeting_agenda_items WHERE organization_id = $1 AND meeting_id = ANY($2::text[])',
      scope.organizationId,
      changes.map((change) => change.meetingId),
    );
    await insertRows(
      scope.sql,
      'meeting_agenda_items',
      AGENDA_TYPES,
      changes.flatMap((change) =>
        change.items.map((item, position) => ({
          id: newId(EntityType.meetingAgendaItem),
          organization_id: scope.organizationId,
          meeting_id: change.meetingId,
          position,
          type: item.type,
          value: item.value,
        })),
      ),
    );
  }
}

/** The participants with the first of each e-mail address, case aside. */
function onePerAddress(participants: readonly MeetingParticipantDraft[]): MeetingParticipantDraft[] {
  const seen = new Set<string>();
  return participants.filter((participant) => {
    const key = participant.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
