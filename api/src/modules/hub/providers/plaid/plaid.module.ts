import { Module } from '@nestjs/common';
import { FinancialRecordsModule } from '../../../financials/financial-records/index.js';
import { ConnectionsModule } from '../../connections/index.js';
import { SyncModule } from '../../sync/index.js';
import { PlaidConnectionsRepository } from './plaid-connections.repository.js';
import { PlaidController, PlaidWebhooksController } from './plaid.controller.js';
import { PlaidWebhooksService } from './plaid-webhooks.service.js';
import { PlaidPlacementsService } from './plaid-placements.service.js';
import { PlaidService } from './plaid.service.js';

/** Plaid Link (link tokens, public-token exchange, the sandbox shortcut), placing a linked bank's accounts, and Plaid's webhooks. */
@Module({
  imports: [SyncModule, ConnectionsModule, FinancialRecordsModule],
  controllers: [PlaidController, PlaidWebhooksController],
  providers: [PlaidConnectionsRepository, PlaidService, PlaidPlacementsService, PlaidWebhooksService],
})
export class PlaidModule {}
