import { describe, expect, it } from 'vitest';
import {
  assertCanonicalId,
  canonicalPrefix,
  CANONICAL_ID_SUFFIX_LENGTH,
  isCanonicalId,
  newId,
  parseId,
} from '../index.js';

describe('canonical ids', () => {
  it('generates {prefix}-{21 chars} from a type name', () => {
    const id = newId('TeamMember');
    expect(id).toMatch(/^team_member-[A-Za-z0-9_-]{21}$/);
    expect(parseId(id)).toEqual({ type: 'team_member', suffix: id.slice('team_member-'.length) });
    expect(id.length).toBe('team_member-'.length + CANONICAL_ID_SUFFIX_LENGTH);
  });

  it('accepts a ready prefix as the type name', () => {
    expect(newId('contact')).toMatch(/^contact-/);
    expect(newId('team_member')).toMatch(/^team_member-/);
  });

  it('rejects an id without prefix, a malformed id and a non-string', () => {
    expect(() => parseId('abc')).toThrowError(expect.objectContaining({ code: 'ERR_CANONICAL_PREFIX_MISSING' }));
    expect(() => parseId('Team-123')).toThrowError(expect.objectContaining({ code: 'ERR_INVALID_CANONICAL_ID' }));
    expect(() => parseId(42)).toThrowError(expect.objectContaining({ code: 'ERR_INVALID_CANONICAL_ID' }));
  });

  it('restricts to allowed types, naming the passed and allowed types', () => {
    const id = newId('team');
    expect(assertCanonicalId(id, ['team'])).toBe(id);
    expect(() => assertCanonicalId(id, ['user', 'contact'])).toThrowError(
      'Id of type "team" is not allowed here; allowed types: user, contact',
    );
    expect(isCanonicalId(id, ['user'])).toBe(false);
  });

  it('rejects non-alphabetic type names', () => {
    expect(() => canonicalPrefix('team member')).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_CANONICAL_NAME' }),
    );
    expect(() => canonicalPrefix('')).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_CANONICAL_NAME_STRING' }),
    );
  });
});
