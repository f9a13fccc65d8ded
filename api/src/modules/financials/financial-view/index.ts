export { FinancialViewModule } from './financial-view.module.js';
