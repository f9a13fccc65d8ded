import { Injectable } from '@nestjs/common';
import type { SyncTrigger } from '@meridian/domain';

/** Queues sync runs (one QUEUED or RUNNING run per connection at a time) and cancels them. */
@Injectable()
export class SyncRunLauncher {
  /**
   * Queues a run of the connection unless one is already QUEUED or RUNNING, in which case that
   * run is returned with `created: false`. The run row is committed before its job is enqueued; a
   * lost enqueue is picked up by `sync.sweep-queued`.
   */
  requestRun(
    organizationId: string,
    connectionId: string,
    trigger: SyncTrigger,
  ): Promise<{ syncRunId: string; created: boolean }> {
    void organizationId;
    void connectionId;
    void trigger;
    throw new Error('not implemented yet');
  }

  /**
   * Cancels a QUEUED or RUNNING run: CANCELLED at once; a worker running it writes no further page.
   * False when the run is not active (already finished).
   */
  cancelRun(organizationId: string, syncRunId: string): Promise<boolean> {
    void organizationId;
    void syncRunId;
    throw new Error('not implemented yet');
  }
}
