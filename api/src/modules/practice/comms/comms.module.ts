import { Module } from '@nestjs/common';
import { NylasModule } from '../../hub/providers/nylas/index.js';
import { SyncModule } from '../../hub/sync/index.js';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { CommsController, ContactEmailThreadsController } from './comms.controller.js';
import { CommsService } from './comms.service.js';
import { EmailThreadsRepository } from './email-threads.repository.js';
import { EmailThreadsUpdate } from './email-threads-update.js';
import { EmailThreadsWriter } from './email-threads.writer.js';

/** The threads' writer and the update the worker's `comms.update-email-threads` job runs. */
@Module({
  imports: [NylasModule, SyncModule],
  providers: [EmailThreadsWriter, EmailThreadsUpdate],
  exports: [EmailThreadsUpdate],
})
export class CommsModule {}

/** E-mail threads' routes: the update, a contact's threads and a thread's messages. */
@Module({
  imports: [NylasModule, SyncModule, EntityResolverModule],
  controllers: [CommsController, ContactEmailThreadsController],
  providers: [CommsService, EmailThreadsRepository],
})
export class CommsApiModule {}
