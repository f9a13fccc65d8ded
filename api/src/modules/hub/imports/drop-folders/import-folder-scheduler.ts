import { Inject, Injectable } from '@nestjs/common';
import { QueueService } from '../../../../infra/queue/queue.service.js';
import { SystemPrisma } from '../../../../infra/prisma/prisma.service.js';
import { DROP_FOLDER_TIMEZONE } from './drop-folder-paths.js';

/** The job scheduler id of a drop folder's schedule. */
export function folderScheduleId(folderId: string): string {
  return `imports.scan-folder-${folderId}`;
}

interface ScheduledFolder {
  id: string;
  organizationId: string;
  cron: string;
  enabled: boolean;
}

/** One BullMQ job scheduler per enabled drop folder (`imports.scan-folder-{folderId}`), emitting `imports.scan-folder`. */
@Injectable()
export class ImportFolderScheduler {
  constructor(
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
  ) {}

  /** Creates or replaces the folder's schedule; a disabled folder has none. */
  async schedule(folder: ScheduledFolder): Promise<void> {
    if (!folder.enabled) return this.remove(folder.id);
    // Upserting under a fixed id: a new cron replaces the old one.
    await this.queues
      .queue('sync')
      .upsertJobScheduler(
        folderScheduleId(folder.id),
        { pattern: folder.cron, tz: DROP_FOLDER_TIMEZONE },
        { name: 'imports.scan-folder', data: { organizationId: folder.organizationId, folderId: folder.id } },
      );
  }

  async remove(folderId: string): Promise<void> {
    await this.queues.queue('sync').removeJobScheduler(folderScheduleId(folderId));
  }

  /** When the folder's schedule fires next; null without one. */
  async nextScanAt(folderId: string): Promise<Date | null> {
    const scheduler = await this.queues.queue('sync').getJobScheduler(folderScheduleId(folderId));
    return scheduler?.next === undefined || scheduler.next === null ? null : new Date(scheduler.next);
  }

  /**
   * At worker start: every enabled folder gets its schedule back (a flushed Redis loses them), in
   * pages across organizations. Upserting an existing schedule with the same pattern changes nothing.
   */
  async restoreAll(): Promise<number> {
    let restored = 0;
    let after = '';
    for (;;) {
      const folders = await this.prisma.importDropFolder.findMany({
        where: { enabled: true, id: { gt: after } },
        select: { id: true, organizationId: true, cron: true, enabled: true },
        orderBy: { id: 'asc' },
        take: 500,
      });
      if (folders.length === 0) return restored;
      for (const folder of folders) await this.schedule(folder);
      restored += folders.length;
      after = folders[folders.length - 1]!.id;
    }
  }
}
