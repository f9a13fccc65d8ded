import { Inject, Injectable } from '@nestjs/common';
import { TaskDigestService } from '@meridian/api';
import type { JobHandler } from '../../job-registry.js';

/**
 * Every day at 11:00 UTC: 07:30 in St John's, 06:00 in Toronto, 03:00 in Vancouver, before each
 * working day, and on the same calendar date as UTC in every North American zone, so "due today"
 * (the UTC date, the digest's) is the reader's today. At 06:00 UTC it was still yesterday evening
 * in Vancouver, and tomorrow's tasks came as due today.
 */
export const TASK_DIGEST_CRON = '0 11 * * *';

/** The daily e-mail of each user's tasks due today and overdue; the notifications module decides and writes it. */
@Injectable()
export class TaskDigestJob implements JobHandler<'practice.task-digest'> {
  readonly jobName = 'practice.task-digest' as const;

  constructor(@Inject(TaskDigestService) private readonly digest: TaskDigestService) {}

  async handle(): Promise<void> {
    await this.digest.run();
  }
}
