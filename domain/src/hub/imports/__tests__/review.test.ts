import { describe, expect, it } from 'vitest';
import { PersonNameMessage } from '../../../shared/input/person-name.js';
import type { ImportedContact } from '../records.js';
import { mergeContactRecords, missingNameFields, onlyAdds } from '../review.js';

const contact = (fields: Partial<ImportedContact>): ImportedContact => ({
  kind: 'contacts',
  sourceId: null,
  firstName: 'Ann',
  lastName: 'Roy',
  middleName: null,
  preferredName: null,
  gender: null,
  type: null,
  source: null,
  emails: [],
  phones: [],
  addresses: [],
  employment: null,
  tags: [],
  note: null,
  dateOfBirth: null,
  household: null,
  ...fields,
});

const mobile = { countryCode: '1', number: '4165550123', type: 'MOBILE' as const, label: 'Cell', primary: true };

describe('mergeContactRecords', () => {
  const current = contact({
    type: 'CLIENT',
    emails: [{ email: 'ann@old.example', label: null, primary: true }],
    phones: [mobile],
    tags: ['VIP'],
    dateOfBirth: '1970-01-02',
    employment: { employerName: 'Acme', jobTitle: null },
  });
  const file = contact({
    sourceId: 'X-1',
    type: 'LEAD',
    emails: [
      { email: 'ANN@old.example', label: 'Work', primary: true },
      { email: 'ann@new.example', label: null, primary: false },
    ],
    phones: [{ ...mobile, type: 'LANDLINE', label: null }],
    tags: ['vip', 'Golf'],
    dateOfBirth: '1971-03-04',
    middleName: 'Jo',
    employment: { employerName: null, jobTitle: 'Director' },
  });

  it('keeps every item the contact has, as it is, and adds the file’s others, never primary', () => {
    const { merged } = mergeContactRecords(current, file);
    expect(merged.emails).toEqual([
      { email: 'ann@old.example', label: null, primary: true },
      { email: 'ann@new.example', label: null, primary: false },
    ]);
    expect(merged.phones).toEqual([mobile]);
    expect(merged.tags).toEqual(['VIP', 'Golf']);
  });

  it('takes what only the file fills, keeps conflicts as the contact has them unless FILE is chosen', () => {
    const kept = mergeContactRecords(current, file);
    expect(kept.conflicts).toEqual([
      { field: 'type', current: 'CLIENT', file: 'LEAD' },
      { field: 'dateOfBirth', current: '1970-01-02', file: '1971-03-04' },
    ]);
    expect(kept.merged).toMatchObject({
      type: 'CLIENT',
      dateOfBirth: '1970-01-02',
      middleName: 'Jo',
      // Employer and title merge part by part: only the file has a title.
      employment: { employerName: 'Acme', jobTitle: 'Director' },
    });
    const taken = mergeContactRecords(current, file, { choices: { dateOfBirth: 'FILE' } });
    expect(taken.merged).toMatchObject({ type: 'CLIENT', dateOfBirth: '1971-03-04' });
    expect(taken.changes.map((change) => change.field).sort()).toEqual([
      'dateOfBirth',
      'emails',
      'employment',
      'middleName',
      'tags',
    ]);
  });

  it('gives a contact without items of a list the file’s, the first primary', () => {
    const { merged } = mergeContactRecords(contact({}), contact({ phones: [{ ...mobile, primary: false }] }));
    expect(merged.phones).toEqual([mobile]);
  });
});

describe('missingNameFields', () => {
  const error = (field: string, message: string) => ({ field, column: null, value: null, message });
  it('names the missing names when they are all that is wrong', () => {
    expect(missingNameFields([error('firstName', PersonNameMessage.firstRequired)])).toEqual(['firstName']);
    expect(
      missingNameFields([
        error('firstName', PersonNameMessage.firstRequired),
        error('lastName', PersonNameMessage.lastRequired),
      ]),
    ).toEqual(['firstName', 'lastName']);
  });
  it('is null when anything else is wrong, a name too long included', () => {
    expect(
      missingNameFields([error('firstName', PersonNameMessage.firstRequired), error('emails.0.email', 'bad')]),
    ).toBeNull();
    expect(missingNameFields([error('firstName', PersonNameMessage.firstTooLong)])).toBeNull();
    expect(missingNameFields([])).toBeNull();
  });
});

describe('onlyAdds', () => {
  it('is true when every item is still there unchanged', () => {
    expect(onlyAdds([mobile], [mobile, { ...mobile, number: '4165550999', primary: false }])).toBe(true);
    expect(onlyAdds(null, [mobile])).toBe(true);
    expect(onlyAdds([mobile], [{ ...mobile, type: 'LANDLINE' }])).toBe(false);
  });
});
