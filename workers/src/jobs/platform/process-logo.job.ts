import { Inject, Injectable } from '@nestjs/common';
import { LogoProcessor } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Makes a brand logo's sizes; a refused image is recorded on the brand, so only store faults retry. */
@Injectable()
export class ProcessLogoJob implements JobHandler<'brands.process-logo'> {
  readonly jobName = 'brands.process-logo' as const;

  constructor(@Inject(LogoProcessor) private readonly processor: LogoProcessor) {}

  async handle(payload: JobPayload<'brands.process-logo'>): Promise<void> {
    await this.processor.process(payload);
  }
}
