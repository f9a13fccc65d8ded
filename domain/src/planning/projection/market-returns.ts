import type { MarketReturnClass } from '../plans/enums.js';

/**
 * The long-term return assumptions of the FP Canada / Institute of Financial Planning (formerly
 * IQPF) Projection Assumption Guidelines 2025 (published 23 April 2025), percent a year, before
 * fees. The guidelines publish expected returns only, not volatilities.
 */
export const PAG_2025_RETURN_PERCENT = {
  shortTerm: 2.4,
  fixedIncome: 3.4,
  canadianEquities: 6.6,
  usEquities: 6.6,
  internationalDevelopedEquities: 6.9,
} as const;

/** The guidelines' inflation rate for 2025, percent a year (a default a plan may use). */
export const PAG_2025_INFLATION_PERCENT = 2.1;

/** Equities held in equal thirds: Canadian, US and international developed markets. */
const EQUITIES_PERCENT =
  (PAG_2025_RETURN_PERCENT.canadianEquities +
    PAG_2025_RETURN_PERCENT.usEquities +
    PAG_2025_RETURN_PERCENT.internationalDevelopedEquities) /
  3;

/** The asset mix each class stands for (shares of short term, fixed income and equities); chosen here. */
export const MARKET_CLASS_MIX: Readonly<
  Record<MarketReturnClass, { shortTerm: number; fixedIncome: number; equities: number }>
> = {
  CASH: { shortTerm: 1, fixedIncome: 0, equities: 0 },
  CONSERVATIVE: { shortTerm: 0.1, fixedIncome: 0.6, equities: 0.3 },
  BALANCED: { shortTerm: 0, fixedIncome: 0.4, equities: 0.6 },
  GROWTH: { shortTerm: 0, fixedIncome: 0.2, equities: 0.8 },
  AGGRESSIVE: { shortTerm: 0, fixedIncome: 0, equities: 1 },
};

/**
 * Yearly standard deviation of each class's return, percent. The guidelines give none: these are
 * this engine's assumptions, set in line with the long-run annual standard deviations of Canadian
 * T-bills (about 1%), of a broad bond index (about 5-6%) and of a broad equity index (about 15-16%),
 * blended for each mix with a low stock-bond correlation. Review them before relying on the spread
 * of the Monte Carlo's percentiles.
 */
export const MARKET_CLASS_VOLATILITY_PERCENT: Readonly<Record<MarketReturnClass, number>> = {
  CASH: 1,
  CONSERVATIVE: 6,
  BALANCED: 9.5,
  GROWTH: 12.5,
  AGGRESSIVE: 15.5,
};

function meanOfMix(mix: { shortTerm: number; fixedIncome: number; equities: number }): number {
  const percent =
    mix.shortTerm * PAG_2025_RETURN_PERCENT.shortTerm +
    mix.fixedIncome * PAG_2025_RETURN_PERCENT.fixedIncome +
    mix.equities * EQUITIES_PERCENT;
  // Two decimals of a percent: the blend is an assumption, not a measurement.
  return Math.round(percent * 100) / 100;
}

export interface MarketReturnAssumption {
  /** Percent a year. */
  meanPercent: number;
  /** Percent a year. */
  volatilityPercent: number;
  source: string;
}

export const MARKET_RETURN_ASSUMPTIONS: Readonly<Record<MarketReturnClass, MarketReturnAssumption>> =
  Object.fromEntries(
    (Object.keys(MARKET_CLASS_MIX) as MarketReturnClass[]).map((marketClass) => [
      marketClass,
      {
        meanPercent: meanOfMix(MARKET_CLASS_MIX[marketClass]),
        volatilityPercent: MARKET_CLASS_VOLATILITY_PERCENT[marketClass],
        source:
          'Mean: FP Canada / Institute of Financial Planning Projection Assumption Guidelines 2025, blended by the class mix; volatility: engine assumption',
      },
    ]),
  ) as Record<MarketReturnClass, MarketReturnAssumption>;

/** A small seeded generator (mulberry32): the same seed gives the same stream on every machine. */
export class SeededRandom {
  private state: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal (Box-Muller; the second value of each pair is kept for the next call). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    // 1 - next() is in (0, 1], so the logarithm is finite.
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}
