import {
  CANADIAN_PROVINCE_NAMES,
  COUNTRY_NAMES,
  CanadianProvinceCode,
  US_STATE_NAMES,
  UsStateCode,
  type CountryCode,
} from './regions.js';

/** Letters and digits only, lower-cased, so that "U.S.A." and "usa", "P.E.I." and "pei" read alike. */
function key(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The other ways a country is written on an address; the stored name is `COUNTRY_NAMES`. */
const COUNTRY_ALIASES: Readonly<Record<CountryCode, readonly string[]>> = {
  CA: ['ca', 'can', 'canada'],
  US: ['us', 'usa', 'unitedstates', 'unitedstatesofamerica'],
};

/** The country an address names by code or name ("CA", "Canada", "USA", "United States"). */
export function countryOf(text: string): CountryCode | undefined {
  const wanted = key(text);
  return (Object.keys(COUNTRY_ALIASES) as CountryCode[]).find(
    (code) => COUNTRY_ALIASES[code].includes(wanted) || key(COUNTRY_NAMES[code]) === wanted,
  );
}

/**
 * The postal abbreviation of a Canadian province or territory, or of a US state, written as its
 * code or its name ("on", "Ontario", "New York", "NY"); undefined when the country has none such.
 */
export function regionCodeOf(country: CountryCode, text: string): string | undefined {
  const [codes, names]: [readonly string[], Readonly<Record<string, string>>] =
    country === 'CA' ? [CanadianProvinceCode, CANADIAN_PROVINCE_NAMES] : [UsStateCode, US_STATE_NAMES];
  const wanted = key(text);
  return codes.find((code) => key(code) === wanted || key(names[code]!) === wanted);
}

/**
 * Canada Post's form: letter, digit, letter, space, digit, letter, digit. The letters D, F, I, O, Q
 * and U are never used, and W and Z never begin a code.
 */
const CANADIAN_POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z])([0-9][ABCEGHJ-NPRSTV-Z][0-9])$/;
/** A US ZIP code: five digits, or ZIP+4 (five digits, a hyphen, four digits). */
const US_ZIP_CODE = /^([0-9]{5})(?:-?([0-9]{4}))?$/;

/**
 * The postal code in its country's written form ("m5v2t6" -> "M5V 2T6", "123456789" ->
 * "12345-6789"), or undefined when it is not one of that country's codes.
 */
export function normalizedPostalCode(country: CountryCode, text: string): string | undefined {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  if (country === 'CA') {
    const match = CANADIAN_POSTAL_CODE.exec(compact);
    return match ? `${match[1]} ${match[2]}` : undefined;
  }
  const match = US_ZIP_CODE.exec(compact);
  if (!match) return undefined;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}
