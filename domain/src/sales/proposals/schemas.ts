import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { EMAIL_PATTERN } from '../../shared/input/email.js';
import { listOf } from '../../shared/input/lists.js';
import { freeText, requiredString } from '../../shared/input/text.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { ProposalMessage } from '../../crm/proposals/schemas.js';
import { BillingStart, FeeType, PaymentSource, ServiceCategory, ServiceType } from '../../crm/proposals/enums.js';
import { PaymentFrequency } from '../../financials/records/enums.js';
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

/**
 * One recipient of `PATCH /proposals/{proposalId}/send` (crm §5's messages): a person of the
 * opportunity's household, and the address to write to, by default the person's primary e-mail
 * ('Email is required' when they have none).
 */
export const sendProposalRecipientSchema = z.object({
  personId: requiredString(ProposalMessage.recipientPersonRequired, { kind: 'line' }),
  email: freeText({ kind: 'email', message: ProposalMessage.recipientEmailRequired })
    .trim()
    .min(1, { error: ProposalMessage.recipientEmailRequired, abort: true })
    .regex(EMAIL_PATTERN, ProposalMessage.recipientEmailInvalid)
    .optional(),
});

/**
 * `PATCH /proposals/{proposalId}/send` (crm §7: recipients, resend). A send names its recipients
 * (at least one; they replace those of an earlier send); a resend writes again to the recorded
 * ones, and to any it names besides.
 */
export const sendProposalSchema = z
  .object({
    recipients: listOf(sendProposalRecipientSchema, 20).optional(),
    resend: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (!body.resend && (body.recipients === undefined || body.recipients.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: ProposalMessage.recipientsRequired });
    }
  });
export type SendProposal = z.output<typeof sendProposalSchema>;

/** Ours: crm §5 shows no rule for the portfolio PDF. */
export const PortfolioPdfMessage = {
  filePathRequired: 'Please upload the portfolio PDF first',
  notPdf: 'The portfolio must be a PDF file',
  fileSizeInvalid: 'The file size must be a whole number of bytes greater than 0',
} as const;

/**
 * `PATCH /proposals/{proposalId}/update-portfolio-pdf`: a PDF already uploaded through
 * `POST /upload/request` (its `filePath`), shown to the recipients for download.
 */
export const updatePortfolioPdfSchema = z.object({
  filePath: requiredString(PortfolioPdfMessage.filePathRequired).max(400),
  fileType: z.literal('application/pdf', { error: PortfolioPdfMessage.notPdf }),
  fileSize: z
    .number({ error: PortfolioPdfMessage.fileSizeInvalid })
    .int(PortfolioPdfMessage.fileSizeInvalid)
    .positive(PortfolioPdfMessage.fileSizeInvalid),
});
export type UpdatePortfolioPdf = z.output<typeof updatePortfolioPdfSchema>;

/** A recipient as recorded: the person, the address, when it was last written to. */
export const proposalRecipientResponseSchema = z.object({
  personId: z.string(),
  email: z.string(),
  sentAt: z.string().nullable(),
});

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
  recipients: z.array(proposalRecipientResponseSchema),
  portfolioPdf: z.object({ fileType: z.string(), fileSize: z.number().int() }).nullable(),
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

// ─── The public proposal page (a recipient's link) ───────────────────────────────────────────

/** Why a proposal link is refused (404 each: nothing about the proposal is shown). Ours. */
export const ProposalLinkMessage = {
  invalid: 'This proposal link is not valid',
  expired: 'This proposal link has expired',
  withdrawn: 'This proposal has been withdrawn',
  tooManyAttempts: (seconds: number) =>
    `Too many unknown proposal links were tried; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
} as const;

/** A link's token: a signed payload, base64url, `<payload>.<signature>`. */
export const proposalLinkParamsSchema = z.object({
  token: z
    .string()
    .max(1000, ProposalLinkMessage.invalid)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, ProposalLinkMessage.invalid),
});

/** `POST /proposal-links/{token}/request-modification`: what the client wants changed. */
export const proposalLinkModificationSchema = requestModificationSchema;

const publicAmount = z.object({ currency: z.enum(CURRENCY_CODES), value: z.string() }).nullable();

/** An offer as the client reads it: what it includes, how it is priced and billed, what it costs. */
export const proposalLinkOfferSchema = z.object({
  billingStartType: z.enum(BillingStart),
  billingStartDate: z.string().nullable(),
  offerings: z.array(z.object({ name: z.string(), category: z.enum(ServiceCategory), type: z.enum(ServiceType) })),
  pricingPlan: z.object({
    type: z.enum(FeeType),
    paymentMethod: z.enum(PaymentSource),
    aumFee: z
      .object({
        tiers: z.array(z.object({ breakpoint: z.string(), currency: z.enum(CURRENCY_CODES), fee: z.string() })),
      })
      .nullable(),
    oneTimeFee: z.object({ amount: publicAmount, isUpfront: z.boolean() }).nullable(),
    recurringPayment: z
      .object({
        amount: publicAmount,
        frequency: z.object({ common: z.enum(PaymentFrequency), duration: z.number().int().nullable() }),
      })
      .nullable(),
  }),
  feeSummary: offerFeeSummaryResponseSchema.nullable(),
});

/**
 * `GET /proposal-links/{token}`: what the recipient's page shows, and nothing internal (no ids:
 * the page acts through its token). SENT is open to accept or send back; the other statuses are
 * shown as they are (a revoked proposal's link is refused instead).
 */
export const proposalLinkViewSchema = z.object({
  organizationName: z.string(),
  brand: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  householdName: z.string().nullable(),
  recipientName: z.string(),
  status: z.enum(['SENT', 'MODIFICATION_REQUESTED', 'ACCEPTED'] as const),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  modificationRequest: z.string().nullable(),
  modificationRequestedAt: z.string().nullable(),
  expiresAt: z.string(),
  offers: z.array(proposalLinkOfferSchema),
  portfolioPdf: z.object({ url: z.string() }).nullable(),
});
export type ProposalLinkView = z.infer<typeof proposalLinkViewSchema>;
