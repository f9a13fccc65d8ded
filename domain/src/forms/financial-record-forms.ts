import type { FormDefinition } from './types.js';
import { dynamicOptions, submit } from './types.js';

/**
 * The forms of foundations §2, as data. The spec names each form and its fields and says each has
 * a submit button; the button labels, field labels other than those named, and option sources are
 * ours. Calls are those of foundations §7, with `{param}` written `:param`.
 */

const cardFields = [
  { kind: 'TextField', name: 'description', label: 'Description', required: true },
  { kind: 'TextField', name: 'firstFourDigits', label: 'First 4 Digits', required: true, inputType: 'number' },
  { kind: 'TextField', name: 'lastFourDigits', label: 'Last 4 Digits', required: true, inputType: 'number' },
] as const;

export const addOwnerForm: FormDefinition = {
  id: 'addOwner',
  title: 'Add Owner',
  fields: [
    { kind: 'DynamicSelect', name: 'ownerId', label: 'Owner', required: true, options: dynamicOptions('owners') },
  ],
  buttons: [submit('Add Owner')],
  http: {
    method: 'PATCH',
    path: '/financial-records/investment-accounts/:accountId/owners/add',
    params: ['accountId'],
    body: ['ownerId'],
  },
};

export const editNameForm: FormDefinition = {
  id: 'editName',
  title: 'Edit Name',
  fields: [{ kind: 'TextField', name: 'nickname', label: 'Nickname', required: true }],
  buttons: [submit('Save')],
  http: { method: 'PATCH', path: '/:financialRecordId/rename', params: ['financialRecordId'], body: ['nickname'] },
};

function personForm(id: string, title: string, label: string, path: string): FormDefinition {
  return {
    id,
    title,
    fields: [{ kind: 'DynamicSelect', name: 'personId', label, required: true, options: dynamicOptions('persons') }],
    buttons: [submit(title)],
    http: { method: 'PATCH', path, params: ['financialRecordId'], body: ['personId'] },
  };
}

export const addBorrowerForm = personForm(
  'addBorrower',
  'Add Borrower',
  'Borrower',
  '/:financialRecordId/add-borrower',
);
export const addCosignerForm = personForm(
  'addCosigner',
  'Add Cosigner',
  'Cosigner',
  '/:financialRecordId/add-cosigner',
);

export const addAdditionalCardForm: FormDefinition = {
  id: 'addAdditionalCard',
  title: 'Add Additional Card',
  fields: cardFields,
  buttons: [submit('Add Card')],
  http: {
    method: 'PATCH',
    path: '/credit-cards/:creditCardId/add-additional-card',
    params: ['creditCardId'],
    body: ['description', 'firstFourDigits', 'lastFourDigits'],
  },
};

export const editCardForm: FormDefinition = {
  id: 'editCard',
  title: 'Edit Card',
  fields: cardFields,
  buttons: [submit('Save')],
  http: {
    method: 'PATCH',
    path: '/credit-cards/:creditCardId/edit-card',
    params: ['creditCardId'],
    body: ['cardId', 'description', 'firstFourDigits', 'lastFourDigits'],
  },
};

function flowForm(id: string, title: string, path: string): FormDefinition {
  return {
    id,
    title,
    fields: [{ kind: 'TextField', name: 'name', label: 'Name', required: true }],
    buttons: [submit(title)],
    http: { method: 'POST', path, body: ['householdId', 'name'] },
  };
}

export const addIncomeForm = flowForm('addIncome', 'Add Income', '/income-flows');
export const addExpenseForm = flowForm('addExpense', 'Add Expense', '/expense-flows');

export const renameStreamForm: FormDefinition = {
  id: 'renameStream',
  title: 'Rename Stream',
  fields: [{ kind: 'TextField', name: 'name', label: 'Name', required: true }],
  buttons: [submit('Rename')],
  http: {
    method: 'PATCH',
    path: '/streams/:recurringStreamSourceId/rename',
    params: ['recurringStreamSourceId'],
    body: ['name'],
  },
};

/** A confirmation: no fields. */
export const deleteStreamForm: FormDefinition = {
  id: 'deleteStream',
  title: 'Delete Stream',
  fields: [],
  buttons: [submit('Delete', 'danger')],
  http: {
    method: 'DELETE',
    path: '/streams/:recurringStreamSourceId/soft-delete',
    params: ['recurringStreamSourceId'],
  },
};

/** No fields and a success-coloured button (foundations §2). */
export const removeFamilyMemberForm: FormDefinition = {
  id: 'removeFamilyMember',
  title: 'Remove Family Member',
  fields: [],
  buttons: [submit('Remove', 'success')],
  http: {
    method: 'PATCH',
    path: '/families/:familyId/members/:member/remove',
    params: ['familyId', 'member'],
    body: ['deleteRelationships'],
  },
};

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
