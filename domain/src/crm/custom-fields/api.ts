import { z } from 'zod';
import { CustomFieldEntityKind, CustomFieldType } from './enums.js';
import { CustomFieldMessage } from './schemas.js';

/** `GET /custom-fields`: the organization's fields, of one entity kind when asked. */
export const customFieldListQuerySchema = z.object({
  entityKind: z.enum(CustomFieldEntityKind, { error: CustomFieldMessage.entityKindInvalid }).optional(),
});

export const customFieldDefinitionSchema = z.object({
  id: z.string(),
  entityKind: z.enum(CustomFieldEntityKind),
  type: z.enum(CustomFieldType),
  name: z.string(),
  options: z.array(z.string()),
  position: z.number().int(),
  createdAt: z.string(),
});
export type CustomFieldDefinitionResponse = z.output<typeof customFieldDefinitionSchema>;
export const customFieldDefinitionListSchema = z.array(customFieldDefinitionSchema);
