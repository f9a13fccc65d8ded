export { ProfessionalsModule } from './professionals.module.js';
