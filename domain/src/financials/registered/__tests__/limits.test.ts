import { describe, expect, it } from 'vitest';
import {
  CRA_DPSP_LIMITS,
  dpspLimit,
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  fhsaAnnualLimit,
  fhsaAnnualRoom,
  RESP_GRANT_RATE_PERCENT,
  RESP_LIFETIME_GRANT_MAX,
  RESP_MAX_CONTRIBUTION_PER_BENEFICIARY,
  RESP_MAX_GRANT_PER_YEAR,
  RESP_TAX_PENALTY_RATE_PERCENT,
  respBasicGrant,
  SPEC_DPSP_LIMITS,
} from '../index.js';

describe('FHSA', () => {
  it('allows 8000 a year from 2023 and 40000 in a lifetime', () => {
    expect(FHSA_ANNUAL_LIMIT).toBe(8000);
    expect(FHSA_LIFETIME_LIMIT).toBe(40000);
    expect(fhsaAnnualLimit(2022)).toBe(0);
    expect(fhsaAnnualLimit(2023)).toBe(8000);
    expect(fhsaAnnualLimit(2030)).toBe(8000);
  });

  it('stops at the lifetime limit', () => {
    expect(fhsaAnnualRoom(2025, 0)).toBe(8000);
    expect(fhsaAnnualRoom(2027, 36000)).toBe(4000);
    expect(fhsaAnnualRoom(2028, 40000)).toBe(0);
    expect(fhsaAnnualRoom(2022, 0)).toBe(0);
  });
});

describe('DPSP limits', () => {
  it('follows the spec: 5750 in 1990, +500 a year, 22750 in 2025', () => {
    expect(dpspLimit(1990)).toBe(5750);
    expect(dpspLimit(1991)).toBe(6250);
    expect(dpspLimit(2000)).toBe(10750);
    expect(dpspLimit(2023)).toBe(22250);
    expect(dpspLimit(2024)).toBe(22750);
    expect(dpspLimit(2025)).toBe(22750);
    expect(dpspLimit(2030)).toBe(22750);
    expect(Object.keys(SPEC_DPSP_LIMITS)).toHaveLength(36);
  });

  it('also gives CRA’s figures (half the money purchase limit)', () => {
    expect(dpspLimit(1990, 'cra')).toBe(5750);
    expect(dpspLimit(1996, 'cra')).toBe(6750);
    expect(dpspLimit(2005, 'cra')).toBe(9000);
    expect(dpspLimit(2015, 'cra')).toBe(12685);
    expect(dpspLimit(2024, 'cra')).toBe(16245);
    expect(dpspLimit(2025, 'cra')).toBe(16905);
    expect(dpspLimit(2026, 'cra')).toBe(17695);
    expect(dpspLimit(2031, 'cra')).toBe(17695);
    for (let year = 1990; year <= 2026; year += 1) expect(CRA_DPSP_LIMITS[year]).toBeGreaterThan(0);
  });

  it('refuses years before 1990', () => {
    expect(() => dpspLimit(1989)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'DPSP limits are tabled from 1990' }),
    );
    expect(() => dpspLimit(1989, 'cra')).toThrowError('DPSP limits are tabled from 1990');
  });
});

describe('RESP', () => {
  it('has the constants of foundations §9', () => {
    expect(RESP_GRANT_RATE_PERCENT).toBe(20);
    expect(RESP_MAX_GRANT_PER_YEAR).toBe(500);
    expect(RESP_LIFETIME_GRANT_MAX).toBe(7200);
    expect(RESP_MAX_CONTRIBUTION_PER_BENEFICIARY).toBe(50000);
    expect(RESP_TAX_PENALTY_RATE_PERCENT).toBe(20);
  });

  it('grants 20% up to 500 a year and 7200 in a lifetime', () => {
    expect(respBasicGrant(1000).toFixed(2)).toBe('200.00');
    expect(respBasicGrant(2500).toFixed(2)).toBe('500.00');
    expect(respBasicGrant(10000).toFixed(2)).toBe('500.00');
    expect(respBasicGrant('123.45').toFixed(2)).toBe('24.69');
    expect(respBasicGrant(2500, 7000).toFixed(2)).toBe('200.00');
    expect(respBasicGrant(2500, 7200).toFixed(2)).toBe('0.00');
    expect(respBasicGrant(0).toFixed(2)).toBe('0.00');
  });
});
