import { describe, expect, it } from 'vitest';
import { conversionDue, nextBirthday, nextRrspDeadline, rrspContributionDeadline } from '../index.js';

describe('RRSP contribution deadline', () => {
  it('is the 60th day after the year end, moved off a weekend', () => {
    // 2024 is a leap year: 60 days after 31 Dec 2023 is 29 Feb 2024 (a Thursday).
    expect(rrspContributionDeadline(2023)).toBe('2024-02-29');
    // 1 March 2025 is a Saturday: the CRA's deadline was Monday 3 March 2025.
    expect(rrspContributionDeadline(2024)).toBe('2025-03-03');
    // 1 March 2026 is a Sunday.
    expect(rrspContributionDeadline(2025)).toBe('2026-03-02');
    expect(rrspContributionDeadline(2021)).toBe('2022-03-01');
  });

  it('is last year’s while it is open, this year’s after it', () => {
    expect(nextRrspDeadline('2025-01-15')).toEqual({ taxYear: 2024, date: '2025-03-03', daysLeft: 47, open: true });
    expect(nextRrspDeadline('2025-03-03')).toMatchObject({ taxYear: 2024, daysLeft: 0, open: true });
    expect(nextRrspDeadline('2025-03-04')).toEqual({ taxYear: 2025, date: '2026-03-02', daysLeft: 363, open: false });
  });
});

describe('conversion at 71', () => {
  it('is due by 31 December of the year the holder turns 71, and overdue after it', () => {
    expect(conversionDue('RRSP', '1954-06-10', '2025-05-01')).toEqual({
      convertsTo: 'RRIF',
      deadline: '2025-12-31',
      overdue: false,
    });
    expect(conversionDue('LIRA', '1950-01-01', '2025-05-01')).toEqual({
      convertsTo: 'LIF',
      deadline: '2021-12-31',
      overdue: true,
    });
    expect(conversionDue('RRSP', '1955-01-01', '2025-12-31')).toBeUndefined();
    expect(conversionDue('TFSA', '1940-01-01', '2025-05-01')).toBeUndefined();
  });
});

describe('next birthday', () => {
  it('is this year’s when still ahead (today included), otherwise next year’s', () => {
    expect(nextBirthday('1980-05-10', '2025-05-10')).toEqual({ date: '2025-05-10', turns: 45, daysUntil: 0 });
    expect(nextBirthday('1980-05-10', '2025-05-11')).toEqual({ date: '2026-05-10', turns: 46, daysUntil: 364 });
    expect(nextBirthday('1990-01-02', '2025-12-31')).toEqual({ date: '2026-01-02', turns: 36, daysUntil: 2 });
  });

  it('puts 29 February on 1 March outside leap years', () => {
    expect(nextBirthday('2000-02-29', '2025-02-01')).toEqual({ date: '2025-03-01', turns: 25, daysUntil: 28 });
    expect(nextBirthday('2000-02-29', '2028-02-01')).toEqual({ date: '2028-02-29', turns: 28, daysUntil: 28 });
  });
});
