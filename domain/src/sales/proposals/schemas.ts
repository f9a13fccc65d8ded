import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { requiredString } from '../../shared/input/text.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { offerResponseSchema } from '../offerings/schemas.js';
import { ProposalStatus } from './enums.js';

export const proposalIdParamsSchema = z.object({ proposalId: idParam(EntityType.proposal, 'proposal') });
export const proposalOfferParamsSchema = proposalIdParamsSchema.extend({
  offerId: idParam(EntityType.offer, 'offer'),
});
export const proposalOpportunityParamsSchema = z.object({
  opportunityId: idParam(EntityType.opportunity, 'opportunity'),
});

/** `POST /proposals` (crm §7). */
export const createProposalSchema = z.object({ opportunityId: idParam(EntityType.opportunity, 'opportunity') });
export type CreateProposal = z.output<typeof createProposalSchema>;

/** Ours: crm §5 shows no rule for the request's comment. */
export const ProposalRequestMessage = {
  commentRequired: 'Please say what should change in the proposal',
} as const;

/** `PATCH /proposals/{proposalId}/request-modification`: what the client wants changed, required. */
export const requestModificationSchema = z.object({
  comment: requiredString(ProposalRequestMessage.commentRequired, { kind: 'paragraph' }),
});
export type RequestModification = z.output<typeof requestModificationSchema>;

/** A proposal with its offers, in the order they were added. Times are ISO date-times. */
export const proposalResponseSchema = z.object({
  id: z.string(),
  opportunityId: z.string(),
  teamId: z.string(),
  status: z.enum(ProposalStatus),
  modificationRequest: z.string().nullable(),
  modificationRequestedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  offers: z.array(offerResponseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;

const money = z.string();

/**
 * What an offer costs, from sales/fees' `offerFeeSummary`; amounts as decimal strings. With no
 * assets known, `aumFee` is null and the tiers (in the offer's answer) are the schedule.
 */
export const offerFeeSummaryResponseSchema = z.object({
  currency: z.enum(CURRENCY_CODES).nullable(),
  firstYear: z.object({ from: z.string(), until: z.string() }),
  aumFee: z
    .object({
      assets: money,
      annual: money,
      effectiveRate: money,
      tiers: z.array(z.object({ from: money, to: money.nullable(), fee: money, amount: money })),
    })
    .nullable(),
  oneTimeFee: z.object({ value: money, chargedOn: z.string().nullable() }).nullable(),
  recurringPayment: z.object({ listedTotal: money, charges: z.number().int() }).nullable(),
  firstYearTotals: z.object({ aumFee: money, oneTimeFee: money, recurringPayment: money, total: money }),
});
export type OfferFeeSummaryResponse = z.infer<typeof offerFeeSummaryResponseSchema>;

/** `GET /proposals/package-view/by-opportunity/{opportunityId}`: its proposals newest first, each offer priced. */
export const proposalPackageViewSchema = z.object({
  opportunityId: z.string(),
  householdId: z.string().nullable(),
  /** The household's investable assets the AUM fees are priced on; null when not known. */
  investableAssets: money.nullable(),
  proposals: z.array(
    proposalResponseSchema.extend({
      offers: z.array(offerResponseSchema.extend({ feeSummary: offerFeeSummaryResponseSchema.nullable() })),
    }),
  ),
});
export type ProposalPackageView = z.infer<typeof proposalPackageViewSchema>;
