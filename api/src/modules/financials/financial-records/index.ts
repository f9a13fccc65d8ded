export { FinancialRecordsModule } from './financial-records.module.js';
export { FinancialRecordsService } from './financial-records.service.js';
export {
  FinancialRecordsWriter,
  type AdditionalCardFields,
  type ColumnValue,
  type Day,
  type FinancialRecordDraft,
  type FinancialRecordUpdate,
  type LiabilityPartyRef,
  type OwnerRef,
  type RecordState,
  type TypeColumns,
} from './financial-records.writer.js';
