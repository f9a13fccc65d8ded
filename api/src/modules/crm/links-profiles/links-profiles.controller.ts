import { Controller, Get, Inject, Patch, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  linksProfileContactReceivedSchema,
  linksProfileContactSchema,
  linksProfileSchema,
  linksProfileSlugParamsSchema,
  professionalIdParamsSchema,
  professionalLinksProfileSchema,
  publicLinksProfileSchema,
  saveLinksProfileSchema,
  type LinksProfileContact,
  type SaveLinksProfile,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { Caller } from '../../../common/auth/caller.decorator.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { LinksProfilesService } from './links-profiles.service.js';

type ProfessionalParams = z.infer<typeof professionalIdParamsSchema>;
type SlugParams = z.output<typeof linksProfileSlugParamsSchema>;
const TAGS = ['links-profiles'];

@Controller()
export class LinksProfilesController {
  constructor(@Inject(LinksProfilesService) private readonly linksProfiles: LinksProfilesService) {}

  @Get('professionals/:professionalId/links-profile')
  @ApiRoute({
    summary:
      'A professional’s links profile (null until its address is first saved). Your own, or any as an administrator',
    tags: TAGS,
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    params: professionalIdParamsSchema,
    response: professionalLinksProfileSchema,
    errors: [403, 404],
  })
  get(@Caller() caller: AuthenticatedCaller, @ValidParams() params: ProfessionalParams) {
    return this.linksProfiles.ofProfessional(caller, params.professionalId);
  }

  @Put('professionals/:professionalId/links-profile')
  @ApiRoute({
    summary:
      'Save a professional’s links profile: its address (slug, unique: 409 when taken) and its links in display order, which replace the previous ones. Created unpublished',
    tags: TAGS,
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    params: professionalIdParamsSchema,
    body: saveLinksProfileSchema,
    response: linksProfileSchema,
    errors: [403, 404, 409],
  })
  save(
    @Caller() caller: AuthenticatedCaller,
    @ValidParams() params: ProfessionalParams,
    @ValidBody() body: SaveLinksProfile,
  ) {
    return this.linksProfiles.save(caller, params.professionalId, body);
  }

  @Patch('professionals/:professionalId/links-profile/publish')
  @ApiRoute({
    summary: 'Publish a professional’s links profile: its page answers at /p/<slug>',
    tags: TAGS,
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    params: professionalIdParamsSchema,
    response: linksProfileSchema,
    errors: [403, 404],
  })
  publish(@Caller() caller: AuthenticatedCaller, @ValidParams() params: ProfessionalParams) {
    return this.linksProfiles.setPublished(caller, params.professionalId, true);
  }

  @Patch('professionals/:professionalId/links-profile/unpublish')
  @ApiRoute({
    summary: 'Unpublish a professional’s links profile: its page answers 404 until published again',
    tags: TAGS,
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    params: professionalIdParamsSchema,
    response: linksProfileSchema,
    errors: [403, 404],
  })
  unpublish(@Caller() caller: AuthenticatedCaller, @ValidParams() params: ProfessionalParams) {
    return this.linksProfiles.setPublished(caller, params.professionalId, false);
  }

  @Get('links-profiles/:slug')
  @ApiRoute({
    summary:
      'A published links profile’s public page: photo, name, title, bio, designations, links and the contact form’s signed stamp (public; 404 for an unknown or unpublished address)',
    tags: TAGS,
    public: true,
    params: linksProfileSlugParamsSchema,
    response: publicLinksProfileSchema,
    errors: [404],
  })
  publicPage(@ValidParams() params: SlugParams) {
    return this.linksProfiles.publicPage(params.slug);
  }

  @Post('links-profiles/:slug/contact')
  @ApiRoute({
    summary:
      'Send a message through a links profile’s contact form (public): creates a lead of source LINKS_PROFILE in the professional’s team. Refused, creating nothing, when the hidden field is filled or the form was sent too soon after the page loaded (400), and past the limits per client and per page (429)',
    tags: TAGS,
    public: true,
    params: linksProfileSlugParamsSchema,
    body: linksProfileContactSchema,
    response: linksProfileContactReceivedSchema,
    status: 201,
    errors: [404, 409, 429],
  })
  async contact(
    @ValidParams() params: SlugParams,
    @ValidBody() body: LinksProfileContact,
    @Req() request: Request,
  ): Promise<{ received: true }> {
    await this.linksProfiles.contact(params.slug, body, request.ip ?? 'unknown');
    return { received: true };
  }
}
