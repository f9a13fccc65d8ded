import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  amountSchema,
  feeTiersSchema,
  offerSchema,
  offeringDetailsSchema,
  PRICING_TYPE_BY_SERVICE_TYPE,
  pricingPlanSchema,
  proposalSendSchema,
} from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const BOTH_OR_NONE = 'Either both `currency` and `value` should be present, or both should be absent.';

describe('proposal send (crm §5)', () => {
  const recipient = { email: 'client@home.com', personId: 'person-1' };

  it('takes recipients and a resend flag, false unless given', () => {
    expect(proposalSendSchema.parse({ recipients: [recipient] })).toEqual({ recipients: [recipient], resend: false });
    expect(proposalSendSchema.parse({ recipients: [recipient], resend: true }).resend).toBe(true);
  });

  it('requires at least one recipient', () => {
    expect(issues(proposalSendSchema, { recipients: [] })).toEqual(['recipients: At least one recipient is required']);
    expect(issues(proposalSendSchema, {})).toEqual(['recipients: At least one recipient is required']);
  });

  it('requires each recipient e-mail, valid, and person', () => {
    expect(issues(proposalSendSchema, { recipients: [{ email: '' }, { email: 'nope', personId: 'p' }] })).toEqual([
      'recipients.0.email: Email is required',
      'recipients.0.personId: Person is required',
      'recipients.1.email: Email must be a valid email address',
    ]);
    expect(issues(proposalSendSchema, { recipients: [{ personId: 'p' }] })).toEqual([
      'recipients.0.email: Email is required',
    ]);
  });
});

describe('amount (crm §5)', () => {
  it('takes both or neither of currency and value', () => {
    expect(amountSchema.parse({ currency: 'CAD', value: 100 })).toEqual({ currency: 'CAD', value: 100 });
    expect(amountSchema.parse({})).toEqual({});
    expect(amountSchema.parse({ currency: null, value: null })).toEqual({ currency: null, value: null });
  });

  it('pins the backticked message', () => {
    expect(issues(amountSchema, { currency: 'CAD' })).toEqual([`: ${BOTH_OR_NONE}`]);
    expect(issues(amountSchema, { value: 0 })).toEqual([`: ${BOTH_OR_NONE}`]);
    expect(issues(amountSchema, { currency: null, value: 5 })).toEqual([`: ${BOTH_OR_NONE}`]);
  });

  it('checks each part that is given', () => {
    expect(issues(amountSchema, { currency: 'ABC', value: '5' })).toEqual([
      'currency: Currency is not valid',
      'value: Money value must be a number',
    ]);
  });
});

describe('fee tiers (crm §5)', () => {
  it('accepts increasing positive breakpoints with fees from 0 to 100', () => {
    const tiers = [
      { breakpoint: 1, fee: 1.25 },
      { breakpoint: 500000, fee: 1 },
      { breakpoint: 1000000, fee: 0 },
      { breakpoint: 5000000, fee: 100 },
    ];
    expect(feeTiersSchema.parse(tiers)).toEqual(tiers);
  });

  it('requires a positive breakpoint and a fee between 0 and 100', () => {
    expect(
      issues(feeTiersSchema, [
        { breakpoint: 0, fee: -1 },
        { breakpoint: 10, fee: 100.5 },
      ]),
    ).toEqual([
      '0.breakpoint: Breakpoint must be greater than 0',
      '0.fee: Fee must be between 0 and 100',
      '1.fee: Fee must be between 0 and 100',
    ]);
    expect(issues(feeTiersSchema, [{}])).toEqual([
      '0.breakpoint: Breakpoint must be greater than 0',
      '0.fee: Fee must be between 0 and 100',
    ]);
  });

  it('requires strictly increasing breakpoints', () => {
    expect(
      issues(feeTiersSchema, [
        { breakpoint: 100, fee: 1 },
        { breakpoint: 100, fee: 1 },
        { breakpoint: 50, fee: 1 },
        { breakpoint: 200, fee: 1 },
      ]),
    ).toEqual([
      '1.breakpoint: Each tier breakpoint must be higher than the previous',
      '2.breakpoint: Each tier breakpoint must be higher than the previous',
    ]);
  });

  it('needs at least one tier', () => {
    expect(issues(feeTiersSchema, [])).toEqual([': At least one fee tier is required']);
    expect(issues(feeTiersSchema, undefined)).toEqual([': At least one fee tier is required']);
  });
});

describe('pricing plan (crm §5)', () => {
  const aumFee = { feeRubric: { tiers: [{ breakpoint: 1, fee: 1 }] } };
  const oneTimeFee = { amount: { currency: 'CAD', value: 2500 }, isUpfront: true };

  it('accepts an AUM fee billed from the custodian, or another fee billed otherwise', () => {
    expect(issues(pricingPlanSchema, { type: 'AUM_FEE', paymentMethod: 'BILLED_FROM_CUSTODIAN', aumFee })).toEqual([]);
    expect(pricingPlanSchema.parse({ type: 'ONE_TIME_FEE', paymentMethod: 'MANUAL', oneTimeFee })).toEqual({
      type: 'ONE_TIME_FEE',
      paymentMethod: 'MANUAL',
      oneTimeFee,
    });
    const recurringPayment = {
      amount: { currency: 'USD', value: 150 },
      frequency: { common: 'MONTHLY', duration: 12 },
    };
    expect(
      issues(pricingPlanSchema, { type: 'RECURRING_PAYMENT', paymentMethod: 'PAYMENT_PROVIDER', recurringPayment }),
    ).toEqual([]);
  });

  it('needs at least one fee', () => {
    expect(issues(pricingPlanSchema, { type: 'ONE_TIME_FEE', paymentMethod: 'MANUAL' })).toEqual([
      ': At least one of aumFee, oneTimeFee, or recurringPayment must be provided',
    ]);
  });

  it('uses custodian billing and the AUM fee together', () => {
    expect(issues(pricingPlanSchema, { type: 'AUM_FEE', paymentMethod: 'MANUAL', aumFee })).toEqual([
      'paymentMethod: Custodian billing and Aum Fee must be used together',
    ]);
    expect(
      issues(pricingPlanSchema, { type: 'ONE_TIME_FEE', paymentMethod: 'BILLED_FROM_CUSTODIAN', oneTimeFee }),
    ).toEqual(['paymentMethod: Custodian billing and Aum Fee must be used together']);
  });

  it('checks the nested fees', () => {
    expect(
      issues(pricingPlanSchema, {
        type: 'AUM_FEE',
        paymentMethod: 'BILLED_FROM_CUSTODIAN',
        aumFee: {
          feeRubric: {
            tiers: [
              { breakpoint: 2, fee: 1 },
              { breakpoint: 1, fee: 1 },
            ],
          },
        },
        recurringPayment: { amount: { value: 5 }, frequency: { common: 'HOURLY', duration: 0 } },
      }),
    ).toEqual([
      'aumFee.feeRubric.tiers.1.breakpoint: Each tier breakpoint must be higher than the previous',
      `recurringPayment.amount: ${BOTH_OR_NONE}`,
      'recurringPayment.frequency.common: Please select a valid frequency',
      'recurringPayment.frequency.duration: Duration must be a whole number greater than 0',
    ]);
    expect(
      issues(pricingPlanSchema, {
        type: 'AUM_FEE',
        paymentMethod: 'BILLED_FROM_CUSTODIAN',
        aumFee: {},
        recurringPayment: { amount: {} },
      }),
    ).toEqual([
      'aumFee.feeRubric: At least one fee tier is required',
      'recurringPayment.frequency: Please select a valid frequency',
    ]);
    expect(issues(pricingPlanSchema, { type: 'FLAT', paymentMethod: 'CHEQUE', oneTimeFee })).toEqual([
      'type: Please select a valid pricing type',
      'paymentMethod: Please select a valid payment method',
    ]);
  });
});

describe('offers and offerings (crm §5, §9)', () => {
  const pricingPlan = {
    type: 'ONE_TIME_FEE',
    paymentMethod: 'MANUAL',
    oneTimeFee: { amount: { currency: 'CAD', value: 2500 }, isUpfront: false },
  };

  it('needs at least one offering', () => {
    expect(issues(offerSchema, { billingStartType: 'ON_START', offerings: ['offering-1'], pricingPlan })).toEqual([]);
    expect(issues(offerSchema, { billingStartType: 'ON_START', offerings: [], pricingPlan })).toEqual([
      'offerings: At least one offering is needed.',
    ]);
    expect(issues(offerSchema, { billingStartType: 'LATER', pricingPlan })).toEqual([
      'billingStartType: Please select when billing starts',
      'offerings: At least one offering is needed.',
    ]);
    expect(issues(offerSchema, { billingStartType: 'ON_COMPLETION', offerings: ['offering-1'] })).toEqual([
      'pricingPlan: Pricing plan is required',
    ]);
  });

  it("marks every missing offering detail 'Required field'", () => {
    expect(issues(offeringDetailsSchema, { description: ' ' })).toEqual([
      'category: Required field',
      'description: Required field',
      'name: Required field',
      'type: Required field',
    ]);
    const offering = {
      category: 'FINANCIAL_PLANNING',
      description: 'A written plan',
      name: 'Plan',
      type: 'ONE_OFF_SERVICE',
    };
    expect(offeringDetailsSchema.parse(offering)).toEqual(offering);
  });

  it('prices one-off services and products once, ongoing services recurrently', () => {
    expect(PRICING_TYPE_BY_SERVICE_TYPE).toEqual({
      ONE_OFF_SERVICE: 'ONE_TIME_FEE',
      ONGOING_SERVICE: 'RECURRING_PAYMENT',
      PRODUCT: 'ONE_TIME_FEE',
    });
  });
});
