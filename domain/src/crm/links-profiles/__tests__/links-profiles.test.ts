import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  linksProfileContactSchema,
  LINKS_PROFILE_SLUG_PATTERN,
  profileLinkUrlSchema,
  saveLinksProfileSchema,
} from '../schemas.js';

function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('links profile schemas', () => {
  it('takes a slug trimmed and lower-cased, of single inner hyphens, as the database CHECK does', () => {
    expect(saveLinksProfileSchema.parse({ slug: '  Ada-Lovelace ' })).toEqual({ slug: 'ada-lovelace', links: [] });
    for (const slug of ['ada', 'a1-b2-c3', 'x'.repeat(40)]) expect(LINKS_PROFILE_SLUG_PATTERN.test(slug)).toBe(true);
    for (const slug of ['-ada', 'ada-', 'a--b', 'a_b', 'a b', 'é'])
      expect(LINKS_PROFILE_SLUG_PATTERN.test(slug)).toBe(false);
    expect(issues(saveLinksProfileSchema, { slug: 'ab' })).toEqual(['slug: The address must be 3 to 40 characters']);
    expect(issues(saveLinksProfileSchema, {})).toEqual(['slug: Choose the address of your page']);
  });

  it('reads an address without a scheme as https, and refuses other schemes and hosts without a dot', () => {
    expect(profileLinkUrlSchema.parse(' ada.example.com/about ')).toBe('https://ada.example.com/about');
    expect(profileLinkUrlSchema.parse('http://ada.example.com')).toBe('http://ada.example.com');
    for (const url of ['javascript:alert(1)', 'ftp://files.example.com', 'https://localhost', 'not a link', '']) {
      expect(profileLinkUrlSchema.safeParse(url).success, url).toBe(false);
    }
  });

  it('needs a name and an e-mail on the contact form; an empty phone is none', () => {
    const form = { name: { first: 'Vera', last: 'Visitor' }, email: 'vera@example.com', formToken: '1.x' };
    expect(linksProfileContactSchema.parse({ ...form, phone: { countryCode: '1', number: '' } })).toMatchObject({
      phone: null,
      message: null,
    });
    expect(issues(linksProfileContactSchema, { ...form, email: ' ' })).toEqual([
      'email: Please enter your e-mail address',
    ]);
    expect(issues(linksProfileContactSchema, { ...form, email: 'nope' })).toEqual([
      'email: Please enter a valid email address',
    ]);
  });
});
