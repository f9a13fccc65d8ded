import { isValidEmail } from '../../../shared/input/email.js';
import { ContactMessage } from '../../../crm/contacts/schemas.js';
import { fail, foldValue, ImportMessage, ok, type TransformResult } from './result.js';

const TRUE_WORDS = new Set([
  'yes',
  'y',
  'true',
  't',
  '1',
  'x',
  'v',
  'oui',
  'o',
  'done',
  'checked',
  'completed',
  'vrai',
]);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0', 'non', 'not done', 'unchecked', 'faux']);

/** Yes/no in the spellings exports use (monday's `v` checkbox, Zoho's 1/0, French oui/non). */
export function parseBoolean(text: string): TransformResult<boolean> {
  const key = foldValue(text);
  if (TRUE_WORDS.has(key)) return ok(true);
  if (FALSE_WORDS.has(key)) return ok(false);
  return fail(ImportMessage.booleanInvalid);
}

/** An e-mail address, lower-cased, checked with the domain's e-mail rule (foundations §5). */
export function parseEmail(text: string): TransformResult<string> {
  const value = text
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
  return isValidEmail(value) ? ok(value) : fail(ContactMessage.emailInvalid);
}

/**
 * A full name split into first and last: `Last, First` on its comma, otherwise the last word is
 * the last name (`Marie-Ève de la Fontaine` -> first `Marie-Ève de la`, last `Fontaine`).
 */
export function splitFullName(text: string): { firstName: string | null; lastName: string | null } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { firstName: null, lastName: null };
  const comma = trimmed.indexOf(',');
  if (comma > 0) {
    return { lastName: trimmed.slice(0, comma).trim() || null, firstName: trimmed.slice(comma + 1).trim() || null };
  }
  const space = trimmed.lastIndexOf(' ');
  if (space < 0) return { firstName: null, lastName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/** Splits a multi-value cell (`a@x.com, b@x.com`; monday tags) on a separator, dropping blanks. */
export function splitValues(text: string, separator: string): string[] {
  return text
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A value through a synonym map (keys folded: case, accents and punctuation ignored). Unknown
 * values fail with `message`, so an enum never receives a value it does not hold, unless the map has
 * a `*` fallback.
 */
export function mapValue<T extends string>(
  text: string,
  map: Readonly<Record<string, T | null>>,
  message: string = ImportMessage.valueNotInList,
): TransformResult<T | null> {
  const folded = foldedSynonyms(map);
  const key = foldValue(text);
  if (folded.has(key)) return ok(folded.get(key) as T | null);
  const fallback = map['*'];
  return fallback === undefined ? fail(message) : ok(fallback);
}

/** Each synonym map folded once (the first synonym of a folded key wins, as the map's order says). */
const FOLDED_MAPS = new WeakMap<object, Map<string, string | null>>();

function foldedSynonyms(map: Readonly<Record<string, string | null>>): Map<string, string | null> {
  let folded = FOLDED_MAPS.get(map);
  if (!folded) {
    folded = new Map();
    for (const [synonym, value] of Object.entries(map)) {
      const key = foldValue(synonym);
      if (synonym !== '*' && !folded.has(key)) folded.set(key, value);
    }
    FOLDED_MAPS.set(map, folded);
  }
  return folded;
}
