export { FinancialRecordsModule } from './financial-records.module.js';
export { FinancialRecordsService } from './financial-records.service.js';
