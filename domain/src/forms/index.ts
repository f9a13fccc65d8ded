import { CRM_FORMS } from './crm-forms.js';
import { FINANCIAL_RECORD_FORMS } from './financial-record-forms.js';
import type { FormDefinition } from './types.js';

export * from './crm-forms.js';
export * from './financial-record-forms.js';
export * from './http-schema-check.js';
export * from './types.js';

/** Every form definition by id. */
export const FORMS: Readonly<Record<string, FormDefinition>> = Object.fromEntries(
  [...FINANCIAL_RECORD_FORMS, ...CRM_FORMS].map((form) => [form.id, form]),
);
