export { ProfessionalsModule } from './professionals.module.js';
export { ProfessionalsService } from './professionals.service.js';
export type { ProfessionalRecord } from './professionals.repository.js';
