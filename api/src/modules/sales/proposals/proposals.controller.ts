import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createProposalSchema,
  packageOfferBodySchema,
  proposalIdParamsSchema,
  proposalOfferParamsSchema,
  proposalOpportunityParamsSchema,
  proposalPackageViewSchema,
  proposalResponseSchema,
  requestModificationSchema,
  sendProposalSchema,
  updatePortfolioPdfSchema,
  type CreateProposal,
  type PackageOfferBody,
  type ProposalPackageView,
  type ProposalResponse,
  type RequestModification,
  type SendProposal,
  type UpdatePortfolioPdf,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { ProposalsService } from './proposals.service.js';

const TAGS = ['proposals'];
type Params = z.infer<typeof proposalIdParamsSchema>;
type OfferParams = z.infer<typeof proposalOfferParamsSchema>;

/** A route that changes one proposal: its answer, 404 out of reach, 409 out of order. */
const change = (summary: string, extra: { params?: z.ZodType; body?: z.ZodType } = {}) => ({
  summary,
  tags: TAGS,
  permission: 'SALES_WRITE' as const,
  params: extra.params ?? proposalIdParamsSchema,
  ...(extra.body ? { body: extra.body } : {}),
  response: proposalResponseSchema,
  errors: [404, 409],
});

/** Proposals (crm §7; Foundations §7's accept). The recipients' public page is ProposalLinksController. */
@Controller('proposals')
export class ProposalsController {
  constructor(@Inject(ProposalsService) private readonly proposals: ProposalsService) {}

  @Post()
  @ApiRoute({
    summary: 'Create a draft proposal for an opportunity in discovery (initiating its proposal stage) or at it',
    tags: TAGS,
    permission: 'SALES_WRITE',
    body: createProposalSchema,
    response: proposalResponseSchema,
    status: 201,
    errors: [404, 409],
  })
  create(@ValidBody() body: CreateProposal): Promise<ProposalResponse> {
    return this.proposals.create(body.opportunityId);
  }

  @Get('package-view/by-opportunity/:opportunityId')
  @ApiRoute({
    summary: 'An opportunity’s proposals, newest first, with their offers, offerings named and fees summarized',
    tags: TAGS,
    permission: 'SALES_READ',
    params: proposalOpportunityParamsSchema,
    response: proposalPackageViewSchema,
    errors: [404],
  })
  packageView(@ValidParams() params: z.infer<typeof proposalOpportunityParamsSchema>): Promise<ProposalPackageView> {
    return this.proposals.packageView(params.opportunityId);
  }

  @Patch(':proposalId/offers')
  @ApiRoute(
    change('Add an offer to a draft proposal (or one sent back for changes), after its others', {
      body: packageOfferBodySchema,
    }),
  )
  addOffer(@ValidParams() params: Params, @ValidBody() body: PackageOfferBody): Promise<ProposalResponse> {
    return this.proposals.addOffer(params.proposalId, body.offer);
  }

  @Patch(':proposalId/offers/:offerId')
  @ApiRoute(
    change('Replace an offer of a proposal: billing start, offerings and pricing plan', {
      params: proposalOfferParamsSchema,
      body: packageOfferBodySchema,
    }),
  )
  editOffer(@ValidParams() params: OfferParams, @ValidBody() body: PackageOfferBody): Promise<ProposalResponse> {
    return this.proposals.editOffer(params.proposalId, params.offerId, body.offer);
  }

  @Delete(':proposalId/offers/:offerId')
  @ApiRoute(change('Remove an offer from a proposal', { params: proposalOfferParamsSchema }))
  removeOffer(@ValidParams() params: OfferParams): Promise<ProposalResponse> {
    return this.proposals.removeOffer(params.proposalId, params.offerId);
  }

  @Patch(':proposalId/send')
  @ApiRoute(
    change(
      'Send a proposal to persons of its household (or resend it to its recipients): each is e-mailed a link to read, accept or send back the proposal',
      { body: sendProposalSchema },
    ),
  )
  send(@ValidParams() params: Params, @ValidBody() body: SendProposal): Promise<ProposalResponse> {
    return this.proposals.send(params.proposalId, body);
  }

  @Patch(':proposalId/update-portfolio-pdf')
  @ApiRoute(
    change('Attach a portfolio PDF (an uploaded file) that the recipients can download', {
      body: updatePortfolioPdfSchema,
    }),
  )
  updatePortfolioPdf(@ValidParams() params: Params, @ValidBody() body: UpdatePortfolioPdf): Promise<ProposalResponse> {
    return this.proposals.updatePortfolioPdf(params.proposalId, body);
  }

  @Patch(':proposalId/revoke')
  @ApiRoute(change('Revoke a proposal that is not accepted'))
  revoke(@ValidParams() params: Params): Promise<ProposalResponse> {
    return this.proposals.revoke(params.proposalId);
  }

  @Patch(':proposalId/request-modification')
  @ApiRoute(change('Ask for changes to a sent proposal, saying what', { body: requestModificationSchema }))
  requestModification(
    @ValidParams() params: Params,
    @ValidBody() body: RequestModification,
  ): Promise<ProposalResponse> {
    return this.proposals.requestModification(params.proposalId, body.comment);
  }

  @Patch(':proposalId/accept')
  @ApiRoute(change('Accept a sent proposal with at least one offer'))
  accept(@ValidParams() params: Params): Promise<ProposalResponse> {
    return this.proposals.accept(params.proposalId);
  }
}
