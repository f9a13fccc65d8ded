import { Module } from '@nestjs/common';
import { ContactsModule } from '../../crm/contacts/index.js';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { NotificationsCoreModule } from '../notifications/index.js';
import { TasksModule } from '../tasks/index.js';
import { NylasModule } from '../../hub/providers/nylas/index.js';
import { EmailModule } from '../../platform/email/index.js';
import { BookingController } from './booking.controller.js';
import { BookingLinkSigner } from './booking-link-token.js';
import { BookingLinksController } from './booking-links.controller.js';
import { BookingLinksService } from './booking-links.service.js';
import { BookingMailer } from './booking-mailer.js';
import { BookingService } from './booking.service.js';
import { BookingThrottle } from './booking-throttle.js';
import { CalendarWriteBackQueue } from './calendar-write-back-queue.js';
import { BUSY_TIMES, FirmCalendarBusyTimes } from './busy-times.js';
import { NylasFreeBusyTimes } from './nylas-busy-times.js';
import { MeetingsController } from './meetings.controller.js';
import { MeetingsRepository } from './meetings.repository.js';
import { MeetingsService } from './meetings.service.js';
import { MeetingsWriter } from './meetings.writer.js';

/**
 * Meetings (crm §3, §7): the public booking routes and the links of a booking's e-mails, and
 * `MeetingsWriter`, the one writer of meetings and meeting_participants, for the meetings' other
 * calls and the calendar sync. The busy times of a booking page are `BUSY_TIMES`: the firm's own
 * calendar, plus Nylas's free/busy for a team with a Nylas connection. A meeting's own calls
 * (`MeetingsController`: page, team calendar, schedule, edit, update, cancel, view, transcript,
 * its tasks through `TasksWriter`, whom a team may invite) register after the templates' routes
 * (this module is their module's import), so `GET /meetings/:meetingId` never shadows
 * `GET /meetings/timezone-opts` or `scheduling-status`.
 */
@Module({
  imports: [ContactsModule, EmailModule, NylasModule, EntityResolverModule, NotificationsCoreModule, TasksModule],
  controllers: [BookingController, BookingLinksController, MeetingsController],
  providers: [
    BookingService,
    BookingLinksService,
    MeetingsService,
    BookingLinkSigner,
    BookingMailer,
    BookingThrottle,
    MeetingsRepository,
    MeetingsWriter,
    CalendarWriteBackQueue,
    FirmCalendarBusyTimes,
    NylasFreeBusyTimes,
    { provide: BUSY_TIMES, useExisting: NylasFreeBusyTimes },
  ],
  exports: [MeetingsWriter, MeetingsRepository],
})
export class MeetingsModule {}
