import type { FormDefinition } from '../../shared/forms/types.js';
import { dynamicOptions, submit } from '../../shared/forms/types.js';

/** The plan form of crm §2, written as the contact forms are (crm/contacts/forms.ts). */
export const createPlanForm: FormDefinition = {
  id: 'createPlan',
  title: 'Create a new Plan',
  fields: [
    {
      kind: 'DynamicSelect',
      name: 'householdId',
      label: 'Household',
      required: true,
      options: dynamicOptions('households'),
    },
    { kind: 'TextField', name: 'name', label: 'Name', required: true },
    { kind: 'Switch', name: 'publish', label: 'Publish', defaultValue: false },
  ],
  buttons: [submit('Create Plan')],
  http: { method: 'POST', path: '/plans', body: ['householdId', 'name', 'publish'] },
};
