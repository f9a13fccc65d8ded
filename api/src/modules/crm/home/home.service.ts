import { Inject, Injectable } from '@nestjs/common';
import {
  CLIENT_RECORD_KINDS,
  CLIENT_RECORD_LABELS,
  connectionName,
  conversionDue,
  DomainError,
  HOME_BIRTHDAY_WINDOW_DAYS,
  HOME_CARD_ROWS,
  HOME_REVIEW_MONTHS,
  Money,
  nextBirthday,
  nextRrspDeadline,
  toIsoDate,
  type Clock,
  type CurrencyCode,
  type FxConverter,
  type HomeView,
  type SyncRunStatus,
} from '@meridian/domain';
import { FxRatesService } from '../../financials/fx-rates/index.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { HomeRepository, type CurrencyTotal, type HomeScope } from './home.repository.js';

export const HOME_CLOCK = Symbol('HOME_CLOCK');

const DAY_MS = 86_400_000;
/**
 * How long the job queues keep a failed job (QueueService's removeOnFail): the syncs card counts
 * failed runs over the same days, so it and the queues' "failed" tell the same story.
 */
const FAILED_JOB_DAYS = 7;

/** `months` calendar months before `date` (UTC), as the households list's review filter counts them. */
function monthsBefore(date: Date, months: number): Date {
  const earlier = new Date(date);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/**
 * Per-currency totals added up in `converter`'s currency. A currency without a stored rate is
 * never taken 1:1: its total is reported apart, for the page to say what was left out.
 */
function convertTotals(totals: readonly CurrencyTotal[], converter: FxConverter) {
  let sum = Money.zero(converter.target);
  const unconverted: { currency: CurrencyCode; total: Money }[] = [];
  for (const { currency, total } of totals) {
    const money = Money.of(total, currency);
    try {
      sum = sum.add(converter.convert(money));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const seen = unconverted.find((item) => item.currency === currency);
      if (seen) seen.total = seen.total.add(money);
      else unconverted.push({ currency, total: money });
    }
  }
  return {
    sum,
    unconverted: unconverted.map((item) => ({ currency: item.currency, total: item.total.toJSON() })),
  };
}

/**
 * What an advisor acts on today (GET /home): assets under management and net new assets, reviews
 * due, birthdays, registered-account deadlines and, for administrators, failing syncs. An
 * administrator sees every household; anyone else the households whose primary advisor is their
 * professional profile.
 */
@Injectable()
export class HomeService {
  constructor(
    @Inject(HomeRepository) private readonly home: HomeRepository,
    @Inject(FxRatesService) private readonly fxRates: FxRatesService,
    @Inject(HOME_CLOCK) private readonly clock: Clock,
  ) {}

  async view(caller: AuthenticatedCaller, currency: CurrencyCode): Promise<HomeView> {
    const now = this.clock();
    const today = toIsoDate(now);
    const advisorId = await this.home.professionalOf(caller.userId);
    const scope: HomeScope | null =
      caller.role === 'ADMIN' ? { kind: 'ALL' } : advisorId ? { kind: 'ADVISOR', advisorId } : null;
    const rrsp = nextRrspDeadline(today);
    // Net new assets count transactions dated from the same day a year ago through today.
    const nnaFrom = toIsoDate(monthsBefore(now, 12));

    if (!scope) return this.empty(currency, today, nnaFrom, rrsp);

    const [records, marketValues, flows, reviews, birthdays, rrspHolders, candidates, syncs, failedRuns, converter] =
      await Promise.all([
        this.home.clientRecordCounts(scope),
        this.home.marketValues(scope),
        this.home.investmentFlows(scope, nnaFrom, today),
        this.home.reviewsDue(scope, now, monthsBefore(now, HOME_REVIEW_MONTHS), HOME_CARD_ROWS),
        this.home.birthdays(scope, today, HOME_BIRTHDAY_WINDOW_DAYS, HOME_CARD_ROWS),
        this.home.rrspHolderCount(scope),
        this.home.conversionCandidates(scope, Number(today.slice(0, 4))),
        caller.role === 'ADMIN' ? this.home.syncProblems(now) : Promise.resolve(null),
        caller.role === 'ADMIN'
          ? this.home.failedRunCount(new Date(now.getTime() - FAILED_JOB_DAYS * DAY_MS))
          : Promise.resolve(0),
        this.fxRates.converter(currency, now),
      ]);

    const aum = convertTotals(marketValues, converter);
    const deposits = convertTotals(
      flows.filter((flow) => flow.direction === 'INFLOW'),
      converter,
    );
    const withdrawals = convertTotals(
      flows.filter((flow) => flow.direction === 'OUTFLOW'),
      converter,
    );
    // Money left out on either side is listed signed, as it would have counted.
    const flowsLeftOut = [
      ...deposits.unconverted,
      ...withdrawals.unconverted.map((item) => ({
        currency: item.currency,
        total: Money.fromJSON(item.total).multiply(-1).toJSON(),
      })),
    ];
    const conversions = candidates.flatMap((candidate) => {
      const due = conversionDue(candidate.accountType, candidate.dateOfBirth, today);
      if (!due) return [];
      const { dateOfBirth: _born, ...rest } = candidate;
      return [{ ...rest, ...due }];
    });

    return {
      currency,
      today,
      scope: { kind: scope.kind, advisorId, householdCount: records.households },
      clientRecords: CLIENT_RECORD_KINDS.map((key) => ({ key, label: CLIENT_RECORD_LABELS[key], value: records[key] })),
      assetsUnderManagement: {
        total: aum.sum.toJSON(),
        accountCount: marketValues.reduce((count, item) => count + item.count, 0),
        unconverted: aum.unconverted,
      },
      netNewAssets: {
        total: deposits.sum.subtract(withdrawals.sum).toJSON(),
        deposits: deposits.sum.toJSON(),
        withdrawals: withdrawals.sum.toJSON(),
        from: nnaFrom,
        to: today,
        transactionCount: flows.reduce((count, item) => count + item.count, 0),
        unconverted: flowsLeftOut,
      },
      reviewsDue: reviews,
      birthdays: {
        count: birthdays.count,
        withinDays: HOME_BIRTHDAY_WINDOW_DAYS,
        items: birthdays.items.map(({ dateOfBirth, ...contact }) => ({
          ...contact,
          ...nextBirthday(dateOfBirth, today),
        })),
      },
      rrspDeadline: { ...rrsp, holderCount: rrspHolders },
      conversions: { count: conversions.length, items: conversions.slice(0, HOME_CARD_ROWS) },
      syncs: syncs && {
        failedCount: syncs.filter((item) => item.problem === 'FAILED').length,
        staleCount: syncs.filter((item) => item.problem === 'STALE').length,
        failedRunCount: failedRuns,
        failedRunDays: FAILED_JOB_DAYS,
        items: syncs.slice(0, HOME_CARD_ROWS).map(({ displayName, service, source, ...item }) => ({
          ...item,
          name: connectionName({ displayName, service, source }),
          lastRunStatus: item.lastRunStatus as SyncRunStatus | null,
          lastSyncedAt: item.lastSyncedAt?.toISOString() ?? null,
        })),
      },
    };
  }

  /** A caller with no professional profile (and not an administrator) advises no household. */
  private empty(
    currency: CurrencyCode,
    today: string,
    from: string,
    rrsp: ReturnType<typeof nextRrspDeadline>,
  ): HomeView {
    const zero = Money.zero(currency).toJSON();
    return {
      currency,
      today,
      scope: { kind: 'NONE', advisorId: null, householdCount: 0 },
      assetsUnderManagement: { total: zero, accountCount: 0, unconverted: [] },
      netNewAssets: {
        total: zero,
        deposits: zero,
        withdrawals: zero,
        from,
        to: today,
        transactionCount: 0,
        unconverted: [],
      },
      reviewsDue: { count: 0, items: [] },
      birthdays: { count: 0, withinDays: HOME_BIRTHDAY_WINDOW_DAYS, items: [] },
      rrspDeadline: { ...rrsp, holderCount: 0 },
      conversions: { count: 0, items: [] },
      clientRecords: CLIENT_RECORD_KINDS.map((key) => ({ key, label: CLIENT_RECORD_LABELS[key], value: 0 })),
      syncs: null,
    };
  }
}
