import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { expenseCategoryOf, incomeKindOf, planFromSnapshot, type HouseholdSnapshot } from '../household-snapshot.js';

const TODAY = new Date('2026-03-01T00:00:00Z');
const person = (id: string, dateOfBirth: string | null) => ({
  id,
  firstName: id,
  lastName: 'Doe',
  displayName: null,
  dateOfBirth: dateOfBirth ? new Date(dateOfBirth) : null,
});
const address = (province: string, countryName: string) => ({ province, countryName });

/** A snapshot with only what a case needs; the rest empty. */
function snapshot(parts: Partial<HouseholdSnapshot>): HouseholdSnapshot {
  return { persons: [], familyAddresses: [], contactAddresses: [], records: [], sources: [], ...parts };
}

describe('planFromSnapshot: people', () => {
  it('takes the persons with a birth date, retiring at 65, in the province of the household’s address', () => {
    const plan = planFromSnapshot(
      snapshot({
        persons: [person('a', '1970-01-02'), person('kid', null)],
        familyAddresses: [address('British Columbia', 'Canada')],
      }),
      TODAY,
    );
    expect(plan.people).toEqual([
      expect.objectContaining({
        personId: 'a',
        name: 'a Doe',
        retirementAge: 65,
        country: 'CA',
        province: 'BRITISH_COLUMBIA',
      }),
    ]);
  });

  it('prefers a person’s own address; a US couple files jointly; a territory or no address starts in Ontario', () => {
    const plan = planFromSnapshot(
      snapshot({
        persons: [person('a', '1970-01-02'), person('b', '1972-05-06'), person('c', '1990-01-01')],
        familyAddresses: [address('Yukon', 'Canada')],
        contactAddresses: [{ ...address('NY', 'United States'), contact: { personId: 'b' } }],
      }),
      TODAY,
    );
    expect(
      plan.people.map(({ personId, country, province, usFilingStatus }) => ({
        personId,
        country,
        province,
        usFilingStatus,
      })),
    ).toEqual([
      { personId: 'a', country: 'CA', province: 'ONTARIO', usFilingStatus: null },
      { personId: 'b', country: 'US', province: null, usFilingStatus: 'MARRIED_FILING_JOINTLY' },
      { personId: 'c', country: 'CA', province: 'ONTARIO', usFilingStatus: null },
    ]);
    expect(planFromSnapshot(snapshot({ persons: [person('a', '1970-01-02')] }), TODAY).people[0]).toMatchObject({
      country: 'CA',
      province: 'ONTARIO',
    });
  });

  it('chooses the one currency of every amount copied, else CAD', () => {
    const usd = planFromSnapshot(
      snapshot({
        persons: [person('a', '1970-01-02')],
        records: [
          {
            id: 'r1',
            nickname: null,
            name: null,
            owners: [{ personId: 'a' }],
            bankAccount: {
              bankAccountType: 'CHECKING',
              balance: new Decimal('100'),
              balanceCurrency: 'USD',
              interestRatePercent: null,
            },
          },
        ] as unknown as HouseholdSnapshot['records'],
      }),
      TODAY,
    );
    expect(usd.currency).toBe('USD');
    expect(usd.parts.accounts[0]).toMatchObject({ accountType: 'CASH', owners: ['a'], name: 'Chequing account' });
    expect(planFromSnapshot(snapshot({ persons: [person('a', '1970-01-02')] }), TODAY).currency).toBe('CAD');
  });
});

describe('kinds from a cash flow source’s free-text subtype', () => {
  it.each([
    ['SALARY', 'EMPLOYMENT'],
    ['employment', 'EMPLOYMENT'],
    ['Side hustle', 'SELF_EMPLOYMENT'],
    ['CPP', 'CPP'],
    ['OAS', 'OAS'],
    ['social-security', 'SOCIAL_SECURITY'],
    ['RENTAL', 'RENTAL'],
    ['CUSTOM', 'OTHER'],
    [null, 'OTHER'],
  ])('an income of subtype %s is %s', (subtype, kind) => {
    expect(incomeKindOf(subtype)).toBe(kind);
  });

  it.each([
    ['LIFESTYLE', 'LIFESTYLE'],
    ['insurance', 'INSURANCE'],
    ['groceries', 'OTHER'],
    [null, 'OTHER'],
  ])('an expense of subtype %s is in %s', (subtype, category) => {
    expect(expenseCategoryOf(subtype)).toBe(category);
  });
});
