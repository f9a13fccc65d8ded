import { z } from 'zod';
import {
  DiscoveryMethod,
  LeadSource,
  MarketingMedium,
  OpportunityType,
  Temperature,
} from '../../crm/contacts/enums.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { listPageSchema } from '../../shared/input/lists.js';
import { OpportunityStage } from './enums.js';

/** A stage an opportunity entered, when, and by whom (null: before stages were recorded). */
export const opportunityStageChangeSchema = z.object({
  /** Null for the opportunity's creation. */
  fromStage: z.enum(OpportunityStage).nullable(),
  toStage: z.enum(OpportunityStage),
  changedAt: z.string(),
  changedByUserId: z.string().nullable(),
});
export type OpportunityStageChange = z.infer<typeof opportunityStageChangeSchema>;

/** `GET /opportunitys/{opportunityId}` and the answer of every change. Times are ISO date-times. */
export const opportunityResponseSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  primaryAdvisorId: z.string().nullable(),
  contactId: z.string().nullable(),
  leadId: z.string().nullable(),
  householdId: z.string().nullable(),
  name: z.string().nullable(),
  type: z.enum(OpportunityType),
  isCorporation: z.boolean(),
  stage: z.enum(OpportunityStage),
  discoveryMethod: z.enum(DiscoveryMethod).nullable(),
  /** 0-100. */
  confidence: z.number().int().nullable(),
  temperature: z.enum(Temperature).nullable(),
  leadSource: z.enum(LeadSource).nullable(),
  referrer: z.string().nullable(),
  marketingCampaign: z.string().nullable(),
  marketingContent: z.string().nullable(),
  marketingMedium: z.enum(MarketingMedium).nullable(),
  discoveryStartedAt: z.string().nullable(),
  proposalStartedAt: z.string().nullable(),
  wonAt: z.string().nullable(),
  lostAt: z.string().nullable(),
  lostReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpportunityResponse = z.infer<typeof opportunityResponseSchema>;

const named = z.object({ id: z.string(), name: z.string() });

/**
 * `GET /opportunitys/page-view/{opportunityId}`: the opportunity with the names a page shows (its
 * contact, lead's contact or household; its team; its primary advisor) and its stage history,
 * oldest first.
 */
export const opportunityPageViewSchema = z.object({
  opportunity: opportunityResponseSchema,
  subject: named.extend({ kind: z.enum(['LEAD', 'HOUSEHOLD', 'CONTACT']) }).nullable(),
  team: named,
  primaryAdvisor: named.nullable(),
  stageChanges: z.array(opportunityStageChangeSchema),
});
export type OpportunityPageView = z.infer<typeof opportunityPageViewSchema>;

/**
 * One stage of the pipeline. `count`: the opportunities at this stage now; `enteredInPeriod`:
 * those that entered it within the period. The two totals add up the opportunities at the stage
 * now (not only those that entered it in the period), in the pipeline's `currency`, as decimal
 * strings with two decimals (numeric in SQL, never a float):
 *
 * - An opportunity's investable assets: when it has a household (its own, else its contact's, else
 *   its prospect's), the sum of the market values of that household's investment accounts (records
 *   not deleted) held in the currency, 0 when it has none; without a household, its prospect's
 *   estimated assets when given in the currency; unknown otherwise. Accounts and estimates in
 *   another currency are left out (no exchange rate is applied).
 * - An opportunity's expected annual fees: the first-year fees of the offers of its latest
 *   proposal (by creation) that is not REVOKED, each offer priced as `offerFeeSummary` prices its
 *   first year: the AUM fee of its tiers (marginal, as `annualAumFee`) on the opportunity's
 *   investable assets (0 when unknown), plus the one-time fee, plus the recurring amount times its
 *   charges in a first year (`FIRST_YEAR_CHARGES`, capped by its duration); each part rounded to
 *   cents (half up). Only the parts priced in the currency count (tiers by their breakpoints'
 *   currency). An opportunity without such a proposal, or whose proposal has no offers, has none.
 *
 * `aum` is the sum of the investable assets of the stage's opportunities whose assets are known
 * (an opportunity counts once; two opportunities of one household count it twice), null when none
 * is known. `expectedAnnualFees` is the sum of the expected annual fees of the stage's
 * opportunities that have them, null when none has.
 */
export const pipelineStageSchema = z.object({
  stage: z.enum(OpportunityStage),
  count: z.number().int(),
  enteredInPeriod: z.number().int(),
  /** Decimal string in `currency`, 2 decimals; null when no opportunity at the stage has a priced proposal. */
  expectedAnnualFees: z.string().nullable(),
  /** Decimal string in `currency`, 2 decimals; null when no opportunity at the stage has known assets. */
  aum: z.string().nullable(),
});

/**
 * Conversion from one stage to the next over the period: of the opportunities that entered
 * `fromStage` within the period (`entered`), how many have entered `toStage` by the end of the
 * period (`converted`); `rate` is converted / entered between 0 and 1 (4 decimals), null when
 * none entered.
 */
export const pipelineConversionSchema = z.object({
  fromStage: z.enum(OpportunityStage),
  toStage: z.enum(OpportunityStage),
  entered: z.number().int(),
  converted: z.number().int(),
  rate: z.number().nullable(),
});

/**
 * `GET /opportunitys/pipeline`. The period's ends as given (YYYY-MM-DD), null when open; the
 * currency of the stages' totals (the query's, CAD by default).
 */
export const pipelineResponseSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  stages: z.array(pipelineStageSchema),
  conversions: z.array(pipelineConversionSchema),
});
export type PipelineResponse = z.infer<typeof pipelineResponseSchema>;
export type PipelineConversion = z.infer<typeof pipelineConversionSchema>;

/** The conversion rate, to 4 decimals; null when nothing entered the stage. */
export function conversionRate(entered: number, converted: number): number | null {
  if (entered === 0) return null;
  return Math.round((converted / entered) * 10_000) / 10_000;
}

/**
 * One opportunity of `GET /opportunitys`, as a pipeline card shows it: whom the sale is with (the
 * lead's or contact's name, else the household's; its own name when it has one is `name`), its
 * stage and when it entered it, its primary advisor's name, confidence (0-100) and temperature,
 * and its expected annual fees and investable assets in the list's `currency`, each as
 * `pipelineStageSchema` defines them for one opportunity (decimal strings, null when unknown).
 */
export const opportunityListItemSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  subjectName: z.string().nullable(),
  stage: z.enum(OpportunityStage),
  stageEnteredAt: z.string(),
  primaryAdvisorName: z.string().nullable(),
  confidence: z.number().int().nullable(),
  temperature: z.enum(Temperature).nullable(),
  expectedAnnualFees: z.string().nullable(),
  aum: z.string().nullable(),
});
export type OpportunityListItem = z.infer<typeof opportunityListItemSchema>;

/** `GET /opportunitys`: a page of opportunities, newest in their stage first, with the total. */
export const opportunityListSchema = listPageSchema(opportunityListItemSchema).extend({
  currency: z.enum(CURRENCY_CODES),
});
export type OpportunityList = z.infer<typeof opportunityListSchema>;
