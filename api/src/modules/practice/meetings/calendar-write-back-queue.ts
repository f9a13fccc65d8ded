import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logger.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { NylasClients } from '../../hub/providers/nylas/index.js';

const JOB = 'meetings.push-to-calendar';

/**
 * Hands meetings made or changed in Meridian (created, edited, rescheduled, confirmed, cancelled)
 * to `meetings.push-to-calendar` once their transaction has committed, when the meeting's team (or
 * the meeting's own connection) has a working Nylas connection: one job per meeting and
 * `updated_at`, so a change is pushed once however often this is called. Only the meetings' calls
 * call it, never the calendar sync: a change the sync wrote came from the calendar, and pushing it
 * back would loop. Never fails the caller: a queue that cannot be reached is logged, and the
 * meeting's next change catches up.
 */
@Injectable()
export class CalendarWriteBackQueue {
  constructor(
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(QueueService) private readonly queue: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async meetingChanged(organizationId: string, meetingIds: readonly string[]): Promise<void> {
    if (meetingIds.length === 0 || !this.clients.configured) return;
    try {
      const rows = await this.system.$queryRawUnsafe<{ id: string; updatedAt: Date }[]>(
        `SELECT m.id, m.updated_at AS "updatedAt"
           FROM meetings m
          WHERE m.organization_id = $1 AND m.id = ANY($2::text[])
            AND EXISTS (
              SELECT 1 FROM connections c
               WHERE c.organization_id = m.organization_id AND c.service = 'NYLAS' AND c.status = 'SUCCESS'
                 AND c.needs_reauth_since IS NULL AND c.credentials_ciphertext IS NOT NULL
                 AND (c.id = m.connection_id OR c.owner_team_id = m.team_id))`,
        organizationId,
        [...meetingIds],
      );
      for (const row of rows) {
        await this.queue.enqueue(JOB, {
          organizationId,
          meetingId: row.id,
          version: String(row.updatedAt.getTime()),
        });
      }
    } catch (error) {
      this.logger.warn(
        { err: error, meetingIds },
        'A meeting’s change could not be queued for its calendar; its next change catches up',
      );
    }
  }
}
