import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LETTERS_ONLY_NAME,
  lifeEventDateSchema,
  noteSortSchema,
  nrdSchema,
  organizationSchema,
  paginationSchema,
  professionalProfileSchema,
  setLegalNameSchema,
  setNrdSchema,
  setOrganizationTypeSchema,
  setPrimaryRegulatorSchema,
  setTeamNameSchema,
  setTradeNamesSchema,
  teamNameSchema,
  wordCount,
} from '../../../index.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('organization (crm §5)', () => {
  it("requires the legal name: 'Legal Name is a required field'", () => {
    expect(issues(setLegalNameSchema, { legalName: ' ' })).toEqual(['legalName: Legal Name is a required field']);
    expect(issues(organizationSchema, {})).toEqual(['legalName: Legal Name is a required field']);
    expect(organizationSchema.parse({ legalName: ' Silva Wealth Inc. ' })).toEqual({
      legalName: 'Silva Wealth Inc.',
      tradeNames: [],
    });
  });

  it('takes an NRD of 3 to 5 digits', () => {
    for (const nrd of ['123', '12345', ' 4567 ']) expect(issues(nrdSchema, nrd)).toEqual([]);
    expect(nrdSchema.parse(34567)).toBe('34567');
    expect(issues(nrdSchema, '12')).toEqual([': NRD must be at least 3 digits']);
    expect(issues(nrdSchema, '123456')).toEqual([': NRD must be at most 5 digits']);
    expect(issues(nrdSchema, '12a4')).toEqual([': NRD must be only digits']);
    expect(issues(nrdSchema, 'a')).toEqual([': NRD must be only digits', ': NRD must be at least 3 digits']);
    expect(issues(setNrdSchema, { nrd: '1-2-3' })).toEqual(['nrd: NRD must be only digits']);
  });

  it('takes a regulator, an organization type and trade names from their lists', () => {
    expect(setPrimaryRegulatorSchema.parse({ primaryRegulator: 'OSC' })).toEqual({ primaryRegulator: 'OSC' });
    expect(issues(setPrimaryRegulatorSchema, { primaryRegulator: 'SEC' })).toEqual([
      'primaryRegulator: Please select a valid regulator',
    ]);
    expect(issues(setOrganizationTypeSchema, { organizationType: 'LLC' })).toEqual([
      'organizationType: Please select a valid organization type',
    ]);
    expect(setTradeNamesSchema.parse({ tradeNames: [' Silva Wealth '] })).toEqual({ tradeNames: ['Silva Wealth'] });
    expect(issues(setTradeNamesSchema, { tradeNames: [''] })).toEqual(['tradeNames.0: Trade names must not be empty']);
  });
});

describe('team name (crm §5)', () => {
  it('is 3 to 255 characters', () => {
    expect(teamNameSchema.parse(' Ops ')).toBe('Ops');
    expect(issues(teamNameSchema, 'x'.repeat(255))).toEqual([]);
    expect(issues(teamNameSchema, 'ab')).toEqual([': Team name must be at least 3 characters']);
    expect(issues(teamNameSchema, 'x'.repeat(256))).toEqual([': Team name must be at most 255 characters']);
    expect(issues(setTeamNameSchema, { name: '  ' })).toEqual(['name: Team name is required']);
    expect(issues(setTeamNameSchema, {})).toEqual(['name: Team name is required']);
  });
});

describe('professional profile (crm §5)', () => {
  const profile = { firstName: 'Ana', lastName: 'Silva' };

  it('requires first and last name, letters only', () => {
    expect(issues(professionalProfileSchema, {})).toEqual([
      'firstName: Please enter your first name',
      'lastName: Please enter your last name',
    ]);
    expect(issues(professionalProfileSchema, { firstName: 'Ana2', lastName: 'Silva!' })).toEqual([
      'firstName: First name can only contain letters',
      'lastName: Last name can only contain letters',
    ]);
    expect(professionalProfileSchema.parse(profile)).toEqual({ ...profile, designations: [] });
  });

  it('allows letters of any alphabet and single inner spaces, hyphens and apostrophes', () => {
    for (const name of ['Zoë', 'Mary-Jane', "O'Brien", 'O’Brien', 'De Luca', 'Hélène', 'Łukasz', '李', 'François']) {
      expect(name).toMatch(LETTERS_ONLY_NAME);
    }
    for (const name of ['-Ana', 'Ana-', 'Ana  Bo', 'A.B.', 'Ana_', '3', "''"]) {
      expect(name).not.toMatch(LETTERS_ONLY_NAME);
    }
  });

  it('limits the bio to 500 words', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' \n ');
    expect(wordCount('')).toBe(0);
    expect(wordCount('  one  two\tthree\n')).toBe(3);
    expect(issues(professionalProfileSchema, { ...profile, bio: words(500) })).toEqual([]);
    expect(issues(professionalProfileSchema, { ...profile, bio: words(501) })).toEqual([
      'bio: Bio should be no more than 500 words in length',
    ]);
  });

  it('takes designations from the list', () => {
    expect(professionalProfileSchema.parse({ ...profile, designations: ['CFP', 'CIM'] }).designations).toEqual([
      'CFP',
      'CIM',
    ]);
    expect(issues(professionalProfileSchema, { ...profile, designations: ['CFP', 'PHD'] })).toEqual([
      'designations.1: You have an invalid designation',
    ]);
    expect(issues(professionalProfileSchema, { ...profile, designations: 'CFP' })).toEqual([
      'designations: You have an invalid designation',
    ]);
  });

  it('checks the phone', () => {
    expect(issues(professionalProfileSchema, { ...profile, phone: { countryCode: '1', number: 'abc' } })).toEqual([
      'phone.number: Phone number must be only digits',
      'phone.number: Phone number must be 4 to 12 digits',
    ]);
  });
});

describe('life event date (crm §5)', () => {
  it("takes a date, else 'Please enter a valid date'", () => {
    expect(lifeEventDateSchema.parse({ date: '2024-03-05' })).toEqual({ date: new Date('2024-03-05T00:00:00Z') });
    expect(lifeEventDateSchema.parse({ date: '2024-03-05T10:00:00-05:00' }).date.toISOString()).toBe(
      '2024-03-05T15:00:00.000Z',
    );
    for (const date of ['2024-02-30', '05/03/2024', 'soon', '', undefined, 20240305, new Date('nope')]) {
      expect(issues(lifeEventDateSchema, { date })).toEqual(['date: Please enter a valid date']);
    }
  });
});

describe('lists (crm §5)', () => {
  it('takes page and limit of at least 1, from numbers or query strings', () => {
    expect(paginationSchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(paginationSchema.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    expect(issues(paginationSchema, { page: 0, limit: '0' })).toEqual([
      'page: Page must be a whole number of at least 1',
      'limit: Limit must be a whole number of at least 1',
    ]);
    expect(issues(paginationSchema, { page: '1.5', limit: 'ten' })).toEqual([
      'page: Page must be a whole number of at least 1',
      'limit: Limit must be a whole number of at least 1',
    ]);
  });

  it('sorts notes by creation time, newest first unless asked', () => {
    expect(noteSortSchema.parse({})).toEqual({ sortBy: 'CREATED_AT', sortOrder: 'DESC' });
    expect(noteSortSchema.parse({ sortOrder: 'ASC' })).toEqual({ sortBy: 'CREATED_AT', sortOrder: 'ASC' });
    expect(issues(noteSortSchema, { sortBy: 'TITLE', sortOrder: 'up' })).toEqual([
      'sortBy: Notes can only be sorted by CREATED_AT',
      'sortOrder: Sort order must be ASC or DESC',
    ]);
  });
});
