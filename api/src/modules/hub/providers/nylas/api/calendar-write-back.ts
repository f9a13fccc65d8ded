import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  ConnectorError,
  toMeetingRecord,
  type NylasClient,
  type NylasEventInput,
  type SyncedMeeting,
} from '@meridian/connectors';
import { DomainError, EntityType, type JobPayload } from '@meridian/domain';
import { LOGGER } from '../../../../../common/logging/logger.js';
import { writeScope, type WriteScope } from '../../../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../../../infra/prisma/prisma.service.js';
import { MeetingsWriter } from '../../../../practice/meetings/index.js';
import { ConnectionsWriter, contentHash, ExternalLinksRepository, type LinkRow } from '../../../sync/index.js';
import { NylasClients } from '../nylas-clients.js';

/** One run's provider calls (calendars, the event read, its write) at their 30-second limits, with room. */
const RUN_TIMEOUT_MS = 120_000;

const NYLAS = { service: 'NYLAS' } as const;

/** A push that can never succeed (the connection gone, its grant expired, Nylas refusing for good). */
export class CalendarWriteBackRefused extends Error {
  override readonly name = 'CalendarWriteBackRefused';
}

/** What a run did, for the log and the tests. */
export type CalendarWriteBackOutcome =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'nothing-to-delete'
  | 'provider-newer'
  | 'gone-at-provider'
  | 'not-confirmed'
  | 'meeting-gone'
  | 'no-connection'
  | 'not-configured';

/** The meeting as the calendar's event is written from it. */
interface MeetingToPush {
  id: string;
  teamId: string;
  connectionId: string | null;
  eventId: string | null;
  title: string;
  message: string;
  location: string | null;
  startTime: Date;
  durationMinutes: number;
  timeZone: string;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  updatedAt: Date;
  participants: { email: string; name: string }[];
}

interface Calendar {
  connectionId: string;
  /** The account's address: the organizer, so not listed among the event's participants. */
  email: string | null;
  grantId: string;
}

/**
 * The work of `meetings.push-to-calendar`, in the job's organization: a meeting made or changed in
 * Meridian written to its Nylas calendar (the meeting's connection, else its team's working one).
 * Under an advisory lock per meeting: a confirmed meeting without an event gets one in the
 * calendar's primary calendar (its title, message, time, location and participants' addresses,
 * with our meeting's id as the event's metadata), one with an event has it updated, a cancelled
 * one has it deleted. The event id and the external link are stored with the hash of the event as
 * the provider answered it, so the next inbound sync reads it as unchanged: no loop, no duplicate.
 *
 * Edited on both sides: when the event changed at the provider since the link last saw it (its
 * hash differs) and that change is newer than the meeting's `updated_at`, it is left for the
 * inbound sync, which writes it here (the newer wins). An event the provider deleted is left to
 * the sync too (it cancels the meeting). Nylas unreachable or rate-limiting is rethrown for the
 * queue's retries; an expired grant marks the connection for a new login and is refused, as is
 * any other refusal.
 */
@Injectable()
export class CalendarWriteBack {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(MeetingsWriter) private readonly meetings: MeetingsWriter,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
    @Inject(ConnectionsWriter) private readonly connections: ConnectionsWriter,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(payload: JobPayload<'meetings.push-to-calendar'>): Promise<CalendarWriteBackOutcome> {
    const { meetingId } = payload;
    if (!this.clients.configured) return 'not-configured';
    const outcome = await this.prisma.$transaction(
      async (tx) => {
        const scope = writeScope(tx, { actor: { kind: 'SYSTEM' } });
        await scope.sql.execute('SELECT pg_advisory_xact_lock(hashtext($1))', `meridian:calendar-push:${meetingId}`);
        return this.push(scope, meetingId);
      },
      { timeout: RUN_TIMEOUT_MS },
    );
    this.logger.info({ meetingId, outcome }, 'Meeting written to its calendar');
    return outcome;
  }

  private async push(scope: WriteScope, meetingId: string): Promise<CalendarWriteBackOutcome> {
    const meeting = await this.meetingOf(scope, meetingId);
    if (meeting === null) return 'meeting-gone';
    if (meeting.cancelledAt === null && meeting.confirmedAt === null) return 'not-confirmed';
    if (meeting.cancelledAt !== null && meeting.eventId === null) return 'nothing-to-delete';
    const calendar = await this.calendarOf(scope, meeting);
    if (calendar === null) return 'no-connection';
    return this.guarded(scope.organizationId, meeting, calendar, async (client) => {
      let primary: Promise<string> | undefined;
      const primaryId = () => (primary ??= this.primaryCalendar(client, calendar));
      const [link] =
        meeting.eventId === null ? [] : [...(await this.links.find(scope, NYLAS, [meeting.eventId])).values()];
      const existing =
        meeting.eventId === null ? null : await client.findEvent(calendar.grantId, await primaryId(), meeting.eventId);

      if (meeting.cancelledAt !== null) {
        if (existing !== null && !existing.deleted) {
          await client.deleteEvent(calendar.grantId, existing.calendarId ?? (await primaryId()), existing.sourceId);
        }
        if (link) await this.links.touch(scope, [{ id: link.id, contentHash: null }]);
        return existing === null || existing.deleted ? 'nothing-to-delete' : 'deleted';
      }

      if (existing !== null && !existing.deleted) {
        if (this.providerIsNewer(meeting, existing, link)) return 'provider-newer';
        const written = await client.updateEvent(
          calendar.grantId,
          existing.calendarId ?? (await primaryId()),
          existing.sourceId,
          this.eventOf(meeting, calendar),
        );
        await this.remember(scope, meeting, calendar, written, link);
        return 'updated';
      }
      // Deleted at the provider since the sync linked it: the sync cancels the meeting.
      if (link) return 'gone-at-provider';
      const written = await client.createEvent(calendar.grantId, await primaryId(), this.eventOf(meeting, calendar));
      await this.remember(scope, meeting, calendar, written, undefined);
      return 'created';
    });
  }

  /**
   * The provider's version wins when it changed since the link last saw it (its hash is not the
   * one stored) and that change is newer than the meeting's last change here.
   */
  private providerIsNewer(meeting: MeetingToPush, event: SyncedMeeting, link: LinkRow | undefined): boolean {
    const changedThere = link === undefined || link.contentHash !== contentHash(toMeetingRecord(event));
    return changedThere && event.updatedAt !== null && event.updatedAt.getTime() > meeting.updatedAt.getTime();
  }

  /** The event's id and connection on the meeting, and its link with the hash of the event as written. */
  private async remember(
    scope: WriteScope,
    meeting: MeetingToPush,
    calendar: Calendar,
    written: SyncedMeeting,
    link: LinkRow | undefined,
  ): Promise<void> {
    const hash = contentHash(toMeetingRecord(written));
    if (meeting.eventId !== written.sourceId || meeting.connectionId !== calendar.connectionId) {
      await this.meetings.update(scope, [
        { id: meeting.id, fields: { eventId: written.sourceId, connectionId: calendar.connectionId } },
      ]);
    }
    if (link && link.sourceId === written.sourceId) {
      await this.links.touch(scope, [{ id: link.id, contentHash: hash, entityId: meeting.id }]);
      return;
    }
    const known = await this.links.find(scope, NYLAS, [written.sourceId]);
    const existing = known.get(written.sourceId);
    if (existing) await this.links.touch(scope, [{ id: existing.id, contentHash: hash, entityId: meeting.id }]);
    else
      await this.links.create(scope, NYLAS, [
        { sourceId: written.sourceId, entityType: EntityType.meeting, entityId: meeting.id, contentHash: hash },
      ]);
  }

  /** The event as the meeting has it; the calendar's own account is its organizer, not a participant. */
  private eventOf(meeting: MeetingToPush, calendar: Calendar): NylasEventInput {
    return {
      title: meeting.title,
      description: meeting.message,
      ...(meeting.location === null ? {} : { location: meeting.location }),
      start: meeting.startTime,
      end: new Date(meeting.startTime.getTime() + meeting.durationMinutes * 60_000),
      timeZone: meeting.timeZone,
      participants: meeting.participants
        .filter((participant) => participant.email !== calendar.email)
        .map((participant) => ({ email: participant.email, name: participant.name })),
      meetingId: meeting.id,
    };
  }

  private async meetingOf(scope: WriteScope, meetingId: string): Promise<MeetingToPush | null> {
    const [row] = await scope.sql.query<Omit<MeetingToPush, 'participants'>>(
      `SELECT id, team_id AS "teamId", connection_id AS "connectionId", event_id AS "eventId", title, message,
              location, start_time AS "startTime", duration_minutes AS "durationMinutes", time_zone AS "timeZone",
              confirmed_at AS "confirmedAt", cancelled_at AS "cancelledAt", updated_at AS "updatedAt"
         FROM meetings WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
      scope.organizationId,
      meetingId,
    );
    if (!row) return null;
    const participants = await scope.sql.query<{ email: string; name: string }>(
      `SELECT lower(email) AS email, name FROM meeting_participants
        WHERE organization_id = $1 AND meeting_id = $2 ORDER BY email`,
      scope.organizationId,
      meetingId,
    );
    return { ...row, participants };
  }

  /**
   * The meeting's own Nylas connection when it works, else its team's (the first that works): one
   * that holds a grant and waits for no new login.
   */
  private async calendarOf(scope: WriteScope, meeting: MeetingToPush): Promise<Calendar | null> {
    const [row] = await scope.sql.query<{ id: string; email: string | null }>(
      `SELECT id, lower(display_name) AS email FROM connections
        WHERE organization_id = $1 AND service = 'NYLAS' AND status = 'SUCCESS' AND needs_reauth_since IS NULL
          AND credentials_ciphertext IS NOT NULL AND (id = $2 OR owner_team_id = $3)
        ORDER BY (id = $2) DESC, id
        LIMIT 1`,
      scope.organizationId,
      meeting.connectionId,
      meeting.teamId,
    );
    if (!row) return null;
    try {
      return {
        connectionId: row.id,
        email: row.email,
        grantId: await this.clients.grantOf(scope.organizationId, row.id),
      };
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  /** The grant's primary calendar (the first one when none says so). */
  private async primaryCalendar(client: NylasClient, calendar: Calendar): Promise<string> {
    const calendars = await client.listCalendars(calendar.grantId);
    const primary = calendars.find((entry) => entry.isPrimary) ?? calendars[0];
    if (primary === undefined) {
      throw new ConnectorError('PERMANENT', 'The connected account has no calendar', {
        code: 'NO_CALENDAR',
        operation: 'calendars/list',
      });
    }
    return primary.id;
  }

  /** Nylas's temporary failures pass (the queue retries); an expired grant marks the connection; the others are refused. */
  private async guarded(
    organizationId: string,
    meeting: MeetingToPush,
    calendar: Calendar,
    work: (client: NylasClient) => Promise<CalendarWriteBackOutcome>,
  ): Promise<CalendarWriteBackOutcome> {
    try {
      return await work(this.clients.client());
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      const context = { meetingId: meeting.id, code: error.code, classification: error.classification };
      if (error.retryable) {
        this.logger.warn(context, 'Nylas did not take a meeting’s change; it is tried again');
        throw error;
      }
      if (error.classification === 'AUTH') {
        this.logger.warn(context, 'The calendar connection’s login expired: the meeting waits for a new login');
        await this.connections.markNeedsReauth(
          organizationId,
          calendar.connectionId,
          'The calendar’s login expired; connect the calendar again',
          new Date(),
        );
      } else {
        this.logger.error(context, 'Nylas refused a meeting’s change');
      }
      throw new CalendarWriteBackRefused(`Nylas refused the meeting's change: ${error.code}`);
    }
  }
}
