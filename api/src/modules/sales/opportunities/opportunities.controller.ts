import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  closeLostSchema,
  createOpportunitySchema,
  initiateDiscoverySchema,
  opportunityIdParamsSchema,
  opportunityListQuerySchema,
  opportunityListSchema,
  opportunityPageViewSchema,
  opportunityResponseSchema,
  pipelineQuerySchema,
  pipelineResponseSchema,
  setConfidenceSchema,
  setDiscoveryMethodSchema,
  setLeadSourceSchema,
  setMarketingCampaignSchema,
  setMarketingContentSchema,
  setMarketingMediumSchema,
  setOpportunityTypeSchema,
  setReferrerSchema,
  setTemperatureSchema,
  type CreateOpportunityInput,
  type OpportunityList,
  type OpportunityListQuery,
  type OpportunityPageView,
  type OpportunityResponse,
  type PipelineQuery,
  type PipelineResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { OpportunitiesService } from './opportunities.service.js';
import { OpportunityListService } from './opportunity-list.service.js';

const TAGS = ['opportunities'];
type Params = z.infer<typeof opportunityIdParamsSchema>;

/** A route that changes one opportunity: its answer, 404 out of reach, 409 out of order. */
const change = (summary: string, body?: z.ZodType) => ({
  summary,
  tags: TAGS,
  permission: 'SALES_WRITE' as const,
  params: opportunityIdParamsSchema,
  ...(body ? { body } : {}),
  response: opportunityResponseSchema,
  errors: [404, 409],
});

/** Opportunities (crm §7, spelt `opportunitys` as the spec spells the path). */
@Controller('opportunitys')
export class OpportunitiesController {
  constructor(
    @Inject(OpportunitiesService) private readonly opportunities: OpportunitiesService,
    @Inject(OpportunityListService) private readonly listing: OpportunityListService,
  ) {}

  @Get()
  @ApiRoute({
    summary: 'The opportunities (at a stage), a page at a time, with names and totals for the pipeline board',
    tags: TAGS,
    permission: 'SALES_READ',
    query: opportunityListQuerySchema,
    response: opportunityListSchema,
    errors: [404],
  })
  list(@ValidQuery() query: OpportunityListQuery): Promise<OpportunityList> {
    return this.listing.list(query);
  }

  @Post()
  @ApiRoute({
    summary: 'Begin a sale with a lead, a household or a contact, in their team, at the NEW stage',
    tags: TAGS,
    permission: 'SALES_WRITE',
    body: createOpportunitySchema,
    response: opportunityResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateOpportunityInput): Promise<OpportunityResponse> {
    return this.opportunities.create(body);
  }

  // Declared before `:opportunityId` so that `pipeline` is not read as an id.
  @Get('pipeline')
  @ApiRoute({
    summary: 'The pipeline: per stage the count and entries over the period, and each step’s conversion',
    tags: TAGS,
    permission: 'SALES_READ',
    query: pipelineQuerySchema,
    response: pipelineResponseSchema,
    errors: [404],
  })
  pipeline(@ValidQuery() query: PipelineQuery): Promise<PipelineResponse> {
    return this.opportunities.pipeline(query);
  }

  @Get('page-view/:opportunityId')
  @ApiRoute({
    summary: 'An opportunity with the names its page shows and its stage history',
    tags: TAGS,
    permission: 'SALES_READ',
    params: opportunityIdParamsSchema,
    response: opportunityPageViewSchema,
    errors: [404],
  })
  pageView(@ValidParams() params: Params): Promise<OpportunityPageView> {
    return this.opportunities.pageView(params.opportunityId);
  }

  @Get(':opportunityId')
  @ApiRoute({
    summary: 'An opportunity',
    tags: TAGS,
    permission: 'SALES_READ',
    params: opportunityIdParamsSchema,
    response: opportunityResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: Params): Promise<OpportunityResponse> {
    return this.opportunities.get(params.opportunityId);
  }

  @Patch(':opportunityId/initiate-discovery')
  @ApiRoute(change('Begin discovery (from NEW), optionally marking the sale a corporation’s', initiateDiscoverySchema))
  initiateDiscovery(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof initiateDiscoverySchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.initiateDiscovery(params.opportunityId, body.corporation);
  }

  @Patch(':opportunityId/initiate-proposal')
  @ApiRoute(change('Initiate the proposal (from DISCOVERY)'))
  initiateProposal(@ValidParams() params: Params): Promise<OpportunityResponse> {
    return this.opportunities.initiateProposal(params.opportunityId);
  }

  @Patch(':opportunityId/close/won')
  @ApiRoute(change('Close as won (from PROPOSAL)'))
  closeWon(@ValidParams() params: Params): Promise<OpportunityResponse> {
    return this.opportunities.closeWon(params.opportunityId);
  }

  @Patch(':opportunityId/close/lost')
  @ApiRoute(change('Close as lost (from any open stage), with an optional reason', closeLostSchema))
  closeLost(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof closeLostSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.closeLost(params.opportunityId, body.reason);
  }

  @Patch(':opportunityId/set-discovery-method')
  @ApiRoute(change('Set the discovery method', setDiscoveryMethodSchema))
  setDiscoveryMethod(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setDiscoveryMethodSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-confidence')
  @ApiRoute(change('Set the confidence, 0 to 100', setConfidenceSchema))
  setConfidence(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setConfidenceSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-referrer')
  @ApiRoute(change('Set the referrer (blank clears it)', setReferrerSchema))
  setReferrer(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setReferrerSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-lead-source')
  @ApiRoute(change('Set the lead source', setLeadSourceSchema))
  setLeadSource(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setLeadSourceSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-marketing-campaign')
  @ApiRoute(change('Set the marketing campaign (blank clears it)', setMarketingCampaignSchema))
  setMarketingCampaign(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setMarketingCampaignSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-marketing-content')
  @ApiRoute(change('Set the marketing content (blank clears it)', setMarketingContentSchema))
  setMarketingContent(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setMarketingContentSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-marketing-medium')
  @ApiRoute(change('Set the marketing medium', setMarketingMediumSchema))
  setMarketingMedium(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setMarketingMediumSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-temperature')
  @ApiRoute(change('Set the temperature', setTemperatureSchema))
  setTemperature(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setTemperatureSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }

  @Patch(':opportunityId/set-type')
  @ApiRoute(change('Set the type', setOpportunityTypeSchema))
  setType(
    @ValidParams() params: Params,
    @ValidBody() body: z.output<typeof setOpportunityTypeSchema>,
  ): Promise<OpportunityResponse> {
    return this.opportunities.set(params.opportunityId, body);
  }
}
