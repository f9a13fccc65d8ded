import { Inject, Injectable } from '@nestjs/common';
import {
  CONVERSION_AT_71,
  CONVERSION_AGE,
  type ClientRecordKind,
  type ExternalSourceSystem,
  type IntegrationService,
  type CurrencyCode,
  type InvestmentAccountType,
} from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** Whose households a home page covers: every one, or those a professional is the primary advisor of. */
export type HomeScope = { kind: 'ALL' } | { kind: 'ADVISOR'; advisorId: string };

export interface CurrencyTotal {
  currency: CurrencyCode;
  total: string;
  count: number;
}

/** Whole days from the UTC date of `column` (a timestamp) to the UTC date of `now`; null when `column` is. */
function daysSince(column: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`((CAST(${now} AS timestamptz) AT TIME ZONE 'UTC')::date - (${column} AT TIME ZONE 'UTC')::date)`;
}

/**
 * The next birthday of `p.date_of_birth` on or after `today`, in SQL: a 29 February birthday falls
 * on 1 March in other years, as the domain's `nextBirthday` (and the contacts list's filter) has it.
 */
function nextBirthdaySql(today: string): Prisma.Sql {
  const anniversary = (yearOffset: number) => Prisma.sql`(make_date(
    extract(year FROM CAST(${today} AS date))::int + ${yearOffset}, extract(month FROM p.date_of_birth)::int, 1)
    + (extract(day FROM p.date_of_birth)::int - 1))`;
  return Prisma.sql`CASE WHEN ${anniversary(0)} >= CAST(${today} AS date) THEN ${anniversary(0)} ELSE ${anniversary(1)} END`;
}

/**
 * The home page's figures, each one set-based statement over the caller's households. Raw SQL is
 * not scoped by the tenant client: every statement names the organization.
 */
@Injectable()
export class HomeRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  /** The caller's professional profile, if they have one. */
  async professionalOf(userId: string): Promise<string | null> {
    const professional = await this.prisma.professional.findFirst({ where: { userId }, select: { id: true } });
    return professional?.id ?? null;
  }

  /** `h` is one of the scope's households (not deleted). */
  private households(scope: HomeScope): Prisma.Sql {
    const organizationId = currentOrganizationId();
    const advisor = scope.kind === 'ADVISOR' ? Prisma.sql`AND h.primary_advisor_id = ${scope.advisorId}` : Prisma.empty;
    return Prisma.sql`h.organization_id = ${organizationId} AND h.deleted_at IS NULL ${advisor} ${teamScopeSql('h.team_id')}`;
  }

  /**
   * The clients of the scope's households by kind. An administrator's contacts and leads are every
   * one of the organization (the caller's teams); an advisor's those of their households.
   */
  async clientRecordCounts(scope: HomeScope): Promise<Record<ClientRecordKind, number>> {
    const organizationId = currentOrganizationId();
    const contacts = (type: Prisma.Sql) =>
      scope.kind === 'ALL'
        ? Prisma.sql`SELECT count(*)::int FROM contacts c
            WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL AND ${type} ${teamScopeSql('c.team_id')}`
        : Prisma.sql`SELECT count(*)::int FROM contacts c
            JOIN households h ON h.organization_id = c.organization_id AND h.id = c.household_id
            WHERE ${this.households(scope)} AND c.deleted_at IS NULL AND ${type}`;
    const rows = await this.prisma.$queryRaw<Record<ClientRecordKind, number>[]>`
      SELECT
        (SELECT count(*)::int FROM households h WHERE ${this.households(scope)}) AS households,
        (SELECT count(*)::int FROM persons p
           JOIN households h ON h.organization_id = p.organization_id AND h.id = p.household_id
          WHERE ${this.households(scope)} AND p.deleted_at IS NULL) AS persons,
        (${contacts(Prisma.sql`c.type <> 'LEAD'`)}) AS contacts,
        (${contacts(Prisma.sql`c.type = 'LEAD'`)}) AS leads,
        (SELECT count(*)::int FROM financial_records fr
           JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id
          WHERE ${this.households(scope)} AND fr.deleted_at IS NULL) AS "financialRecords"`;
    return rows[0]!;
  }

  /** Runs of the organization's connections that failed since `since`. */
  async failedRunCount(since: Date): Promise<number> {
    const rows = await this.prisma.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM sync_runs
       WHERE organization_id = ${currentOrganizationId()} AND status = 'FAILED'
         AND coalesce(finished_at, queued_at) >= CAST(${since} AS timestamptz)`;
    return rows[0]?.count ?? 0;
  }

  /** Investment accounts' market values, added up per currency (accounts without a value are left out). */
  marketValues(scope: HomeScope): Promise<CurrencyTotal[]> {
    return this.prisma.$queryRaw<CurrencyTotal[]>`
      SELECT ia.market_value_currency::text AS currency, sum(ia.market_value)::text AS total, count(*)::int AS count
      FROM investment_accounts ia
      JOIN financial_records fr ON fr.organization_id = ia.organization_id AND fr.id = ia.id AND fr.deleted_at IS NULL
      JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id
      WHERE ${this.households(scope)} AND ia.market_value IS NOT NULL
      GROUP BY ia.market_value_currency
      ORDER BY ia.market_value_currency`;
  }

  /** Posted transactions of investment accounts dated from `from` to `to`, per direction and currency. */
  investmentFlows(scope: HomeScope, from: string, to: string) {
    return this.prisma.$queryRaw<(CurrencyTotal & { direction: 'INFLOW' | 'OUTFLOW' })[]>`
      SELECT t.direction::text AS direction, t.amount_currency::text AS currency,
        sum(abs(t.amount))::text AS total, count(*)::int AS count
      FROM transactions t
      JOIN financial_records fr ON fr.organization_id = t.organization_id AND fr.id = t.financial_record_id
        AND fr.type = 'INVESTMENT_ACCOUNT' AND fr.deleted_at IS NULL
      JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id
      WHERE ${this.households(scope)} AND NOT t.pending
        AND t.date BETWEEN CAST(${from} AS date) AND CAST(${to} AS date)
      GROUP BY t.direction, t.amount_currency
      ORDER BY t.direction, t.amount_currency`;
  }

  /**
   * Households with neither a KYC update nor a meeting held (not cancelled, already started) since
   * `cutoff`, the longest without either first; the same rule as the households list's filter.
   */
  async reviewsDue(scope: HomeScope, now: Date, cutoff: Date, limit: number) {
    const due = Prisma.sql`
      SELECT h.id AS "householdId", h.name AS "householdName", h.last_kyc_updated_at AS kyc,
        (SELECT max(m.start_time) FROM meetings m
          WHERE m.organization_id = h.organization_id AND m.household_id = h.id AND m.cancelled_at IS NULL
            AND m.start_time <= ${now}) AS meeting
      FROM households h
      WHERE ${this.households(scope)}`;
    const [items, counted] = await Promise.all([
      this.prisma.$queryRaw<
        {
          householdId: string;
          householdName: string;
          daysSinceLastKycUpdate: number | null;
          daysSinceLastMeeting: number | null;
        }[]
      >`
        SELECT d."householdId", d."householdName",
          ${daysSince(Prisma.sql`d.kyc`, now)} AS "daysSinceLastKycUpdate",
          ${daysSince(Prisma.sql`d.meeting`, now)} AS "daysSinceLastMeeting"
        FROM (${due}) d
        WHERE (d.kyc IS NULL OR d.kyc < ${cutoff}) AND (d.meeting IS NULL OR d.meeting < ${cutoff})
        ORDER BY greatest(d.kyc, d.meeting) ASC NULLS FIRST, lower(d."householdName"), d."householdId"
        LIMIT ${limit}`,
      this.prisma.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count FROM (${due}) d
        WHERE (d.kyc IS NULL OR d.kyc < ${cutoff}) AND (d.meeting IS NULL OR d.meeting < ${cutoff})`,
    ]);
    return { items, count: counted[0]?.count ?? 0 };
  }

  /**
   * Contacts whose person has a birthday from `today` to `withinDays` days later, soonest first. An
   * administrator's scope takes every contact (with or without a household), as the contacts list does.
   */
  async birthdays(scope: HomeScope, today: string, withinDays: number, limit: number) {
    const organizationId = currentOrganizationId();
    const inScope =
      scope.kind === 'ALL'
        ? Prisma.sql`(h.id IS NULL OR h.deleted_at IS NULL)`
        : Prisma.sql`h.deleted_at IS NULL AND h.primary_advisor_id = ${scope.advisorId}`;
    const upcoming = Prisma.sql`
      FROM contacts c
      JOIN persons p ON p.organization_id = c.organization_id AND p.id = c.person_id AND p.deleted_at IS NULL
      LEFT JOIN households h ON h.organization_id = c.organization_id AND h.id = c.household_id
      WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL AND p.date_of_birth IS NOT NULL
        ${teamScopeSql('c.team_id')}
        AND ${inScope}
        AND ${nextBirthdaySql(today)} - CAST(${today} AS date) <= ${withinDays}`;
    const [items, counted] = await Promise.all([
      this.prisma.$queryRaw<
        {
          contactId: string;
          name: string;
          householdId: string | null;
          householdName: string | null;
          dateOfBirth: string;
        }[]
      >`
        SELECT c.id AS "contactId", coalesce(c.preferred_name, c.first_name) || ' ' || c.last_name AS name,
          h.id AS "householdId", h.name AS "householdName", to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth"
        ${upcoming}
        ORDER BY ${nextBirthdaySql(today)}, lower(c.last_name), lower(c.first_name), c.id
        LIMIT ${limit}`,
      this.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count ${upcoming}`,
    ]);
    return { items, count: counted[0]?.count ?? 0 };
  }

  /** Persons of the scope's households who own an RRSP (not deleted). */
  async rrspHolderCount(scope: HomeScope): Promise<number> {
    const rows = await this.prisma.$queryRaw<{ count: number }[]>`
      SELECT count(DISTINCT o.person_id)::int AS count
      FROM investment_accounts ia
      JOIN financial_records fr ON fr.organization_id = ia.organization_id AND fr.id = ia.id AND fr.deleted_at IS NULL
      JOIN financial_record_owners o ON o.organization_id = fr.organization_id AND o.financial_record_id = fr.id
      JOIN persons p ON p.organization_id = o.organization_id AND p.id = o.person_id AND p.deleted_at IS NULL
      JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id
      WHERE ${this.households(scope)} AND ia.account_type = 'RRSP'`;
    return rows[0]?.count ?? 0;
  }

  /**
   * Accounts that convert at 71 (foundations §4) owned by a person who turns 71 in `year` or is
   * older, the earliest-born first: one row per account and owner.
   */
  conversionCandidates(scope: HomeScope, year: number) {
    const types = Object.keys(CONVERSION_AT_71);
    const latestBirth = `${year - CONVERSION_AGE}-12-31`;
    return this.prisma.$queryRaw<
      {
        recordId: string;
        accountType: InvestmentAccountType;
        personId: string;
        personName: string;
        dateOfBirth: string;
        householdId: string;
        householdName: string;
      }[]
    >`
      SELECT fr.id AS "recordId", ia.account_type::text AS "accountType", p.id AS "personId",
        p.first_name || ' ' || p.last_name AS "personName", to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
        h.id AS "householdId", h.name AS "householdName"
      FROM investment_accounts ia
      JOIN financial_records fr ON fr.organization_id = ia.organization_id AND fr.id = ia.id AND fr.deleted_at IS NULL
      JOIN financial_record_owners o ON o.organization_id = fr.organization_id AND o.financial_record_id = fr.id
      JOIN persons p ON p.organization_id = o.organization_id AND p.id = o.person_id AND p.deleted_at IS NULL
      JOIN households h ON h.organization_id = fr.organization_id AND h.id = fr.household_id
      WHERE ${this.households(scope)}
        AND ia.account_type::text IN (${Prisma.join(types)})
        AND p.date_of_birth <= CAST(${latestBirth} AS date)
      ORDER BY p.date_of_birth, lower(p.last_name), p.id, fr.id`;
  }

  /**
   * Connections whose latest finished run failed, or (otherwise) that have a schedule and no
   * successful sync within twice its interval: a scheduled sync was missed, not merely late.
   */
  syncProblems(now: Date) {
    const organizationId = currentOrganizationId();
    return this.prisma.$queryRaw<
      {
        connectionId: string;
        displayName: string | null;
        service: IntegrationService | null;
        source: ExternalSourceSystem | null;
        householdId: string | null;
        householdName: string | null;
        problem: 'FAILED' | 'STALE';
        lastRunId: string | null;
        lastRunStatus: string | null;
        lastError: string | null;
        lastSyncedAt: Date | null;
      }[]
    >`
      SELECT * FROM (
        SELECT c.id AS "connectionId",
          c.display_name AS "displayName", c.service::text AS service, c.source::text AS source,
          h.id AS "householdId", h.name AS "householdName",
          CASE WHEN r.status = 'FAILED' THEN 'FAILED'
            WHEN c.sync_interval_minutes IS NOT NULL
              AND coalesce(c.last_synced_at, c.created_at) < CAST(${now} AS timestamptz) - make_interval(mins => 2 * c.sync_interval_minutes)
              THEN 'STALE'
          END AS problem,
          r.id AS "lastRunId", r.status::text AS "lastRunStatus",
          coalesce(r.error_message, c.last_error) AS "lastError", c.last_synced_at AS "lastSyncedAt"
        FROM connections c
        LEFT JOIN households h ON h.organization_id = c.organization_id AND h.id = c.owner_household_id
        LEFT JOIN LATERAL (
          SELECT sr.id, sr.status, sr.error_message FROM sync_runs sr
          WHERE sr.organization_id = c.organization_id AND sr.connection_id = c.id
            AND sr.status NOT IN ('QUEUED', 'RUNNING')
          ORDER BY sr.queued_at DESC, sr.id DESC LIMIT 1) r ON true
        WHERE c.organization_id = ${organizationId} AND c.status <> 'CANCELLED'
          AND (h.id IS NULL OR h.deleted_at IS NULL)
      ) s
      WHERE s.problem IS NOT NULL
      ORDER BY s.problem, s."lastSyncedAt" ASC NULLS FIRST, s."connectionId"`;
  }
}
