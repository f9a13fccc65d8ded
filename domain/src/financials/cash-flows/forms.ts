import type { FormDefinition } from '../../shared/forms/types.js';
import { submit } from '../../shared/forms/types.js';

/** The flow and stream forms of foundations §2, written as the record forms are (financials/records/forms.ts). */

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
