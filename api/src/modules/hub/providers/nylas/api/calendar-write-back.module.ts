import { Module } from '@nestjs/common';
import { MeetingsModule } from '../../../../practice/meetings/index.js';
import { SyncModule } from '../../../sync/index.js';
import { CalendarWriteBack } from './calendar-write-back.js';

/**
 * Meetings written back to their Nylas calendar: `CalendarWriteBack`, the work of the worker's
 * `meetings.push-to-calendar` job (the meetings' calls queue it through `CalendarWriteBackQueue`).
 * It writes meetings through `MeetingsWriter` and their links through the sync's repository, so it
 * builds on sync as the Nylas routes do; no routes, so the worker imports it alone.
 */
@Module({
  imports: [SyncModule, MeetingsModule],
  providers: [CalendarWriteBack],
  exports: [CalendarWriteBack],
})
export class CalendarWriteBackModule {}
