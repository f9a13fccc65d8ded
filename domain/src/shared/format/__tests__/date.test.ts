import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate, formatMonthDayYear, formatRelativeTime, formatShortDate, formatTimestamp } from '../index.js';

// The domain project runs with TZ=UTC; the "local" cases switch the process zone and restore it.
const originalTz = process.env.TZ;
function useLocalZone(zone: string): void {
  process.env.TZ = zone;
}
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('calendar date helpers', () => {
  it('formats day, full month, year', () => {
    expect(formatLongDate('2024-03-05T14:05:00Z', true)).toBe('05 March 2024');
    expect(formatLongDate('2024-12-31', true)).toBe('31 December 2024');
  });

  it('formats abbreviated month, day, year with a comma', () => {
    expect(formatMonthDayYear('2024-03-05T14:05:00Z', true)).toBe('Mar 05, 2024');
  });

  it('formats day, abbreviated month, year', () => {
    expect(formatShortDate('2024-03-05T14:05:00Z', true)).toBe('05 Mar 2024');
  });

  it('shows UTC with the flag and local time without it', () => {
    useLocalZone('America/Toronto');
    const lateEvening = '2024-03-06T03:30:00Z'; // 22:30 on the 5th in Toronto
    expect(formatLongDate(lateEvening, true)).toBe('06 March 2024');
    expect(formatLongDate(lateEvening)).toBe('05 March 2024');
    expect(formatMonthDayYear(lateEvening)).toBe('Mar 05, 2024');
    expect(formatShortDate(lateEvening, false)).toBe('05 Mar 2024');
  });

  it('reads a string without offset in the display zone', () => {
    useLocalZone('Asia/Tokyo');
    expect(formatShortDate('2024-03-05', true)).toBe('05 Mar 2024');
    expect(formatShortDate('2024-03-05', false)).toBe('05 Mar 2024');
    expect(formatShortDate('2024-03-05T23:30:00', true)).toBe('05 Mar 2024');
  });

  it('rejects what is not an ISO date', () => {
    for (const bad of ['', 'yesterday', '2024-13-01', '05/03/2024']) {
      expect(() => formatShortDate(bad, true)).toThrowError(
        expect.objectContaining({ code: 'VALIDATION_ERROR', message: `Invalid ISO date "${bad}"` }),
      );
    }
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2024-03-05T12:00:00Z');

  it.each([
    ['2024-03-05T14:00:00Z', 'in 2 hours'],
    ['2024-03-05T10:00:00Z', '2 hours ago'],
    ['2024-03-05T14:59:59Z', 'in 2 hours'],
    ['2024-03-07T12:00:00Z', 'in 2 days'],
    ['2024-02-04T12:00:00Z', '30 days ago'],
    ['2024-03-06T11:59:59Z', 'in 23 hours'],
    ['2024-03-05T12:01:00Z', 'in 1 minute'],
    ['2024-03-05T11:58:30Z', '1 minute ago'],
    ['2024-03-05T12:00:45Z', 'in 45 seconds'],
    ['2024-03-05T11:59:59Z', '1 second ago'],
    ['2024-03-05T12:00:00Z', 'in 0 seconds'],
    ['2024-03-05T12:00:00.400Z', 'in 0 seconds'],
    ['2024-03-05T11:59:59.600Z', 'in 0 seconds'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatRelativeTime(iso, true, now)).toBe(expected);
  });

  it('reads an offset-less string in the chosen zone', () => {
    useLocalZone('America/Toronto');
    // 10:00 in Toronto is 15:00 UTC, three hours after now
    expect(formatRelativeTime('2024-03-05T10:00:00', false, now)).toBe('in 3 hours');
    expect(formatRelativeTime('2024-03-05T10:00:00', true, now)).toBe('2 hours ago');
  });

  it('defaults to the real clock', () => {
    expect(formatRelativeTime(new Date(Date.now() + 3 * 86_400_000 + 5_000).toISOString(), true)).toBe('in 3 days');
  });
});

describe('formatTimestamp', () => {
  const now = new Date('2024-03-05T12:00:00Z');

  it('returns empty text for empty input', () => {
    expect(formatTimestamp('', true, now)).toBe('');
    expect(formatTimestamp('  ', true, now)).toBe('');
    expect(formatTimestamp(null, true, now)).toBe('');
    expect(formatTimestamp(undefined, true, now)).toBe('');
  });

  it('shows only the time today', () => {
    expect(formatTimestamp('2024-03-05T14:05:00Z', true, now)).toBe('2:05 PM');
    expect(formatTimestamp('2024-03-05T00:00:00Z', true, now)).toBe('12:00 AM');
    expect(formatTimestamp('2024-03-05T23:59:00Z', true, now)).toBe('11:59 PM');
  });

  it('shows month, day and time within this year', () => {
    expect(formatTimestamp('2024-03-04T09:30:00Z', true, now)).toBe('Mar 4, 9:30 AM');
    expect(formatTimestamp('2024-12-25T18:00:00Z', true, now)).toBe('Dec 25, 6:00 PM');
    expect(formatTimestamp('2024-01-01T00:00:00Z', true, now)).toBe('Jan 1, 12:00 AM');
  });

  it('adds a two-digit year otherwise', () => {
    expect(formatTimestamp('2023-12-31T23:59:00Z', true, now)).toBe('Dec 31, 23, 11:59 PM');
    expect(formatTimestamp('2025-03-05T14:05:00Z', true, now)).toBe('Mar 5, 25, 2:05 PM');
  });

  it('judges today and this year in the display zone', () => {
    useLocalZone('America/Toronto');
    const newYear = new Date('2024-01-01T03:00:00Z'); // still 31 Dec 2023, 22:00 in Toronto
    expect(formatTimestamp('2024-01-01T02:00:00Z', true, newYear)).toBe('2:00 AM');
    expect(formatTimestamp('2024-01-01T02:00:00Z', false, newYear)).toBe('9:00 PM');
    expect(formatTimestamp('2023-12-31T12:00:00Z', true, newYear)).toBe('Dec 31, 23, 12:00 PM');
    expect(formatTimestamp('2023-12-30T12:00:00Z', false, newYear)).toBe('Dec 30, 7:00 AM');
  });

  it('rejects a non-empty string that is not an ISO date', () => {
    expect(() => formatTimestamp('soon', true, now)).toThrowError('Invalid ISO date "soon"');
  });
});
