import { Inject, Injectable } from '@nestjs/common';
import {
  FIRST_YEAR_CHARGES,
  type CurrencyCode,
  type DiscoveryMethod,
  type LeadSource,
  type MarketingMedium,
  type OpportunityStage,
  type OpportunityType,
  type Temperature,
} from '@meridian/domain';
import { sqlOf, type Sql } from '../../../common/persistence/sql.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeParam } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** An opportunity as the routes read it. */
export interface OpportunityRow {
  id: string;
  teamId: string;
  primaryAdvisorId: string | null;
  contactId: string | null;
  leadId: string | null;
  householdId: string | null;
  name: string | null;
  type: OpportunityType;
  isCorporation: boolean;
  stage: OpportunityStage;
  discoveryMethod: DiscoveryMethod | null;
  confidence: number | null;
  temperature: Temperature | null;
  leadSource: LeadSource | null;
  referrer: string | null;
  marketingCampaign: string | null;
  marketingContent: string | null;
  marketingMedium: MarketingMedium | null;
  discoveryStartedAt: Date | null;
  proposalStartedAt: Date | null;
  wonAt: Date | null;
  lostAt: Date | null;
  lostReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StageChangeRow {
  fromStage: OpportunityStage | null;
  toStage: OpportunityStage;
  changedAt: Date;
  changedByUserId: string | null;
}

/** A lead an opportunity is begun with: its team and its contact. */
export interface LeadRow {
  id: string;
  teamId: string;
  contactId: string;
}

/** The pipeline's narrowing: a team, a primary advisor, a period as [from, until) instants; the totals' currency. */
export interface PipelineFilter {
  teamId?: string;
  primaryAdvisorId?: string;
  from: Date | null;
  until: Date | null;
  currency: CurrencyCode;
}

/**
 * Per stage: the opportunities at it now, those that entered it in the period, and of those how
 * many went on to the next; the expected annual fees and the investable assets of those at it now
 * (decimal strings, null when none is known: see `pipelineStageSchema`).
 */
export interface PipelineStageRow {
  stage: OpportunityStage;
  current: number;
  entered: number;
  converted: number;
  expectedAnnualFees: string | null;
  aum: string | null;
}

/** The list's narrowing: the pipeline's, a stage, and a page (`offset`, `limit`). */
export interface OpportunityListFilter extends PipelineFilter {
  stage?: OpportunityStage;
  offset: number;
  limit: number;
}

/** One opportunity of the list, with its names and totals (decimal strings). */
export interface OpportunityListRow {
  id: string;
  name: string | null;
  subjectName: string | null;
  stage: OpportunityStage;
  stageEnteredAt: Date;
  primaryAdvisorName: string | null;
  confidence: number | null;
  temperature: Temperature | null;
  expectedAnnualFees: string | null;
  aum: string | null;
}

/** The name lists show for a contact: the preferred first name, then the last. */
const personName = (alias: string) =>
  `coalesce(${alias}.preferred_name, ${alias}.first_name) || ' ' || ${alias}.last_name`;

/** When an opportunity entered its stage now: the time its stage call set, else its creation. */
const STAGE_ENTERED_AT = `coalesce(CASE o.stage WHEN 'DISCOVERY' THEN o.discovery_started_at
  WHEN 'PROPOSAL' THEN o.proposal_started_at WHEN 'WON' THEN o.won_at WHEN 'LOST' THEN o.lost_at END, o.created_at)`;

/** The first-year charges of a recurring payment, per frequency, as a SQL CASE on `column`. */
function firstYearChargesSql(column: string): string {
  const cases = Object.entries(FIRST_YEAR_CHARGES).map(([frequency, count]) => `WHEN '${frequency}' THEN ${count}`);
  return `CASE ${column}::text ${cases.join(' ')} END`;
}

/**
 * Each opportunity's investable assets and expected annual fees (the definitions are
 * `pipelineStageSchema`'s), as CTEs the pipeline's totals and the list's page select from.
 * `narrowed` filters opportunities `o` ($1 the organization); `$currency` is the totals' currency.
 * - opp: the opportunities at their stage now, each with its household (its own, else its
 *   contact's, else its prospect's) and its prospect's estimate in the currency;
 * - held: each of those households' investment accounts in the currency, added up;
 * - latest: each opportunity's latest proposal that is not REVOKED;
 * - fees: each offer of those proposals priced for its first year, each part rounded to cents;
 *   the AUM fee's tiers as brackets (from the previous breakpoint, the last one open-ended).
 */
function opportunityTotalsCte(narrowed: string, currency: string): string {
  return `WITH opp AS (
      SELECT o.id, o.stage, coalesce(o.household_id, c.household_id, pr.household_id) AS household_id,
             CASE WHEN pr.estimated_assets_currency = ${currency}::currency THEN pr.estimated_assets END AS estimate
        FROM opportunities o
        LEFT JOIN contacts c ON c.organization_id = o.organization_id AND c.id = o.contact_id
        LEFT JOIN prospects pr ON pr.organization_id = o.organization_id AND pr.id = o.prospect_id
       WHERE ${narrowed}),
    held AS (
      SELECT h.household_id, sum(ia.market_value) AS amount
        FROM (SELECT DISTINCT household_id FROM opp WHERE household_id IS NOT NULL) h
        JOIN financial_records fr ON fr.organization_id = $1 AND fr.household_id = h.household_id
         AND fr.type = 'INVESTMENT_ACCOUNT' AND fr.deleted_at IS NULL
        JOIN investment_accounts ia ON ia.organization_id = fr.organization_id AND ia.id = fr.id
         AND ia.market_value_currency = ${currency}::currency
       GROUP BY h.household_id),
    assets AS (
      SELECT opp.id, opp.stage,
             CASE WHEN opp.household_id IS NOT NULL THEN coalesce(held.amount, 0) ELSE opp.estimate END AS amount
        FROM opp LEFT JOIN held ON held.household_id = opp.household_id),
    latest AS (
      SELECT DISTINCT ON (p.opportunity_id) p.opportunity_id, p.id
        FROM proposals p
       WHERE p.organization_id = $1 AND p.status <> 'REVOKED' AND p.opportunity_id IN (SELECT id FROM opp)
       ORDER BY p.opportunity_id, p.created_at DESC, p.id DESC),
    fees AS (
      SELECT l.opportunity_id,
             sum(round(CASE WHEN f.one_time_fee_amount_currency = ${currency}::currency
                            THEN coalesce(f.one_time_fee_amount, 0) ELSE 0 END, 2)
               + round(CASE WHEN f.recurring_amount_currency = ${currency}::currency AND f.recurring_amount IS NOT NULL
                            THEN f.recurring_amount * CASE WHEN f.recurring_frequency = 'ONE_TIME' THEN 1
                              ELSE least(${firstYearChargesSql('f.recurring_frequency')},
                                         coalesce(f.recurring_duration, 2147483647)) END
                            ELSE 0 END, 2)
               + coalesce(aum.fee, 0)) AS amount
        FROM latest l
        JOIN offers f ON f.organization_id = $1 AND f.proposal_id = l.id
        JOIN assets a ON a.id = l.opportunity_id
        LEFT JOIN LATERAL (
          SELECT round(sum(t.fee / 100 * greatest(0,
                   (CASE WHEN t.open_ended THEN coalesce(a.amount, 0) ELSE least(coalesce(a.amount, 0), t.breakpoint) END)
                   - t.lower)), 2) AS fee
            FROM (SELECT ft.fee, ft.breakpoint, ft.breakpoint_currency,
                         coalesce(lag(ft.breakpoint) OVER w, 0) AS lower, lead(ft.position) OVER w IS NULL AS open_ended
                    FROM offer_fee_tiers ft WHERE ft.organization_id = $1 AND ft.offer_id = f.id
                  WINDOW w AS (ORDER BY ft.position)) t
           WHERE t.breakpoint_currency = ${currency}::currency) aum ON true
       GROUP BY l.opportunity_id)`;
}

/** The pipeline's totals per stage, in one statement (see `opportunityTotalsCte`). */
function pipelineTotalsSql(narrowed: string, currency: string): string {
  return `${opportunityTotalsCte(narrowed, currency)}
    SELECT a.stage::text AS stage, count(*)::int AS count,
           round(sum(fees.amount), 2)::text AS "expectedAnnualFees", round(sum(a.amount), 2)::text AS aum
      FROM assets a LEFT JOIN fees ON fees.opportunity_id = a.id
     GROUP BY a.stage`;
}

const OPPORTUNITY_SELECT = `o.id, o.team_id AS "teamId", o.primary_advisor_id AS "primaryAdvisorId",
  o.contact_id AS "contactId", o.lead_id AS "leadId", o.household_id AS "householdId", o.name,
  o.type::text AS type, o.is_corporation AS "isCorporation", o.stage::text AS stage,
  o.discovery_method::text AS "discoveryMethod", o.confidence, o.temperature::text AS temperature,
  o.lead_source::text AS "leadSource", o.referrer, o.marketing_campaign AS "marketingCampaign",
  o.marketing_content AS "marketingContent", o.marketing_medium::text AS "marketingMedium",
  o.discovery_started_at AS "discoveryStartedAt", o.proposal_started_at AS "proposalStartedAt",
  o.won_at AS "wonAt", o.lost_at AS "lostAt", o.lost_reason AS "lostReason", o.created_at AS "createdAt",
  o.updated_at AS "updatedAt"`;

/**
 * The opportunity reads, in raw SQL with the caller's team scope (`teamScopeParam`): an opportunity
 * of another team is not found, as one of another firm is.
 */
@Injectable()
export class OpportunitiesRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  private get sql(): Sql {
    return sqlOf(this.prisma);
  }

  /** One opportunity within reach; with `sql` of a transaction, locked until it ends (`forUpdate`). */
  async find(opportunityId: string, options: { sql?: Sql; forUpdate?: boolean } = {}): Promise<OpportunityRow | null> {
    const scope = teamScopeParam('o.team_id', 3);
    const [row] = await (options.sql ?? this.sql).query<OpportunityRow>(
      `SELECT ${OPPORTUNITY_SELECT} FROM opportunities o WHERE o.organization_id = $1 AND o.id = $2${scope.sql}
       ${options.forUpdate ? 'FOR UPDATE' : ''}`,
      currentOrganizationId(),
      opportunityId,
      ...scope.values,
    );
    return row ?? null;
  }

  /** An opportunity's stage history, oldest first. */
  async stageChanges(opportunityId: string): Promise<StageChangeRow[]> {
    return this.sql.query<StageChangeRow>(
      `SELECT c.from_stage::text AS "fromStage", c.to_stage::text AS "toStage", c.changed_at AS "changedAt",
              c.changed_by_user_id AS "changedByUserId"
         FROM opportunity_stage_changes c
        WHERE c.organization_id = $1 AND c.opportunity_id = $2
        ORDER BY c.changed_at, c.id`,
      currentOrganizationId(),
      opportunityId,
    );
  }

  /**
   * A lead within reach. Leads are not among the entity resolver's kinds (nothing else refers to
   * one by id), so the lead is read here under the same team scope, and its contact goes through
   * the resolver.
   */
  async findLead(leadId: string): Promise<LeadRow | null> {
    const scope = teamScopeParam('l.team_id', 3);
    const [row] = await this.sql.query<LeadRow>(
      `SELECT l.id, l.team_id AS "teamId", l.contact_id AS "contactId" FROM leads l
        WHERE l.organization_id = $1 AND l.id = $2${scope.sql}`,
      currentOrganizationId(),
      leadId,
      ...scope.values,
    );
    return row ?? null;
  }

  /**
   * A page of the opportunities narrowed as the pipeline is (plus a stage; the period keeps those
   * that entered their stage in it), newest in their stage first, and their total: the page and
   * the total in one statement, then the page's names and totals in a second, the totals' CTEs
   * narrowed to the page's ids.
   */
  async list(filter: OpportunityListFilter): Promise<{ rows: OpportunityListRow[]; total: number }> {
    const values: unknown[] = [currentOrganizationId()];
    const where: string[] = ['o.organization_id = $1'];
    const add = (value: unknown, condition: (at: string) => string) => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (filter.stage) add(filter.stage, (at) => `o.stage = ${at}::opportunity_stage`);
    if (filter.teamId) add(filter.teamId, (at) => `o.team_id = ${at}`);
    if (filter.primaryAdvisorId) add(filter.primaryAdvisorId, (at) => `o.primary_advisor_id = ${at}`);
    if (filter.from) add(filter.from, (at) => `${STAGE_ENTERED_AT} >= ${at}::timestamptz`);
    if (filter.until) add(filter.until, (at) => `${STAGE_ENTERED_AT} < ${at}::timestamptz`);
    const scope = teamScopeParam('o.team_id', values.length + 1);
    values.push(...scope.values);
    const page = await this.sql.query<{ id: string; stageEnteredAt: Date; total: number }>(
      `SELECT o.id, ${STAGE_ENTERED_AT} AS "stageEnteredAt", count(*) OVER ()::int AS total
         FROM opportunities o
        WHERE ${where.join(' AND ')}${scope.sql}
        ORDER BY 2 DESC, o.id DESC
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      ...values,
      filter.limit,
      filter.offset,
    );
    if (page.length === 0) {
      // A page past the end: count without it.
      const [counted] = await this.sql.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM opportunities o WHERE ${where.join(' AND ')}${scope.sql}`,
        ...values,
      );
      return { rows: [], total: counted?.total ?? 0 };
    }
    const ids = page.map((row) => row.id);
    const details = await this.sql.query<Omit<OpportunityListRow, 'stageEnteredAt'>>(
      `${opportunityTotalsCte('o.organization_id = $1 AND o.id = ANY($2::text[])', '$3')}
       SELECT o.id, o.name, o.stage::text AS stage, o.confidence, o.temperature::text AS temperature,
              coalesce(${personName('c')}, h.name) AS "subjectName", p.display_name AS "primaryAdvisorName",
              round(fees.amount, 2)::text AS "expectedAnnualFees", round(a.amount, 2)::text AS aum
         FROM opportunities o
         JOIN assets a ON a.id = o.id
         LEFT JOIN fees ON fees.opportunity_id = o.id
         LEFT JOIN contacts c ON c.organization_id = o.organization_id AND c.id = o.contact_id AND c.deleted_at IS NULL
         LEFT JOIN households h ON h.organization_id = o.organization_id AND h.id = o.household_id AND h.deleted_at IS NULL
         LEFT JOIN professionals p ON p.organization_id = o.organization_id AND p.id = o.primary_advisor_id
        WHERE o.organization_id = $1 AND o.id = ANY($2::text[])`,
      currentOrganizationId(),
      ids,
      filter.currency,
    );
    const detailOf = new Map(details.map((row) => [row.id, row]));
    return {
      rows: page.map((row) => ({ ...detailOf.get(row.id)!, stageEnteredAt: row.stageEnteredAt })),
      total: page[0]!.total,
    };
  }

  /**
   * The pipeline in two statements. `current`: the opportunities at each stage now. From the stage
   * changes up to the period's end: the first time each opportunity entered each stage; `entered`
   * counts those whose entry falls in the period, `converted` those of them that also entered the
   * next stage before the period's end (NEW -> DISCOVERY -> PROPOSAL -> WON; WON and LOST have no
   * next). An opportunity is counted once a stage even if it entered it twice.
   */
  async pipeline(filter: PipelineFilter): Promise<PipelineStageRow[]> {
    const values: unknown[] = [currentOrganizationId()];
    const where: string[] = ['o.organization_id = $1'];
    if (filter.teamId) {
      values.push(filter.teamId);
      where.push(`o.team_id = $${values.length}`);
    }
    if (filter.primaryAdvisorId) {
      values.push(filter.primaryAdvisorId);
      where.push(`o.primary_advisor_id = $${values.length}`);
    }
    const scope = teamScopeParam('o.team_id', values.length + 1);
    values.push(...scope.values);
    const narrowed = where.join(' AND ') + scope.sql;

    const current = await this.sql.query<{
      stage: OpportunityStage;
      count: number;
      expectedAnnualFees: string | null;
      aum: string | null;
    }>(pipelineTotalsSql(narrowed, `$${values.length + 1}`), ...values, filter.currency);
    const fromIndex = values.length + 1;
    const flows = await this.sql.query<{ stage: OpportunityStage; entered: number; converted: number }>(
      `WITH firsts AS (
         SELECT c.opportunity_id, c.to_stage, min(c.changed_at) AS at
           FROM opportunity_stage_changes c
           JOIN opportunities o ON o.organization_id = c.organization_id AND o.id = c.opportunity_id
          WHERE ${narrowed} AND c.organization_id = $1
            AND ($${fromIndex + 1}::timestamptz IS NULL OR c.changed_at < $${fromIndex + 1}::timestamptz)
          GROUP BY c.opportunity_id, c.to_stage)
       SELECT f.to_stage::text AS stage, count(*)::int AS entered, count(n.opportunity_id)::int AS converted
         FROM firsts f
         LEFT JOIN firsts n ON n.opportunity_id = f.opportunity_id AND n.to_stage = (CASE f.to_stage
           WHEN 'NEW' THEN 'DISCOVERY' WHEN 'DISCOVERY' THEN 'PROPOSAL' WHEN 'PROPOSAL' THEN 'WON' END)::opportunity_stage
        WHERE ($${fromIndex}::timestamptz IS NULL OR f.at >= $${fromIndex}::timestamptz)
        GROUP BY f.to_stage`,
      ...values,
      filter.from,
      filter.until,
    );
    const currentOf = new Map(current.map((row) => [row.stage, row]));
    const flowOf = new Map(flows.map((row) => [row.stage, row]));
    const stages = new Set<OpportunityStage>([...currentOf.keys(), ...flowOf.keys()]);
    return [...stages].map((stage) => ({
      stage,
      current: currentOf.get(stage)?.count ?? 0,
      entered: flowOf.get(stage)?.entered ?? 0,
      converted: flowOf.get(stage)?.converted ?? 0,
      expectedAnnualFees: currentOf.get(stage)?.expectedAnnualFees ?? null,
      aum: currentOf.get(stage)?.aum ?? null,
    }));
  }
}
