import { z } from 'zod';
import {
  DiscoveryMethod,
  LeadSource,
  MarketingMedium,
  OpportunityType,
  Temperature,
} from '../../crm/contacts/enums.js';
import { ContactMessage, setConfidenceSchema } from '../../crm/contacts/schemas.js';
import { currencyQuerySchema } from '../../financials/shared-schemas.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { calendarDate } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { paginationSchema } from '../../shared/input/lists.js';
import { OpportunityStage } from './enums.js';

/**
 * Opportunity messages. 'Confidence must be between 0 and 100' is the contacts' wording of crm §5's
 * "entered as 0 - 100"; the spec gives no other wording, so the rest are ours.
 */
export const OpportunityMessage = {
  subjectRequired: 'Give exactly one of leadId, householdId or contactId',
  typeInvalid: 'Please select a valid opportunity type',
  temperatureInvalid: 'Please select a valid temperature',
  leadSourceInvalid: ContactMessage.sourceInvalid,
  discoveryMethodInvalid: ContactMessage.discoveryMethodInvalid,
  marketingMediumInvalid: 'Please select a valid marketing medium',
  corporationInvalid: 'corporation must be true or false',
  confidenceRange: ContactMessage.confidenceRange,
  startDateInvalid: 'Please enter a valid start date',
  endDateInvalid: 'Please enter a valid end date',
  periodReversed: 'The start date must not be after the end date',
  stageInvalid: 'Please select a valid stage',
} as const;

/** Free text of the opportunity (name, referrer, marketing fields); blank clears it. */
const lineOrNull = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  freeText().nullable(),
);

/**
 * `POST /opportunitys`: a sale begun with a lead, a household or a contact (exactly one); its team
 * is theirs. The primary advisor is a professional of the firm.
 */
export const createOpportunitySchema = z
  .object({
    leadId: idParam(EntityType.lead, 'lead').optional(),
    householdId: idParam(EntityType.household, 'household').optional(),
    contactId: idParam(EntityType.contact, 'contact').optional(),
    primaryAdvisorId: idParam(EntityType.professional, 'professional').optional(),
    name: freeText().min(1).optional(),
    type: z.enum(OpportunityType, { error: OpportunityMessage.typeInvalid }).optional(),
  })
  .refine((body) => [body.leadId, body.householdId, body.contactId].filter((id) => id !== undefined).length === 1, {
    error: OpportunityMessage.subjectRequired,
    path: ['leadId'],
  });
export type CreateOpportunityInput = z.output<typeof createOpportunitySchema>;

/** `PATCH .../initiate-discovery`: the optional corporation flag (crm §4); no body is none. */
export const initiateDiscoverySchema = z.object({
  corporation: z.boolean({ error: OpportunityMessage.corporationInvalid }).optional(),
});

/** `PATCH .../close/lost`: why, optionally; a blank reason is none. */
export const closeLostSchema = z.object({
  reason: freeText({ kind: 'paragraph' })
    .optional()
    .transform((reason) => (reason === '' ? undefined : reason)),
});

export { setConfidenceSchema };
export const setDiscoveryMethodSchema = z.object({
  discoveryMethod: z.enum(DiscoveryMethod, { error: OpportunityMessage.discoveryMethodInvalid }),
});
export const setLeadSourceSchema = z.object({
  leadSource: z.enum(LeadSource, { error: OpportunityMessage.leadSourceInvalid }),
});
export const setMarketingMediumSchema = z.object({
  marketingMedium: z.enum(MarketingMedium, { error: OpportunityMessage.marketingMediumInvalid }),
});
export const setTemperatureSchema = z.object({
  temperature: z.enum(Temperature, { error: OpportunityMessage.temperatureInvalid }),
});
export const setOpportunityTypeSchema = z.object({
  type: z.enum(OpportunityType, { error: OpportunityMessage.typeInvalid }),
});
export const setReferrerSchema = z.object({ referrer: lineOrNull });
export const setMarketingCampaignSchema = z.object({ marketingCampaign: lineOrNull });
export const setMarketingContentSchema = z.object({ marketingContent: lineOrNull });

/** The path of every opportunity route. */
export const opportunityIdParamsSchema = z.object({ opportunityId: idParam(EntityType.opportunity, 'opportunity') });

/**
 * `GET /opportunitys/pipeline`: narrowed to a team and/or a primary advisor, over a period of
 * calendar dates (both ends included; either may be left open); the stages' totals in `currency`
 * (CAD by default).
 */
export const pipelineQuerySchema = z
  .object({
    primaryAdvisorId: idParam(EntityType.professional, 'professional').optional(),
    teamId: idParam(EntityType.team, 'team').optional(),
    startDate: calendarDate(OpportunityMessage.startDateInvalid).optional(),
    endDate: calendarDate(OpportunityMessage.endDateInvalid).optional(),
    currency: currencyQuerySchema.shape.currency,
  })
  .refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
    error: OpportunityMessage.periodReversed,
    path: ['endDate'],
  });
export type PipelineQuery = z.output<typeof pipelineQuerySchema>;

/**
 * `GET /opportunitys`: the opportunities at a stage now (or at any), narrowed as the pipeline is
 * (team, primary advisor), the period keeping those that entered their stage within it (both ends
 * included); a page at a time (`page`, `limit`), each with its totals in `currency`.
 */
export const opportunityListQuerySchema = paginationSchema
  .extend({
    stage: z.enum(OpportunityStage, { error: OpportunityMessage.stageInvalid }).optional(),
    primaryAdvisorId: idParam(EntityType.professional, 'professional').optional(),
    teamId: idParam(EntityType.team, 'team').optional(),
    startDate: calendarDate(OpportunityMessage.startDateInvalid).optional(),
    endDate: calendarDate(OpportunityMessage.endDateInvalid).optional(),
    currency: currencyQuerySchema.shape.currency,
  })
  .refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
    error: OpportunityMessage.periodReversed,
    path: ['endDate'],
  });
export type OpportunityListQuery = z.output<typeof opportunityListQuerySchema>;
