import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  ConnectorError,
  NylasSchedulerClient,
  schedulerConfigurationOf,
  type SchedulerTemplate,
} from '@meridian/connectors';
import { DomainError, type JobPayload } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { LOGGER } from '../../../common/logging/logger.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { NylasClients } from '../../hub/providers/nylas/index.js';
import { MeetingTemplatesRepository, type MeetingTemplateRow } from './meeting-templates.repository.js';
import { MeetingTemplatesWriter } from './meeting-templates.writer.js';

const JOB = 'meetings.sync-scheduler-configuration';

/**
 * How long one run may hold its template's lock: three Nylas calls at their 30-second limit, with
 * room to spare (the lock is an advisory one: edits of the template never wait for it).
 */
const RUN_TIMEOUT_MS = 120_000;

/** A run that can never succeed (the connection gone, its grant expired, Nylas refusing for good). */
export class SchedulerConfigurationRefused extends Error {
  override readonly name = 'SchedulerConfigurationRefused';
}

/** What a run did, for the log and the tests. */
export type SchedulerConfigurationOutcome =
  'created' | 'updated' | 'deleted' | 'already-gone' | 'template-gone' | 'no-connection' | 'not-configured';

/** A template row as the configuration reads it. */
export function schedulerTemplateOf(row: MeetingTemplateRow): SchedulerTemplate {
  return {
    title: row.title,
    message: row.message,
    durationMinutes: row.durationMinutes,
    availableDaysInFuture: row.availableDaysInFuture,
    beforeBufferMinutes: row.beforeBufferMinutes,
    afterBufferMinutes: row.afterBufferMinutes,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    minimumCancellationNoticeMinutes: row.minimumCancellationNoticeMinutes,
    timeZone: row.timeZone,
    openingHours: row.openingHours.map((hours) => ({
      days: [...new Set(hours.days)].sort((a, b) => a - b),
      start: hours.startTime,
      end: hours.endTime,
    })),
  };
}

/**
 * The work of `meetings.sync-scheduler-configuration`, in the job's organization: the template's
 * Nylas Scheduler configuration made (when it has none, or Nylas lost it) or replaced by the
 * template as it is now, on the grant of the template's connection or its team's; or a deleted
 * template's configuration deleted. Run again, it does the same: idempotent. One run of a template
 * at a time (an advisory lock), so a create and a quick edit never make two configurations; a
 * configuration made for a template deleted meanwhile is deleted again. Nylas unreachable or
 * rate-limiting is rethrown for the queue's retries; an expired grant or a refusal is logged and
 * refused for good, leaving the template as it is (the connection's own state, waiting for a new
 * login, is what the calendar settings and the template's scheduling status show).
 */
@Injectable()
export class SchedulerConfigurationSync {
  private scheduler_: NylasSchedulerClient | null = null;

  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(MeetingTemplatesRepository) private readonly templates: MeetingTemplatesRepository,
    @Inject(MeetingTemplatesWriter) private readonly writer: MeetingTemplatesWriter,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(payload: JobPayload<typeof JOB>): Promise<SchedulerConfigurationOutcome> {
    const { organizationId, templateId } = payload;
    if (!this.clients.configured) {
      this.logger.info({ templateId }, 'Nylas is not configured here: no Scheduler configuration is kept');
      return 'not-configured';
    }
    const outcome = await this.guarded(payload, async () => {
      if (payload.removed !== undefined) {
        const { connectionId, configId } = payload.removed;
        const grantId = await this.grantOf(organizationId, connectionId);
        return this.scheduler().destroyConfiguration(grantId, configId);
      }
      return this.prisma.$transaction((tx) => this.save(tx, organizationId, templateId), { timeout: RUN_TIMEOUT_MS });
    });
    this.logger.info({ templateId, outcome }, 'Scheduler configuration kept in step with its template');
    return outcome;
  }

  private async save(
    tx: TenantTransaction,
    organizationId: string,
    templateId: string,
  ): Promise<SchedulerConfigurationOutcome> {
    const scope = writeScope(tx, { actor: { kind: 'SYSTEM' } });
    await scope.sql.execute('SELECT pg_advisory_xact_lock(hashtext($1))', `meridian:scheduler-config:${templateId}`);
    const template = await this.templates.find(templateId, tx);
    if (template === null) return 'template-gone';
    const connection = await this.templates.schedulerConnection(template, tx);
    if (connection === null) return 'no-connection';
    const grantId = await this.grantOf(organizationId, connection.id);
    const configuration = schedulerConfigurationOf(schedulerTemplateOf(template), connection.email);
    const scheduler = this.scheduler();
    if (template.configId !== null && template.connectionId === connection.id) {
      if ((await scheduler.updateConfiguration(grantId, template.configId, configuration)) === 'updated') {
        return 'updated';
      }
    }
    const configId = await scheduler.createConfiguration(grantId, configuration);
    if (!(await this.writer.setSchedulerConfiguration(scope, templateId, { connectionId: connection.id, configId }))) {
      // The template was deleted while its configuration was being made.
      await scheduler.destroyConfiguration(grantId, configId);
      return 'template-gone';
    }
    return 'created';
  }

  private async grantOf(organizationId: string, connectionId: string): Promise<string> {
    try {
      return await this.clients.grantOf(organizationId, connectionId);
    } catch (error) {
      if (error instanceof DomainError) {
        throw new SchedulerConfigurationRefused(`Connection ${connectionId} is gone or holds no grant`);
      }
      throw error;
    }
  }

  /** Nylas's temporary failures pass (the queue retries); the others are logged and refused. */
  private async guarded<T>(payload: JobPayload<typeof JOB>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      const context = { templateId: payload.templateId, code: error.code, classification: error.classification };
      if (error.retryable) {
        this.logger.warn(context, 'Nylas did not answer a Scheduler configuration change; it is tried again');
        throw error;
      }
      if (error.classification === 'AUTH') {
        this.logger.warn(
          context,
          'The calendar connection’s login expired: the template’s Scheduler configuration waits for a new login',
        );
      } else {
        this.logger.error(context, 'Nylas refused a Scheduler configuration change');
      }
      throw new SchedulerConfigurationRefused(`Nylas refused the template's configuration: ${error.code}`);
    }
  }

  private scheduler(): NylasSchedulerClient {
    this.scheduler_ ??= new NylasSchedulerClient({
      apiKey: this.config.NYLAS_API_KEY!,
      apiUri: this.config.NYLAS_API_URI,
    });
    return this.scheduler_;
  }
}

/**
 * Hands a template's change to `meetings.sync-scheduler-configuration` once its transaction has
 * committed, when the change concerns a Nylas calendar (the template names a connection, or its
 * team has one; a deleted template had a configuration). Never fails the template's call: a queue
 * that cannot be reached is logged, and the template's next change catches up.
 */
@Injectable()
export class SchedulerConfigurationQueue {
  constructor(
    @Inject(MeetingTemplatesRepository) private readonly templates: MeetingTemplatesRepository,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(QueueService) private readonly queue: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** After a template was created, edited or duplicated. */
  async saved(organizationId: string, template: MeetingTemplateRow): Promise<void> {
    await this.enqueue(template.id, async () => {
      if (!this.clients.configured || (await this.templates.schedulerConnection(template)) === null) return null;
      return { organizationId, templateId: template.id, version: String(template.updatedAt.getTime()) };
    });
  }

  /** After a template was deleted: its configuration goes too. */
  async removed(organizationId: string, template: MeetingTemplateRow): Promise<void> {
    const { connectionId, configId } = template;
    if (connectionId === null || configId === null) return;
    await this.enqueue(template.id, async () =>
      this.clients.configured
        ? { organizationId, templateId: template.id, version: 'removed', removed: { connectionId, configId } }
        : null,
    );
  }

  private async enqueue(templateId: string, payloadOf: () => Promise<JobPayload<typeof JOB> | null>): Promise<void> {
    try {
      const payload = await payloadOf();
      if (payload !== null) await this.queue.enqueue(JOB, payload);
    } catch (error) {
      this.logger.warn(
        { err: error, templateId },
        'A template’s change could not be queued for its Nylas configuration',
      );
    }
  }
}
