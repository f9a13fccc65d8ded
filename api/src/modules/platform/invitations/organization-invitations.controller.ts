import { Controller, Get, Inject, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  acceptCreateOrgInvitationSchema,
  invitationCodeParamsSchema,
  invitationIdParamsSchema,
  inviteOrganizationSchema,
  organizationInvitationListResponseSchema,
  organizationInvitationResponseSchema,
  type AcceptTeamMemberInvitationInput,
  type InviteOrganizationInput,
  type LoginResponse,
  type OrganizationInvitationListResponse,
  type OrganizationInvitationResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { accountAcceptanceRoute, clientOf } from './invitations.controller.js';
import { OrganizationInvitationsService } from './organization-invitations.service.js';

/** The platform operator's invitations of new firms (CREATE_ORG) and their public acceptance. */
@Controller()
export class OrganizationInvitationsController {
  constructor(@Inject(OrganizationInvitationsService) private readonly organizations: OrganizationInvitationsService) {}

  @Post('platform/organization-invitations')
  @ApiRoute({
    summary: 'Invite a new firm: its name and its founder’s e-mail (CREATE_ORG invitation; platform operator)',
    tags: ['invitations'],
    permission: 'PLATFORM_OPERATE',
    body: inviteOrganizationSchema,
    response: organizationInvitationResponseSchema,
    status: 201,
    errors: [409],
  })
  invite(@ValidBody() body: InviteOrganizationInput): Promise<OrganizationInvitationResponse> {
    return this.organizations.invite(body);
  }

  @Get('platform/organization-invitations')
  @ApiRoute({
    summary: 'The new-firm invitations, newest first (platform operator)',
    tags: ['invitations'],
    permission: 'PLATFORM_OPERATE',
    response: organizationInvitationListResponseSchema,
  })
  list(): Promise<OrganizationInvitationListResponse> {
    return this.organizations.list();
  }

  @Patch('platform/organization-invitations/:invitationId/cancel')
  @ApiRoute({
    summary: 'Cancel an open new-firm invitation; its code stops working (platform operator)',
    tags: ['invitations'],
    permission: 'PLATFORM_OPERATE',
    params: invitationIdParamsSchema,
    response: organizationInvitationResponseSchema,
    errors: [404, 409],
  })
  cancel(@ValidParams() params: z.infer<typeof invitationIdParamsSchema>): Promise<OrganizationInvitationResponse> {
    return this.organizations.cancel(params.invitationId);
  }

  @Post('invitations/create-org/:code/accept')
  @ApiRoute(
    accountAcceptanceRoute(
      'Accept a new-firm invitation: creates the organization, its first team and its admin, and signs them in (public)',
      acceptCreateOrgInvitationSchema,
    ),
  )
  accept(
    @ValidParams() params: z.infer<typeof invitationCodeParamsSchema>,
    @ValidBody() body: AcceptTeamMemberInvitationInput,
    @Req() request: Request,
  ): Promise<LoginResponse> {
    return this.organizations.accept(params.code, body, clientOf(request));
  }
}
