import { parseImportDate, type DateOrder } from './dates.js';
import { ok, type TransformResult } from './result.js';

/**
 * The bytes Windows-1252 gives the characters it puts in 0x80-0x9F: UTF-8 text read as
 * Windows-1252 (what a spreadsheet does with a file it takes for "ANSI") shows them there
 * (`â€™` for `’`).
 */
const WINDOWS_1252_BYTES: ReadonlyMap<string, number> = new Map([
  ['€', 0x80],
  ['‚', 0x82],
  ['ƒ', 0x83],
  ['„', 0x84],
  ['…', 0x85],
  ['†', 0x86],
  ['‡', 0x87],
  ['ˆ', 0x88],
  ['‰', 0x89],
  ['Š', 0x8a],
  ['‹', 0x8b],
  ['Œ', 0x8c],
  ['Ž', 0x8e],
  ['‘', 0x91],
  ['’', 0x92],
  ['“', 0x93],
  ['”', 0x94],
  ['•', 0x95],
  ['–', 0x96],
  ['—', 0x97],
  ['˜', 0x98],
  ['™', 0x99],
  ['š', 0x9a],
  ['›', 0x9b],
  ['œ', 0x9c],
  ['ž', 0x9e],
  ['Ÿ', 0x9f],
]);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** One round of undoing a double read: the text's characters as bytes, read again as UTF-8; null when they are not. */
function undoOneRead(text: string): string | null {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x100 ? code : WINDOWS_1252_BYTES.get(char);
    if (byte === undefined) return null;
    bytes.push(byte);
  }
  try {
    return strictUtf8.decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/**
 * Text that is UTF-8 read twice (`JosÃ©` for `José`, `Ã‰milie` for `Émilie`), repaired; null when
 * the text is not such (plain ASCII, or accents that are really there: `José` as Latin-1 bytes is
 * not valid UTF-8, so it is left alone). Undoes up to two reads, as a file saved twice by a
 * spreadsheet shows.
 */
export function repairDoubleUtf8(text: string): string | null {
  // Only text with a lead byte of a UTF-8 sequence read as a character (Â-ô) can be one.
  if (!/[\u00c2-\u00f4]/.test(text)) return null;
  let current = text;
  for (let round = 0; round < 2; round += 1) {
    const next = undoOneRead(current);
    if (next === null || next === current) break;
    current = next;
  }
  return current === text ? null : current;
}

/**
 * A US ZIP code as written: five digits, or ZIP+4. A spreadsheet that took the ZIP for a number
 * dropped its leading zero (`2134` for Boston's `02134`), which is given back; other codes are kept
 * as written.
 */
export function normalizeUsZip(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{3,5})(?:[-\s]?(\d{4}))?$/.exec(trimmed);
  if (!match) return trimmed;
  const [, zip = '', plus4] = match;
  // Three or four digits are a ZIP that lost its leading zeros (00501, 02134).
  const five = zip.padStart(5, '0');
  return plus4 === undefined ? five : `${five}-${plus4}`;
}

/**
 * A birth date: as any import date, but never in the future. A two-digit year is the latest year
 * ending so that is not after `today` (`3/14/52` is 1952, `1/2/24` is 2024 when read in 2026,
 * `1/2/30` is 1930).
 */
export function parseBirthDate(text: string, order: DateOrder, today: Date = new Date()): TransformResult<string> {
  const parsed = parseImportDate(text, order);
  if (!parsed.ok) return parsed;
  const todayIso = today.toISOString().slice(0, 10);
  const year = Number(parsed.value.slice(0, 4));
  // Only a year the text did not spell out in four digits was guessed, so only it moves.
  if (parsed.value > todayIso && !text.includes(String(year))) {
    return ok(`${String(year - 100).padStart(4, '0')}${parsed.value.slice(4)}`);
  }
  return parsed;
}

/** A tag cell's tags: split on commas or semicolons (exports use either), trimmed, repeats dropped. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}
