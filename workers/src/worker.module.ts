import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { CoreModule, EmailModule, type AppConfig } from '@meridian/api';
import { JOB_HANDLERS, type JobHandler } from './job-registry.js';
import { createMailTransport } from './mail/mail-transport.js';
import { MAIL_TRANSPORT } from './mail/mail.tokens.js';
import { DeliverEmailJob } from './jobs/email/deliver-email.job.js';
import { SweepOutboxJob } from './jobs/email/sweep-outbox.job.js';

/** Every job handler class; the registry check at boot proves the list complete. */
const HANDLER_CLASSES = [DeliverEmailJob, SweepOutboxJob];

/** The worker process: the API's core and data modules plus the job handlers. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config, logger), EmailModule],
      providers: [
        {
          provide: MAIL_TRANSPORT,
          useValue: createMailTransport({ smtpUrl: config.SMTP_URL, fileDir: config.MAIL_FILE_DIR }),
        },
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
