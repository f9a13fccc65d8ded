import { Controller, Get, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  proposalLinkModificationSchema,
  proposalLinkParamsSchema,
  proposalLinkViewSchema,
  type ProposalLinkView,
  type RequestModification,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, type RouteSpec } from '../../../common/http/api-route.js';
import { ProposalLinksService } from './proposal-links.service.js';

type Params = z.infer<typeof proposalLinkParamsSchema>;

/** The client a guessing limit counts against (behind the loopback proxy, the forwarded address). */
const clientOf = (request: Request) => request.ip ?? 'unknown';

/** A public route of a recipient's link: 404 for a link that is not valid, expired or withdrawn. */
const linkRoute = (summary: string, extra: Partial<RouteSpec> = {}): RouteSpec => ({
  summary,
  tags: ['proposals'],
  public: true,
  params: proposalLinkParamsSchema,
  response: proposalLinkViewSchema,
  errors: [404, 409, 429],
  ...extra,
});

/** The recipients' proposal page (no login): read, accept, or ask for changes, by the e-mailed link. */
@Controller('proposal-links')
export class ProposalLinksController {
  constructor(@Inject(ProposalLinksService) private readonly links: ProposalLinksService) {}

  @Get(':token')
  @ApiRoute(
    linkRoute(
      'A proposal as its recipient reads it: the firm, the household, the offers and their fees (public; by the e-mailed link)',
      { errors: [404, 429] },
    ),
  )
  view(@ValidParams() params: Params, @Req() request: Request): Promise<ProposalLinkView> {
    return this.links.view(params.token, clientOf(request));
  }

  @Post(':token/accept')
  @ApiRoute(linkRoute('Accept a sent proposal as its recipient (public; by the e-mailed link)', { status: 200 }))
  accept(@ValidParams() params: Params, @Req() request: Request): Promise<ProposalLinkView> {
    return this.links.accept(params.token, clientOf(request));
  }

  @Post(':token/request-modification')
  @ApiRoute(
    linkRoute('Send a proposal back for changes as its recipient, saying what (public; by the e-mailed link)', {
      body: proposalLinkModificationSchema,
      status: 200,
    }),
  )
  requestModification(
    @ValidParams() params: Params,
    @ValidBody() body: RequestModification,
    @Req() request: Request,
  ): Promise<ProposalLinkView> {
    return this.links.requestModification(params.token, body.comment, clientOf(request));
  }
}
