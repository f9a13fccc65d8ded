import { Inject, Injectable } from '@nestjs/common';
import { ImportEngine } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Writes a dry-run import batch in chunks; a retry resumes after the last chunk written. */
@Injectable()
export class ImportCommitJob implements JobHandler<'imports.commit'> {
  readonly jobName = 'imports.commit' as const;

  constructor(@Inject(ImportEngine) private readonly engine: ImportEngine) {}

  async handle({ organizationId, batchId }: JobPayload<'imports.commit'>): Promise<void> {
    await this.engine.commit(organizationId, batchId);
  }
}
