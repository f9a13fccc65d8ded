import type { FormDefinition } from '../../shared/forms/types.js';
import { submit } from '../../shared/forms/types.js';

/** The transcript form of crm §2, written as the contact forms are (crm/contacts/forms.ts). */
export const saveMeetingTranscriptForm: FormDefinition = {
  id: 'saveMeetingTranscript',
  title: 'Save meeting transcript',
  fields: [{ kind: 'Editor', name: 'transcript', label: 'Transcript', required: true }],
  buttons: [submit('Save')],
  http: { method: 'PATCH', path: '/:meetingId/set-transcript', params: ['meetingId'], body: ['transcript'] },
};
