import { Inject, Injectable } from '@nestjs/common';
import { QueueService } from '../../../infra/queue/queue.service.js';

/** The job scheduler id of a connection's schedule. */
export function syncScheduleId(connectionId: string): string {
  return `sync.schedule-${connectionId}`;
}

/** One BullMQ job scheduler per connection (`sync.schedule-{connectionId}`), emitting `sync.schedule`. */
@Injectable()
export class SyncScheduler {
  constructor(@Inject(QueueService) private readonly queues: QueueService) {}

  /** Creates, updates or (with null) removes the connection's schedule. */
  async scheduleConnection(
    organizationId: string,
    connectionId: string,
    intervalMinutes: number | null,
  ): Promise<void> {
    if (intervalMinutes === null) return this.removeConnection(connectionId);
    if (!Number.isInteger(intervalMinutes) || intervalMinutes <= 0) {
      throw new RangeError(`intervalMinutes must be a positive integer, not ${intervalMinutes}`);
    }
    // Upserting under a fixed id: calling it again with another interval replaces the schedule.
    // BullMQ fires an `every` schedule once right away; with a run already active (the INITIAL
    // run of a new connection) that first SCHEDULE request just finds it.
    await this.queues
      .queue('sync')
      .upsertJobScheduler(
        syncScheduleId(connectionId),
        { every: intervalMinutes * 60_000 },
        { name: 'sync.schedule', data: { organizationId, connectionId } },
      );
  }

  async removeConnection(connectionId: string): Promise<void> {
    await this.queues.queue('sync').removeJobScheduler(syncScheduleId(connectionId));
  }

  /** When the connection's schedule fires next; null without a schedule. */
  async nextRunAt(connectionId: string): Promise<Date | null> {
    const scheduler = await this.queues.queue('sync').getJobScheduler(syncScheduleId(connectionId));
    return scheduler?.next === undefined ? null : new Date(scheduler.next);
  }
}
