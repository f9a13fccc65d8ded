import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCad, formatMoney, formatPercent } from '../index.js';

describe('formatCad: Canadian dollars, no decimals', () => {
  it.each([
    [0, '$0'],
    [5, '$5'],
    [1234, '$1,234'],
    [1234.5, '$1,235'],
    [1234.49, '$1,234'],
    [-1234.5, '-$1,235'],
    [-0.4, '$0'],
    [1234567.89, '$1,234,568'],
    ['1000000000000000.5', '$1,000,000,000,000,001'],
    [new Decimal('2.5'), '$3'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCad(value)).toBe(expected);
  });

  it('refuses what is not a number', () => {
    expect(() => formatCad('abc')).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'Cannot format "abc" as a number' }),
    );
    expect(() => formatCad(NaN)).toThrowError('Cannot format "NaN" as a number');
  });
});

describe("formatMoney: whole amounts as '$0,0', fractional with two decimals", () => {
  it.each([
    [0, '$0'],
    [1234, '$1,234'],
    ['1234.00', '$1,234'],
    [1234.5, '$1,234.50'],
    [1234.567, '$1,234.57'],
    [0.005, '$0.01'],
    [0.001, '$0.00'],
    [-1234.5, '-$1,234.50'],
    [-0.001, '$0.00'],
    [-1000000, '-$1,000,000'],
  ])('%s -> %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe('formatPercent: divides by 100, one decimal', () => {
  it.each([
    [12.345, '12.3%'],
    [12.35, '12.4%'],
    [5, '5.0%'],
    [0, '0.0%'],
    [100, '100.0%'],
    [12345.67, '12345.7%'],
    [-3.25, '-3.3%'],
    [-0.04, '0.0%'],
    ['7.05', '7.1%'],
  ])('%s -> %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});

describe('formatBytes: one decimal, SI units', () => {
  it.each([
    [0, '0.0 B'],
    [512, '512.0 B'],
    [999, '999.0 B'],
    [1000, '1.0 KB'],
    [1536, '1.5 KB'],
    [999_960, '1.0 MB'],
    [1_500_000, '1.5 MB'],
    [5_242_880, '5.2 MB'],
    [2_000_000_000, '2.0 GB'],
    [3.2e12, '3.2 TB'],
    [7e18, '7,000.0 PB'],
  ])('%s -> %s', (value, expected) => {
    expect(formatBytes(value)).toBe(expected);
  });

  it('refuses a negative size', () => {
    expect(() => formatBytes(-1)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'A byte size cannot be negative' }),
    );
  });
});
