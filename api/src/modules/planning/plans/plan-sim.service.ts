import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Decimal } from 'decimal.js';
import {
  DEFAULT_MONTE_CARLO_PATHS,
  DEFAULT_MONTE_CARLO_SEED,
  DomainError,
  ErrorCode,
  Money,
  projectPlan,
  runMonteCarlo,
  validationError,
  type CurrencyCode,
  type FxConverter,
  type FxRateTable,
  type MonteCarloResult,
  type PlanDocument,
  type PlanSimQuery,
  type Projection,
  type ProjectionOptions,
} from '@meridian/domain';
import { FxRatesService } from '../../financials/fx-rates/index.js';
import { notThePlans } from './plan-references.js';
import { PlansService } from './plans.service.js';

/** The answer of GET /plans/{planId}/sim. */
export interface PlanSimulation {
  projection: Projection;
  /** Null when the caller skipped it (`monteCarlo=false`). */
  monteCarlo: MonteCarloResult | null;
}

/** Every currency a value of the document is in (a money value is `{ value, currency }`). */
function currenciesOf(value: unknown, found = new Set<CurrencyCode>()): Set<CurrencyCode> {
  if (Array.isArray(value)) {
    for (const item of value) currenciesOf(item, found);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.value === 'string' && typeof record.currency === 'string') {
      found.add(record.currency as CurrencyCode);
    }
    for (const item of Object.values(record)) currenciesOf(item, found);
  }
  return found;
}

/** A refusal about the organization's exchange rates: the plan cannot be shown until a rate is set. */
const isRateRefusal = (error: unknown): error is DomainError =>
  error instanceof DomainError &&
  (error.code === ErrorCode.ERR_INVALID_PROPS || error.code === ErrorCode.ERR_INITIALIZATION);

/**
 * A plan's projection (projection/project.ts) and its Monte Carlo run (projection/monte-carlo.ts,
 * the default paths and seed), in the currency asked for (the plan's unless given), with the
 * organization's latest rates, as the financial view converts (FxConverter: never a silent 1:1).
 * A what-if retirement age for one of the plan's people is applied to the run and never saved.
 */
/**
 * How many Monte Carlo answers the process keeps. A run takes a second or two; the same plan is
 * asked for again when its page reopens, when the compare tab shows it, and when the what-if slider
 * comes back to an age it showed. Each answer is a few kilobytes.
 */
const MONTE_CARLO_CACHE_SIZE = 200;

@Injectable()
export class PlanSimService {
  /** Keyed by a digest of the plan document and the run's options, so any change of either misses. */
  private readonly monteCarloRuns = new LRUCache<string, MonteCarloResult>({ max: MONTE_CARLO_CACHE_SIZE });

  constructor(
    @Inject(PlansService) private readonly plans: PlansService,
    @Inject(FxRatesService) private readonly fxRates: FxRatesService,
  ) {}

  async simulate(planId: string, query: PlanSimQuery): Promise<PlanSimulation> {
    const plan = await this.plans.get(planId);
    const currency = query.currency ?? plan.settings.currency;
    const overrides: ProjectionOptions['overrides'] = {};
    if (query.personId !== undefined && query.retirementAge !== undefined) {
      if (!plan.people.some((person) => person.personId === query.personId)) {
        throw validationError([{ path: 'personId', message: notThePlans('person') }]);
      }
      overrides.retirementAges = { [query.personId]: query.retirementAge };
    }
    try {
      const options: ProjectionOptions = { currency, fxRates: await this.rateTable(plan, currency), overrides };
      return {
        projection: projectPlan(plan, options),
        monteCarlo: query.monteCarlo ? this.monteCarlo(plan, options) : null,
      };
    } catch (error) {
      // A missing rate is the organization's data, not a fault: 409 with the converter's sentence.
      if (isRateRefusal(error)) throw new DomainError(ErrorCode.CONFLICT, error.message, error.details);
      throw error;
    }
  }

  /** The plan's Monte Carlo run (default paths and seed), from the cache when the same plan and options ran before. */
  private monteCarlo(plan: PlanDocument, options: ProjectionOptions): MonteCarloResult {
    const runOptions = { ...options, explain: false, paths: DEFAULT_MONTE_CARLO_PATHS, seed: DEFAULT_MONTE_CARLO_SEED };
    const key = createHash('sha256')
      .update(JSON.stringify([plan, runOptions]))
      .digest('base64url');
    const kept = this.monteCarloRuns.get(key);
    if (kept) return kept;
    const result = runMonteCarlo(plan, runOptions);
    this.monteCarloRuns.set(key, result);
    return result;
  }

  /**
   * The rates the run needs, as one table based on `currency`: for each other currency of the plan,
   * how many of it one unit of `currency` buys, from the stored rate the converter chooses (either
   * way round). Null when every amount is already in `currency`.
   */
  private async rateTable(plan: PlanDocument, currency: CurrencyCode): Promise<FxRateTable | null> {
    const others = [...currenciesOf(plan)].filter((code) => code !== currency);
    if (others.length === 0) return null;
    const converter: FxConverter = await this.fxRates.converter(currency, new Date());
    const rates: FxRateTable['rates'] = {};
    for (const code of others) {
      // Throws the converter's own refusal when no rate joins the two currencies.
      converter.convert(Money.of(1, code));
      const stored = converter.ratesUsed([code])[0]!;
      rates[code] = stored.base === currency ? stored.rate : new Decimal(1).div(stored.rate).toString();
    }
    return { base: currency, rates };
  }
}
