import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_OWNER_ENTITY_KIND,
  assertCanonicalId,
  canonicalPrefix,
  CANONICAL_ID_SUFFIX_LENGTH,
  EntityKind,
  EntityType,
  FINANCIAL_RECORD_ID_TYPE,
  FinancialRecordType,
  isCanonicalId,
  newId,
  parseId,
} from '../../../index.js';

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

describe('entity id prefixes', () => {
  const prefixes = Object.values(EntityType);

  it('are distinct and valid canonical prefixes', () => {
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(isCanonicalId(newId(prefix), [prefix])).toBe(true);
  });

  it("cover every spec entity kind with a table, each as its kind's lower-cased spelling", () => {
    // CLIENT and TASK have no table of their own; SUPER_ADMIN is a platform operator, not a row.
    const withoutTable = new Set(['CLIENT', 'TASK', 'SUPER_ADMIN']);
    const missing = EntityKind.filter((kind) => !withoutTable.has(kind))
      .map((kind) => kind.toLowerCase())
      .filter((prefix) => !(prefixes as readonly string[]).includes(prefix));
    expect(missing).toEqual([]);
  });

  it('keep the misspelt account-owner kind exactly as the domain stores it', () => {
    expect(EntityType.accountOwner).toBe(ACCOUNT_OWNER_ENTITY_KIND.toLowerCase());
  });

  it('name one prefix per financial record type', () => {
    expect(Object.keys(FINANCIAL_RECORD_ID_TYPE).sort()).toEqual([...FinancialRecordType].sort());
  });
});
