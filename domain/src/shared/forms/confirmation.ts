import type { FormDefinition } from './types.js';
import { submit } from './types.js';

// Shared by the contact and team forms; kept out of the package index, as it was when it lived
// beside the contact forms.

/** A one-button confirmation: no fields, the route parameters say what to act on. */
export function confirmation(id: string, title: string, label: string, path: string, params: string[]): FormDefinition {
  return { id, title, fields: [], buttons: [submit(label)], http: { method: 'PATCH', path, params } };
}
