import { Module } from '@nestjs/common';
import { ContactsModule } from '../../crm/contacts/index.js';
import { BookingController } from './booking.controller.js';
import { BookingService } from './booking.service.js';
import { BookingThrottle } from './booking-throttle.js';
import { BUSY_TIMES, FirmCalendarBusyTimes } from './busy-times.js';
import { MeetingsRepository } from './meetings.repository.js';
import { MeetingsWriter } from './meetings.writer.js';

/**
 * Meetings (crm §3, §7): the public booking routes, and `MeetingsWriter`, the one writer of
 * meetings and meeting_participants, for the meetings' other calls and the calendar sync. The
 * busy times of a booking page are `BUSY_TIMES`: the firm's own calendar until a provider's
 * free/busy takes its place.
 */
@Module({
  imports: [ContactsModule],
  controllers: [BookingController],
  providers: [
    BookingService,
    BookingThrottle,
    MeetingsRepository,
    MeetingsWriter,
    FirmCalendarBusyTimes,
    { provide: BUSY_TIMES, useExisting: FirmCalendarBusyTimes },
  ],
  exports: [MeetingsWriter, MeetingsRepository],
})
export class MeetingsModule {}
