import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customFieldValueSchema } from '../../../crm/custom-fields/schemas.js';
import { setAvatarSchema } from '../../../crm/contacts/schemas.js';
import { profileLinkUrlSchema } from '../../../crm/links-profiles/schemas.js';
import { TEXT_LIMITS, TextMessage, urlSchema } from '../text.js';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const INVALID = 'Please enter a web address';

/** Addresses a browser would run, inline or hand to another program: none may be stored. */
const NOT_WEB = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/png;base64,iVBORw0KGgo=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://example.com/1234',
  'ftp://example.com/file',
  'mailto:ann@example.com',
];

describe('the web address primitive', () => {
  it('takes http and https addresses, trimmed', () => {
    const schema = urlSchema(INVALID);
    expect(schema.parse('https://example.com/a?b=c#d')).toBe('https://example.com/a?b=c#d');
    expect(schema.parse('  http://example.com  ')).toBe('http://example.com');
    expect(schema.parse('HTTPS://EXAMPLE.COM/X')).toBe('HTTPS://EXAMPLE.COM/X');
  });

  it('refuses every other scheme with a message naming the two it takes', () => {
    for (const address of NOT_WEB) {
      expect(messages(urlSchema(INVALID), address), address).toEqual([TextMessage.urlScheme]);
    }
  });

  it('answers the field’s own message for what is not an address, too long or with control characters', () => {
    for (const bad of ['', 'example', 'https://', 'http://exa mple.com', 'https://example.com/\u0000', 42, null]) {
      expect(messages(urlSchema(INVALID), bad), String(bad)).toEqual([INVALID]);
    }
    expect(messages(urlSchema(INVALID), `https://example.com/${'a'.repeat(TEXT_LIMITS.url)}`)).toEqual([INVALID]);
    // The URL parser drops tabs and line breaks; the primitive does not let them through.
    expect(messages(urlSchema(INVALID), 'https://exam\nple.com')).toEqual([INVALID]);
  });

  it('is what every stored address goes through: contact avatars, links-page links, URL custom fields', () => {
    const urlField = customFieldValueSchema({ type: 'EXTERNAL_URL', options: [] });
    for (const address of NOT_WEB) {
      expect(messages(setAvatarSchema, { avatarUrl: address }), address).toEqual([TextMessage.urlScheme]);
      expect(messages(profileLinkUrlSchema, address), address).toEqual([TextMessage.urlScheme]);
      expect(messages(urlField, address), address).toEqual([TextMessage.urlScheme]);
    }
    expect(profileLinkUrlSchema.parse('example.com/me')).toBe('https://example.com/me');
    expect(urlField.parse('https://example.com')).toBe('https://example.com');
    expect(setAvatarSchema.parse({ avatarUrl: 'https://cdn.example.com/a.png' })).toEqual({
      avatarUrl: 'https://cdn.example.com/a.png',
    });
  });
});
