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

/** The kinds of entity custom fields can be defined on. */
export const CustomFieldEntityKind = ['CONTACT', 'HOUSEHOLD', 'PROFESSIONAL', 'TEAM'] as const;
export type CustomFieldEntityKind = (typeof CustomFieldEntityKind)[number];
