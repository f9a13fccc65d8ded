import { Inject, Injectable } from '@nestjs/common';
import { DropFolderScanner, ImportFolderScheduler } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Fired by a drop folder's schedule or "scan now": the scanner does the work (the api's hub/imports/drop-folders). */
@Injectable()
export class ScanFolderJob implements JobHandler<'imports.scan-folder'> {
  readonly jobName = 'imports.scan-folder' as const;

  constructor(
    @Inject(DropFolderScanner) private readonly scanner: DropFolderScanner,
    @Inject(ImportFolderScheduler) private readonly scheduler: ImportFolderScheduler,
  ) {}

  async handle({ organizationId, folderId, trigger }: JobPayload<'imports.scan-folder'>): Promise<void> {
    const result = await this.scanner.scan(organizationId, folderId, trigger);
    // A folder deleted since its schedule was made: the schedule goes with it.
    if (!result.folderExists) await this.scheduler.remove(folderId);
  }
}
