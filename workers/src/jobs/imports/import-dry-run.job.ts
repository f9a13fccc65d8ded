import { Inject, Injectable } from '@nestjs/common';
import { ImportEngine } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** The dry run of an import batch; the engine holds the logic (the api's hub/imports). */
@Injectable()
export class ImportDryRunJob implements JobHandler<'imports.dry-run'> {
  readonly jobName = 'imports.dry-run' as const;

  constructor(@Inject(ImportEngine) private readonly engine: ImportEngine) {}

  async handle({ organizationId, batchId }: JobPayload<'imports.dry-run'>): Promise<void> {
    await this.engine.dryRun(organizationId, batchId);
  }
}
