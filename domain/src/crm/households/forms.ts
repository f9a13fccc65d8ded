import type { FormDefinition } from '../../shared/forms/types.js';
import { submit } from '../../shared/forms/types.js';

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
