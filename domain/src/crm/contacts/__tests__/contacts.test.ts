import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addSocialLinkSchema,
  CONTACT_FORM_DEFAULTS,
  confidenceSchema,
  contactNameSchema,
  contactPhoneNumberSchema,
  createContactSchema,
  createLeadSchema,
  DEFAULT_CONTACT_LINK_TYPE,
  isValidLinkBranch,
  normalizeLinkBranch,
  setAvatarSchema,
  setConfidenceSchema,
  setEmploymentStatusSchema,
  setGenderSchema,
  socialLinkSchema,
  socialLinkUrl,
} from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const lead = {
  type: 'LEAD',
  name: { first: 'Ana', last: 'Silva' },
  teamId: 'team-V1StGXR8_Z5jdHi6B-myT',
  discoveryMethod: 'INBOUND',
  source: 'LINKED_IN',
};

describe('contact name (crm §5)', () => {
  it('requires first and last; middle, preferred and short may be null', () => {
    expect(contactNameSchema.parse({ first: 'Ana', last: 'Silva', middle: null })).toEqual({
      first: 'Ana',
      last: 'Silva',
      middle: null,
      preferred: null,
      short: null,
    });
    expect(issues(contactNameSchema, { first: '', last: '' })).toEqual([
      'first: Please enter first name',
      'last: Please enter last name',
    ]);
    expect(issues(contactNameSchema, undefined)).toEqual([': Name is required']);
  });
});

describe('contact creation (crm §5)', () => {
  it('accepts a lead and normalises the empty optional fields to null', () => {
    expect(createContactSchema.parse(lead)).toEqual({
      ...lead,
      name: { first: 'Ana', last: 'Silva', middle: null, preferred: null, short: null },
      email: null,
      gender: null,
      phoneNumber: null,
      tags: [],
    });
  });

  it('requires a name', () => {
    expect(issues(createContactSchema, { ...lead, name: undefined })).toEqual(['name: Name is required']);
  });

  it('limits the type to OTHER or LEAD', () => {
    for (const type of ['CLIENT', 'PROSPECT', 'ONBOARDING', 'lead', undefined]) {
      expect(issues(createContactSchema, { ...lead, type })).toEqual(['type: Type must be OTHER or LEAD']);
    }
  });

  it('requires discovery method and source for a LEAD only', () => {
    const bare = { ...lead, discoveryMethod: undefined, source: '' };
    expect(issues(createContactSchema, bare)).toEqual([
      'discoveryMethod: Discovery method is required',
      'source: Source is required',
    ]);
    expect(createContactSchema.parse({ ...bare, type: 'OTHER' })).toMatchObject({
      type: 'OTHER',
      discoveryMethod: null,
      source: null,
    });
    expect(issues(createContactSchema, { ...lead, source: 'BILLBOARD', discoveryMethod: 'PSYCHIC' })).toEqual([
      'source: Please select a valid source',
      'discoveryMethod: Please select a valid discovery method',
    ]);
  });

  it('turns an empty gender into null and refuses an unknown one', () => {
    expect(createContactSchema.parse({ ...lead, gender: '' }).gender).toBeNull();
    expect(createContactSchema.parse({ ...lead, gender: 'FEMALE' }).gender).toBe('FEMALE');
    expect(issues(createContactSchema, { ...lead, gender: 'X' })).toEqual(['gender: Please select a valid gender']);
  });

  it('turns an empty phone number into null', () => {
    for (const phoneNumber of [null, '', {}, { number: { countryCode: '1', number: '' } }, { type: 'MOBILE' }]) {
      expect(createContactSchema.parse({ ...lead, phoneNumber }).phoneNumber).toBeNull();
    }
  });

  it('validates a given phone number, defaulting its type to MOBILE; the label has at most 100 characters', () => {
    expect(
      createContactSchema.parse({ ...lead, phoneNumber: { number: { countryCode: '1', number: '4165550100' } } }),
    ).toMatchObject({
      phoneNumber: { number: { countryCode: '1', number: '4165550100' }, type: 'MOBILE', label: null, primary: true },
    });
    expect(
      issues(contactPhoneNumberSchema, {
        number: { countryCode: '1', number: '416-555-CALL' },
        type: 'FAX',
        label: 'x'.repeat(101),
      }),
    ).toEqual([
      'number.number: Phone number must be only digits',
      'type: Please select a valid phone type',
      'label: Label must be at most 100 characters',
    ]);
    expect(
      issues(contactPhoneNumberSchema, { number: { countryCode: '1', number: '4165550100' }, label: 'x'.repeat(100) }),
    ).toEqual([]);
  });

  it('requires a valid e-mail when given, a team, and a URL for the avatar', () => {
    expect(issues(createContactSchema, { ...lead, email: 'ana@' })).toEqual([
      'email: Please enter a valid email address',
    ]);
    expect(createContactSchema.parse({ ...lead, email: ' ana@silva.pt ' }).email).toBe('ana@silva.pt');
    expect(issues(createContactSchema, { ...lead, teamId: '' })).toEqual(['teamId: Team is required']);
    expect(issues(createContactSchema, { ...lead, avatarUrl: 'not a url' })).toEqual([
      'avatarUrl: Avatar must be a valid URL',
    ]);
    expect(createContactSchema.parse({ ...lead, avatarUrl: 'https://cdn.example.com/a.png' }).avatarUrl).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(issues(setAvatarSchema, { avatarUrl: 'ftp//x' })).toEqual(['avatarUrl: Avatar must be a valid URL']);
  });

  it('keeps tags with a nullable emoji', () => {
    expect(createContactSchema.parse({ ...lead, tags: [{ name: 'VIP', type: 'CUSTOM' }] }).tags).toEqual([
      { name: 'VIP', type: 'CUSTOM', emoji: null },
    ]);
    expect(issues(createContactSchema, { ...lead, tags: [{ name: '', type: 'CUSTOM', emoji: '⭐' }] })).toEqual([
      'tags.0.name: Tag name is required',
    ]);
  });

  it('reports every problem at once', () => {
    expect(issues(createContactSchema, { type: 'LEAD', name: { first: 'A' } })).toEqual([
      'name.last: Please enter last name',
      'teamId: Team is required',
      'discoveryMethod: Discovery method is required',
      'source: Source is required',
    ]);
  });

  it('defaults the form to LEAD, INBOUND, LinkedIn, country code 1 and MOBILE', () => {
    expect(CONTACT_FORM_DEFAULTS).toEqual({
      type: 'LEAD',
      discoveryMethod: 'INBOUND',
      source: 'LINKED_IN',
      phoneCountryCode: '1',
      phoneType: 'MOBILE',
    });
  });
});

describe('lead creation (crm §5, §7)', () => {
  it('always requires discovery method and source', () => {
    const { type: _type, ...body } = lead;
    expect(issues(createLeadSchema, body)).toEqual([]);
    expect(issues(createLeadSchema, { ...body, discoveryMethod: null, source: undefined })).toEqual([
      'discoveryMethod: Discovery method is required',
      'source: Source is required',
    ]);
  });
});

describe('contact setters', () => {
  it('sets gender (empty clears it) and employment status', () => {
    expect(setGenderSchema.parse({ gender: '' })).toEqual({ gender: null });
    expect(setGenderSchema.parse({ gender: 'MALE' })).toEqual({ gender: 'MALE' });
    expect(setEmploymentStatusSchema.parse({ employmentStatus: 'RETIRED' })).toEqual({ employmentStatus: 'RETIRED' });
    expect(issues(setEmploymentStatusSchema, { employmentStatus: 'BUSY' })).toEqual([
      'employmentStatus: Please select a valid employment status',
    ]);
  });
});

describe('social links (crm §5)', () => {
  it('defaults the form to Facebook', () => {
    expect(DEFAULT_CONTACT_LINK_TYPE).toBe('Facebook');
  });

  it('accepts a branch after the site prefix', () => {
    expect(socialLinkSchema.parse({ type: 'LinkedIn', branch: 'ana-silva' })).toEqual({
      type: 'LinkedIn',
      branch: 'ana-silva',
    });
    expect(socialLinkUrl({ type: 'LinkedIn', branch: 'ana-silva' })).toBe('https://www.linkedin.com/in/ana-silva');
    expect(socialLinkUrl({ type: 'website', branch: 'silva.pt/about' })).toBe('https://silva.pt/about');
    expect(addSocialLinkSchema.parse({ link: { type: 'YouTube', branch: '@anasilva' } })).toEqual({
      link: { type: 'YouTube', branch: '@anasilva' },
    });
  });

  it('cuts a pasted full address to its branch', () => {
    expect(normalizeLinkBranch('Facebook', ' https://www.facebook.com/ana.silva ')).toBe('ana.silva');
    expect(normalizeLinkBranch('blog', 'http://blog.silva.pt')).toBe('blog.silva.pt');
    expect(socialLinkSchema.parse({ type: 'website', branch: 'https://silva.pt' })).toEqual({
      type: 'website',
      branch: 'silva.pt',
    });
  });

  it("says 'Please enter a valid link' for an empty or malformed branch", () => {
    for (const [type, branch] of [
      ['Facebook', ''],
      ['Facebook', 'ana silva'],
      ['website', 'localhost'],
      ['meeting', 'https://'],
      ['link', 'a b.com'],
    ]) {
      expect(issues(socialLinkSchema, { type, branch })).toEqual(['branch: Please enter a valid link']);
    }
    expect(issues(socialLinkSchema, { type: 'Facebook' })).toEqual(['branch: Please enter a valid link']);
    expect(isValidLinkBranch('Instagram', 'ana')).toBe(true);
  });

  it('takes the type from the list', () => {
    expect(issues(socialLinkSchema, { type: 'TikTok', branch: 'ana' })).toEqual([
      'type: Please select a valid link type',
    ]);
    expect(issues(socialLinkSchema, { type: 'linkedin', branch: 'ana' })).toEqual([
      'type: Please select a valid link type',
    ]);
  });
});

describe('confidence (crm §5)', () => {
  it('is a number from 0 to 100', () => {
    for (const value of [0, 55.5, 100]) expect(confidenceSchema.parse(value)).toBe(value);
    for (const value of [-1, 100.01, '50', null]) {
      expect(issues(confidenceSchema, value)).toEqual([': Confidence must be between 0 and 100']);
    }
    expect(setConfidenceSchema.parse({ confidence: 75 })).toEqual({ confidence: 75 });
  });
});
