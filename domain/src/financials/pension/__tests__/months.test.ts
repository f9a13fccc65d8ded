import { afterEach, describe, expect, it } from 'vitest';
import { fullMonthsBetween } from '../index.js';

const utc = (iso: string) => new Date(iso);

describe('fullMonthsBetween', () => {
  it.each([
    ['2020-01-15', '2020-01-15', 0],
    ['2020-01-15', '2020-02-14', 0],
    ['2020-01-15', '2020-02-15', 1],
    ['2020-01-15', '2021-01-15', 12],
    ['2020-01-15', '2030-06-14', 124],
    ['2024-01-31', '2024-02-29', 1],
    ['2023-01-31', '2023-02-28', 1],
    ['2024-01-31', '2024-02-28', 0],
    ['2024-03-31', '2024-04-30', 1],
    ['2024-02-29', '2025-02-28', 12],
  ])('%s -> %s is %i months', (start, end, months) => {
    expect(fullMonthsBetween(utc(start), utc(end))).toBe(months);
  });

  it('counts the time of day on the anniversary', () => {
    expect(fullMonthsBetween(utc('2020-01-15T12:00:00Z'), utc('2020-02-15T11:59:59Z'))).toBe(0);
    expect(fullMonthsBetween(utc('2020-01-15T12:00:00Z'), utc('2020-02-15T12:00:00Z'))).toBe(1);
  });

  it('is negative when the end comes first', () => {
    expect(fullMonthsBetween(utc('2021-01-15'), utc('2020-01-15'))).toBe(-12);
  });

  describe('in another local zone', () => {
    const originalTz = process.env.TZ;
    afterEach(() => {
      process.env.TZ = originalTz;
    });
    it('does not move month boundaries', () => {
      process.env.TZ = 'America/Vancouver';
      expect(fullMonthsBetween(utc('2020-01-01'), utc('2020-02-01'))).toBe(1);
      expect(fullMonthsBetween(utc('2020-01-01'), utc('2020-12-31'))).toBe(11);
    });
  });
});
