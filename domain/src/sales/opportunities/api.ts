import { z } from 'zod';
import {
  DiscoveryMethod,
  LeadSource,
  MarketingMedium,
  OpportunityType,
  Temperature,
} from '../../crm/contacts/enums.js';
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
 * those that entered it within the period. `expectedAnnualFees` and `aum` are null: expected fees
 * come with proposals (their offers price a sale), which opportunities do not have yet.
 */
export const pipelineStageSchema = z.object({
  stage: z.enum(OpportunityStage),
  count: z.number().int(),
  enteredInPeriod: z.number().int(),
  /** Expected fees come with proposals: null until then. A decimal string when known. */
  expectedAnnualFees: z.string().nullable(),
  /** Expected fees come with proposals, and the assets under management with them: null until then. */
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

/** `GET /opportunitys/pipeline`. The period's ends as given (YYYY-MM-DD), null when open. */
export const pipelineResponseSchema = z.object({
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
