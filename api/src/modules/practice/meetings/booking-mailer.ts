import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { OutboxService } from '../../platform/email/index.js';
import { BookingLinkSigner } from './booking-link-token.js';
import {
  bookingCancellationEmail,
  bookingConfirmationEmail,
  bookingManageLink,
  type BookingNotice,
} from './booking-email.js';
import { bookingParticipants, bookingPeople } from './booking-reads.js';

const MINUTE_MS = 60_000;

/** The booking's meeting an e-mail is about. */
export interface MailedMeeting {
  id: string;
  bookingId: string;
  startTime: Date;
  durationMinutes: number;
}

/** The page a booking was made on, as its e-mails name it. */
export interface MailedPage {
  id: string;
  configId: string;
  title: string;
  message: string | null;
  timeZone: string;
  firmName: string;
}

/**
 * Writes a booking's e-mails to the client into the outbox, in the booking's transaction (so an
 * e-mail goes exactly when its change commits): the confirmation of a booked or moved meeting, with
 * its calendar invite and the signed links to move or cancel it, and the cancellation, with the
 * invite that takes it out of the calendar. Answers the outbox ids to dispatch after commit.
 */
@Injectable()
export class BookingMailer {
  constructor(
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(BookingLinkSigner) private readonly links: BookingLinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The confirmation of `meeting` (`moved`: it replaces an earlier time of the same booking). */
  async confirmed(
    scope: WriteScope,
    page: MailedPage,
    meeting: MailedMeeting,
    change: { sequence: number; moved: boolean },
  ): Promise<string | null> {
    const notice = await this.noticeOf(scope, page, meeting, change.sequence);
    if (!notice) return null;
    const claim = {
      organizationId: scope.organizationId,
      templateId: page.id,
      bookingId: meeting.bookingId,
      // A link is of no use once the meeting has begun.
      expiresAt: meeting.startTime,
    };
    const base = this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`;
    const email = bookingConfirmationEmail(
      notice,
      {
        reschedule: bookingManageLink(
          base,
          page.configId,
          'reschedule',
          this.links.issue({ ...claim, purpose: 'reschedule' }),
        ),
        cancel: bookingManageLink(base, page.configId, 'cancel', this.links.issue({ ...claim, purpose: 'cancel' })),
      },
      change.moved,
    );
    return this.write(scope, notice.client.email, email);
  }

  /** The cancellation of `meeting`, the booking's last time. */
  async cancelled(
    scope: WriteScope,
    page: MailedPage,
    meeting: MailedMeeting,
    sequence: number,
  ): Promise<string | null> {
    const notice = await this.noticeOf(scope, page, meeting, sequence);
    if (!notice) return null;
    return this.write(scope, notice.client.email, bookingCancellationEmail(notice));
  }

  private async noticeOf(
    scope: WriteScope,
    page: MailedPage,
    meeting: MailedMeeting,
    sequence: number,
  ): Promise<BookingNotice | null> {
    const people = bookingPeople(await bookingParticipants(scope.sql, scope.organizationId, meeting.id));
    if (!people) return null;
    return {
      bookingId: meeting.bookingId,
      sequence,
      title: page.title,
      message: page.message ?? '',
      start: meeting.startTime,
      end: new Date(meeting.startTime.getTime() + meeting.durationMinutes * MINUTE_MS),
      timeZone: page.timeZone,
      firmName: page.firmName,
      organizer: { name: people.organizer.name, email: people.organizer.email },
      client: { name: people.client.name, email: people.client.email },
      now: scope.now,
    };
  }

  private write(scope: WriteScope, to: string, email: ReturnType<typeof bookingCancellationEmail>): Promise<string> {
    return this.outbox.write(scope.tx, {
      organizationId: scope.organizationId,
      to,
      subject: email.subject,
      text: email.text,
      attachments: [email.attachment],
    });
  }
}
