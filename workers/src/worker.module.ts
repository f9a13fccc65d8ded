import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AuditModule,
  BillingModule,
  BrandsCoreModule,
  CalendarWriteBackModule,
  CommsModule,
  CoreModule,
  EmailModule,
  ImportFoldersModule,
  ImportsModule,
  InvitationDeliveryModule,
  NotificationsCoreModule,
  SchedulerConfigurationsModule,
  SyncModule,
  WorkflowsModule,
  type AppConfig,
} from '@meridian/api';
import { JOB_HANDLERS, type JobHandler } from './job-registry.js';
import { createMailTransport } from './mail/mail-transport.js';
import { MAIL_TRANSPORT } from './mail/mail.tokens.js';
import { SMS_TRANSPORT, createSmsTransport } from './sms/sms-transport.js';
import { DeliverEmailJob } from './jobs/email/deliver-email.job.js';
import { SweepOutboxJob } from './jobs/email/sweep-outbox.job.js';
import { SendInvitationSmsJob } from './jobs/invitations/send-sms.job.js';
import { SweepUnsentInvitationsJob } from './jobs/invitations/sweep-unsent.job.js';
import { RunSyncJob } from './jobs/sync/run-sync.job.js';
import { ScheduleSyncJob } from './jobs/sync/schedule-sync.job.js';
import { SweepQueuedSyncRunsJob } from './jobs/sync/sweep-queued.job.js';
import { ImportCommitJob } from './jobs/imports/import-commit.job.js';
import { ImportDryRunJob } from './jobs/imports/import-dry-run.job.js';
import { ScanFolderJob } from './jobs/imports/scan-folder.job.js';
import { SweepStuckImportsJob } from './jobs/imports/sweep-stuck-imports.job.js';
import { ProcessLogoJob } from './jobs/platform/process-logo.job.js';
import { ApplyWorkflowRulesJob } from './jobs/practice/apply-workflow-rules.job.js';
import { TaskDigestJob } from './jobs/practice/task-digest.job.js';
import { UpdateEmailThreadsJob } from './jobs/practice/update-email-threads.job.js';
import { SyncSchedulerConfigurationJob } from './jobs/practice/sync-scheduler-configuration.job.js';
import { PushMeetingToCalendarJob } from './jobs/practice/push-meeting-to-calendar.job.js';
import { ApplyProviderEventJob } from './jobs/sales/apply-provider-event.job.js';
import { InvoiceAumPeriodsJob } from './jobs/sales/invoice-aum-periods.job.js';
import { SetUpServiceBillingJob } from './jobs/sales/set-up-service.job.js';
import { SweepPendingBillingJob } from './jobs/sales/sweep-pending.job.js';

/** Every job handler class; the registry check at boot proves the list complete. */
const HANDLER_CLASSES = [
  DeliverEmailJob,
  SweepOutboxJob,
  SendInvitationSmsJob,
  SweepUnsentInvitationsJob,
  RunSyncJob,
  ScheduleSyncJob,
  SweepQueuedSyncRunsJob,
  ImportDryRunJob,
  ImportCommitJob,
  ScanFolderJob,
  SweepStuckImportsJob,
  ProcessLogoJob,
  ApplyWorkflowRulesJob,
  TaskDigestJob,
  UpdateEmailThreadsJob,
  SyncSchedulerConfigurationJob,
  PushMeetingToCalendarJob,
  SetUpServiceBillingJob,
  SweepPendingBillingJob,
  InvoiceAumPeriodsJob,
  ApplyProviderEventJob,
];

/** Twilio when configured (the config allows all three settings or none), else the SMS folder. */
function smsSettings(config: AppConfig): Parameters<typeof createSmsTransport>[0] {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber } = config;
  return {
    fileDir: config.SMS_FILE_DIR,
    ...(accountSid && authToken && fromNumber
      ? { twilio: { accountSid, authToken, fromNumber, baseUrl: config.TWILIO_BASE_URL } }
      : {}),
  };
}

/**
 * The worker process: the API's core and the modules whose work runs in jobs (e-mail, syncs,
 * imports), plus the job handlers, each a thin call into one of those modules.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(config, logger),
        AuditModule,
        EmailModule,
        InvitationDeliveryModule,
        SyncModule,
        ImportsModule,
        ImportFoldersModule,
        BrandsCoreModule,
        WorkflowsModule,
        NotificationsCoreModule,
        BillingModule,
        CommsModule,
        SchedulerConfigurationsModule,
        CalendarWriteBackModule,
      ],
      providers: [
        {
          provide: MAIL_TRANSPORT,
          useValue: createMailTransport({ smtpUrl: config.SMTP_URL, fileDir: config.MAIL_FILE_DIR }),
        },
        { provide: SMS_TRANSPORT, useValue: createSmsTransport(smsSettings(config)) },
        ...HANDLER_CLASSES,
        {
          provide: JOB_HANDLERS,
          inject: HANDLER_CLASSES,
          useFactory: (...handlers: JobHandler[]) => handlers,
        },
      ],
      exports: [JOB_HANDLERS],
    };
  }
}
