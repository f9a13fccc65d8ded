import { Controller, Get, Inject, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  acceptClientInvitationSchema,
  clientInvitationAcceptedResponseSchema,
  contactIdParamsSchema,
  invitationCodeParamsSchema,
  inviteClientSchema,
  portalAccessResponseSchema,
  type AcceptClientInvitationInput,
  type ClientInvitationAcceptedResponse,
  type InviteClientInput,
  type PortalAccessResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { ClientInvitationsService } from './client-invitations.service.js';
import { clientOf } from './invitations.controller.js';

type ContactParams = z.output<typeof contactIdParamsSchema>;

/** A contact's client-portal access: the CLIENT invitation, its acceptance and its revocation. */
@Controller()
export class ClientInvitationsController {
  constructor(@Inject(ClientInvitationsService) private readonly clients: ClientInvitationsService) {}

  @Get('contacts/:contactId/portal-access')
  @ApiRoute({
    summary: 'A contact’s client-portal access and its latest invitation',
    tags: ['invitations'],
    permission: 'CRM_READ',
    params: contactIdParamsSchema,
    response: portalAccessResponseSchema,
    errors: [404],
  })
  access(@ValidParams() params: ContactParams): Promise<PortalAccessResponse> {
    return this.clients.access(params.contactId);
  }

  @Post('contacts/:contactId/portal-invitation')
  @ApiRoute({
    summary:
      'Invite a contact to the client portal (CLIENT invitation), by e-mail (the contact’s primary unless given) or by a link to copy; access becomes INVITED',
    tags: ['invitations'],
    permission: 'CRM_WRITE',
    params: contactIdParamsSchema,
    body: inviteClientSchema,
    response: portalAccessResponseSchema,
    status: 201,
    errors: [404, 409],
  })
  invite(@ValidParams() params: ContactParams, @ValidBody() body: InviteClientInput): Promise<PortalAccessResponse> {
    return this.clients.invite(params.contactId, body);
  }

  @Patch('contacts/:contactId/portal-access/revoke')
  @ApiRoute({
    summary:
      'Withdraw a contact’s portal invitation or access: the open invitation is cancelled, access becomes REVOKED',
    tags: ['invitations'],
    permission: 'CRM_WRITE',
    params: contactIdParamsSchema,
    response: portalAccessResponseSchema,
    errors: [404, 409],
  })
  revoke(@ValidParams() params: ContactParams): Promise<PortalAccessResponse> {
    return this.clients.revoke(params.contactId);
  }

  @Post('invitations/client/:code/accept')
  @ApiRoute({
    summary: 'Accept a client-portal invitation: the contact’s portal access becomes ACTIVE (public)',
    tags: ['invitations'],
    public: true,
    params: invitationCodeParamsSchema,
    body: acceptClientInvitationSchema,
    response: clientInvitationAcceptedResponseSchema,
    status: 201,
    errors: [403, 404, 409, 429],
  })
  accept(
    @ValidParams() params: z.infer<typeof invitationCodeParamsSchema>,
    @ValidBody() body: AcceptClientInvitationInput,
    @Req() request: Request,
  ): Promise<ClientInvitationAcceptedResponse> {
    return this.clients.accept(params.code, body, clientOf(request));
  }
}
