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

export const FORM_FIELD_KIND_LABELS: Readonly<Record<FormFieldKind, string>> = {
  AvatarUpload: 'Avatar upload',
  Checkbox: 'Checkbox',
  Currency: 'Currency amount',
  DatePicker: 'Date picker',
  DynamicSelect: 'Dynamic select',
  Editor: 'Rich text editor',
  FieldGroup: 'Field group',
  Header: 'Header',
  MultiSelect: 'Multi-select',
  MultipleItem: 'Multiple items',
  RadioGroup: 'Radio group',
  Relationships: 'Relationships',
  Select: 'Select',
  Switch: 'Switch',
  TextField: 'Text field',
  Upload: 'Upload',
};

export const FormButtonType = ['button', 'submit'] as const;
export type FormButtonType = (typeof FormButtonType)[number];

export const FORM_BUTTON_TYPE_LABELS: Readonly<Record<FormButtonType, string>> = { button: 'Button', submit: 'Submit' };
