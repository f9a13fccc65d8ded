import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../../../platform/entity-resolver/index.js';
import { SyncModule } from '../../../sync/index.js';
import { NylasCalendarsController, NylasController, NylasWebhooksController } from './nylas.controller.js';
import { NylasCalendarsService } from './nylas-calendars.service.js';
import { NylasConnectionService } from './nylas-connection.service.js';
import { NylasConnectionsRepository } from './nylas-connections.repository.js';
import { NylasStateSigner } from './nylas-state.js';
import { NylasWebhooksService } from './nylas-webhooks.service.js';

/**
 * Nylas's routes: connecting a calendar (hosted authentication, the code's exchange), the calendars
 * of a team's connections, and Nylas's webhooks. Apart from NylasModule (the client) because the
 * hub's ProvidersModule imports that one, and these routes build on sync, which imports it.
 */
@Module({
  imports: [SyncModule, EntityResolverModule],
  controllers: [NylasController, NylasCalendarsController, NylasWebhooksController],
  providers: [
    NylasConnectionsRepository,
    NylasStateSigner,
    NylasConnectionService,
    NylasCalendarsService,
    NylasWebhooksService,
  ],
})
export class NylasApiModule {}
