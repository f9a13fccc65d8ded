import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aumBillingPeriod,
  fromMinorUnits,
  invoiceStatusMayMove,
  invoiceStatusOf,
  providerInterval,
  serviceStatusOfSubscription,
  toMinorUnits,
} from '../provider.js';
import { BillingInvoiceStatus } from '../enums.js';

describe('amounts in the provider’s smallest unit', () => {
  it('sends cents, rounded half up, and whole yen', () => {
    expect(toMinorUnits('2500', 'CAD')).toBe(250_000);
    expect(toMinorUnits('100.1', 'CAD')).toBe(10_010);
    expect(toMinorUnits('0.005', 'USD')).toBe(1);
    expect(toMinorUnits('0.00499999', 'USD')).toBe(0);
    expect(toMinorUnits('1500.5', 'JPY')).toBe(1501);
    expect(fromMinorUnits(10_010, 'CAD').toFixed(2)).toBe('100.10');
    expect(fromMinorUnits(1501, 'JPY').toFixed()).toBe('1501');
  });

  it('reads back what it sent, for any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        expect(toMinorUnits(fromMinorUnits(cents, 'CAD'), 'CAD')).toBe(cents);
      }),
    );
  });
});

describe('recurring intervals', () => {
  it('maps the frequencies a price can repeat on, and none of the others', () => {
    expect(providerInterval('MONTHLY')).toEqual({ interval: 'month', intervalCount: 1 });
    expect(providerInterval('QUARTERLY')).toEqual({ interval: 'month', intervalCount: 3 });
    expect(providerInterval('SEMI_ANNUALLY')).toEqual({ interval: 'month', intervalCount: 6 });
    expect(providerInterval('ANNUALLY')).toEqual({ interval: 'year', intervalCount: 1 });
    expect(providerInterval('BI_WEEKLY')).toEqual({ interval: 'week', intervalCount: 2 });
    for (const frequency of ['SEMI_MONTHLY', 'ONE_TIME', 'OTHER', 'VARIED'] as const) {
      expect(providerInterval(frequency)).toBeNull();
    }
  });
});

describe('AUM billing periods', () => {
  it('are quarters from the billing start, invoiced the day after they end', () => {
    expect(aumBillingPeriod('2027-01-01')).toEqual({ start: '2027-01-01', end: '2027-03-31', next: '2027-04-01' });
    expect(aumBillingPeriod('2027-11-15')).toEqual({ start: '2027-11-15', end: '2028-02-14', next: '2028-02-15' });
  });
});

describe('states', () => {
  it('moves an invoice forward only: a late “open” never undoes a payment', () => {
    expect(invoiceStatusMayMove('OPEN', 'PAID')).toBe(true);
    expect(invoiceStatusMayMove('PAYMENT_FAILED', 'PAID')).toBe(true);
    expect(invoiceStatusMayMove('PAID', 'OPEN')).toBe(false);
    expect(invoiceStatusMayMove('PAID', 'PAYMENT_FAILED')).toBe(false);
    expect(invoiceStatusMayMove('OPEN', 'DRAFT')).toBe(false);
    for (const status of BillingInvoiceStatus) expect(invoiceStatusMayMove(status, status)).toBe(false);
  });

  it('reads Stripe’s statuses', () => {
    expect(invoiceStatusOf('uncollectible')).toBe('PAYMENT_FAILED');
    expect(invoiceStatusOf('paid')).toBe('PAID');
    expect(serviceStatusOfSubscription('past_due')).toBe('PAST_DUE');
    expect(serviceStatusOfSubscription('canceled')).toBe('CANCELLED');
    expect(serviceStatusOfSubscription('paused')).toBeNull();
  });
});
