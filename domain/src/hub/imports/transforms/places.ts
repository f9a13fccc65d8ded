import {
  CANADIAN_PROVINCE_NAMES,
  COUNTRY_NAMES,
  CanadianProvinceCode,
  US_STATE_NAMES,
  UsStateCode,
} from '../../../shared/regions/regions.js';
import { foldValue } from './result.js';

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

/** A Canadian postal code in its usual form (`h2x1y4` -> `H2X 1Y4`); other codes kept as written. */
export function normalizePostalCode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : text.trim();
}
