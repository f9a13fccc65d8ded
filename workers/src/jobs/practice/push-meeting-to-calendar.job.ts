import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { CalendarWriteBack, CalendarWriteBackRefused } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/**
 * Writes a meeting made or changed in Meridian to its Nylas calendar (`CalendarWriteBack`). A
 * refusal that cannot pass (the connection's login expired, Nylas refusing for good) is discarded;
 * Nylas unreachable or rate-limiting is retried by the queue.
 */
@Injectable()
export class PushMeetingToCalendarJob implements JobHandler<'meetings.push-to-calendar'> {
  readonly jobName = 'meetings.push-to-calendar' as const;

  constructor(@Inject(CalendarWriteBack) private readonly writeBack: CalendarWriteBack) {}

  async handle(payload: JobPayload<'meetings.push-to-calendar'>): Promise<void> {
    try {
      await this.writeBack.run(payload);
    } catch (error) {
      if (error instanceof CalendarWriteBackRefused) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
