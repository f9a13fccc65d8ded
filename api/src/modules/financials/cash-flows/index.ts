export { CashFlowsModule } from './cash-flows.module.js';
export { StreamEditedField, withEditedField } from './stream-edits.js';
export { SyncedFlowsWriter, type SyncedStreamColumns, type SyncedTransactionColumns } from './synced-flows.writer.js';
