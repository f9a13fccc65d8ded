import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../../connections/index.js';
import { SyncModule } from '../../sync/index.js';
import { PlaidConnectionsRepository } from './plaid-connections.repository.js';
import { PlaidController, PlaidWebhooksController } from './plaid.controller.js';
import { PlaidWebhooksService } from './plaid-webhooks.service.js';
import { PlaidService } from './plaid.service.js';

/** Plaid Link (link tokens, public-token exchange, the sandbox shortcut) and Plaid's webhooks. */
@Module({
  imports: [SyncModule, ConnectionsModule],
  controllers: [PlaidController, PlaidWebhooksController],
  providers: [PlaidConnectionsRepository, PlaidService, PlaidWebhooksService],
})
export class PlaidModule {}
