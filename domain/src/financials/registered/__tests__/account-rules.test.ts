import { describe, expect, it } from 'vitest';
import {
  CONVERSION_AT_71,
  conversionTargetAt71,
  isValidRdspPaymentStartAge,
  meetsMinimumAge,
  MINIMUM_AGE,
  mustConvert,
  PRIMARY_RESIDENCE_EXCLUSION,
  primaryResidenceExcludedGain,
  requiresMinimumDistribution,
} from '../index.js';

describe('conversion at 71', () => {
  it('turns pension and locked-in accounts into a LIF, DPSP and RRSP into a RRIF', () => {
    expect(CONVERSION_AT_71).toEqual({
      DCPP: 'LIF',
      IPP: 'LIF',
      LIRA: 'LIF',
      LRSP: 'LIF',
      RLSP: 'LIF',
      SPP: 'LIF',
      DPSP: 'RRIF',
      RRSP: 'RRIF',
    });
    expect(conversionTargetAt71('LIRA')).toBe('LIF');
    expect(conversionTargetAt71('RRSP')).toBe('RRIF');
    expect(conversionTargetAt71('TFSA')).toBeUndefined();
    expect(conversionTargetAt71('toString')).toBeUndefined();
  });

  it('applies from 71', () => {
    expect(mustConvert('RRSP', 70)).toBe(false);
    expect(mustConvert('RRSP', 71)).toBe(true);
    expect(mustConvert('SPP', 80)).toBe(true);
    expect(mustConvert('TFSA', 90)).toBe(false);
  });
});

describe('minimum ages, minimum distributions and RDSP payments', () => {
  it('opens a LIF or PRIF at 55 and a RRIF at 20', () => {
    expect(MINIMUM_AGE).toEqual({ LIF: 55, PRIF: 55, RRIF: 20 });
    expect(meetsMinimumAge('LIF', 54)).toBe(false);
    expect(meetsMinimumAge('PRIF', 55)).toBe(true);
    expect(meetsMinimumAge('RRIF', 19)).toBe(false);
    expect(meetsMinimumAge('RRIF', 20)).toBe(true);
  });

  it('requires minimum distributions from 71 for RRIF and LRIF only', () => {
    expect(requiresMinimumDistribution('RRIF', 70)).toBe(false);
    expect(requiresMinimumDistribution('RRIF', 71)).toBe(true);
    expect(requiresMinimumDistribution('LRIF', 75)).toBe(true);
    expect(requiresMinimumDistribution('LIF', 75)).toBe(false);
  });

  it('starts RDSP payments between 27 and 60', () => {
    expect([26, 27, 45, 60, 61, 30.5].map(isValidRdspPaymentStartAge)).toEqual([false, true, true, true, false, false]);
  });
});

describe('primary residence exclusion', () => {
  it('excludes all of a Canadian gain and up to 250000 of a US gain', () => {
    expect(PRIMARY_RESIDENCE_EXCLUSION).toEqual({ CA: { percent: 100 }, US: { amount: 250000, currency: 'USD' } });
    expect(primaryResidenceExcludedGain('CA', '812345.67').toFixed(2)).toBe('812345.67');
    expect(primaryResidenceExcludedGain('US', 100000).toFixed(2)).toBe('100000.00');
    expect(primaryResidenceExcludedGain('US', 400000).toFixed(2)).toBe('250000.00');
    expect(primaryResidenceExcludedGain('CA', -5000).toFixed(2)).toBe('0.00');
  });

  it('refuses an unknown country', () => {
    expect(() => primaryResidenceExcludedGain('MX' as never, 1)).toThrowError(
      expect.objectContaining({ code: 'UNHANDLED_CASE_ERROR', message: 'Unknown country "MX"' }),
    );
  });
});
