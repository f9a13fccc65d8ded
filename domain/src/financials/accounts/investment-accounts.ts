import type { Creatability, InvestmentAccountType, TaxStatus } from '../records/enums.js';
import { INVESTMENT_ACCOUNT_TYPE_LABELS, InvestmentAccountType as ALL_TYPES } from '../records/enums.js';
import type { CountryCode } from '../../shared/regions/regions.js';
import { COUNTRY_FLAGS } from '../../shared/regions/regions.js';

/** Tax status by account type, as foundations §5 lists it. */
export const ACCOUNT_TYPES_BY_TAX_STATUS = {
  TAXABLE: ['CASH', 'CRYPTO', 'NRSP', 'EPSP', 'ESPP', 'ESOP', 'UGMA', 'UTMA', 'OTHER'],
  TAX_DEFERRED: [
    'DCPP',
    'RRSP',
    'RESP',
    'RDSP',
    'LIRA',
    'PRIF',
    'LRIF',
    'LRSP',
    'RRIF',
    'LIF',
    'RLSP',
    'RPP',
    'IPP',
    'DPSP',
    'SPP',
    'VRSP',
    'TRADITIONAL_IRA',
    'ACCOUNT_401K',
    'ACCOUNT_403B',
    'ACCOUNT_457B',
    'SEP_IRA',
    'SIMPLE_IRA',
  ],
  TAX_EXEMPT: ['TFSA', 'ROTH_IRA', 'ROTH_401K', 'ROTH_403B', 'ACCOUNT_529', 'ESA'],
  DEDUCTIBLE_FREE: ['FHSA', 'HSA'],
} as const satisfies Record<TaxStatus, readonly InvestmentAccountType[]>;

/** Account types of US tax law (foundations §5: jurisdiction US). */
export const US_ACCOUNT_TYPES = [
  'ACCOUNT_401K',
  'ACCOUNT_403B',
  'ACCOUNT_457B',
  'ACCOUNT_529',
  'ESA',
  'HSA',
  'ROTH_401K',
  'ROTH_403B',
  'ROTH_IRA',
  'SEP_IRA',
  'SIMPLE_IRA',
  'TRADITIONAL_IRA',
  'UGMA',
  'UTMA',
] as const satisfies readonly InvestmentAccountType[];

/** Account types of Canadian tax law (jurisdiction CA). */
export const CA_ACCOUNT_TYPES = [
  'DCPP',
  'DPSP',
  'EPSP',
  'FHSA',
  'IPP',
  'LIF',
  'LIRA',
  'LRIF',
  'LRSP',
  'NRSP',
  'PRIF',
  'RDSP',
  'RESP',
  'RLSP',
  'RPP',
  'RRIF',
  'RRSP',
  'SPP',
  'TFSA',
  'VRSP',
] as const satisfies readonly InvestmentAccountType[];

/**
 * Account types found in both countries. The spec names CASH, CRYPTO and OTHER, which default to
 * CA; we add ESPP and ESOP (employee share plans exist under both tax laws) with the same default.
 */
export const DUAL_JURISDICTION_ACCOUNT_TYPES = [
  'CASH',
  'CRYPTO',
  'ESOP',
  'ESPP',
  'OTHER',
] as const satisfies readonly InvestmentAccountType[];

/** Joint ownership can never be created for these (foundations §5). */
export const NEVER_JOINT_ACCOUNT_TYPES = [
  'FHSA',
  'ACCOUNT_529',
  'ESA',
  'UGMA',
  'UTMA',
  'HSA',
] as const satisfies readonly InvestmentAccountType[];

function includes(list: readonly InvestmentAccountType[], type: InvestmentAccountType): boolean {
  return list.includes(type);
}

/** The tax status of an account type (its default, where the status may be chosen). */
export function taxStatusOf(type: InvestmentAccountType): TaxStatus {
  const status = (Object.keys(ACCOUNT_TYPES_BY_TAX_STATUS) as TaxStatus[]).find((candidate) =>
    includes(ACCOUNT_TYPES_BY_TAX_STATUS[candidate], type),
  );
  return status ?? 'TAXABLE';
}

/** The country whose tax law an account type belongs to, or undefined for a type of both. */
export function accountTypeCountry(type: InvestmentAccountType): CountryCode | undefined {
  if (includes(US_ACCOUNT_TYPES, type)) return 'US';
  if (includes(CA_ACCOUNT_TYPES, type)) return 'CA';
  return undefined;
}

/** The jurisdiction of an account type: its country, or CA for a type of both countries. */
export function defaultJurisdiction(type: InvestmentAccountType): CountryCode {
  return accountTypeCountry(type) ?? 'CA';
}

export interface AccountCreatability {
  joint: Creatability;
  jurisdiction: Creatability;
  taxStatus: Creatability;
}

/**
 * Which attributes may be given when an account of this type is created (foundations §5). Joint is
 * optional except for the never-joint types. Jurisdiction and tax status follow from the type, so
 * they cannot be given, except for the types of both countries, where both may be chosen (our
 * reading; the spec says only that each is "optional or never").
 */
export function accountCreatability(type: InvestmentAccountType): AccountCreatability {
  const dual = includes(DUAL_JURISDICTION_ACCOUNT_TYPES, type);
  return {
    joint: includes(NEVER_JOINT_ACCOUNT_TYPES, type) ? 'NEVER' : 'OPTIONAL',
    jurisdiction: dual ? 'OPTIONAL' : 'NEVER',
    taxStatus: dual ? 'OPTIONAL' : 'NEVER',
  };
}

/** The creatability of every type, for the reference API. */
export const ACCOUNT_CREATABILITY: Readonly<Record<InvestmentAccountType, AccountCreatability>> = Object.fromEntries(
  ALL_TYPES.map((type) => [type, accountCreatability(type)]),
) as Record<InvestmentAccountType, AccountCreatability>;

/**
 * The label of an account type with the flag of its country in front (foundations §9):
 * '🇨🇦 TFSA', '🇺🇸 Roth IRA'. A type of both countries has no flag: 'Cash'.
 */
export function investmentAccountTypeLabel(type: InvestmentAccountType): string {
  const country = accountTypeCountry(type);
  const label = INVESTMENT_ACCOUNT_TYPE_LABELS[type];
  return country === undefined ? label : `${COUNTRY_FLAGS[country]} ${label}`;
}

/** The types listed first, in this order, for each set of countries (foundations §9). */
export const LEADING_ACCOUNT_TYPES = {
  CA: ['CASH', 'TFSA', 'RRSP'],
  US: ['CASH', 'ACCOUNT_401K', 'TRADITIONAL_IRA', 'ROTH_IRA'],
  /** Ours: with both countries, cash, then the Canadian leaders, then the US leaders. */
  MIXED: ['CASH', 'TFSA', 'RRSP', 'ACCOUNT_401K', 'TRADITIONAL_IRA', 'ROTH_IRA'],
} as const satisfies Record<string, readonly InvestmentAccountType[]>;

function leadingTypes(countries: readonly CountryCode[]): readonly InvestmentAccountType[] {
  const ca = countries.includes('CA');
  const us = countries.includes('US');
  if (ca && !us) return LEADING_ACCOUNT_TYPES.CA;
  if (us && !ca) return LEADING_ACCOUNT_TYPES.US;
  return LEADING_ACCOUNT_TYPES.MIXED;
}

/**
 * Orders account types for display for a household or firm in `countries` (foundations §9): the
 * leading types first (CA only: CASH, TFSA, RRSP; US only: CASH, 401k, Traditional IRA, Roth IRA;
 * both, or none given: cash, the Canadian leaders, then the US leaders), then the rest
 * alphabetically by label, OTHER last. Only the given types are returned, each once.
 */
export function sortInvestmentAccountTypes(
  types: readonly InvestmentAccountType[],
  countries: readonly CountryCode[],
): InvestmentAccountType[] {
  const leading = leadingTypes(countries);
  const rank = (type: InvestmentAccountType): number => {
    const index = leading.indexOf(type);
    if (index >= 0) return index;
    return type === 'OTHER' ? Number.MAX_SAFE_INTEGER : leading.length;
  };
  return [...new Set(types)].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      INVESTMENT_ACCOUNT_TYPE_LABELS[a].localeCompare(INVESTMENT_ACCOUNT_TYPE_LABELS[b], 'en', {
        sensitivity: 'base',
        numeric: true,
      }),
  );
}

/** The account types available in `countries` (types of both countries always), in display order. */
export function investmentAccountTypesFor(countries: readonly CountryCode[]): InvestmentAccountType[] {
  const available = ALL_TYPES.filter((type) => {
    const country = accountTypeCountry(type);
    return country === undefined || countries.includes(country);
  });
  return sortInvestmentAccountTypes(available, countries);
}
