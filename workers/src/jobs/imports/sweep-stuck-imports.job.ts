import { Inject, Injectable } from '@nestjs/common';
import { ImportSweeper } from '@meridian/api';
import type { JobHandler } from '../../job-registry.js';

/** Scheduled: import batches stuck without a live job are enqueued again or failed (see ImportSweeper). */
@Injectable()
export class SweepStuckImportsJob implements JobHandler<'imports.sweep-stuck'> {
  readonly jobName = 'imports.sweep-stuck' as const;

  constructor(@Inject(ImportSweeper) private readonly sweeper: ImportSweeper) {}

  async handle(): Promise<void> {
    await this.sweeper.sweep();
  }
}
