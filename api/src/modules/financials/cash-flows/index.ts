export { CashFlowsModule } from './cash-flows.module.js';
export { StreamEditedField, withEditedField } from './stream-edits.js';
