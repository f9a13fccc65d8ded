import { addIncomeForm, addExpenseForm, deleteStreamForm, renameStreamForm } from '../financials/cash-flows/forms.js';
import {
  addSocialProfileForm,
  createContactForm,
  createLeadForm,
  removeContactEmailForm,
  removeEmploymentForm,
  removePhoneNumberForm,
  setConfidenceForm,
  setEmploymentStatusForm,
  setGenderForm,
  setPrimaryEmailForm,
  setPrimaryNumberForm,
  updateContactNameForm,
} from '../crm/contacts/forms.js';
import {
  addAdditionalCardForm,
  addBorrowerForm,
  addCosignerForm,
  addOwnerForm,
  editCardForm,
  editNameForm,
} from '../financials/records/forms.js';
import { removeFamilyMemberForm } from '../crm/households/forms.js';
import { saveMeetingTranscriptForm } from '../crm/meetings/forms.js';
import { removeTeamMemberForm, setJobTitleForm } from '../platform/organizations/forms.js';
import { createPlanForm } from '../financials/planning/forms.js';
import { createTaskForm } from '../crm/tasks/forms.js';
import type { FormDefinition } from '../shared/forms/types.js';

export * from '../financials/cash-flows/forms.js';
export * from '../crm/contacts/forms.js';
export * from '../financials/records/forms.js';
export * from '../crm/households/forms.js';
export * from '../shared/forms/http-schema-check.js';
export * from '../crm/meetings/forms.js';
export * from '../platform/organizations/forms.js';
export * from '../financials/planning/forms.js';
export * from '../crm/tasks/forms.js';
export * from '../shared/forms/types.js';

/** The forms of crm §2. */
export const CRM_FORMS = [
  createContactForm,
  createLeadForm,
  createPlanForm,
  addSocialProfileForm,
  setConfidenceForm,
  setEmploymentStatusForm,
  updateContactNameForm,
  setGenderForm,
  createTaskForm,
  saveMeetingTranscriptForm,
  setJobTitleForm,
  removeContactEmailForm,
  removeEmploymentForm,
  removePhoneNumberForm,
  setPrimaryEmailForm,
  setPrimaryNumberForm,
  removeTeamMemberForm,
] as const satisfies readonly FormDefinition[];

/** The forms of foundations §2. */
export const FINANCIAL_RECORD_FORMS = [
  addOwnerForm,
  editNameForm,
  addBorrowerForm,
  addCosignerForm,
  addAdditionalCardForm,
  editCardForm,
  addIncomeForm,
  addExpenseForm,
  renameStreamForm,
  deleteStreamForm,
  removeFamilyMemberForm,
] as const satisfies readonly FormDefinition[];

/** Every form definition by id. */
export const FORMS: Readonly<Record<string, FormDefinition>> = Object.fromEntries(
  [...FINANCIAL_RECORD_FORMS, ...CRM_FORMS].map((form) => [form.id, form]),
);
