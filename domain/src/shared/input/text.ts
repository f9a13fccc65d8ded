import { z } from 'zod';
import type { ErrorDetail } from '../errors/domain-error.js';

/**
 * The text primitive every input schema is built from. PostgreSQL refuses a NUL in text and
 * nothing a person types contains the other C0 controls, so they are refused at the door with a
 * message, never passed on to fail in the database; each kind of text has a maximum length, so
 * no field takes a megabyte.
 */

/** The kinds of free text and their maximum lengths, in characters. */
export const TEXT_LIMITS = {
  /** Names of things and people, titles, labels, short free text: one line. */
  line: 200,
  /** Identifiers: ids, account and reference numbers, codes: one line. */
  identifier: 100,
  /** E-mail addresses (RFC 5321's 254 octets for a path, rounded up). */
  email: 320,
  /** Web addresses. */
  url: 2_048,
  /** Descriptions, messages, agenda items: several lines. */
  paragraph: 5_000,
  /** Notes and other long text: several lines. */
  note: 50_000,
} as const;
export type TextKind = keyof typeof TEXT_LIMITS;

/** Kinds that may span several lines (line feeds, carriage returns and tabs allowed). */
const MULTI_LINE_KINDS: ReadonlySet<TextKind> = new Set<TextKind>(['paragraph', 'note']);

export const TextMessage = {
  controlCharacters: 'Text must not contain control characters',
  oneLine: 'Text must be on one line',
  notUnicode: 'Text must be valid Unicode',
  tooLong: (max: number) => `Text must be at most ${max.toLocaleString('en-US')} characters`,
  urlScheme: 'A web address must start with https:// or http://',
} as const;

/** Control characters no text may hold: the C0 set but tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ANYWHERE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Line breaks and tabs, refused in one-line text. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;
/** A UTF-16 surrogate without its pair: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `value` holds any C0 control character (tab and line breaks included) or DEL: what no
 * one-line value, such as a URL path or an id, may hold.
 */
export function hasControlCharacter(value: string): boolean {
  return FORBIDDEN_ANYWHERE.test(value) || /[\t\n\r]/.test(value);
}

/** Why `value` is refused as text of `kind`, or undefined when it is fine (length aside). */
export function textProblem(value: string, kind: TextKind = 'paragraph'): string | undefined {
  if (FORBIDDEN_ANYWHERE.test(value)) return TextMessage.controlCharacters;
  if (LONE_SURROGATE.test(value)) return TextMessage.notUnicode;
  if (!MULTI_LINE_KINDS.has(kind) && LINE_BREAKS.test(value)) return TextMessage.oneLine;
  return undefined;
}

export interface TextOptions {
  /** The kind of text; `line` unless given. */
  kind?: TextKind;
  /** A maximum other than the kind's, with its own message (the spec's 50-character name parts). */
  max?: number;
  tooLong?: string;
}

/**
 * The character rule of `kind` as a refinement, for a string schema with rules of its own
 * (`z.string().trim().min(3, …).superRefine(textRule('line'))`).
 */
export function textRule(kind: TextKind = 'line') {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** Adds the character and length rules of `options` to a trimmed string schema. */
function checked(schema: z.ZodString, options: TextOptions = {}): z.ZodString {
  const kind = options.kind ?? 'line';
  const max = options.max ?? TEXT_LIMITS[kind];
  return schema.max(max, options.tooLong ?? TextMessage.tooLong(max)).superRefine(textRule(kind));
}

/** Text that may be empty: trimmed, checked; `message` for a missing or non-string value. */
export function freeText(options: TextOptions & { message?: string } = {}): z.ZodString {
  return checked(options.message ? z.string({ error: options.message }).trim() : z.string().trim(), options);
}

/**
 * The schemes a stored web address may have. Whatever the API stores as an address ends up in an
 * `href` or an `<img src>`: `javascript:` would run script in the dashboard, `data:` and `blob:`
 * would carry a whole page, `file:` and the rest lead nowhere a person can follow.
 */
export const WEB_ADDRESS_SCHEMES: readonly string[] = ['https:', 'http:'];

/**
 * Why `value` is not a web address: `'unreadable'` when it does not parse as an absolute URL,
 * `'scheme'` when its scheme is not http or https; undefined when it is one.
 */
export function webAddressProblem(value: string): 'unreadable' | 'scheme' | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'unreadable';
  }
  if (!WEB_ADDRESS_SCHEMES.includes(url.protocol)) return 'scheme';
  return url.hostname ? undefined : 'unreadable';
}

/**
 * The one primitive for a web address the API stores (an avatar, a link, a custom field's URL):
 * trimmed, at most `TEXT_LIMITS.url` characters, http or https only (`TextMessage.urlScheme`
 * otherwise); anything unreadable gets `message`. `hostname`, when given, is a rule the host must
 * also meet (answered with `message`).
 */
export function urlSchema(message: string, options: { hostname?: RegExp } = {}) {
  return z
    .string({ error: message })
    .trim()
    .max(TEXT_LIMITS.url, message)
    .superRefine((value, ctx) => {
      const problem = webAddressProblem(value);
      if (problem === 'scheme') ctx.addIssue({ code: 'custom', message: TextMessage.urlScheme });
      else if (
        problem ||
        textProblem(value, 'url') ||
        (options.hostname && !options.hostname.test(new URL(value).hostname))
      ) {
        ctx.addIssue({ code: 'custom', message });
      }
    })
    .meta({ format: 'uri' });
}

/** Text that must not be blank; missing, non-string and blank input all get `message`. */
export function requiredString(message: string, options: TextOptions = {}): z.ZodString {
  return checked(z.string({ error: message }).trim().min(1, message), options);
}

/** Text that may be absent or null; blank becomes null. */
export function optionalText(options: TextOptions = {}) {
  return checked(z.string().trim(), options)
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

/**
 * Every string of a parsed request (body, query or path), at any depth, keys included, checked
 * for the characters no text may hold: the guard every route inherits before its own schema.
 */
export function controlCharacterProblems(input: unknown, path: string[] = [], depth = 0): ErrorDetail[] {
  if (typeof input === 'string') {
    const problem = textProblem(input);
    return problem ? [{ path: path.join('.'), message: problem }] : [];
  }
  // JSON nested this deep is refused by the route's schema; don't recurse without bound.
  if (depth > 64 || input === null || typeof input !== 'object' || ArrayBuffer.isView(input)) return [];
  const problems: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(input)) {
    const keyProblem = textProblem(key);
    if (keyProblem) problems.push({ path: [...path, key].join('.'), message: keyProblem });
    problems.push(...controlCharacterProblems(value, [...path, key], depth + 1));
    if (problems.length >= 20) break;
  }
  return problems;
}
