import type { Decimal } from 'decimal.js';
import { validationError } from '../../shared/errors/domain-error.js';
import type { NumericInput } from '../../shared/format/number.js';
import { ARITHMETIC_DECIMALS, Dec, isNumeric, roundHalfUp } from '../../shared/money/decimal.js';
import type { PaymentFrequency } from '../../financials/records/enums.js';
import { FEE_TIER_FEE_RANGE, ProposalMessage } from '../../crm/proposals/schemas.js';
import { FeeMessage } from './messages.js';

/*
 * Tier semantics (the spec gives tiers as {breakpoint, fee} and says no more; DECISIONS.md, step
 * 14): a tier covers the assets from the previous tier's breakpoint (0 for the first) up to its own
 * breakpoint, and its `fee` is an annual percent charged on the assets inside it, like tax
 * brackets. Assets above the last breakpoint are charged at the last tier's rate, so the last tier
 * is open-ended. Marginal rather than "the whole balance at the rate of the tier it reaches"
 * because a whole-balance rubric jumps at every breakpoint: one more dollar of assets could lower
 * or raise the fee by thousands, which a client reads as a penalty for growing. The marginal fee is
 * continuous and never decreases as assets grow.
 */

/** A fee tier as the proposal schema holds it (numbers), or already as decimals. */
export interface FeeTierInput {
  /** The upper bound of the assets the tier covers, in the offer's currency. */
  breakpoint: NumericInput;
  /** The annual percent (0-100) charged on the assets inside the tier. */
  fee: NumericInput;
}

/** One line of the proposal builder's explanation of an AUM fee. */
export interface AumFeeTierLine {
  /** The assets the tier starts above: the previous breakpoint, 0 for the first tier. */
  from: Decimal;
  /** The tier's breakpoint; null for the last tier, which also covers everything above it. */
  to: Decimal | null;
  /** Annual percent. */
  rate: Decimal;
  /** The part of the assets inside the tier. */
  assetsInTier: Decimal;
  /** rate / 100 x assetsInTier, exact (not rounded). */
  fee: Decimal;
}

export interface AumFeeCalculation {
  assets: Decimal;
  /** The annual fee, exact: the sum of the lines' fees. Rounded to cents only where it is shown or billed. */
  annual: Decimal;
  /** One line per tier, in order, including tiers the assets do not reach (zero assets, zero fee). */
  breakdown: AumFeeTierLine[];
}

/**
 * The billing periods of an AUM fee, named as the recurring payment's frequencies are
 * (`PaymentFrequency`): the calendar periods a custodian or a payment provider bills by. The
 * others (weekly, daily, varied...) are a recurring payment's, not an asset fee's.
 */
export const AUM_BILLING_FREQUENCIES = [
  'ANNUALLY',
  'SEMI_ANNUALLY',
  'QUARTERLY',
  'MONTHLY',
] as const satisfies readonly PaymentFrequency[];
export type AumBillingFrequency = (typeof AUM_BILLING_FREQUENCIES)[number];

export const AUM_BILLING_PERIODS_PER_YEAR: Readonly<Record<AumBillingFrequency, number>> = {
  ANNUALLY: 1,
  SEMI_ANNUALLY: 2,
  QUARTERLY: 4,
  MONTHLY: 12,
};

/** Money is billed in cents. */
export const FEE_CENT_DECIMALS = 2;

/** Assets: a finite, non-negative number; anything else is a VALIDATION_ERROR on `assets`. */
function toAssets(value: NumericInput): Decimal {
  if (!isNumeric(value)) {
    throw validationError([{ path: 'assets', message: FeeMessage.assetsNotNumber }], FeeMessage.assetsNotNumber);
  }
  const assets = new Dec(typeof value === 'string' ? value.trim() : value);
  if (assets.isNegative() && !assets.isZero()) {
    throw validationError([{ path: 'assets', message: FeeMessage.assetsNegative }], FeeMessage.assetsNegative);
  }
  return assets;
}

/** One tier, checked and in decimals: the bounds of the assets it covers and its rate. */
interface RubricTier {
  from: Decimal;
  /** Null for the last tier, which covers everything above `from`. */
  to: Decimal | null;
  /** Annual percent. */
  rate: Decimal;
  /** rate / 100, so each household costs one multiplication per tier it reaches. */
  fraction: Decimal;
}

/**
 * Fee tiers checked once and held as decimals, for pricing many households with one rubric (a
 * billing run, the bench); `annualAumFee` takes either this or the tiers themselves.
 */
export interface AumFeeRubric {
  readonly kind: 'AumFeeRubric';
  readonly tiers: readonly RubricTier[];
}

/**
 * Checks tiers as the proposal schema does (crm §5: at least one, positive and strictly increasing
 * breakpoints, fees 0-100), so a caller that skipped the schema still gets the schema's messages
 * rather than a wrong fee, and holds them as decimals.
 */
export function aumFeeRubric(tiers: readonly FeeTierInput[]): AumFeeRubric {
  if (tiers.length === 0) {
    throw validationError([{ path: 'tiers', message: ProposalMessage.tiersRequired }], ProposalMessage.tiersRequired);
  }
  const result: RubricTier[] = [];
  let from = new Dec(0);
  tiers.forEach((tier, index) => {
    if (!isNumeric(tier.breakpoint) || !isNumeric(tier.fee)) {
      throw validationError([{ path: `tiers.${index}`, message: FeeMessage.tierNotNumber }], FeeMessage.tierNotNumber);
    }
    const breakpoint = new Dec(tier.breakpoint);
    const rate = new Dec(tier.fee);
    if (!breakpoint.isPositive() || breakpoint.isZero()) {
      throw validationError(
        [{ path: `tiers.${index}.breakpoint`, message: ProposalMessage.breakpointPositive }],
        ProposalMessage.breakpointPositive,
      );
    }
    if (rate.lessThan(FEE_TIER_FEE_RANGE.min) || rate.greaterThan(FEE_TIER_FEE_RANGE.max)) {
      throw validationError(
        [{ path: `tiers.${index}.fee`, message: ProposalMessage.feeRange }],
        ProposalMessage.feeRange,
      );
    }
    if (index > 0 && !breakpoint.greaterThan(from)) {
      throw validationError(
        [{ path: `tiers.${index}.breakpoint`, message: ProposalMessage.tiersIncreasing }],
        ProposalMessage.tiersIncreasing,
      );
    }
    const isLast = index === tiers.length - 1;
    result.push({ from, to: isLast ? null : breakpoint, rate, fraction: rate.div(100) });
    from = breakpoint;
  });
  return Object.freeze({ kind: 'AumFeeRubric', tiers: Object.freeze(result) });
}

const ZERO = new Dec(0);

/**
 * The annual AUM fee of `assets` (in the offer's currency) under a tiered rubric: the sum over
 * tiers of rate / 100 x the assets inside the tier (see the tier semantics above), exact, with a
 * line per tier. Negative or non-finite assets, and tiers the proposal schema would refuse, are a
 * VALIDATION_ERROR DomainError.
 */
export function annualAumFee(tiers: readonly FeeTierInput[] | AumFeeRubric, assets: NumericInput): AumFeeCalculation {
  const amount = toAssets(assets);
  const rubric = isRubric(tiers) ? tiers : aumFeeRubric(tiers);
  let annual = ZERO;
  const breakdown = rubric.tiers.map((tier): AumFeeTierLine => {
    const line = { from: tier.from, to: tier.to, rate: tier.rate, assetsInTier: ZERO, fee: ZERO };
    // Decimals are immutable, so the tiers the assets do not reach share one zero.
    if (!amount.greaterThan(tier.from)) return line;
    line.assetsInTier =
      tier.to === null || amount.lessThan(tier.to) ? amount.minus(tier.from) : tier.to.minus(tier.from);
    line.fee = line.assetsInTier.times(tier.fraction);
    annual = annual.plus(line.fee);
    return line;
  });
  return { assets: amount, annual, breakdown };
}

function isRubric(tiers: readonly FeeTierInput[] | AumFeeRubric): tiers is AumFeeRubric {
  return !Array.isArray(tiers);
}

/**
 * The blended annual percent a household pays: annual fee / assets x 100, to 8 decimals (half
 * up). At zero assets it is the first tier's rate, the limit as assets shrink to nothing, so a
 * proposal for a household with no assets yet still shows the rate its first dollar would pay.
 */
export function effectiveAumRate(tiers: readonly FeeTierInput[] | AumFeeRubric, assets: NumericInput): Decimal {
  return effectiveRateOf(annualAumFee(tiers, assets));
}

/** effectiveAumRate of a fee already computed. */
export function effectiveRateOf({ assets, annual, breakdown }: AumFeeCalculation): Decimal {
  const firstTier = breakdown[0];
  if (assets.isZero()) return firstTier === undefined ? new Dec(0) : firstTier.rate;
  return roundHalfUp(annual.div(assets).times(100), ARITHMETIC_DECIMALS);
}

/**
 * What one billing period charges of an annual fee: annual / periods a year, rounded half up to
 * cents. This is the only rounding of the computation (the annual fee and its tier lines stay
 * exact until here), so each period is within half a cent of its exact share; the periods of a year
 * may therefore add up to a few cents more or less than the annual fee rounded, which we accept
 * rather than loading the difference onto one period.
 */
export function aumFeePerPeriod(annual: NumericInput, frequency: AumBillingFrequency): Decimal {
  if (!isNumeric(annual)) {
    throw validationError([{ path: 'annual', message: FeeMessage.annualFeeNotNumber }], FeeMessage.annualFeeNotNumber);
  }
  const amount = new Dec(typeof annual === 'string' ? annual.trim() : annual);
  if (amount.isNegative() && !amount.isZero()) {
    throw validationError([{ path: 'annual', message: FeeMessage.annualFeeNegative }], FeeMessage.annualFeeNegative);
  }
  const periods = (AUM_BILLING_PERIODS_PER_YEAR as Partial<Record<string, number>>)[frequency];
  if (periods === undefined) {
    throw validationError(
      [{ path: 'frequency', message: FeeMessage.aumBillingFrequencyInvalid }],
      FeeMessage.aumBillingFrequencyInvalid,
    );
  }
  return roundHalfUp(amount.div(periods), FEE_CENT_DECIMALS);
}
