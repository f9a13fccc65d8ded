import { confirmation } from '../../shared/forms/confirmation.js';
import type { FormDefinition } from '../../shared/forms/types.js';
import { submit } from '../../shared/forms/types.js';

/** The professional and team forms of crm §2, written as the contact forms are (crm/contacts/forms.ts). */

export const setJobTitleForm: FormDefinition = {
  id: 'setJobTitle',
  title: 'Set job title',
  fields: [{ kind: 'TextField', name: 'jobTitle', label: 'Job title' }],
  buttons: [submit('Save')],
  http: {
    method: 'PATCH',
    path: '/professional/:professionalId/set-job-title',
    params: ['professionalId'],
    body: ['jobTitle'],
  },
};

export const removeTeamMemberForm = confirmation(
  'removeTeamMember',
  'Remove team member',
  'Remove',
  '/teams/:teamId/members/:teamMemberId/remove',
  ['teamId', 'teamMemberId'],
);
