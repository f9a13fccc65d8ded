import { Inject, Injectable } from '@nestjs/common';
import { WorkflowsService } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Once a day, early (UTC), before advisors start: the workflows persons' registered accounts call for. */
export const WORKFLOW_RULES_CRON = '0 5 * * *';

@Injectable()
export class ApplyWorkflowRulesJob implements JobHandler<'practice.apply-workflow-rules'> {
  readonly jobName = 'practice.apply-workflow-rules' as const;

  constructor(@Inject(WorkflowsService) private readonly workflows: WorkflowsService) {}

  async handle(payload: JobPayload<'practice.apply-workflow-rules'>): Promise<void> {
    // The scheduled run reads the rules on the day it runs; a date in the payload replays another day.
    await this.workflows.applyRegisteredAccountRules(payload.date ?? new Date().toISOString().slice(0, 10));
  }
}
