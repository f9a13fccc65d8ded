import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLabel } from '../audit-log.js';

describe('fieldChanges', () => {
  it('lists each changed field with its label, before and after as text', () => {
    expect(fieldChanges({ lastName: 'Okafo', firstName: 'Ngozi' }, { lastName: 'Okafor', firstName: 'Ngozi' })).toEqual(
      [{ field: 'lastName', label: 'Last name', before: 'Okafo', after: 'Okafor' }],
    );
  });

  it('reads nested fields, codes, flags and lists, and leaves out ids and bookkeeping', () => {
    const changes = fieldChanges(null, {
      id: 'contact-1',
      teamId: 'team-1',
      tagIds: ['tag-1'],
      updatedAt: '2026-01-01T00:00:00Z',
      name: { first: 'Ada' },
      type: 'CLIENT',
      source: 'SEO',
      isPrimary: true,
      tags: ['Golf', 'VIP'],
    });
    expect(changes).toEqual([
      { field: 'name.first', label: 'Name (first)', before: null, after: 'Ada' },
      { field: 'type', label: 'Type', before: null, after: 'Client' },
      { field: 'source', label: 'Source', before: null, after: 'SEO' },
      { field: 'isPrimary', label: 'Is primary', before: null, after: 'Yes' },
      { field: 'tags', label: 'Tags', before: null, after: 'Golf, VIP' },
    ]);
  });

  it('shows a removal as before and nothing after', () => {
    expect(fieldChanges({ nickname: 'Joint chequing' }, null)).toEqual([
      { field: 'nickname', label: 'Nickname', before: 'Joint chequing', after: null },
    ]);
    expect(fieldLabel('primaryEmail')).toBe('Primary email');
  });
  it('names the rows of a list, with their role: a household’s members before and after', () => {
    const before = { members: [{ personId: 'person-a', name: 'Emma Tremblay', role: 'HEAD' }] };
    const after = {
      members: [
        { personId: 'person-a', name: 'Emma Tremblay', role: 'HEAD' },
        { personId: 'person-b', name: 'Noah Tremblay', role: 'MEMBER' },
      ],
    };
    expect(fieldChanges(before, after)).toEqual([
      {
        field: 'members',
        label: fieldLabel('members'),
        before: 'Emma Tremblay (Head of household)',
        after: 'Emma Tremblay (Head of household), Noah Tremblay (Member)',
      },
    ]);
  });
});
