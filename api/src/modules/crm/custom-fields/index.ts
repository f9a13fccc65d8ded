export { CustomFieldsModule } from './custom-fields.module.js';
export { CustomFieldsService } from './custom-fields.service.js';
