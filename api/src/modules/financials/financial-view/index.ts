export { FinancialViewModule } from './financial-view.module.js';
// Billing prices AUM fees on the view's investments.
export { FinancialViewService } from './financial-view.service.js';
