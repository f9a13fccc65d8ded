// The planning area (step 16): plans, the projection after tax, the tax rules, the Monte Carlo.
export * from './plans/enums.js';
export * from './plans/forms.js';
export * from './plans/document.js';
export * from './plans/schemas.js';
export * from './plans/api.js';
export * from './shared/arith.js';
export * from './shared/explanation.js';
export * from './projection/types.js';
export * from './tax/types.js';
export { householdIncomeTax } from './tax/income-tax.js';
export { projectPlan } from './projection/project.js';
export { MARKET_RETURN_ASSUMPTIONS, type MarketReturnAssumption } from './projection/market-returns.js';
export { PLAN_CASH_ACCOUNT_ID, PLAN_CASH_ACCOUNT_NAME } from './projection/engine.js';
export { runMonteCarlo } from './projection/monte-carlo.js';
