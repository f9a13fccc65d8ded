/** Countries, regions and tax jurisdictions (foundations §3). */

export const CountryCode = ['CA', 'US'] as const;
export type CountryCode = (typeof CountryCode)[number];

/** The stored country names (addresses keep a country name, not a code) and the countries' labels. */
export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = { CA: 'Canada', US: 'United States' };

/** Country flags, used in account labels (foundations §9). */
export const COUNTRY_FLAGS: Readonly<Record<CountryCode, string>> = { CA: '🇨🇦', US: '🇺🇸' };

export const TaxJurisdiction = ['FEDERAL_CA', 'FEDERAL_US'] as const;
export type TaxJurisdiction = (typeof TaxJurisdiction)[number];

export const TAX_JURISDICTION_LABELS: Readonly<Record<TaxJurisdiction, string>> = {
  FEDERAL_CA: 'Federal (Canada)',
  FEDERAL_US: 'Federal (United States)',
};

/** Canadian provinces for tax, with FEDERAL for the federal rates. Territories are not listed. */
export const TaxProvince = [
  'ALBERTA',
  'BRITISH_COLUMBIA',
  'FEDERAL',
  'MANITOBA',
  'NEWFOUNDLAND_AND_LABRADOR',
  'NEW_BRUNSWICK',
  'NOVA_SCOTIA',
  'ONTARIO',
  'PEI',
  'QUEBEC',
  'SASKATCHEWAN',
] as const;
export type TaxProvince = (typeof TaxProvince)[number];

export const TAX_PROVINCE_LABELS: Readonly<Record<TaxProvince, string>> = {
  ALBERTA: 'Alberta',
  BRITISH_COLUMBIA: 'British Columbia',
  FEDERAL: 'Federal',
  MANITOBA: 'Manitoba',
  NEWFOUNDLAND_AND_LABRADOR: 'Newfoundland and Labrador',
  NEW_BRUNSWICK: 'New Brunswick',
  NOVA_SCOTIA: 'Nova Scotia',
  ONTARIO: 'Ontario',
  PEI: 'Prince Edward Island',
  QUEBEC: 'Quebec',
  SASKATCHEWAN: 'Saskatchewan',
};

/** Canadian provinces and territories by postal abbreviation. */
export const CanadianProvinceCode = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
export type CanadianProvinceCode = (typeof CanadianProvinceCode)[number];

export const CANADIAN_PROVINCE_NAMES: Readonly<Record<CanadianProvinceCode, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** The tax province of each province; the territories have none in the tax list. */
export const TAX_PROVINCE_BY_PROVINCE_CODE: Readonly<Partial<Record<CanadianProvinceCode, TaxProvince>>> = {
  AB: 'ALBERTA',
  BC: 'BRITISH_COLUMBIA',
  MB: 'MANITOBA',
  NB: 'NEW_BRUNSWICK',
  NL: 'NEWFOUNDLAND_AND_LABRADOR',
  NS: 'NOVA_SCOTIA',
  ON: 'ONTARIO',
  PE: 'PEI',
  QC: 'QUEBEC',
  SK: 'SASKATCHEWAN',
};

/** The 50 US states and the District of Columbia, by postal abbreviation. */
export const UsStateCode = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsStateCode = (typeof UsStateCode)[number];

export const US_STATE_NAMES: Readonly<Record<UsStateCode, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

export interface Region {
  country: CountryCode;
  code: string;
  name: string;
}

/** Every region, Canadian first, each in code order as listed above. */
export const REGIONS: readonly Region[] = [
  ...CanadianProvinceCode.map((code) => ({ country: 'CA' as const, code, name: CANADIAN_PROVINCE_NAMES[code] })),
  ...UsStateCode.map((code) => ({ country: 'US' as const, code, name: US_STATE_NAMES[code] })),
];

/** The region of a country by code, e.g. `findRegion('CA', 'ON')`; undefined when unknown. */
export function findRegion(country: CountryCode, code: string): Region | undefined {
  return REGIONS.find((region) => region.country === country && region.code === code);
}
