import { Injectable } from '@nestjs/common';

/** One BullMQ job scheduler per connection (`sync.schedule-{connectionId}`), emitting `sync.schedule`. */
@Injectable()
export class SyncScheduler {
  /** Creates, updates or (with null) removes the connection's schedule. */
  scheduleConnection(organizationId: string, connectionId: string, intervalMinutes: number | null): Promise<void> {
    void organizationId;
    void connectionId;
    void intervalMinutes;
    throw new Error('not implemented yet');
  }

  removeConnection(connectionId: string): Promise<void> {
    void connectionId;
    throw new Error('not implemented yet');
  }

  /** When the connection's schedule fires next; null without a schedule. */
  nextRunAt(connectionId: string): Promise<Date | null> {
    void connectionId;
    throw new Error('not implemented yet');
  }
}
