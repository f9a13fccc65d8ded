import { Module } from '@nestjs/common';
import { FinancialRecordsModule } from '../financial-records/index.js';
import { FinancialViewController } from './financial-view.controller.js';
import { FinancialViewService } from './financial-view.service.js';

@Module({
  imports: [FinancialRecordsModule],
  controllers: [FinancialViewController],
  providers: [FinancialViewService],
  exports: [FinancialViewService],
})
export class FinancialViewModule {}
