import type { FormDefinition } from '../shared/forms/types.js';
import { submit } from '../shared/forms/types.js';

/** The transcript form of crm §2 (see crm-forms.ts for how the crm forms are written). */
export const saveMeetingTranscriptForm: FormDefinition = {
  id: 'saveMeetingTranscript',
  title: 'Save meeting transcript',
  fields: [{ kind: 'Editor', name: 'transcript', label: 'Transcript', required: true }],
  buttons: [submit('Save')],
  http: { method: 'PATCH', path: '/:meetingId/set-transcript', params: ['meetingId'], body: ['transcript'] },
};
