import { Module } from '@nestjs/common';
import { ContactsModule } from '../../crm/contacts/index.js';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { NotificationsCoreModule } from '../notifications/index.js';
import { TasksModule } from '../tasks/index.js';
import { BookingController } from './booking.controller.js';
import { BookingService } from './booking.service.js';
import { BookingThrottle } from './booking-throttle.js';
import { BUSY_TIMES, FirmCalendarBusyTimes } from './busy-times.js';
import { MeetingsController } from './meetings.controller.js';
import { MeetingsRepository } from './meetings.repository.js';
import { MeetingsService } from './meetings.service.js';
import { MeetingsWriter } from './meetings.writer.js';

/**
 * Meetings (crm §3, §7): the public booking routes, and `MeetingsWriter`, the one writer of
 * meetings and meeting_participants, for the meetings' other calls and the calendar sync. The
 * busy times of a booking page are `BUSY_TIMES`: the firm's own calendar until a provider's
 * free/busy takes its place. A meeting's own calls (`MeetingsController`: page, team calendar,
 * schedule, edit, update, cancel, view, transcript, its tasks through `TasksWriter`, whom a team
 * may invite) register after the templates' routes (this module is their module's import), so
 * `GET /meetings/:meetingId` never shadows `GET /meetings/timezone-opts` or `scheduling-status`.
 */
@Module({
  imports: [ContactsModule, EntityResolverModule, NotificationsCoreModule, TasksModule],
  controllers: [BookingController, MeetingsController],
  providers: [
    BookingService,
    MeetingsService,
    BookingThrottle,
    MeetingsRepository,
    MeetingsWriter,
    FirmCalendarBusyTimes,
    { provide: BUSY_TIMES, useExisting: FirmCalendarBusyTimes },
  ],
  exports: [MeetingsWriter, MeetingsRepository],
})
export class MeetingsModule {}
