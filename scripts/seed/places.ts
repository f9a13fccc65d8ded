// Places for the demo organization's clients (names are in names.ts). Phone numbers use the
// 555-01xx exchange, which North American numbering reserves for fiction; e-mail addresses use the
// example domains (RFC 2606).
import type { CanadianProvinceCode, CountryCode, UsStateCode } from '@meridian/domain';
import type { Random } from './random.js';

export interface City {
  name: string;
  country: CountryCode;
  /** Province or state postal abbreviation. */
  region: CanadianProvinceCode | UsStateCode;
  /** Canada: first letter of the postal code; US: first three digits of the ZIP code. */
  postalPrefixes: readonly string[];
  areaCodes: readonly string[];
  timeZone: string;
  /** Typical price of a family home, in the country's currency. */
  homePrice: readonly [number, number];
  /** Relative number of clients living there. */
  weight: number;
  /** Street names are French in Quebec. */
  french?: boolean;
}

// Canadian cities: the letter of the postal code follows the province (M Toronto, H Montreal...).
// Postal prefixes here are the forward sortation area's first two characters.
export const CANADIAN_CITIES: readonly City[] = [
  city('Toronto', 'CA', 'ON', ['M4', 'M5', 'M6'], ['416', '647'], 'America/Toronto', [950_000, 2_400_000], 16),
  city('Mississauga', 'CA', 'ON', ['L4', 'L5'], ['905', '289'], 'America/Toronto', [850_000, 1_600_000], 6),
  city('Ottawa', 'CA', 'ON', ['K1', 'K2'], ['613', '343'], 'America/Toronto', [600_000, 1_150_000], 7),
  city('Hamilton', 'CA', 'ON', ['L8', 'L9'], ['905', '289'], 'America/Toronto', [650_000, 1_100_000], 3),
  city('London', 'CA', 'ON', ['N5', 'N6'], ['519', '226'], 'America/Toronto', [550_000, 900_000], 2),
  city(
    'Montréal',
    'CA',
    'QC',
    ['H1', 'H2', 'H3', 'H4'],
    ['514', '438'],
    'America/Toronto',
    [500_000, 1_200_000],
    8,
    true,
  ),
  city('Québec', 'CA', 'QC', ['G1', 'G2'], ['418', '581'], 'America/Toronto', [350_000, 650_000], 2, true),
  city('Gatineau', 'CA', 'QC', ['J8', 'J9'], ['819', '873'], 'America/Toronto', [400_000, 650_000], 1, true),
  city('Vancouver', 'CA', 'BC', ['V5', 'V6'], ['604', '778'], 'America/Vancouver', [1_300_000, 3_200_000], 9),
  city('Victoria', 'CA', 'BC', ['V8', 'V9'], ['250', '778'], 'America/Vancouver', [850_000, 1_500_000], 2),
  city('Kelowna', 'CA', 'BC', ['V1'], ['250', '236'], 'America/Vancouver', [700_000, 1_200_000], 1),
  city('Calgary', 'CA', 'AB', ['T2', 'T3'], ['403', '587'], 'America/Edmonton', [520_000, 1_050_000], 6),
  city('Edmonton', 'CA', 'AB', ['T5', 'T6'], ['780', '587'], 'America/Edmonton', [400_000, 750_000], 4),
  city('Winnipeg', 'CA', 'MB', ['R2', 'R3'], ['204', '431'], 'America/Winnipeg', [350_000, 600_000], 2),
  city('Saskatoon', 'CA', 'SK', ['S7'], ['306', '639'], 'America/Regina', [350_000, 550_000], 1),
  city('Regina', 'CA', 'SK', ['S4'], ['306', '639'], 'America/Regina', [300_000, 500_000], 1),
  city('Halifax', 'CA', 'NS', ['B3'], ['902', '782'], 'America/Halifax', [450_000, 800_000], 2),
  city('Moncton', 'CA', 'NB', ['E1'], ['506'], 'America/Moncton', [300_000, 500_000], 1),
  city("St. John's", 'CA', 'NL', ['A1'], ['709'], 'America/St_Johns', [300_000, 550_000], 1),
  city('Charlottetown', 'CA', 'PE', ['C1'], ['902', '782'], 'America/Halifax', [320_000, 550_000], 1),
];

export const US_CITIES: readonly City[] = [
  city(
    'New York',
    'US',
    'NY',
    ['100', '101', '102', '103', '104'],
    ['212', '646'],
    'America/New_York',
    [900_000, 3_000_000],
    5,
  ),
  city('Buffalo', 'US', 'NY', ['142'], ['716'], 'America/New_York', [250_000, 500_000], 2),
  city('Boston', 'US', 'MA', ['021'], ['617', '857'], 'America/New_York', [800_000, 1_800_000], 3),
  city('Chicago', 'US', 'IL', ['606'], ['312', '773'], 'America/Chicago', [400_000, 1_000_000], 3),
  city('Detroit', 'US', 'MI', ['482'], ['313'], 'America/Detroit', [250_000, 550_000], 1),
  city('Minneapolis', 'US', 'MN', ['554'], ['612'], 'America/Chicago', [350_000, 700_000], 1),
  city('Seattle', 'US', 'WA', ['981'], ['206'], 'America/Los_Angeles', [800_000, 1_600_000], 3),
  city('San Francisco', 'US', 'CA', ['941'], ['415', '628'], 'America/Los_Angeles', [1_200_000, 3_000_000], 2),
  city('Miami', 'US', 'FL', ['331'], ['305', '786'], 'America/New_York', [500_000, 1_500_000], 2),
  city('Austin', 'US', 'TX', ['787'], ['512', '737'], 'America/Chicago', [450_000, 900_000], 2),
  city('Denver', 'US', 'CO', ['802'], ['303', '720'], 'America/Denver', [550_000, 1_000_000], 1),
  city('Phoenix', 'US', 'AZ', ['850'], ['602', '480'], 'America/Phoenix', [400_000, 800_000], 1),
];

function city(
  name: string,
  country: CountryCode,
  region: City['region'],
  postalPrefixes: readonly string[],
  areaCodes: readonly string[],
  timeZone: string,
  homePrice: readonly [number, number],
  weight: number,
  french = false,
): City {
  return { name, country, region, postalPrefixes, areaCodes, timeZone, homePrice, weight, french };
}

export function pickCity(random: Random, country: CountryCode): City {
  const cities = country === 'CA' ? CANADIAN_CITIES : US_CITIES;
  return random.weighted(cities.map((entry) => [entry, entry.weight] as const));
}

export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = { CA: 'Canada', US: 'United States' };

// Letters Canada Post uses: never D, F, I, O, Q or U (and W, Z never first, which the city fixes).
const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** `M5V 2T6` in Canada, `02116` in the United States. */
export function postalCode(random: Random, place: City): string {
  const prefix = random.pick(place.postalPrefixes);
  if (place.country === 'US') return `${prefix}${random.digits(2)}`;
  const letter = () => POSTAL_LETTERS[random.int(0, POSTAL_LETTERS.length - 1)]!;
  return `${prefix}${letter()} ${random.int(0, 9)}${letter()}${random.int(0, 9)}`;
}

/** Ten digits in a fictional range: area code, 555, 01xx. */
export function phoneNumber(random: Random, place: City): string {
  return `${random.pick(place.areaCodes)}55501${random.digits(2)}`;
}

const STREETS = [
  'Maple Avenue',
  'Oak Street',
  'King Street West',
  'Queen Street East',
  'Birch Crescent',
  'Cedar Court',
  'Lakeshore Road',
  'Highland Avenue',
  'Park Lane',
  'Willow Way',
  'Victoria Street',
  'Church Street',
  'Main Street',
  'Pine Ridge Drive',
  'Riverside Drive',
  'Elm Grove',
  'Hillcrest Avenue',
  'Spruce Street',
  'Harbour View Road',
  'Meadowbrook Lane',
  'Orchard Road',
  'College Street',
  'Summit Avenue',
  'Aspen Place',
];
const FRENCH_STREETS = [
  'rue Saint-Denis',
  'boulevard Saint-Laurent',
  'avenue du Parc',
  'rue Sherbrooke Ouest',
  'rue Laurier Est',
  'chemin Sainte-Foy',
  'avenue des Érables',
  'rue de la Montagne',
  'boulevard René-Lévesque',
  'rue Principale',
];

export function streetLine(random: Random, place: City): string {
  return place.french
    ? `${random.int(10, 9800)}, ${random.pick(FRENCH_STREETS)}`
    : `${random.int(10, 9800)} ${random.pick(STREETS)}`;
}

export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  province: string;
  postalCode: string;
  countryName: string;
}

export function homeAddress(random: Random, place: City): Address {
  return {
    line1: streetLine(random, place),
    line2: random.chance(0.15) ? `${place.french ? 'App.' : 'Unit'} ${random.int(101, 2408)}` : null,
    city: place.name,
    province: place.region,
    postalCode: postalCode(random, place),
    countryName: COUNTRY_NAMES[place.country],
  };
}

/** `Côté` -> `cote`, `O'Brien` -> `obrien`: the local part of a made-up e-mail address. */
export function emailLocalPart(...parts: readonly string[]): string {
  return parts
    .map((part) =>
      part
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .filter((part) => part.length > 0)
    .join('.');
}

export const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

// ─── Employers and institutions ───────────────────────────────────────────────────────────────

/** Invented employers (no real company is implied to employ anyone). */
export const EMPLOYERS = [
  { name: 'Northwind Logistics', titles: ['Operations Manager', 'Logistics Analyst', 'Fleet Supervisor'] },
  {
    name: 'Lakeshore Health Network',
    titles: ['Registered Nurse', 'Physician', 'Pharmacist', 'Hospital Administrator'],
  },
  { name: 'Boreal Engineering Group', titles: ['Civil Engineer', 'Project Engineer', 'Engineering Director'] },
  {
    name: 'Granite Peak Software',
    titles: ['Software Developer', 'Product Manager', 'Engineering Manager', 'Data Scientist'],
  },
  { name: 'Harbourfront Legal LLP', titles: ['Associate Lawyer', 'Partner', 'Paralegal'] },
  { name: 'Prairie Grain Co-operative', titles: ['Agronomist', 'Controller', 'Sales Manager'] },
  { name: 'Cobalt Energy Services', titles: ['Petroleum Engineer', 'Field Supervisor', 'Geologist'] },
  { name: 'Summit Public School Board', titles: ['Teacher', 'Vice-Principal', 'Principal'] },
  { name: 'Riverbend University', titles: ['Professor', 'Research Associate', 'Registrar'] },
  { name: 'Evergreen Retail Group', titles: ['Store Manager', 'Buyer', 'Regional Director'] },
  { name: 'Beacon Accounting Partners', titles: ['Chartered Accountant', 'Tax Manager', 'Audit Senior'] },
  { name: 'Atlas Aerospace', titles: ['Aerospace Engineer', 'Quality Manager', 'Machinist'] },
  { name: 'Municipal Transit Authority', titles: ['Planner', 'Maintenance Supervisor', 'Policy Analyst'] },
  { name: 'Silverline Media', titles: ['Producer', 'Marketing Director', 'Graphic Designer'] },
] as const;

/** Government and public-sector employers with defined-benefit plans (invented plan names). */
export const PUBLIC_EMPLOYERS = [
  { name: 'Provincial Health Authority', plan: 'Healthcare Employees Pension Plan' },
  { name: 'City Public Service', plan: 'Municipal Employees Pension Plan' },
  { name: 'Public School Board', plan: 'Teachers Pension Plan' },
  { name: 'Federal Public Service', plan: 'Public Service Superannuation Plan' },
  { name: 'State Department of Education', plan: 'State Teachers Retirement System' },
] as const;

export const INSTITUTIONS: readonly { name: string; country: CountryCode; website: string }[] = [
  { name: 'Royal Bank of Canada', country: 'CA', website: 'https://www.rbc.com' },
  { name: 'TD Canada Trust', country: 'CA', website: 'https://www.td.com' },
  { name: 'Scotiabank', country: 'CA', website: 'https://www.scotiabank.com' },
  { name: 'BMO Bank of Montreal', country: 'CA', website: 'https://www.bmo.com' },
  { name: 'CIBC', country: 'CA', website: 'https://www.cibc.com' },
  { name: 'National Bank of Canada', country: 'CA', website: 'https://www.nbc.ca' },
  { name: 'Desjardins', country: 'CA', website: 'https://www.desjardins.com' },
  { name: 'Wealthsimple', country: 'CA', website: 'https://www.wealthsimple.com' },
  { name: 'Questrade', country: 'CA', website: 'https://www.questrade.com' },
  { name: 'Sun Life', country: 'CA', website: 'https://www.sunlife.ca' },
  { name: 'Manulife', country: 'CA', website: 'https://www.manulife.ca' },
  { name: 'Canada Life', country: 'CA', website: 'https://www.canadalife.com' },
  { name: 'JPMorgan Chase', country: 'US', website: 'https://www.chase.com' },
  { name: 'Bank of America', country: 'US', website: 'https://www.bankofamerica.com' },
  { name: 'Wells Fargo', country: 'US', website: 'https://www.wellsfargo.com' },
  { name: 'Fidelity Investments', country: 'US', website: 'https://www.fidelity.com' },
  { name: 'Charles Schwab', country: 'US', website: 'https://www.schwab.com' },
  { name: 'Vanguard', country: 'US', website: 'https://investor.vanguard.com' },
  { name: 'Northwestern Mutual', country: 'US', website: 'https://www.northwesternmutual.com' },
];

/** Banks, brokers and insurers by country (names from INSTITUTIONS). */
export const INSTITUTION_ROLES = {
  CA: {
    banks: [
      'Royal Bank of Canada',
      'TD Canada Trust',
      'Scotiabank',
      'BMO Bank of Montreal',
      'CIBC',
      'National Bank of Canada',
      'Desjardins',
    ],
    brokers: ['Wealthsimple', 'Questrade', 'Royal Bank of Canada', 'TD Canada Trust', 'BMO Bank of Montreal'],
    insurers: ['Sun Life', 'Manulife', 'Canada Life'],
  },
  US: {
    banks: ['JPMorgan Chase', 'Bank of America', 'Wells Fargo'],
    brokers: ['Fidelity Investments', 'Charles Schwab', 'Vanguard'],
    insurers: ['Northwestern Mutual'],
  },
} as const satisfies Record<CountryCode, Record<string, readonly string[]>>;
