import type { Decimal } from 'decimal.js';
import type { InvestmentAccountType } from '../records/enums.js';
import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import { Dec } from '../../shared/money/decimal.js';

/** The registered account types these rules name: investment account types of foundations §3. */
export const REGISTERED_ACCOUNT_TYPES = [
  'DCPP',
  'DPSP',
  'IPP',
  'LIF',
  'LIRA',
  'LRIF',
  'LRSP',
  'PRIF',
  'RDSP',
  'RLSP',
  'RRIF',
  'RRSP',
  'SPP',
] as const satisfies readonly InvestmentAccountType[];
export type RegisteredAccountType = (typeof REGISTERED_ACCOUNT_TYPES)[number];

/**
 * The age by which savings accounts must become income funds. The law asks for the conversion by
 * 31 December of the year the holder turns 71; callers compare with the age reached that year.
 */
export const CONVERSION_AGE = 71;

/** What each account converts to at 71 (foundations §4). */
export const CONVERSION_AT_71 = {
  DCPP: 'LIF',
  IPP: 'LIF',
  LIRA: 'LIF',
  LRSP: 'LIF',
  RLSP: 'LIF',
  SPP: 'LIF',
  DPSP: 'RRIF',
  RRSP: 'RRIF',
} as const satisfies Partial<Record<RegisteredAccountType, 'LIF' | 'RRIF'>>;
export type ConvertibleAccountType = keyof typeof CONVERSION_AT_71;

/** The income fund an account becomes at 71, or undefined for an account that does not convert. */
export function conversionTargetAt71(type: string): 'LIF' | 'RRIF' | undefined {
  return Object.hasOwn(CONVERSION_AT_71, type) ? CONVERSION_AT_71[type as ConvertibleAccountType] : undefined;
}

/** True when an account of this type must have been converted by the given age. */
export function mustConvert(type: string, age: number): boolean {
  return conversionTargetAt71(type) !== undefined && age >= CONVERSION_AGE;
}

/** The youngest age at which each income fund may be opened (foundations §4). */
export const MINIMUM_AGE = { LIF: 55, PRIF: 55, RRIF: 20 } as const;

export function meetsMinimumAge(type: keyof typeof MINIMUM_AGE, age: number): boolean {
  return age >= MINIMUM_AGE[type];
}

/** Required minimum distributions apply from 71 for these accounts (foundations §4). */
export const RMD_START_AGE = 71;
export const RMD_ACCOUNT_TYPES = ['RRIF', 'LRIF'] as const satisfies readonly RegisteredAccountType[];

export function requiresMinimumDistribution(type: string, age: number): boolean {
  return (RMD_ACCOUNT_TYPES as readonly string[]).includes(type) && age >= RMD_START_AGE;
}

/** RDSP disability assistance payments must start between these ages, inclusive. */
export const RDSP_PAYMENT_START_AGE = { min: 27, max: 60 } as const;

export function isValidRdspPaymentStartAge(age: number): boolean {
  return Number.isInteger(age) && age >= RDSP_PAYMENT_START_AGE.min && age <= RDSP_PAYMENT_START_AGE.max;
}

/**
 * Capital gains exclusion on the sale of a primary residence: all of the gain in Canada; up to
 * $250,000 of gain in the US (the single-filer amount, as foundations §9 gives it).
 */
export const PRIMARY_RESIDENCE_EXCLUSION = {
  CA: { percent: 100 },
  US: { amount: 250000, currency: 'USD' },
} as const;
export type ResidenceCountry = keyof typeof PRIMARY_RESIDENCE_EXCLUSION;

/** The part of a gain the exclusion covers; a loss or zero gain excludes nothing. */
export function primaryResidenceExcludedGain(country: ResidenceCountry, gain: Decimal.Value): Decimal {
  const positiveGain = Dec.max(0, gain);
  switch (country) {
    case 'CA':
      return positiveGain.times(PRIMARY_RESIDENCE_EXCLUSION.CA.percent).div(100);
    case 'US':
      return Dec.min(positiveGain, PRIMARY_RESIDENCE_EXCLUSION.US.amount);
    default:
      throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, `Unknown country "${String(country)}"`);
  }
}
