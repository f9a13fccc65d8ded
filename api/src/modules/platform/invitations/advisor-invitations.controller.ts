import { Controller, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  acceptAdvisorInvitationSchema,
  invitationCodeParamsSchema,
  invitationResponseSchema,
  inviteAdvisorSchema,
  type AcceptTeamMemberInvitationInput,
  type InvitationResponse,
  type InviteAdvisorInput,
  type LoginResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { AdvisorInvitationsService } from './advisor-invitations.service.js';
import { accountAcceptanceRoute, clientOf } from './invitations.controller.js';

@Controller()
export class AdvisorInvitationsController {
  constructor(@Inject(AdvisorInvitationsService) private readonly advisors: AdvisorInvitationsService) {}

  @Post('invite-advisor')
  @ApiRoute({
    summary: 'Invite a professional to a team as an advisor, by e-mail or by a link to copy',
    tags: ['invitations'],
    permission: 'ORGANIZATION_MANAGE',
    body: inviteAdvisorSchema,
    response: invitationResponseSchema,
    status: 201,
    errors: [404, 409],
  })
  invite(@ValidBody() body: InviteAdvisorInput): Promise<InvitationResponse> {
    return this.advisors.invite(body);
  }

  @Post('invitations/advisor/:code/accept')
  @ApiRoute(
    accountAcceptanceRoute(
      'Accept an advisor invitation: creates the advisor (user and professional profile) in the team and signs them in (public)',
      acceptAdvisorInvitationSchema,
    ),
  )
  accept(
    @ValidParams() params: z.infer<typeof invitationCodeParamsSchema>,
    @ValidBody() body: AcceptTeamMemberInvitationInput,
    @Req() request: Request,
  ): Promise<LoginResponse> {
    return this.advisors.accept(params.code, body, clientOf(request));
  }
}
