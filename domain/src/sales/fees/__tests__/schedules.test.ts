import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors/domain-error.js';
import { thrown } from './thrown.js';
import type { PaymentFrequency } from '../../../financials/records/enums.js';
import { FeeMessage } from '../messages.js';
import {
  MAX_SCHEDULED_CHARGES,
  oneTimeFeeSchedule,
  recurringPaymentSchedule,
  type RecurringPaymentInput,
} from '../schedules.js';

function payment(common: PaymentFrequency, duration?: number, value = 250): RecurringPaymentInput {
  return { amount: { currency: 'CAD', value }, frequency: { common, duration } };
}

function dates(input: RecurringPaymentInput, start: string, until?: string): string[] {
  return recurringPaymentSchedule(input, start, until === undefined ? {} : { until }).charges.map((c) => c.date);
}

describe('oneTimeFeeSchedule', () => {
  const fee = { amount: { currency: 'CAD' as const, value: 1500 }, isUpfront: true };

  it('charges an upfront fee when billing starts, on its date when known', () => {
    const charge = oneTimeFeeSchedule(fee, { type: 'CUSTOM_DATE', date: '2027-01-15' });
    expect({ ...charge, value: charge.value.toFixed() }).toEqual({
      value: '1500',
      currency: 'CAD',
      timing: 'UPFRONT',
      date: '2027-01-15',
    });
    expect(oneTimeFeeSchedule(fee, { type: 'ON_START' }).date).toBeNull();
  });

  it('charges any other fee on completion, and an upfront one too when billing starts on completion', () => {
    const later = oneTimeFeeSchedule({ ...fee, isUpfront: false }, { type: 'ON_START', date: '2027-01-15' });
    expect([later.timing, later.date]).toEqual(['ON_COMPLETION', null]);
    const onCompletion = oneTimeFeeSchedule(fee, { type: 'ON_COMPLETION', date: '2027-06-30' });
    expect([onCompletion.timing, onCompletion.date]).toEqual(['ON_COMPLETION', null]);
  });

  it('needs an amount and a valid date', () => {
    const noAmount = thrown(() => oneTimeFeeSchedule({ amount: {}, isUpfront: true }, { type: 'ON_START' }));
    expect(noAmount.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(noAmount.details).toEqual([{ path: 'oneTimeFee.amount', message: FeeMessage.amountRequired }]);
    expect(thrown(() => oneTimeFeeSchedule(fee, { type: 'ON_START', date: '2027-02-30' })).message).toBe(
      FeeMessage.dateInvalid('Billing start'),
    );
  });
});

describe('recurringPaymentSchedule', () => {
  it('lists a monthly payment for its duration, counting each date from the start', () => {
    const schedule = recurringPaymentSchedule(payment('MONTHLY', 4, 99.99), '2027-01-31');
    expect(schedule.charges.map((charge) => [charge.date, charge.amount.toFixed()])).toEqual([
      ['2027-01-31', '99.99'],
      ['2027-02-28', '99.99'],
      ['2027-03-31', '99.99'],
      ['2027-04-30', '99.99'],
    ]);
    expect([schedule.totalCharges, schedule.total?.toFixed(), schedule.listedTotal.toFixed()]).toEqual([
      4,
      '399.96',
      '399.96',
    ]);
  });

  it('steps by the frequency', () => {
    expect(dates(payment('QUARTERLY', 3), '2027-11-30')).toEqual(['2027-11-30', '2028-02-29', '2028-05-30']);
    expect(dates(payment('SEMI_ANNUALLY', 2), '2027-03-01')).toEqual(['2027-03-01', '2027-09-01']);
    expect(dates(payment('ANNUALLY', 2), '2028-02-29')).toEqual(['2028-02-29', '2029-02-28']);
    expect(dates(payment('BI_WEEKLY', 3), '2027-12-24')).toEqual(['2027-12-24', '2028-01-07', '2028-01-21']);
    expect(dates(payment('WEEKLY', 2), '2027-01-01')).toEqual(['2027-01-01', '2027-01-08']);
    expect(dates(payment('DAILY', 2), '2027-02-28')).toEqual(['2027-02-28', '2027-03-01']);
    expect(dates(payment('SEMI_MONTHLY', 4), '2027-01-20')).toEqual([
      '2027-01-20',
      '2027-02-04',
      '2027-02-20',
      '2027-03-07',
    ]);
    expect(dates(payment('ONE_TIME', 12), '2027-05-05')).toEqual(['2027-05-05']);
  });

  it('lists the first year of an open-ended payment, or up to the end given', () => {
    const openEnded = recurringPaymentSchedule(payment('QUARTERLY'), '2027-01-15');
    expect(openEnded.charges.map((charge) => charge.date)).toEqual([
      '2027-01-15',
      '2027-04-15',
      '2027-07-15',
      '2027-10-15',
    ]);
    expect([openEnded.totalCharges, openEnded.total, openEnded.listedTotal.toFixed()]).toEqual([null, null, '1000']);
    expect(dates(payment('MONTHLY', 24), '2027-01-15', '2027-04-15')).toEqual([
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
    ]);
  });

  it('lists nothing for a frequency without a calendar', () => {
    for (const frequency of ['OTHER', 'VARIED'] as const) {
      const schedule = recurringPaymentSchedule(payment(frequency, 3), '2027-01-15');
      expect([schedule.scheduled, schedule.charges, schedule.total]).toEqual([false, [], null]);
    }
  });

  it('refuses a schedule longer than it lists, a bad date and a negative amount', () => {
    const daily = thrown(() => recurringPaymentSchedule(payment('DAILY', MAX_SCHEDULED_CHARGES + 1), '2027-01-01'));
    expect(daily.message).toBe(FeeMessage.scheduleTooLong(MAX_SCHEDULED_CHARGES));
    expect(recurringPaymentSchedule(payment('DAILY', MAX_SCHEDULED_CHARGES), '2027-01-01').charges).toHaveLength(
      MAX_SCHEDULED_CHARGES,
    );
    expect(thrown(() => recurringPaymentSchedule(payment('MONTHLY', 2), '15/01/2027')).details).toEqual([
      { path: 'start', message: FeeMessage.dateInvalid('Start') },
    ]);
    expect(thrown(() => recurringPaymentSchedule(payment('MONTHLY', 2, -5), '2027-01-15')).message).toBe(
      FeeMessage.amountNegative,
    );
  });
});
