export { CustomFieldsModule } from './custom-fields.module.js';
export { CustomFieldsService, customFieldValueViews } from './custom-fields.service.js';
export {
  CustomFieldsWriter,
  type ContactCustomFieldValue,
  type CustomFieldDefinitionDraft,
  type StoredCustomField,
} from './custom-fields.writer.js';
