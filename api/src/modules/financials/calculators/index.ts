export { CalculatorsModule } from './calculators.module.js';
