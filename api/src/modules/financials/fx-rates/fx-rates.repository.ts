import { Inject, Injectable } from '@nestjs/common';
import type { StoredFxRate } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { preparedStatements } from '../../../infra/prisma/prepared-statements.js';

type Client = Pick<TenantPrismaClient, 'fxRate'>;

const RATE_SELECT = {
  id: true,
  date: true,
  baseCurrency: true,
  quoteCurrency: true,
  rate: true,
  source: true,
} satisfies Prisma.FxRateSelect;

type RateRow = Prisma.FxRateGetPayload<{ select: typeof RATE_SELECT }>;

/**
 * The organization's latest rate of every pair on or before a day, one row per (base, quote) in
 * pair order, however many days of rates are stored: `organization` and `day` are the parameters
 * (`$1`, `$2`...) holding them.
 */
function latestPerPairSql(columns: string, organization: string, day: string): string {
  return `SELECT DISTINCT ON (base_currency, quote_currency)
          ${columns}
     FROM fx_rates
    WHERE organization_id = ${organization} AND date <= ${day}
    ORDER BY base_currency, quote_currency, date DESC`;
}

/** $1 the organization, $2 the valuation date. */
const [LATEST_PER_PAIR_SQL] = preparedStatements('fx_rates_latest', [
  latestPerPairSql(
    'id, date, base_currency::text AS base, quote_currency::text AS quote, rate::text AS rate, source',
    '$1',
    '$2',
  ),
] as const);

/**
 * The same rates as a JSON value inside a larger statement (the household read): an array of
 * `[id, date, base, quote, rate, source]` in the order `latestPerPair` answers them, or null when
 * there is none; `ratesOfDocument` reads it. A null `day` reads none.
 */
export function latestRatesJsonSql(organization: string, day: string): string {
  return `(SELECT json_agg(json_build_array(f.id, f.date, f.base_currency, f.quote_currency, f.rate::text, f.source)
                   ORDER BY f.base_currency, f.quote_currency)
     FROM (${latestPerPairSql('id, date, base_currency, quote_currency, rate, source', organization, day)}) f)`;
}

/** The value of `latestRatesJsonSql`, parsed. */
export type RatesDocument =
  | [
      id: string,
      date: string,
      base: StoredFxRate['base'],
      quote: StoredFxRate['quote'],
      rate: string,
      source: string | null,
    ][]
  | null;

/** The rates of `latestRatesJsonSql`'s value, as `latestPerPair` answers them. */
export function ratesOfDocument(document: RatesDocument): StoredFxRate[] {
  return (document ?? []).map(([id, date, base, quote, rate, source]) => ({
    id,
    date,
    base,
    quote,
    rate: new Prisma.Decimal(rate).toFixed(),
    source,
  }));
}

export function toStoredRate(row: RateRow): StoredFxRate {
  return {
    id: row.id,
    date: row.date.toISOString().slice(0, 10),
    base: row.baseCurrency,
    quote: row.quoteCurrency,
    rate: row.rate.toFixed(),
    source: row.source,
  };
}

@Injectable()
export class FxRatesRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  transaction<T>(fn: (tx: Prisma.TransactionClient & TenantPrismaClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(tx as Prisma.TransactionClient & TenantPrismaClient));
  }

  async findForDay(client: Client, key: { date: Date; base: StoredFxRate['base']; quote: StoredFxRate['quote'] }) {
    const row = await client.fxRate.findFirst({
      where: { date: key.date, baseCurrency: key.base, quoteCurrency: key.quote },
      select: RATE_SELECT,
    });
    return row ? toStoredRate(row) : null;
  }

  async create(client: Client, id: string, rate: Omit<StoredFxRate, 'id' | 'date'> & { date: Date }) {
    const row = await client.fxRate.create({
      data: {
        id,
        organizationId: currentOrganizationId(),
        date: rate.date,
        baseCurrency: rate.base,
        quoteCurrency: rate.quote,
        rate: rate.rate,
        source: rate.source,
      },
      select: RATE_SELECT,
    });
    return toStoredRate(row);
  }

  async update(client: Client, id: string, change: { rate: string; source: string | null }) {
    return toStoredRate(await client.fxRate.update({ where: { id }, data: change, select: RATE_SELECT }));
  }

  async list(filter: { base?: StoredFxRate['base']; quote?: StoredFxRate['quote'] }) {
    const rows = await this.prisma.fxRate.findMany({
      where: { baseCurrency: filter.base, quoteCurrency: filter.quote },
      orderBy: [{ date: 'desc' }, { baseCurrency: 'asc' }, { quoteCurrency: 'asc' }],
      select: RATE_SELECT,
    });
    return rows.map(toStoredRate);
  }

  /**
   * The latest rate of every pair on or before `date`: one row per (base, quote), however many
   * days of rates are stored. Raw SQL (DISTINCT ON), so the organization is named explicitly; a
   * prepared statement, as every financial view and household page reads it.
   */
  async latestPerPair(date: Date): Promise<StoredFxRate[]> {
    const rows = await this.prisma.$queryRawUnsafe<
      {
        id: string;
        date: Date;
        base: StoredFxRate['base'];
        quote: StoredFxRate['quote'];
        rate: string;
        source: string | null;
      }[]
    >(LATEST_PER_PAIR_SQL, currentOrganizationId(), date);
    return rows.map((row) => ({
      ...row,
      date: row.date.toISOString().slice(0, 10),
      rate: new Prisma.Decimal(row.rate).toFixed(),
    }));
  }
}
