import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { ErrorCode } from '../../../shared/errors/domain-error.js';
import { thrown } from './thrown.js';
import { ProposalMessage } from '../../../crm/proposals/schemas.js';
import {
  AUM_BILLING_FREQUENCIES,
  annualAumFee,
  aumFeePerPeriod,
  aumFeeRubric,
  effectiveAumRate,
  type AumBillingFrequency,
  type FeeTierInput,
} from '../aum-fee.js';
import { FeeMessage } from '../messages.js';

const THREE_TIERS: FeeTierInput[] = [
  { breakpoint: 1_000_000, fee: 1 },
  { breakpoint: 4_000_000, fee: 0.75 },
  { breakpoint: 10_000_000, fee: 0.5 },
];

function annual(tiers: readonly FeeTierInput[], assets: number | string | Decimal): Decimal {
  return annualAumFee(tiers, assets).annual;
}

describe('annualAumFee: marginal tiers, like tax brackets', () => {
  it('charges each tier its rate on the assets inside it: 2,500,000 -> 10,000 + 11,250', () => {
    const fee = annualAumFee(THREE_TIERS, 2_500_000);
    expect(fee.annual.toFixed()).toBe('21250');
    expect(
      fee.breakdown.map((line) => ({
        from: line.from.toFixed(),
        to: line.to?.toFixed() ?? null,
        rate: line.rate.toFixed(),
        assetsInTier: line.assetsInTier.toFixed(),
        fee: line.fee.toFixed(),
      })),
    ).toEqual([
      { from: '0', to: '1000000', rate: '1', assetsInTier: '1000000', fee: '10000' },
      { from: '1000000', to: '4000000', rate: '0.75', assetsInTier: '1500000', fee: '11250' },
      { from: '4000000', to: null, rate: '0.5', assetsInTier: '0', fee: '0' },
    ]);
  });

  it('charges the assets above the last breakpoint at the last rate', () => {
    // 10,000 + 22,500 + 6,000,000 x 0.5% (to 10M) + 2,000,000 x 0.5% (above it)
    const fee = annualAumFee(THREE_TIERS, '12000000');
    expect(fee.annual.toFixed()).toBe('72500');
    expect(fee.breakdown[2]?.assetsInTier.toFixed()).toBe('8000000');
  });

  it('keeps cents and fractions of cents exact until something rounds them', () => {
    expect(annual(THREE_TIERS, '1000000.01').toFixed()).toBe('10000.000075');
    expect(annual([{ breakpoint: 100, fee: 0.333 }], '123.45').toFixed()).toBe('0.4110885');
  });

  it('applies a single tier to every dollar', () => {
    expect(annual([{ breakpoint: 500_000, fee: 1.25 }], 2_000_000).toFixed()).toBe('25000');
    expect(annual([{ breakpoint: 500_000, fee: 1.25 }], 100_000).toFixed()).toBe('1250');
  });

  it('is zero on zero assets, with every tier line at zero', () => {
    const fee = annualAumFee(THREE_TIERS, 0);
    expect(fee.annual.isZero()).toBe(true);
    expect(fee.breakdown.every((line) => line.assetsInTier.isZero() && line.fee.isZero())).toBe(true);
  });

  it('is exactly the breakpoint sum at a breakpoint', () => {
    expect(annual(THREE_TIERS, 1_000_000).toFixed()).toBe('10000');
    expect(annual(THREE_TIERS, 4_000_000).toFixed()).toBe('32500');
    expect(annual(THREE_TIERS, 10_000_000).toFixed()).toBe('62500');
  });

  it('refuses negative and non-finite assets with a VALIDATION_ERROR on assets', () => {
    for (const [assets, message] of [
      [-1, FeeMessage.assetsNegative],
      ['-0.01', FeeMessage.assetsNegative],
      [Number.NaN, FeeMessage.assetsNotNumber],
      [Number.POSITIVE_INFINITY, FeeMessage.assetsNotNumber],
      [new Decimal(Infinity), FeeMessage.assetsNotNumber],
      ['lots', FeeMessage.assetsNotNumber],
    ] as const) {
      const error = thrown(() => annualAumFee(THREE_TIERS, assets));
      expect(error.code).toBe(ErrorCode.VALIDATION_ERROR);
      expect(error.details).toEqual([{ path: 'assets', message }]);
    }
  });

  it('refuses the tiers the proposal schema refuses, with its messages', () => {
    expect(thrown(() => annualAumFee([], 1)).message).toBe(ProposalMessage.tiersRequired);
    expect(thrown(() => annualAumFee([{ breakpoint: 0, fee: 1 }], 1)).message).toBe(ProposalMessage.breakpointPositive);
    expect(thrown(() => annualAumFee([{ breakpoint: 10, fee: 101 }], 1)).message).toBe(ProposalMessage.feeRange);
    const unordered = [
      { breakpoint: 10, fee: 1 },
      { breakpoint: 10, fee: 0.5 },
    ];
    expect(thrown(() => annualAumFee(unordered, 1)).details).toEqual([
      { path: 'tiers.1.breakpoint', message: ProposalMessage.tiersIncreasing },
    ]);
  });
});

describe('effectiveAumRate', () => {
  it('is the annual fee over the assets, in percent', () => {
    expect(effectiveAumRate(THREE_TIERS, 2_500_000).toFixed()).toBe('0.85');
    expect(effectiveAumRate(THREE_TIERS, 3_000_000).toFixed()).toBe('0.83333333');
  });

  it("is the first tier's rate at zero assets", () => {
    expect(effectiveAumRate(THREE_TIERS, 0).toFixed()).toBe('1');
  });
});

describe('aumFeePerPeriod: cents, half up, once', () => {
  it('splits an annual fee into its periods', () => {
    const perPeriod = (frequency: AumBillingFrequency) => aumFeePerPeriod('21250', frequency).toFixed(2);
    expect(AUM_BILLING_FREQUENCIES.map(perPeriod)).toEqual(['21250.00', '10625.00', '5312.50', '1770.83']);
  });

  it('rounds half up at the end only', () => {
    // 100.06 / 4 = 25.015 -> 25.02; 1000.1 / 12 = 83.341666... -> 83.34
    expect(aumFeePerPeriod('100.06', 'QUARTERLY').toFixed()).toBe('25.02');
    expect(aumFeePerPeriod('1000.1', 'MONTHLY').toFixed()).toBe('83.34');
    // The exact annual fee goes in, not its cents: 0.4110885 a year is 0.10 a quarter (0.1027...).
    expect(aumFeePerPeriod(annual([{ breakpoint: 100, fee: 0.333 }], '123.45'), 'QUARTERLY').toFixed()).toBe('0.1');
  });

  it('refuses a frequency an AUM fee is not billed by, and a negative fee', () => {
    const weekly = thrown(() => aumFeePerPeriod(100, 'WEEKLY' as AumBillingFrequency));
    expect(weekly.details).toEqual([{ path: 'frequency', message: FeeMessage.aumBillingFrequencyInvalid }]);
    expect(thrown(() => aumFeePerPeriod(-1, 'MONTHLY')).message).toBe(FeeMessage.annualFeeNegative);
  });
});

/** Strictly increasing breakpoints (whole dollars) with rates of up to 3 decimals, 1 to 10 tiers. */
const tiersArbitrary = fc
  .array(
    fc.record({ width: fc.integer({ min: 1, max: 5_000_000 }), rateThousandths: fc.integer({ min: 0, max: 100_000 }) }),
    { minLength: 1, maxLength: 10 },
  )
  .map((rows) => {
    let breakpoint = 0;
    return rows.map(({ width, rateThousandths }) => {
      breakpoint += width;
      return { breakpoint, fee: new Decimal(rateThousandths).div(1000) };
    });
  });

/** Assets in cents up to 100 million. */
const assetsArbitrary = fc.integer({ min: 0, max: 10_000_000_000 }).map((cents) => new Decimal(cents).div(100));

describe('annualAumFee properties', () => {
  it('never decreases as assets grow, anywhere and across every breakpoint', () => {
    const cents = (value: number) => new Decimal(value).div(100);
    fc.assert(
      fc.property(
        tiersArbitrary,
        fc.oneof(
          assetsArbitrary,
          fc.record({ tier: fc.nat(), offsetCents: fc.integer({ min: -100_000, max: 100_000 }) }),
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        (tiers, start, stepCents) => {
          // Half the cases start within 1,000 of a breakpoint, where a rubric that jumps would fall.
          const low =
            start instanceof Decimal
              ? start
              : Decimal.max(0, cents(start.offsetCents).plus(tiers[start.tier % tiers.length]?.breakpoint ?? 0));
          const high = low.plus(cents(stepCents));
          expect(annual(tiers, low).lessThanOrEqualTo(annual(tiers, high))).toBe(true);
        },
      ),
    );
  });

  it('is continuous at every breakpoint: b + epsilon costs at most the rate above b on epsilon', () => {
    const epsilon = fc.constantFrom('0.01', '0.000001', '1', '1e-20').map((value) => new Decimal(value));
    fc.assert(
      fc.property(tiersArbitrary, epsilon, (tiers, step) => {
        tiers.forEach((tier, index) => {
          const rateAbove = new Decimal((tiers[index + 1] ?? tier).fee);
          const atBreakpoint = annual(tiers, tier.breakpoint);
          const justAbove = annual(tiers, step.plus(tier.breakpoint));
          const justBelow = annual(tiers, new Decimal(tier.breakpoint).minus(step).abs());
          expect(justAbove.minus(atBreakpoint).lessThanOrEqualTo(rateAbove.times(step).div(100))).toBe(true);
          expect(atBreakpoint.minus(justBelow).greaterThanOrEqualTo(0)).toBe(true);
          expect(atBreakpoint.minus(justBelow).lessThanOrEqualTo(new Decimal(tier.fee).times(step).div(100))).toBe(
            true,
          );
        });
      }),
    );
  });

  it('equals the sum of its tier lines, and the lines cover exactly the assets', () => {
    fc.assert(
      fc.property(tiersArbitrary, assetsArbitrary, (tiers, assets) => {
        const fee = annualAumFee(tiers, assets);
        const lineFees = fee.breakdown.reduce((sum, line) => sum.plus(line.fee), new Decimal(0));
        const lineAssets = fee.breakdown.reduce((sum, line) => sum.plus(line.assetsInTier), new Decimal(0));
        expect(lineFees.equals(fee.annual)).toBe(true);
        expect(lineAssets.equals(assets)).toBe(true);
        expect(annualAumFee(aumFeeRubric(tiers), assets).annual.equals(fee.annual)).toBe(true);
      }),
    );
  });

  it('is never above the highest rate on all the assets, nor below the lowest', () => {
    fc.assert(
      fc.property(tiersArbitrary, assetsArbitrary, (tiers, assets) => {
        const rates = tiers.map((tier) => tier.fee);
        const fee = annual(tiers, assets);
        expect(
          fee.lessThanOrEqualTo(
            Decimal.max(...rates)
              .times(assets)
              .div(100),
          ),
        ).toBe(true);
        expect(
          fee.greaterThanOrEqualTo(
            Decimal.min(...rates)
              .times(assets)
              .div(100),
          ),
        ).toBe(true);
      }),
    );
  });
});
