import { assertWholeNumber } from './lookup.js';

export const FHSA_FIRST_YEAR = 2023;
export const FHSA_ANNUAL_LIMIT = 8000;
export const FHSA_LIFETIME_LIMIT = 40000;

/** $8,000 a year from 2023, zero before. Carry-forward of unused room is not modelled here. */
export function fhsaAnnualLimit(year: number): number {
  assertWholeNumber(year, 'Year');
  return year < FHSA_FIRST_YEAR ? 0 : FHSA_ANNUAL_LIMIT;
}

/** This year's limit, reduced so lifetime contributions never pass $40,000. */
export function fhsaAnnualRoom(year: number, lifetimeContributed: number): number {
  return Math.max(0, Math.min(fhsaAnnualLimit(year), FHSA_LIFETIME_LIMIT - lifetimeContributed));
}
