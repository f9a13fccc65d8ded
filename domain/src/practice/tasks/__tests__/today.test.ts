import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { callerToday, TodayMessage } from '../today.js';

describe('callerToday: the caller’s own date, within a day of the server’s', () => {
  const now = new Date('2026-11-29T01:30:00Z'); // 5:30 pm on the 28th in Vancouver

  it('takes the caller’s date a day either side of the UTC date, and the UTC date without one', () => {
    expect(callerToday(undefined, now)).toBe('2026-11-29');
    expect(callerToday('2026-11-28', now)).toBe('2026-11-28');
    expect(callerToday('2026-11-30', now)).toBe('2026-11-30');
  });

  it('refuses a date further away, with the message on `today`', () => {
    for (const far of ['2026-11-27', '2026-12-01', '1999-01-01']) {
      let caught: unknown;
      try {
        callerToday(far, now);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DomainError);
      expect((caught as DomainError).details).toEqual([{ path: 'today', message: TodayMessage.invalid }]);
    }
  });
});
