import { Module } from '@nestjs/common';
import { FinancialRecordsModule } from '../../financials/financial-records/index.js';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { ImportsModule } from '../imports/index.js';
import { SyncModule } from '../sync/index.js';
import { SyncRunsModule } from '../sync-runs/index.js';
import { ConnectionsController } from './connections.controller.js';
import { ConnectionsRepository } from './connections.repository.js';
import { ConnectionsService } from './connections.service.js';

@Module({
  imports: [SyncModule, SyncRunsModule, FinancialRecordsModule, EntityResolverModule, ImportsModule],
  controllers: [ConnectionsController],
  providers: [ConnectionsRepository, ConnectionsService],
  exports: [ConnectionsService, ConnectionsRepository],
})
export class ConnectionsModule {}
