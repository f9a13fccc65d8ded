import { Module } from '@nestjs/common';
import { FxRatesModule } from '../fx-rates/index.js';
import { CashFlowSourcesController, CashFlowViewController, FlowsController } from './cash-flows.controller.js';
import { CashFlowsRepository } from './cash-flows.repository.js';
import { CashFlowsService } from './cash-flows.service.js';
import { StreamsController } from './streams.controller.js';
import { StreamsService } from './streams.service.js';
import { SyncedFlowsWriter } from './synced-flows.writer.js';

@Module({
  imports: [FxRatesModule],
  controllers: [CashFlowSourcesController, FlowsController, CashFlowViewController, StreamsController],
  providers: [CashFlowsService, StreamsService, CashFlowsRepository, SyncedFlowsWriter],
  exports: [SyncedFlowsWriter],
})
export class CashFlowsModule {}
