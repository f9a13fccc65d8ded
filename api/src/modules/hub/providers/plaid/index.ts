export { PlaidModule } from './plaid.module.js';
