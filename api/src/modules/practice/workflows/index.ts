export { WorkflowsModule } from './workflows.module.js';
export { WorkflowsService } from './workflows.service.js';
