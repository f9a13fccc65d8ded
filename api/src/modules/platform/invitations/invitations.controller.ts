import { Controller, Get, Inject, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  acceptTeamMemberInvitationSchema,
  invitationCodeParamsSchema,
  invitationCodeValidityResponseSchema,
  invitationIdParamsSchema,
  invitationListResponseSchema,
  invitationResponseSchema,
  invitationTeamParamsSchema,
  inviteTeamMemberSchema,
  loginResponseSchema,
  validateInvitationCodeParamsSchema,
  type AcceptTeamMemberInvitationInput,
  type InvitationCodeValidityResponse,
  type InvitationListResponse,
  type InvitationResponse,
  type InviteTeamMemberInput,
  type LoginResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, type RouteSpec } from '../../../common/http/api-route.js';
import { InvitationsService } from './invitations.service.js';

/** The client a brute-force limit counts against (behind the loopback proxy, the forwarded address). */
export function clientOf(request: Request): string {
  return request.ip ?? 'unknown';
}

/**
 * The declaration of a public acceptance that creates an account (team member, advisor, new firm):
 * by its code, with the invitee's details, answering their new session.
 */
export function accountAcceptanceRoute(summary: string, body: z.ZodType): RouteSpec {
  return {
    summary,
    tags: ['invitations'],
    public: true,
    params: invitationCodeParamsSchema,
    body,
    response: loginResponseSchema,
    status: 201,
    // 403: another e-mail than the invitation's.
    errors: [403, 404, 409, 429],
  };
}

@Controller()
export class InvitationsController {
  constructor(@Inject(InvitationsService) private readonly invitations: InvitationsService) {}

  @Post('invite-team-member')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Invite one or more people (comma-separated e-mails) to a team, by e-mail or by a link to copy',
    tags: ['invitations'],
    body: inviteTeamMemberSchema,
    response: invitationListResponseSchema,
    status: 201,
    errors: [404, 409],
  })
  invite(@ValidBody() body: InviteTeamMemberInput): Promise<InvitationListResponse> {
    return this.invitations.inviteTeamMembers(body);
  }

  @Get('invitations/team-members/by-team/:teamId')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'A team’s team-member invitations, newest first, with their delivery',
    tags: ['invitations'],
    params: invitationTeamParamsSchema,
    response: invitationListResponseSchema,
    errors: [404],
  })
  listByTeam(@ValidParams() params: z.infer<typeof invitationTeamParamsSchema>): Promise<InvitationListResponse> {
    return this.invitations.listByTeam(params.teamId);
  }

  @Get('invitations/validate-code/:code/:type')
  @ApiRoute({
    summary: 'Whether an invitation code can still be accepted (public; unknown codes are rate-limited)',
    tags: ['invitations'],
    public: true,
    params: validateInvitationCodeParamsSchema,
    response: invitationCodeValidityResponseSchema,
    errors: [404, 409, 429],
  })
  validateCode(
    @ValidParams() params: z.infer<typeof validateInvitationCodeParamsSchema>,
    @Req() request: Request,
  ): Promise<InvitationCodeValidityResponse> {
    return this.invitations.validateCode(params.code, params.type, clientOf(request));
  }

  @Post('invitations/team-member/:code/accept')
  @ApiRoute(
    accountAcceptanceRoute(
      'Accept a team-member invitation: creates the user in the team and signs them in (public)',
      acceptTeamMemberInvitationSchema,
    ),
  )
  acceptTeamMember(
    @ValidParams() params: z.infer<typeof invitationCodeParamsSchema>,
    @ValidBody() body: AcceptTeamMemberInvitationInput,
    @Req() request: Request,
  ): Promise<LoginResponse> {
    return this.invitations.acceptTeamMember(params.code, body, clientOf(request));
  }

  @Patch('invitations/team-member/:code/cancel')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Cancel an open team-member invitation, named by its code or its id; the code stops working',
    tags: ['invitations'],
    params: invitationCodeParamsSchema,
    response: invitationResponseSchema,
    errors: [404, 409],
  })
  cancel(@ValidParams() params: z.infer<typeof invitationCodeParamsSchema>): Promise<InvitationResponse> {
    return this.invitations.cancel(params.code);
  }

  @Post('invitations/:invitationId/resend')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Send a team-member invitation again with a new code; the previous code stops working',
    tags: ['invitations'],
    params: invitationIdParamsSchema,
    response: invitationResponseSchema,
    status: 201,
    errors: [404, 409],
  })
  resend(@ValidParams() params: z.infer<typeof invitationIdParamsSchema>): Promise<InvitationResponse> {
    return this.invitations.resend(params.invitationId);
  }
}
