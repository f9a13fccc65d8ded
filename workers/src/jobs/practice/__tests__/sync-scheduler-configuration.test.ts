/**
 * The job's handling of its run's failures: a refusal that can never pass is discarded (no
 * retries), Nylas failing for now is left to the queue's retries.
 */
import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { SchedulerConfigurationRefused, type SchedulerConfigurationSync } from '@meridian/api';
import { ConnectorError } from '@meridian/connectors';
import { SyncSchedulerConfigurationJob } from '../sync-scheduler-configuration.job.js';

const PAYLOAD = { organizationId: 'org-1', templateId: 'template-1', version: '1' };

function jobFailingWith(error: Error): SyncSchedulerConfigurationJob {
  const sync = { run: () => Promise.reject(error) } as unknown as SchedulerConfigurationSync;
  return new SyncSchedulerConfigurationJob(sync);
}

describe('meetings.sync-scheduler-configuration', () => {
  it('discards a run Nylas refuses for good (an expired grant, a connection gone)', async () => {
    const job = jobFailingWith(new SchedulerConfigurationRefused('Nylas refused the template’s configuration'));
    await expect(job.handle(PAYLOAD)).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('leaves a temporary failure to the queue’s retries', async () => {
    const failure = new ConnectorError('TEMPORARY', 'Nylas configurations/create failed with HTTP 500', {
      code: 'internal_error',
    });
    await expect(jobFailingWith(failure).handle(PAYLOAD)).rejects.toBe(failure);
  });
});
