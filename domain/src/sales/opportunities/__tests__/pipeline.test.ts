import { describe, expect, it } from 'vitest';
import { PaymentFrequency } from '../../../financials/records/enums.js';
import { recurringPaymentSchedule } from '../../fees/schedules.js';
import { FIRST_YEAR_CHARGES } from '../pipeline.js';

describe('FIRST_YEAR_CHARGES', () => {
  // Starts in a year without a 29 February ahead, at a month's end and in the middle of one.
  it.each(['2025-03-01', '2025-01-31', '2026-06-15'])(
    'counts the charges the fee engine lists in the first year from %s',
    (start) => {
      const until = `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`;
      for (const frequency of PaymentFrequency) {
        const schedule = recurringPaymentSchedule(
          { amount: { currency: 'CAD', value: 1 }, frequency: { common: frequency } },
          start,
          { until },
        );
        expect([frequency, schedule.charges.length]).toEqual([frequency, FIRST_YEAR_CHARGES[frequency]]);
      }
    },
  );

  it('a duration shorter than a year caps the charges, as the pipeline’s least() does', () => {
    const schedule = recurringPaymentSchedule(
      { amount: { currency: 'CAD', value: 1 }, frequency: { common: 'MONTHLY', duration: 6 } },
      '2025-03-01',
      { until: '2026-03-01' },
    );
    expect(schedule.charges).toHaveLength(Math.min(6, FIRST_YEAR_CHARGES.MONTHLY));
  });
});
