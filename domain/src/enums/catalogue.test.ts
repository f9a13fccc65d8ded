import { describe, expect, it } from 'vitest';
import * as enums from './index.js';
import { ENUMERATIONS, type EnumerationEntry } from './index.js';

describe('ENUMERATIONS catalogue', () => {
  const entries = Object.entries(ENUMERATIONS) as [string, EnumerationEntry][];

  it('serves each exported enumeration array under its own name', () => {
    const exported = enums as unknown as Record<string, unknown>;
    for (const [name, entry] of entries) {
      if (name in exported) expect(entry.values, name).toBe(exported[name]);
    }
    expect(ENUMERATIONS.InvestmentAccountType.values).toBe(enums.InvestmentAccountType);
    expect(ENUMERATIONS.UserRole.values).toEqual([
      'ADMIN',
      'ADVISING_REPRESENTATIVE',
      'ADVISOR',
      'ASSOCIATE_ADVISING_REPRESENTATIVE',
      'PM',
    ]);
  });

  it('includes every enumeration array exported by the enums folder', () => {
    const exportedArrays = Object.entries(enums)
      .filter(([name, value]) => Array.isArray(value) && /^[A-Z][a-z]/.test(name))
      .map(([name]) => name);
    expect(exportedArrays.filter((name) => !(name in ENUMERATIONS))).toEqual([]);
  });

  it('has values and a description for every entry, each value once', () => {
    expect(entries.length).toBeGreaterThan(90);
    for (const [name, entry] of entries) {
      expect(entry.values.length, name).toBeGreaterThan(0);
      expect(new Set(entry.values).size, name).toBe(entry.values.length);
      expect(entry.description, name).toMatch(/\S/);
    }
  });

  it('labels exactly the values of an entry that has labels', () => {
    for (const [name, entry] of entries) {
      if (entry.labels === undefined) continue;
      expect(Object.keys(entry.labels).sort(), name).toEqual(entry.values.map(String).sort());
    }
    expect(ENUMERATIONS.MeetingTimeZone.labels?.['America/St_Johns']).toBe('St Johns');
    expect(ENUMERATIONS.CanadianProvinceCode.labels?.BC).toBe('British Columbia');
    expect(ENUMERATIONS.Weekday.labels?.['0']).toBe('Sunday');
  });

  it('serves the transaction categories and currencies too', () => {
    expect(ENUMERATIONS.PlaidPrimaryCategory.values).toHaveLength(16);
    expect(ENUMERATIONS.PlaidDetailedCategory.values).toHaveLength(104);
    expect(ENUMERATIONS.Currency.values.slice(0, 2)).toEqual(['CAD', 'USD']);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(ENUMERATIONS))).toEqual(ENUMERATIONS);
  });
});
