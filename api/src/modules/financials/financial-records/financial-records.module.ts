import { Module } from '@nestjs/common';
import { AuditModule } from '../../platform/audit/index.js';
import { FxRatesModule } from '../fx-rates/index.js';
import { FinancialRecordsController } from './financial-records.controller.js';
import { FinancialRecordsRepository } from './financial-records.repository.js';
import { FinancialRecordsService } from './financial-records.service.js';
import { FinancialRecordsWriter } from './financial-records.writer.js';

/**
 * Financial records of the twelve types. Exports the service, whose `householdRecords` gives a
 * household's records in their own and a requested currency (the financial view, the household),
 * and the writer, the one place records are written: the API's service, the sync and the import
 * all go through it.
 */
@Module({
  // Audit is global, but named here: the sync imports this module without the whole app.
  imports: [AuditModule, FxRatesModule],
  controllers: [FinancialRecordsController],
  providers: [FinancialRecordsService, FinancialRecordsRepository, FinancialRecordsWriter],
  exports: [FinancialRecordsService, FinancialRecordsWriter],
})
export class FinancialRecordsModule {}
