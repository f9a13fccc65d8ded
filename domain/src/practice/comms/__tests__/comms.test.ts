import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId, EntityType } from '../../../shared/ids/canonical-id.js';
import { contactEmailThreadsQuerySchema, messageText, updateEmailThreadsSchema } from '../index.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('POST /comms/update-email-threads', () => {
  const connectionId = newId(EntityType.connection);

  it('takes 1 to 50 addresses, lower-cased and each once', () => {
    expect(updateEmailThreadsSchema.parse({ connectionId, emails: ['Ana@Example.test', 'ana@example.test'] })).toEqual({
      connectionId,
      emails: ['ana@example.test'],
    });
  });

  it('refuses a wrong address with the spec’s message, and no or too many addresses', () => {
    expect(messages(updateEmailThreadsSchema.safeParse({ connectionId, emails: ['ana@', 'b@c.test'] }))).toEqual([
      'emails.0: Please enter a valid email address',
    ]);
    expect(messages(updateEmailThreadsSchema.safeParse({ connectionId, emails: [] }))).toEqual([
      'emails: Give at least one e-mail address',
    ]);
    const many = Array.from({ length: 51 }, (_, index) => `person${index}@example.test`);
    expect(messages(updateEmailThreadsSchema.safeParse({ connectionId, emails: many }))).toEqual([
      'emails: Give at most 50 e-mail addresses at a time',
    ]);
    expect(
      messages(updateEmailThreadsSchema.safeParse({ connectionId: 'connection-1', emails: ['a@b.test'] })),
    ).toEqual(['connectionId: Invalid connection id']);
  });
});

describe('a contact’s threads query', () => {
  it('pages by at most 50', () => {
    expect(contactEmailThreadsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(messages(contactEmailThreadsQuerySchema.safeParse({ limit: '51' }))).toEqual([
      'limit: Limit must be a whole number from 1 to 50',
    ]);
  });
});

describe('messageText', () => {
  it('shows a message’s HTML as text, its scripts and styles dropped', () => {
    const html =
      '<html><head><title>x</title><style>p{color:red}</style></head><body><p>Hello&nbsp;Ana,</p>' +
      '<div>Your <b>RRSP</b> &amp; TFSA &lt;review&gt;<br>is on Tuesday &#8212; 10&#x3a;00.</div>' +
      '<script>alert(1)</script><!-- hidden --><p></p><p>Marc</p></body></html>';
    expect(messageText(html)).toBe('Hello Ana,\nYour RRSP & TFSA <review>\nis on Tuesday — 10:00.\n\nMarc');
  });

  it('reads the punctuation and French letters mail programs write as references', () => {
    expect(messageText('<p>Oui &mdash; l&rsquo;&Eacute;t&eacute; &hellip; &laquo;&nbsp;REER&nbsp;&raquo;</p>')).toBe(
      'Oui — l’Été … « REER »',
    );
  });

  it('leaves plain text and unknown references as they are', () => {
    expect(messageText('Plain text & more &bogus; &#0;')).toBe('Plain text & more &bogus; &#0;');
  });
});
