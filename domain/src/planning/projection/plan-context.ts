import type { Decimal } from 'decimal.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import type { MoneyJson } from '../../shared/money/money.js';
import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import { CONVERSION_DECIMALS, Dec, roundHalfUp } from '../../shared/money/decimal.js';
import { crossRate } from '../../shared/money/fx.js';
import type { CountryCode, TaxProvince } from '../../shared/regions/regions.js';
import type { PlanDocument, TimePoint } from '../plans/document.js';
import type { UsFilingStatus } from '../plans/enums.js';
import type { ProjectionOptions } from './types.js';

/** The oldest age a person is projected to: past it they drop out of the plan. */
export const LAST_AGE = 100;

export interface PlanPersonContext {
  personId: string;
  name: string;
  birthYear: number;
  /** True when the birthday is 1 January: the age at 1 January is then the age reached that year. */
  bornOnFirstOfJanuary: boolean;
  retirementAge: number;
  retirementYear: number;
  /** The last year the person is in the plan (the year they turn 100). */
  lastYear: number;
  country: CountryCode;
  province: TaxProvince | null;
  usFilingStatus: UsFilingStatus | null;
  /** The currency the person's tax is computed in: CAD for a Canadian, USD for a US person. */
  taxCurrency: CurrencyCode;
}

/**
 * What every part of the projection shares: the people with their years resolved, the plan's span
 * and the conversion of amounts into the projection's currency (each amount converted once, at the
 * start, to 4 decimals as foundations §9 rounds conversions).
 */
export class PlanContext {
  readonly currency: CurrencyCode;
  readonly startYear: number;
  readonly endYear: number;
  readonly people: PlanPersonContext[];
  private readonly peopleById = new Map<string, PlanPersonContext>();
  private readonly rates = new Map<string, Decimal>();

  constructor(
    readonly plan: PlanDocument,
    readonly options: ProjectionOptions,
  ) {
    this.currency = options.currency;
    this.startYear = plan.settings.startYear;
    this.people = plan.people.map((person) => {
      const [year, month, day] = person.birthDate.slice(0, 10).split('-').map(Number) as [number, number, number];
      const retirementAge = options.overrides?.retirementAges?.[person.personId] ?? person.retirementAge;
      return {
        personId: person.personId,
        name: person.name,
        birthYear: year,
        bornOnFirstOfJanuary: month === 1 && day === 1,
        retirementAge,
        retirementYear: year + retirementAge,
        lastYear: year + LAST_AGE,
        country: person.country,
        province: person.province,
        usFilingStatus: person.usFilingStatus,
        taxCurrency: person.country === 'US' ? 'USD' : person.country === 'CA' ? 'CAD' : options.currency,
      };
    });
    for (const person of this.people) this.peopleById.set(person.personId, person);
    const lastYear = Math.max(...this.people.map((person) => person.lastYear));
    this.endYear = Math.max(this.startYear, Number.isFinite(lastYear) ? lastYear : this.startYear);
  }

  person(personId: string): PlanPersonContext | undefined {
    return this.peopleById.get(personId);
  }

  /** The age a person reaches in `year`. */
  ageInYear(person: PlanPersonContext, year: number): number {
    return year - person.birthYear;
  }

  /** The age on 1 January of `year` (the RRIF, PRIF and LIF tables read it). */
  ageAtStartOfYear(person: PlanPersonContext, year: number): number {
    return year - person.birthYear - (person.bornOnFirstOfJanuary ? 0 : 1);
  }

  isActive(person: PlanPersonContext, year: number): boolean {
    return year <= person.lastYear;
  }

  /** One unit of `from` in `to`, at full precision (crossRate), asked for only where needed. */
  rate(from: CurrencyCode, to: CurrencyCode): Decimal {
    if (from === to) return new Dec(1);
    const key = `${from}>${to}`;
    let rate = this.rates.get(key);
    if (rate === undefined) {
      rate = crossRate(from, to, this.options.fxRates);
      this.rates.set(key, rate);
    }
    return rate;
  }

  /** A plan amount in the projection's currency, to 4 decimals. */
  money(json: MoneyJson): Decimal {
    return this.convert(json.value, json.currency, this.currency);
  }

  convert(amount: Decimal.Value, from: CurrencyCode, to: CurrencyCode): Decimal {
    if (from === to) return new Dec(amount);
    return roundHalfUp(new Dec(amount).times(this.rate(from, to)), CONVERSION_DECIMALS);
  }

  /**
   * The first year a time point falls in. PLAN_END is the year after the last (a time frame's end is
   * exclusive and PLAN_END runs through the last year); a person not in the plan resolves to never.
   */
  yearOf(point: TimePoint, edge: 'start' | 'end'): number {
    switch (point.kind) {
      case 'PLAN_START':
        return this.startYear;
      case 'PLAN_END':
        return this.endYear + 1;
      case 'YEAR':
        return point.year;
      case 'AGE': {
        const person = this.person(point.personId);
        return person ? person.birthYear + point.age : edge === 'start' ? Number.POSITIVE_INFINITY : this.endYear + 1;
      }
      case 'RETIREMENT': {
        const person = this.person(point.personId);
        return person ? person.retirementYear : edge === 'start' ? Number.POSITIVE_INFINITY : this.endYear + 1;
      }
      default: {
        const unknown: never = point;
        throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, `Unknown time point ${JSON.stringify(unknown)}`);
      }
    }
  }
}
