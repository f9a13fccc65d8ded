import type { FormDefinition } from '../../shared/forms/types.js';
import { dynamicOptions, submit } from '../../shared/forms/types.js';

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
