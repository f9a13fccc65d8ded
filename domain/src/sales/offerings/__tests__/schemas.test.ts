import { describe, expect, it } from 'vitest';
import { ProposalMessage } from '../../../crm/proposals/schemas.js';
import { MONEY_VALUE_MESSAGES } from '../../../shared/money/money.schema.js';
import { FeeMessage } from '../../fees/messages.js';
import { OfferingMessage, packageOfferSchema } from '../schemas.js';

const offer = (plan: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  billingStartType: 'ON_START',
  offerings: ['offering-AAAAAAAAAAAAAAAAAAAAA'],
  pricingPlan: plan,
  ...extra,
});
const aum = (tiers: { breakpoint: number; fee: number }[]) =>
  offer({ type: 'AUM_FEE', paymentMethod: 'BILLED_FROM_CUSTODIAN', aumFee: { feeRubric: { tiers } } });

function messages(input: unknown): string[] {
  const result = packageOfferSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('a package template’s offer', () => {
  it('takes a tiered AUM fee, a one-time fee and a recurring payment', () => {
    expect(messages(aum([{ breakpoint: 1_000_000, fee: 1 }]))).toEqual([]);
    expect(
      messages(
        offer({ type: 'ONE_TIME_FEE', paymentMethod: 'MANUAL', oneTimeFee: { amount: { currency: 'CAD', value: 0 } } }),
      ),
    ).toEqual([]);
  });

  it('keeps crm §5’s messages', () => {
    expect(messages(offer({ type: 'AUM_FEE', paymentMethod: 'MANUAL' }))).toContain(ProposalMessage.pricingRequired);
    expect(messages({ ...aum([{ breakpoint: 1, fee: 1 }]), offerings: [] })).toContain(
      ProposalMessage.offeringsRequired,
    );
  });

  it('refuses a breakpoint that is 0 once kept to 8 decimals, and breakpoints equal once kept', () => {
    expect(messages(aum([{ breakpoint: 1e-9, fee: 1 }]))).toEqual([ProposalMessage.breakpointPositive]);
    expect(
      messages(
        aum([
          { breakpoint: 1, fee: 1 },
          { breakpoint: 1.000000001, fee: 0.5 },
        ]),
      ),
    ).toEqual([ProposalMessage.tiersIncreasing]);
  });

  it('asks for what the database needs: the chosen date, the pricing type’s fee, storable amounts, one currency', () => {
    expect(messages({ ...aum([{ breakpoint: 1, fee: 1 }]), billingStartType: 'CUSTOM_DATE' })).toEqual([
      OfferingMessage.billingStartDateRequired,
    ]);
    expect(
      messages(
        offer({
          type: 'RECURRING_PAYMENT',
          paymentMethod: 'MANUAL',
          oneTimeFee: { amount: { currency: 'CAD', value: 10 } },
        }),
      ),
    ).toEqual([OfferingMessage.pricingTypeFeeMissing]);
    expect(
      messages(
        offer({
          type: 'ONE_TIME_FEE',
          paymentMethod: 'MANUAL',
          oneTimeFee: { amount: { currency: 'CAD', value: -1 } },
        }),
      ),
    ).toEqual([MONEY_VALUE_MESSAGES.valueNegative]);
    expect(
      messages(
        offer({
          type: 'ONE_TIME_FEE',
          paymentMethod: 'MANUAL',
          oneTimeFee: { amount: { currency: 'CAD', value: 10 } },
          recurringPayment: {
            amount: { currency: 'USD', value: 10 },
            frequency: { common: 'MONTHLY', duration: 2000 },
          },
        }),
      ),
    ).toEqual([OfferingMessage.durationTooLong, FeeMessage.currenciesDiffer]);
  });
});
