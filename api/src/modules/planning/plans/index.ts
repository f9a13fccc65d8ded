export { PlansModule } from './plans.module.js';
export { PlansWriter, type PlanDraft, type PlanParts } from './plans.writer.js';
