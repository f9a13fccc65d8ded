/** Custom field enumerations (crm §3). */

export const CustomFieldType = [
  'CHECKBOX',
  'CURRENCY_VALUE',
  'DATE',
  'MULTI_SELECT',
  'NUMBER',
  'SINGLE_SELECT',
  'TEXT',
  'TEXTAREA',
  'EXTERNAL_URL',
] as const;
export type CustomFieldType = (typeof CustomFieldType)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Readonly<Record<CustomFieldType, string>> = {
  CHECKBOX: 'Checkbox',
  CURRENCY_VALUE: 'Currency amount',
  DATE: 'Date',
  MULTI_SELECT: 'Multiple choice',
  NUMBER: 'Number',
  SINGLE_SELECT: 'Single choice',
  TEXT: 'Text',
  TEXTAREA: 'Long text',
  EXTERNAL_URL: 'Web address (URL)',
};

/** The kinds of entity custom fields can be defined on. */
export const CustomFieldEntityKind = ['CONTACT', 'HOUSEHOLD', 'PROFESSIONAL', 'TEAM'] as const;
export type CustomFieldEntityKind = (typeof CustomFieldEntityKind)[number];

export const CUSTOM_FIELD_ENTITY_KIND_LABELS: Readonly<Record<CustomFieldEntityKind, string>> = {
  CONTACT: 'Contact',
  HOUSEHOLD: 'Household',
  PROFESSIONAL: 'Professional',
  TEAM: 'Team',
};
