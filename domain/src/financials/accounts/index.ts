export * from './account-groups.js';
export * from './balance-sheet.js';
export * from './investment-accounts.js';
export * from './ownership.js';
export * from './secured-debts.js';
