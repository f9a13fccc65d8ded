import { Inject, Injectable } from '@nestjs/common';
import {
  BookingMessage,
  DEFAULT_SLOT_RANGE_DAYS,
  DomainError,
  EntityType,
  ErrorCode,
  freeSlots,
  holdsSlot,
  isSlotFree,
  MAX_SLOT_RANGE_DAYS,
  MEETING_TIME_ZONE_LABELS,
  MEETING_TITLE_MAX_LENGTH,
  newId,
  notFound,
  validationError,
  type Booking,
  type BookingConfirm,
  type BookingPage,
  type BookingRequest,
  type BookingSlots,
  type BookingSlotsQuery,
  type BusyInterval,
  type MeetingTimeZone,
  type SlotTemplate,
  type UserRole,
  type Weekday,
} from '@meridian/domain';
import { sqlOf } from '../../../common/persistence/sql.js';
import { currentContext, runAsOrganization } from '../../../common/tenancy/request-context.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService, type BatchAuditEntry } from '../../platform/audit/index.js';
import { ContactsService } from '../../crm/contacts/index.js';
import { OutboxService } from '../../platform/email/index.js';
import { BookingMailer, type MailedPage } from './booking-mailer.js';
import { BookingThrottle } from './booking-throttle.js';
import { BUSY_TIMES, type BusyTimes } from './busy-times.js';
import { CalendarWriteBackQueue } from './calendar-write-back-queue.js';
import {
  MeetingsRepository,
  type BookedMeetingRow,
  type BookingTemplateRow,
  type TeamMemberRow,
} from './meetings.repository.js';
import { MeetingsWriter, type MeetingDraft } from './meetings.writer.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The prefix of the booking ids `POST /request` mints (a booking is no table of its own). */
export const BOOKING_ID_PREFIX = 'booking';

/**
 * The roles that meet clients, in no order: a booking's organizer is the team's earliest member
 * holding one of them (see `organizerOf`).
 */
const ADVISING_ROLES: ReadonlySet<UserRole> = new Set<UserRole>([
  'ADVISOR',
  'ADVISING_REPRESENTATIVE',
  'ASSOCIATE_ADVISING_REPRESENTATIVE',
]);

/** The system acts for the booker (who has no account); the audit entries name them. */
const BOOKER = { kind: 'SYSTEM' } as const;

export function conflict(message: string): DomainError {
  return new DomainError(ErrorCode.CONFLICT, message);
}

/**
 * A client's booking through a template's public page (crm §7 Meetings: `POST /request`, then
 * `PATCH /confirm`), with no login: the page is found by its id in any organization, then
 * everything runs in that organization as the system, the booker named in the audit entries.
 *
 * A booking is requested (a meeting with `requestedAt`, holding its time) and then confirmed
 * (`confirmedAt`, the calendar's event id). Moving a booking keeps its id, as calendar providers
 * keep theirs: the request names the booking it moves (`rescheduleOf`), and writes a new requested
 * meeting under the same booking id (replacing an earlier request of that booking not yet
 * confirmed); confirming it with `isReschedule` cancels the meeting it moves. A move is refused
 * inside the template's minimum cancellation notice of the meeting moved.
 */
@Injectable()
export class BookingService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(MeetingsRepository) private readonly meetings: MeetingsRepository,
    @Inject(MeetingsWriter) private readonly writer: MeetingsWriter,
    @Inject(BUSY_TIMES) private readonly busyTimes: BusyTimes,
    @Inject(BookingThrottle) private readonly throttle: BookingThrottle,
    @Inject(ContactsService) private readonly contacts: ContactsService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(BookingMailer) private readonly mailer: BookingMailer,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(CalendarWriteBackQueue) private readonly calendar: CalendarWriteBackQueue,
  ) {}

  /** The page's public face: what is booked, with whom, in which zone; nothing internal. */
  async page(configId: string, client: string): Promise<BookingPage> {
    await this.throttle.viewed(client);
    const template = await this.pageOf(configId, BookingMessage.pageNotFound);
    const timeZone = template.timeZone as MeetingTimeZone;
    return {
      configId,
      title: template.title,
      message: template.message,
      duration: template.durationMinutes,
      firmName: template.organization.name,
      teamName: template.team.name,
      timeZone,
      timeZoneLabel: MEETING_TIME_ZONE_LABELS[timeZone] ?? timeZone,
      availableDaysInFuture: template.availableDaysInFuture,
      minimumCancellationNotice: template.minimumCancellationNoticeMinutes,
    };
  }

  /**
   * The free slots starting in [from, until) (from now, for a week, unless given; at most a
   * month), by the slot engine on the server's clock, against the busy times of the calendars
   * the template books into.
   */
  async slots(configId: string, query: BookingSlotsQuery, client: string, now = new Date()): Promise<BookingSlots> {
    await this.throttle.viewed(client);
    const template = await this.pageOf(configId, BookingMessage.pageNotFound);
    const from = query.from ?? now;
    const until = query.until ?? new Date(from.getTime() + DEFAULT_SLOT_RANGE_DAYS * DAY_MS);
    if (until.getTime() <= from.getTime()) {
      throw validationError([{ path: 'until', message: BookingMessage.rangeBackwards }]);
    }
    if (until.getTime() - from.getTime() > MAX_SLOT_RANGE_DAYS * DAY_MS) {
      throw validationError([{ path: 'until', message: BookingMessage.rangeTooLong }]);
    }
    const rules = slotRulesOf(template);
    // Slots start between now and the last available day (a day's slack for the zone's offset):
    // the calendar is read for that part of the range only, and not at all when there is none, so
    // a range in year 1 or 9999 asks the database nothing it cannot store.
    const first = Math.max(from.getTime(), now.getTime());
    const last = Math.min(until.getTime(), now.getTime() + (rules.availableDaysInFuture + 1) * DAY_MS);
    const busy: BusyInterval[] =
      first >= last
        ? []
        : await runAsOrganization(
            { organizationId: template.organizationId },
            () =>
              this.busyTimes.busyBetween({
                sql: sqlOf(this.prisma),
                organizationId: template.organizationId,
                template,
                // Wide enough for every slot starting in the range, with its buffers.
                from: new Date(first - rules.beforeBuffer * MINUTE_MS),
                until: new Date(last + (rules.duration + rules.afterBuffer) * MINUTE_MS),
                exceptBookingId: null,
                now,
              }),
            requestId(),
          );
    const timeZone = template.timeZone as MeetingTimeZone;
    return {
      configId,
      timeZone,
      timeZoneLabel: MEETING_TIME_ZONE_LABELS[timeZone] ?? timeZone,
      duration: template.durationMinutes,
      from: from.toISOString(),
      until: until.toISOString(),
      slots: freeSlots(rules, busy, { now, from, until }).map((slot) => ({
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
      })),
    };
  }

  /**
   * Books `start` if it is still free, in one transaction that the team's other bookings wait
   * for (`MeetingsRepository.lockTeamBookings`): the busy times are read after the lock, so of two
   * clients asking for one slot at once the second sees the first's meeting and is told the time
   * is gone (409), and nothing of theirs is written. The meeting is requested, not confirmed; its
   * participants are the organizer (a TEAM_MEMBER) and the client, a CONTACT when a contact of the
   * firm has that e-mail, else EXTERNAL.
   */
  async request(input: BookingRequest, client: string, now = new Date()): Promise<Booking> {
    await this.throttle.sentBy(client);
    const page = await this.pageOf(input.configId, BookingMessage.pageNotFound);
    await this.throttle.sentTo(page.id);
    return runAsOrganization(
      { organizationId: page.organizationId },
      async () => {
        const contactId = await this.contactWithEmail(input.email, page.teamId);
        return this.prisma.$transaction(async (tx) => {
          const scope = writeScope(tx, { actor: BOOKER, now });
          await this.meetings.lockTeamBookings(scope.sql, page.teamId);
          const template = await this.meetings.templateForBooking(tx, scope.sql, scope.organizationId, page.id);
          if (!template) throw notFound(BookingMessage.pageNotFound);
          const rules = slotRulesOf(template);
          if (!isSlotFree(rules, [], { now }, input.start)) throw conflict(BookingMessage.slotNotOffered);
          const moved = input.rescheduleOf ? await this.movable(scope, template, input.rescheduleOf) : [];

          if (!(await isStartFree(this.busyTimes, scope, template, input.start, input.rescheduleOf ?? null, now))) {
            throw conflict(BookingMessage.slotTaken);
          }
          const organizer = organizerOf(await this.meetings.teamMembers(tx, template.teamId));
          if (!organizer) throw conflict(BookingMessage.noOrganizer);

          // A request of the same booking not confirmed yet is replaced by this one.
          const replaced = moved.filter((row) => row.confirmedAt === null);
          await this.writer.update(
            scope,
            replaced.map((row) => ({ id: row.id, fields: { cancelledAt: now } })),
          );
          const bookingId = input.rescheduleOf ?? newId(BOOKING_ID_PREFIX);
          const draft: MeetingDraft = {
            teamId: template.teamId,
            householdId: null,
            templateId: template.id,
            // In the firm's own calendar: nothing here writes it to the template's connected one yet.
            connectionId: null,
            organizerTeamMemberId: organizer.id,
            title: meetingTitle(template.title, input.name),
            message: input.message || template.message || '',
            // Templates have no meeting type yet and the firm's own calendar makes no video link.
            type: 'PHONE',
            location: null,
            startTime: input.start,
            durationMinutes: rules.duration,
            timeZone: template.timeZone,
            bookingId,
            configId: input.configId,
            eventId: null,
            confirmedAt: null,
            participants: [
              {
                role: 'TEAM_MEMBER',
                email: organizer.user.email,
                name: organizer.user.name,
                contactId: null,
                teamMemberId: organizer.id,
              },
              {
                role: contactId ? 'CONTACT' : 'EXTERNAL',
                email: input.email,
                name: input.name,
                contactId,
                teamMemberId: null,
              },
            ],
          };
          const [meetingId] = await this.writer.create(scope, [draft]);
          await this.audit.recordMany(scope, [
            ...replaced.map((row) => cancelled(row, now)),
            {
              action: 'CREATE',
              entityType: EntityType.meeting,
              entityId: meetingId!,
              after: {
                ...draft,
                requestedAt: now,
                bookedBy: { name: input.name, email: input.email, contactId, timeZone: input.timeZone || null },
                ...(input.rescheduleOf ? { rescheduleOf: input.rescheduleOf } : {}),
              },
            },
          ]);
          return bookingOf(
            { startTime: input.start, durationMinutes: rules.duration, timeZone: template.timeZone },
            bookingId,
            input.configId,
            null,
            null,
          );
        });
      },
      requestId(),
    );
  }

  /**
   * Confirms a requested booking: `confirmedAt` and the calendar's event id. A booking that moves
   * an earlier confirmed meeting must say so (`isReschedule`), and the earlier meeting is then
   * cancelled with it. Once confirmed, confirming again answers the same and changes nothing (a
   * page reloaded, a retried call), whatever event id it names. An unknown booking, or one of
   * another page, is 404 alike.
   */
  async confirm(input: BookingConfirm, client: string, now = new Date()): Promise<Booking> {
    await this.throttle.sentBy(client);
    const page = await this.pageOf(input.configId, BookingMessage.bookingNotFound);
    const mailed: string[] = [];
    const changed: string[] = [];
    const booking = await runAsOrganization(
      { organizationId: page.organizationId },
      () =>
        this.prisma.$transaction(async (tx) => {
          const scope = writeScope(tx, { actor: BOOKER, now });
          await this.meetings.lockTeamBookings(scope.sql, page.teamId);
          const rows = await this.meetings.bookingMeetings(scope.sql, scope.organizationId, page.id, input.bookingId, {
            forUpdate: true,
          });
          if (rows.length === 0) throw notFound(BookingMessage.bookingNotFound);
          const live = rows.filter((row) => row.cancelledAt === null);
          const requested = live.filter((row) => row.confirmedAt === null);
          const confirmed = live.filter((row) => row.confirmedAt !== null);
          const target = requested.at(-1);
          if (!target) {
            const current = confirmed.at(-1);
            if (!current) throw conflict(BookingMessage.cancelled);
            return bookingOf(current, input.bookingId, input.configId, current.eventId, current.confirmedAt);
          }
          if (confirmed.length > 0 && !input.isReschedule) throw conflict(BookingMessage.rescheduleFlagMissing);
          if (!holdsSlot(target.requestedAt, now)) await this.assertStillFree(scope, page.id, target);
          const eventId = input.eventId || null;
          const superseded = input.isReschedule ? confirmed : [];
          await this.writer.update(scope, [
            { id: target.id, fields: { confirmedAt: now, eventId } },
            ...superseded.map((row) => ({ id: row.id, fields: { cancelledAt: now } })),
          ]);
          await this.audit.recordMany(scope, [
            {
              action: 'UPDATE',
              entityType: EntityType.meeting,
              entityId: target.id,
              before: { confirmedAt: null, eventId: target.eventId },
              after: { confirmedAt: now, eventId, bookingId: input.bookingId, isReschedule: input.isReschedule },
            },
            ...superseded.map((row) => cancelled(row, now)),
          ]);
          const outboxId = await this.mailer.confirmed(scope, mailedPage(page, input.configId), target, {
            sequence: rows.indexOf(target),
            moved: superseded.length > 0,
          });
          if (outboxId) mailed.push(outboxId);
          changed.push(target.id, ...superseded.map((row) => row.id));
          return bookingOf(target, input.bookingId, input.configId, eventId, now);
        }),
      requestId(),
    );
    for (const id of mailed) await this.outbox.dispatch(id);
    await this.calendar.meetingChanged(page.organizationId, changed);
    return booking;
  }

  /**
   * A request confirmed after its hold (BOOKING_HOLD_MINUTES) no longer held its time: it is
   * confirmed only if the time is still free (409 when someone has taken it since), checked like a
   * new request, under the team's lock the caller holds.
   */
  private async assertStillFree(scope: WriteScope, templateId: string, target: BookedMeetingRow): Promise<void> {
    const template = await this.meetings.templateForBooking(scope.tx, scope.sql, scope.organizationId, templateId);
    if (!template) throw notFound(BookingMessage.bookingNotFound);
    if (!(await isStartFree(this.busyTimes, scope, template, target.startTime, target.bookingId, scope.now))) {
      throw conflict(BookingMessage.slotTaken);
    }
  }

  /** The template a page id names, or 404 `<what> not found`. */
  private async pageOf(configId: string, what: string): Promise<BookingTemplateRow> {
    const template = await this.meetings.findBookingPage(configId);
    if (!template) throw notFound(what);
    return template;
  }

  /**
   * The live meetings of the booking a request moves, locked: 404 for a booking not made on this
   * page, 409 when it was cancelled or its meeting starts within the template's minimum
   * cancellation notice.
   */
  private async movable(
    scope: WriteScope,
    template: BookingTemplateRow,
    bookingId: string,
  ): Promise<BookedMeetingRow[]> {
    const rows = await this.meetings.bookingMeetings(scope.sql, scope.organizationId, template.id, bookingId, {
      forUpdate: true,
    });
    if (rows.length === 0) throw notFound(BookingMessage.bookingNotFound);
    const live = rows.filter((row) => row.cancelledAt === null);
    const current = live.find((row) => row.confirmedAt !== null) ?? live.at(-1);
    if (!current) throw conflict(BookingMessage.cancelled);
    const notice = template.minimumCancellationNoticeMinutes;
    if (notice !== null && current.startTime.getTime() - scope.now.getTime() < notice * MINUTE_MS) {
      throw conflict(BookingMessage.tooLateToMove(notice));
    }
    return live;
  }

  /**
   * The firm's contact with this e-mail (case aside), for the client's participant: the oldest of
   * the template's team, else the oldest of the firm; null when none has it. Asked through the
   * contacts module, which skips deleted contacts.
   */
  private async contactWithEmail(email: string, teamId: string): Promise<string | null> {
    const matches = await this.contacts.possibleDuplicates({ email: email.toLowerCase(), phone: undefined });
    const inTeam = matches.find((match) => match.contact.teamId === teamId);
    return (inTeam ?? matches[0])?.contact.id ?? null;
  }
}

/** The template's rules under the slot engine's names (durations in minutes). */
/**
 * Whether a slot starting at `start` is free in the template's calendar: the busy times around it
 * (widened by the template's buffers) read through BUSY_TIMES in the caller's transaction and
 * checked by the slot engine; a booking being moved does not count against itself.
 */
export async function isStartFree(
  busyTimes: BusyTimes,
  scope: WriteScope,
  template: BookingTemplateRow,
  start: Date,
  exceptBookingId: string | null,
  now: Date,
): Promise<boolean> {
  const rules = slotRulesOf(template);
  const end = new Date(start.getTime() + rules.duration * MINUTE_MS);
  const busy = await busyTimes.busyBetween({
    sql: scope.sql,
    organizationId: scope.organizationId,
    template,
    from: new Date(start.getTime() - rules.beforeBuffer * MINUTE_MS),
    until: new Date(end.getTime() + rules.afterBuffer * MINUTE_MS),
    exceptBookingId,
    now,
  });
  return isSlotFree(rules, busy, { now }, start);
}

export function slotRulesOf(template: BookingTemplateRow): SlotTemplate {
  return {
    openingHours: template.openingHours.map((hours) => ({
      days: hours.days as Weekday[],
      start: hours.startTime,
      end: hours.endTime,
    })),
    timeZone: template.timeZone as MeetingTimeZone,
    duration: template.durationMinutes,
    availableDaysInFuture: template.availableDaysInFuture,
    beforeBuffer: template.beforeBufferMinutes,
    afterBuffer: template.afterBufferMinutes,
    minimumNotice: template.minimumNoticeMinutes,
  };
}

/**
 * Who hosts a booking: the team's earliest member among those who meet clients (an advisor or an
 * advising representative), else its earliest member of any role (a one-person firm's admin).
 * A template names no host, and the first advisor to join is the team's steadiest answer: adding
 * a member never changes it, and it needs no one to configure anything before the page works.
 * Spreading bookings over the advisors comes with per-advisor calendars (the provider's free/busy).
 */
export function organizerOf(members: readonly TeamMemberRow[]): TeamMemberRow | undefined {
  return members.find((member) => ADVISING_ROLES.has(member.user.role as UserRole)) ?? members[0];
}

/** "<template title> with <name>", cut (a whole character at a time) to a meeting title's 100. */
function meetingTitle(templateTitle: string, name: string): string {
  const characters = [...`${templateTitle} with ${name}`];
  return characters.slice(0, MEETING_TITLE_MAX_LENGTH).join('').trimEnd();
}

export function bookingOf(
  meeting: Pick<BookedMeetingRow, 'startTime' | 'durationMinutes' | 'timeZone'>,
  bookingId: string,
  configId: string,
  eventId: string | null,
  confirmedAt: Date | null,
): Booking {
  return {
    bookingId,
    configId,
    start: meeting.startTime.toISOString(),
    end: new Date(meeting.startTime.getTime() + meeting.durationMinutes * MINUTE_MS).toISOString(),
    timeZone: meeting.timeZone as MeetingTimeZone,
    eventId,
    confirmedAt: confirmedAt ? confirmedAt.toISOString() : null,
  };
}

/** The audit entry of a booking's meeting cancelled by a later request or a confirmed move. */
export function cancelled(row: BookedMeetingRow, now: Date): BatchAuditEntry {
  return {
    action: 'UPDATE',
    entityType: EntityType.meeting,
    entityId: row.id,
    before: { cancelledAt: null, startTime: row.startTime },
    after: { cancelledAt: now, startTime: row.startTime, bookingId: row.bookingId, movedByBooking: true },
  };
}

/** The current request's id, so the audit entries written for it carry it. */
export function requestId(): string | undefined {
  return currentContext()?.requestId;
}

/** The page as a booking's e-mails name it. */
export function mailedPage(template: BookingTemplateRow, configId: string): MailedPage {
  return {
    id: template.id,
    configId,
    title: template.title,
    message: template.message,
    timeZone: template.timeZone,
    firmName: template.organization.name,
  };
}
