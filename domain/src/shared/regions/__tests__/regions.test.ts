import { describe, expect, it } from 'vitest';
import {
  CANADIAN_PROVINCE_NAMES,
  CanadianProvinceCode,
  COUNTRY_FLAGS,
  CountryCode,
  findRegion,
  REGIONS,
  TAX_PROVINCE_BY_PROVINCE_CODE,
  TaxJurisdiction,
  TaxProvince,
  US_STATE_NAMES,
  UsStateCode,
} from '../regions.js';

describe('countries and tax jurisdictions (foundations §3)', () => {
  it('lists CA and US with their flags, and the federal jurisdictions', () => {
    expect(CountryCode).toEqual(['CA', 'US']);
    expect(COUNTRY_FLAGS).toEqual({ CA: '🇨🇦', US: '🇺🇸' });
    expect(TaxJurisdiction).toEqual(['FEDERAL_CA', 'FEDERAL_US']);
  });

  it('lists the provinces for tax with FEDERAL', () => {
    expect(TaxProvince).toEqual([
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
    ]);
  });

  it('maps each province to its tax province and leaves the territories out', () => {
    const mapped = Object.values(TAX_PROVINCE_BY_PROVINCE_CODE);
    expect([...mapped].sort()).toEqual(TaxProvince.filter((province) => province !== 'FEDERAL'));
    expect(TAX_PROVINCE_BY_PROVINCE_CODE.PE).toBe('PEI');
    for (const territory of ['NT', 'NU', 'YT'] as const)
      expect(TAX_PROVINCE_BY_PROVINCE_CODE[territory]).toBeUndefined();
  });
});

describe('regions (foundations §3)', () => {
  it('names the 13 Canadian provinces and territories', () => {
    expect(CanadianProvinceCode).toHaveLength(13);
    expect(Object.keys(CANADIAN_PROVINCE_NAMES)).toEqual([...CanadianProvinceCode]);
    expect(CANADIAN_PROVINCE_NAMES.QC).toBe('Quebec');
    expect(CANADIAN_PROVINCE_NAMES.NL).toBe('Newfoundland and Labrador');
  });

  it('names the 50 states and DC', () => {
    expect(UsStateCode).toHaveLength(51);
    expect(new Set(UsStateCode).size).toBe(51);
    expect(Object.keys(US_STATE_NAMES)).toEqual([...UsStateCode]);
    expect(US_STATE_NAMES.NY).toBe('New York');
    expect(US_STATE_NAMES.DC).toBe('District of Columbia');
    for (const code of UsStateCode) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('finds a region by country and code, keeping CA the province apart from CA the state', () => {
    expect(REGIONS).toHaveLength(64);
    expect(findRegion('CA', 'ON')).toEqual({ country: 'CA', code: 'ON', name: 'Ontario' });
    expect(findRegion('US', 'CA')).toEqual({ country: 'US', code: 'CA', name: 'California' });
    expect(findRegion('CA', 'CA')).toBeUndefined();
    expect(findRegion('US', 'ON')).toBeUndefined();
  });
});
