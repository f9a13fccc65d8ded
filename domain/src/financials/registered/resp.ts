import type { Decimal } from 'decimal.js';
import { Dec, roundHalfUp } from '../../shared/money/decimal.js';

/** Canada Education Savings Grant: 20% of contributions (foundations §9). */
export const RESP_GRANT_RATE_PERCENT = 20;
export const RESP_MAX_GRANT_PER_YEAR = 500;
export const RESP_LIFETIME_GRANT_MAX = 7200;
export const RESP_MAX_CONTRIBUTION_PER_BENEFICIARY = 50000;
/** Additional tax on accumulated income payments taken out of an RESP. */
export const RESP_TAX_PENALTY_RATE_PERCENT = 20;

/**
 * The basic grant on one year's contribution: 20%, at most $500 a year and never past the $7,200
 * lifetime maximum given what was already received. Carry-forward of unused grant room and the
 * additional income-tested grant are not modelled.
 */
export function respBasicGrant(contribution: Decimal.Value, grantReceivedSoFar: Decimal.Value = 0): Decimal {
  const grant = new Dec(contribution).times(RESP_GRANT_RATE_PERCENT).div(100);
  const lifetimeLeft = new Dec(RESP_LIFETIME_GRANT_MAX).minus(grantReceivedSoFar);
  return roundHalfUp(Dec.max(0, Dec.min(grant, RESP_MAX_GRANT_PER_YEAR, lifetimeLeft)), 2);
}
