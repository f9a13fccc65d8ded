import { Inject, Injectable } from '@nestjs/common';
import {
  BookingMessage,
  EntityType,
  isSlotFree,
  MEETING_TIME_ZONE_LABELS,
  notFound,
  type BookingLinkView,
  type BookingReschedule,
  type BookingStatus,
  type MeetingTimeZone,
} from '@meridian/domain';
import { runAsOrganization } from '../../../common/tenancy/request-context.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { OutboxService } from '../../platform/email/index.js';
import { BookingLinkSigner, type BookingLinkClaim, type BookingLinkPurpose } from './booking-link-token.js';
import { BookingMailer } from './booking-mailer.js';
import { bookingMeetingDetails, bookingParticipants } from './booking-reads.js';
import { BookingThrottle } from './booking-throttle.js';
import { cancelled, conflict, isStartFree, mailedPage, requestId, slotRulesOf } from './booking.service.js';
import { BUSY_TIMES, type BusyTimes } from './busy-times.js';
import { CalendarWriteBackQueue } from './calendar-write-back-queue.js';
import { MeetingsRepository, type BookedMeetingRow, type BookingTemplateRow } from './meetings.repository.js';
import { MeetingsWriter } from './meetings.writer.js';

const MINUTE_MS = 60_000;

/** The system acts for the client (who has no account); the audit entries say it came by their link. */
const CLIENT_LINK = { kind: 'SYSTEM' } as const;

/** What a link may do, by the purpose it was signed for: the reschedule link may also cancel. */
const ALLOWED: Record<BookingLinkPurpose, ReadonlySet<'reschedule' | 'cancel'>> = {
  reschedule: new Set(['reschedule', 'cancel']),
  cancel: new Set(['cancel']),
};

/** A booking's meetings, locked, with the one the client holds now. */
interface LockedBooking {
  template: BookingTemplateRow;
  rows: BookedMeetingRow[];
  live: BookedMeetingRow[];
  /** The confirmed meeting, else the latest request; undefined once every one is cancelled. */
  current: BookedMeetingRow | undefined;
}

/**
 * The links of a booking's confirmation e-mail (no login; rate-limited like the booking page): read
 * the booking, move it to another free slot, or cancel it. A link is a signed token naming the
 * booking (`BookingLinkSigner`); an unknown, altered or expired one is the same 404 as a booking
 * that does not exist. Moving and cancelling are refused (409) inside the template's minimum
 * cancellation notice before the meeting: the advisor has planned their day by then.
 *
 * A move is a request and its confirmation at once, in one transaction under the team's booking
 * lock (so of two clients moving into one slot, the second is told it is gone): the booking's
 * meetings are cancelled and a confirmed meeting is written at the new time under the same
 * booking id, copying the one moved; the client is e-mailed the new time with an invite of the
 * same UID and a higher SEQUENCE. A cancel cancels the booking's meetings, which frees their
 * time, and e-mails the invite that removes it; cancelling again answers the same and changes
 * nothing.
 */
@Injectable()
export class BookingLinksService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(MeetingsRepository) private readonly meetings: MeetingsRepository,
    @Inject(MeetingsWriter) private readonly writer: MeetingsWriter,
    @Inject(BUSY_TIMES) private readonly busyTimes: BusyTimes,
    @Inject(BookingThrottle) private readonly throttle: BookingThrottle,
    @Inject(BookingLinkSigner) private readonly links: BookingLinkSigner,
    @Inject(BookingMailer) private readonly mailer: BookingMailer,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(CalendarWriteBackQueue) private readonly calendar: CalendarWriteBackQueue,
  ) {}

  async view(token: string, client: string, now = new Date()): Promise<BookingLinkView> {
    await this.throttle.viewed(client);
    const claim = this.claimOf(token, now);
    return this.inBooking(claim, now, async (scope, booking) => viewOf(booking, claim, now));
  }

  async reschedule(
    token: string,
    input: BookingReschedule,
    client: string,
    now = new Date(),
  ): Promise<BookingLinkView> {
    await this.throttle.sentBy(client);
    const claim = this.claimOf(token, now, 'reschedule');
    const mailed: string[] = [];
    const changed: string[] = [];
    const view = await this.inBooking(claim, now, async (scope, booking) => {
      const current = this.changeable(booking, now);
      const { template, rows, live } = booking;
      const rules = slotRulesOf(template);
      if (!isSlotFree(rules, [], { now }, input.start)) throw conflict(BookingMessage.slotNotOffered);
      if (!(await isStartFree(this.busyTimes, scope, template, input.start, claim.bookingId, now))) {
        throw conflict(BookingMessage.slotTaken);
      }

      const details = await bookingMeetingDetails(scope.sql, scope.organizationId, current.id);
      if (!details) throw notFound(BookingMessage.bookingNotFound);
      const participants = await bookingParticipants(scope.sql, scope.organizationId, current.id);
      await this.writer.update(
        scope,
        live.map((row) => ({ id: row.id, fields: { cancelledAt: now } })),
      );
      const [meetingId] = await this.writer.create(scope, [
        {
          ...details,
          startTime: input.start,
          durationMinutes: rules.duration,
          timeZone: template.timeZone,
          bookingId: claim.bookingId,
          // The calendar's event of the old time is not the new one's.
          eventId: null,
          confirmedAt: now,
          participants,
        },
      ]);
      await this.audit.recordMany(scope, [
        ...live.map((row) => cancelled(row, now)),
        {
          action: 'CREATE',
          entityType: EntityType.meeting,
          entityId: meetingId!,
          after: {
            ...details,
            startTime: input.start,
            durationMinutes: rules.duration,
            bookingId: claim.bookingId,
            confirmedAt: now,
            movedByClientLink: true,
            rescheduleOf: current.id,
          },
        },
      ]);
      const moved: BookedMeetingRow = {
        ...current,
        id: meetingId!,
        startTime: input.start,
        durationMinutes: rules.duration,
        timeZone: template.timeZone,
        eventId: null,
        requestedAt: now,
        confirmedAt: now,
        cancelledAt: null,
      };
      const outboxId = await this.mailer.confirmed(
        scope,
        mailedPage(template, current.configId ?? template.id),
        moved,
        {
          sequence: rows.length,
          moved: true,
        },
      );
      if (outboxId) mailed.push(outboxId);
      changed.push(...live.map((row) => row.id), meetingId!);
      return viewOf({ template, rows: [...rows, moved], live: [moved], current: moved }, claim, now);
    });
    for (const id of mailed) await this.outbox.dispatch(id);
    await this.calendar.meetingChanged(claim.organizationId, changed);
    return view;
  }

  async cancel(token: string, client: string, now = new Date()): Promise<BookingLinkView> {
    await this.throttle.sentBy(client);
    const claim = this.claimOf(token, now, 'cancel');
    const mailed: string[] = [];
    const changed: string[] = [];
    const view = await this.inBooking(claim, now, async (scope, booking) => {
      // Cancelled already (by this link or another): the same answer, nothing written.
      if (!booking.current) return viewOf(booking, claim, now);
      const current = this.changeable(booking, now);
      const { template, rows, live } = booking;
      await this.writer.update(
        scope,
        live.map((row) => ({ id: row.id, fields: { cancelledAt: now } })),
      );
      await this.audit.recordMany(
        scope,
        live.map((row) => ({
          action: 'UPDATE' as const,
          entityType: EntityType.meeting,
          entityId: row.id,
          before: { cancelledAt: null, startTime: row.startTime },
          after: { cancelledAt: now, startTime: row.startTime, bookingId: row.bookingId, cancelledByClientLink: true },
        })),
      );
      const outboxId = await this.mailer.cancelled(
        scope,
        mailedPage(template, current.configId ?? template.id),
        current,
        rows.length,
      );
      if (outboxId) mailed.push(outboxId);
      changed.push(...live.map((row) => row.id));
      const after = live.map((row) => ({ ...row, cancelledAt: now }));
      return viewOf({ template, rows, live: [], current: undefined, last: after.at(-1) }, claim, now);
    });
    for (const id of mailed) await this.outbox.dispatch(id);
    await this.calendar.meetingChanged(claim.organizationId, changed);
    return view;
  }

  /** The claim of a valid token allowing `action`; 404 alike for any other. */
  private claimOf(token: string, now: Date, action?: 'reschedule' | 'cancel'): BookingLinkClaim {
    const checked = this.links.check(token, now);
    if (!checked.ok) throw notFound(BookingMessage.bookingNotFound);
    if (action && !ALLOWED[checked.claim.purpose].has(action)) throw notFound(BookingMessage.bookingNotFound);
    return checked.claim;
  }

  /**
   * Runs `work` in the booking's organization, in one transaction holding the team's booking lock
   * and the booking's meetings (FOR UPDATE): 404 when its template or its meetings are gone.
   */
  private async inBooking<T>(
    claim: BookingLinkClaim,
    now: Date,
    work: (scope: WriteScope, booking: LockedBooking & { last?: BookedMeetingRow }) => Promise<T>,
  ): Promise<T> {
    const page = await this.meetings.findBookingPage(claim.templateId);
    if (!page || page.organizationId !== claim.organizationId) throw notFound(BookingMessage.bookingNotFound);
    return runAsOrganization(
      { organizationId: page.organizationId },
      () =>
        this.prisma.$transaction(async (tx) => {
          const scope = writeScope(tx, { actor: CLIENT_LINK, now });
          await this.meetings.lockTeamBookings(scope.sql, page.teamId);
          const template = await this.meetings.templateForBooking(tx, scope.sql, scope.organizationId, page.id);
          if (!template) throw notFound(BookingMessage.bookingNotFound);
          const rows = await this.meetings.bookingMeetings(scope.sql, scope.organizationId, page.id, claim.bookingId, {
            forUpdate: true,
          });
          if (rows.length === 0) throw notFound(BookingMessage.bookingNotFound);
          const live = rows.filter((row) => row.cancelledAt === null);
          const current = live.find((row) => row.confirmedAt !== null) ?? live.at(-1);
          return work(scope, { template, rows, live, current, last: rows.at(-1) });
        }),
      requestId(),
    );
  }

  /** The meeting the client holds, if it can still be changed online; else 409 saying so. */
  private changeable(booking: LockedBooking, now: Date): BookedMeetingRow {
    if (!booking.current) throw conflict(BookingMessage.cancelled);
    if (!isChangeable(booking.template, booking.current, now)) throw conflict(BookingMessage.tooLateToChange);
    return booking.current;
  }
}

/** The last instant a meeting can be changed online: its start less the template's notice. */
function changeableUntil(template: BookingTemplateRow, meeting: BookedMeetingRow): Date {
  const notice = template.minimumCancellationNoticeMinutes ?? 0;
  return new Date(meeting.startTime.getTime() - notice * MINUTE_MS);
}

function isChangeable(template: BookingTemplateRow, meeting: BookedMeetingRow, now: Date): boolean {
  return now.getTime() < changeableUntil(template, meeting).getTime();
}

function viewOf(
  booking: LockedBooking & { last?: BookedMeetingRow },
  claim: BookingLinkClaim,
  now: Date,
): BookingLinkView {
  const { template } = booking;
  const shown = booking.current ?? booking.last ?? booking.rows.at(-1)!;
  const status: BookingStatus = !booking.current
    ? 'CANCELLED'
    : booking.current.confirmedAt
      ? 'CONFIRMED'
      : 'REQUESTED';
  const changeable = status !== 'CANCELLED' && isChangeable(template, shown, now);
  const timeZone = template.timeZone as MeetingTimeZone;
  return {
    configId: shown.configId ?? template.id,
    title: template.title,
    firmName: template.organization.name,
    teamName: template.team.name,
    start: shown.startTime.toISOString(),
    end: new Date(shown.startTime.getTime() + shown.durationMinutes * MINUTE_MS).toISOString(),
    duration: shown.durationMinutes,
    timeZone,
    timeZoneLabel: MEETING_TIME_ZONE_LABELS[timeZone] ?? timeZone,
    status,
    changeable,
    changeableUntil:
      template.minimumCancellationNoticeMinutes === null ? null : changeableUntil(template, shown).toISOString(),
    mayReschedule: changeable && ALLOWED[claim.purpose].has('reschedule'),
    mayCancel: changeable && ALLOWED[claim.purpose].has('cancel'),
  };
}
