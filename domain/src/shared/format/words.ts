/**
 * Words that keep their own spelling wherever a label is built from a stored code: acronyms of
 * Canadian and US plans and programmes, currencies, and brands. A label test checks every label of
 * the catalogue against this list, so `TFSA` never reads 'Tfsa'.
 */
export const KEEP_CASE_WORDS: readonly string[] = [
  'AML',
  'VRSP',
  'UTMA',
  'UGMA',
  'SAFE',
  'RLSP',
  'NRSP',
  'LRSP',
  'ESPP',
  'ESOP',
  'ESA',
  'EPSP',
  'AMF',
  'ATM',
  'AUM',
  'CAD',
  'CPP',
  'CRM',
  'DCPP',
  'DPSP',
  'ETF',
  'FHSA',
  'GIC',
  'HELOC',
  'HSA',
  'IMAP',
  'IPP',
  'IRA',
  'KYC',
  'LIF',
  'LIRA',
  'LRIF',
  'NDEX',
  'OAS',
  'PM',
  'PRIF',
  'QPP',
  'RDSP',
  'RESP',
  'RPP',
  'RRIF',
  'RRSP',
  'RSU',
  'SEO',
  'SMS',
  'SPP',
  'TFSA',
  'TV',
  'URL',
  'US',
  'USD',
  'LinkedIn',
  'YouTube',
  'WhatsApp',
  'iCloud',
  'iFAST',
];

const KEEP_CASE: ReadonlyMap<string, string> = new Map(KEEP_CASE_WORDS.map((word) => [word.toLowerCase(), word]));

/**
 * An upper snake case code as a sentence-case label, keeping the words of `KEEP_CASE_WORDS`:
 * `BANK_FEES_ATM_FEES` -> 'Bank fees ATM fees', `NON_PROFIT` -> 'Non-profit'. The rule for the
 * enumerations too large for a table of their own (Plaid's categories), and the fallback for a
 * stored value no enumeration lists.
 */
export function codeToWords(code: string): string {
  const words = code
    .toLowerCase()
    .replace(/(^|_)non_/g, '$1non-')
    .split(/[_\s]+/)
    .filter((word) => word !== '');
  return words
    .map((word, index) => KEEP_CASE.get(word) ?? (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** Folds a value for comparison with a synonym list: lower case, no accents, single spaces. */
export function foldValue(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9$€£]+/g, ' ')
    .trim();
}

/** Words as a list in a sentence: `a`, `a or b`, `a, b or c` (with `and`: `a, b and c`). */
export function wordList(words: readonly string[], conjunction: 'and' | 'or'): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}
