/** Form field kinds and button types available to form definitions (foundations §2). */

export const FormFieldKind = [
  'AvatarUpload',
  'Checkbox',
  'Currency',
  'DatePicker',
  'DynamicSelect',
  'Editor',
  'FieldGroup',
  'Header',
  'MultiSelect',
  'MultipleItem',
  'RadioGroup',
  'Relationships',
  'Select',
  'Switch',
  'TextField',
  'Upload',
] as const;
export type FormFieldKind = (typeof FormFieldKind)[number];

export const FormButtonType = ['button', 'submit'] as const;
export type FormButtonType = (typeof FormButtonType)[number];
