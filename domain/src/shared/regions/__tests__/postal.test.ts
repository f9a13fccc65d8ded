import { describe, expect, it } from 'vitest';
import { countryOf, normalizedPostalCode, regionCodeOf } from '../postal.js';

describe('countryOf', () => {
  it.each([
    ['Canada', 'CA'],
    ['ca', 'CA'],
    ['U.S.A.', 'US'],
    ['United States', 'US'],
    ['United States of America', 'US'],
    ['France', undefined],
  ])('%j is %j', (text, country) => expect(countryOf(text)).toBe(country));
});

describe('regionCodeOf', () => {
  it('reads a province, territory or state by code or name, case aside', () => {
    expect(regionCodeOf('CA', 'on')).toBe('ON');
    expect(regionCodeOf('CA', 'Prince Edward Island')).toBe('PE');
    expect(regionCodeOf('CA', 'Nunavut')).toBe('NU');
    expect(regionCodeOf('US', 'new york')).toBe('NY');
    expect(regionCodeOf('US', 'DC')).toBe('DC');
  });

  it('refuses a region of the other country', () => {
    expect(regionCodeOf('CA', 'Texas')).toBeUndefined();
    expect(regionCodeOf('US', 'ON')).toBeUndefined();
  });
});

describe('normalizedPostalCode', () => {
  it('writes a Canadian code as the post does, and refuses letters it never uses', () => {
    expect(normalizedPostalCode('CA', 'm5v2t6')).toBe('M5V 2T6');
    expect(normalizedPostalCode('CA', ' K1A 0B1 ')).toBe('K1A 0B1');
    expect(normalizedPostalCode('CA', 'D5V 2T6')).toBeUndefined();
    expect(normalizedPostalCode('CA', 'W5V 2T6')).toBeUndefined();
    expect(normalizedPostalCode('CA', '12345')).toBeUndefined();
  });

  it('reads a ZIP code or ZIP+4', () => {
    expect(normalizedPostalCode('US', '10001')).toBe('10001');
    expect(normalizedPostalCode('US', '123456789')).toBe('12345-6789');
    expect(normalizedPostalCode('US', '12345-6789')).toBe('12345-6789');
    expect(normalizedPostalCode('US', '1234')).toBeUndefined();
    expect(normalizedPostalCode('US', 'M5V 2T6')).toBeUndefined();
  });
});
