import { describe, expect, it } from 'vitest';
import { ENUMERATIONS, type EnumerationEntry } from '../catalogue.js';
import * as contacts from '../crm/contacts/enums.js';
import * as customFields from '../crm/custom-fields/enums.js';
import * as households from '../crm/households/enums.js';
import * as meetings from '../practice/meetings/enums.js';
import * as notes from '../practice/notes/enums.js';
import * as services from '../crm/proposals/enums.js';
import * as tasks from '../practice/tasks/enums.js';
import * as timelines from '../crm/timelines/enums.js';
import * as cashFlows from '../financials/cash-flows/enums.js';
import * as financialView from '../financials/financial-view/enums.js';
import * as planning from '../planning/plans/enums.js';
import * as financial from '../financials/records/enums.js';
import * as connections from '../hub/connections/enums.js';
import * as invitations from '../platform/invitations/enums.js';
import * as organizations from '../platform/organizations/enums.js';
import * as users from '../platform/users/enums.js';
import * as forms from '../shared/forms/enums.js';
import * as entities from '../shared/ids/entity-kinds.js';
import * as regions from '../shared/regions/regions.js';

/** Every enumeration module of the areas, as catalogue.ts imports them (the "enums folder" below). */
const enums = {
  ...contacts,
  ...customFields,
  ...households,
  ...meetings,
  ...notes,
  ...services,
  ...tasks,
  ...timelines,
  ...cashFlows,
  ...financialView,
  ...planning,
  ...financial,
  ...connections,
  ...invitations,
  ...organizations,
  ...users,
  ...forms,
  ...entities,
  ...regions,
};

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
