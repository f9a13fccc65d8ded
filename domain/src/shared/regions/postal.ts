import {
  CANADIAN_PROVINCE_NAMES,
  COUNTRY_NAMES,
  CanadianProvinceCode,
  US_STATE_NAMES,
  UsStateCode,
  type CountryCode,
} from './regions.js';
import { foldValue } from '../format/words.js';

export type RegionCountry = 'CA' | 'US';

/** French names and old or common abbreviations of the provinces (folded). */
const PROVINCE_SYNONYMS: Readonly<Record<string, CanadianProvinceCode>> = {
  pq: 'QC',
  que: 'QC',
  quebec: 'QC',
  'province de quebec': 'QC',
  'colombie britannique': 'BC',
  'b c': 'BC',
  'nouvelle ecosse': 'NS',
  'nouveau brunswick': 'NB',
  'terre neuve et labrador': 'NL',
  'terre neuve': 'NL',
  newfoundland: 'NL',
  nf: 'NL',
  nfld: 'NL',
  lb: 'NL',
  'ile du prince edouard': 'PE',
  pei: 'PE',
  'p e i': 'PE',
  'territoires du nord ouest': 'NT',
  nwt: 'NT',
  yukon: 'YT',
  'yukon territory': 'YT',
  yk: 'YT',
  ont: 'ON',
  alta: 'AB',
  sask: 'SK',
  man: 'MB',
};

type RegionEntry = readonly [string, { country: RegionCountry; code: string }];

const REGION_LOOKUP: ReadonlyMap<string, { country: RegionCountry; code: string }> = new Map<
  string,
  { country: RegionCountry; code: string }
>([
  ...CanadianProvinceCode.map((code) => [foldValue(code), { country: 'CA' as const, code }] as RegionEntry),
  ...CanadianProvinceCode.map(
    (code) => [foldValue(CANADIAN_PROVINCE_NAMES[code]), { country: 'CA' as const, code }] as RegionEntry,
  ),
  ...Object.entries(PROVINCE_SYNONYMS).map(([name, code]) => [name, { country: 'CA' as const, code }] as RegionEntry),
  ...UsStateCode.map((code) => [foldValue(code), { country: 'US' as const, code }] as RegionEntry),
  ...UsStateCode.map((code) => [foldValue(US_STATE_NAMES[code]), { country: 'US' as const, code }] as RegionEntry),
]);

/**
 * A province or state as its two-letter code (`Québec`, `PQ`, `Colombie-Britannique`, `ontario`,
 * `New York` -> QC, QC, BC, ON, NY), with its country. An unknown region (a foreign one) is kept as
 * written, without a country: the address field is free text.
 */
export function normalizeRegion(text: string): { code: string; country: RegionCountry | null } {
  const found = REGION_LOOKUP.get(foldValue(text));
  return found ?? { code: text.trim(), country: null };
}

const COUNTRY_SYNONYMS: Readonly<Record<string, RegionCountry>> = {
  ca: 'CA',
  can: 'CA',
  canada: 'CA',
  us: 'US',
  usa: 'US',
  'u s': 'US',
  'u s a': 'US',
  'united states': 'US',
  'united states of america': 'US',
  'etats unis': 'US',
  'etats unis d amerique': 'US',
  america: 'US',
};

/** A country as our stored name (`CAN`, `canada` -> Canada; `USA`, `États-Unis` -> United States); others kept as written. */
export function normalizeCountry(text: string): { name: string; country: RegionCountry | null } {
  const country = COUNTRY_SYNONYMS[foldValue(text)];
  return country ? { name: COUNTRY_NAMES[country], country } : { name: text.trim(), country: null };
}

/** The country an address names by code or name ("CA", "Canada", "USA", "United States"). */
export function countryOf(text: string): CountryCode | undefined {
  return normalizeCountry(text).country ?? undefined;
}

/**
 * The postal abbreviation of a Canadian province or territory, or of a US state, written as its
 * code or its name ("on", "Ontario", "New York", "NY"); undefined when it is not one of that country's.
 */
export function regionCodeOf(country: CountryCode, text: string): string | undefined {
  const region = normalizeRegion(text);
  return region.country === country ? region.code : undefined;
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
