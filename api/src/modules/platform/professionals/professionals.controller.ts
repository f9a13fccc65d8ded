import { Controller, Get, Inject, Patch } from '@nestjs/common';
import {
  professionalIdParamsSchema,
  professionalProfileSchema,
  professionalResponseSchema,
  setJobTitleSchema,
  setProfessionalAvatarSchema,
  type ProfessionalProfile,
  type SetProfessionalAvatar,
  type ProfessionalResponse,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { Caller } from '../../../common/auth/caller.decorator.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { ProfessionalsService } from './professionals.service.js';

type Params = z.infer<typeof professionalIdParamsSchema>;
const TAGS = ['organization'];

// The spec names the job-title call under the singular `/professional/` (crm §7), so the
// controller is mounted at the root and spells out both prefixes.
@Controller()
export class ProfessionalsController {
  constructor(@Inject(ProfessionalsService) private readonly professionals: ProfessionalsService) {}

  @Get('professionals/me')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'The signed-in user’s own professional profile (404 when they have none)',
    tags: TAGS,
    response: professionalResponseSchema,
    errors: [404],
  })
  mine(@Caller() caller: AuthenticatedCaller): Promise<ProfessionalResponse> {
    return this.professionals.mine(caller.userId);
  }

  @Get('professionals/:professionalId')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'A professional of the caller’s organization',
    tags: TAGS,
    params: professionalIdParamsSchema,
    response: professionalResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: Params): Promise<ProfessionalResponse> {
    return this.professionals.get(params.professionalId);
  }

  @Patch('professionals/:professionalId/update-profile')
  @ApiRoute({
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    summary: 'Update a professional’s profile: names (letters only), bio (at most 500 words), designations',
    tags: TAGS,
    params: professionalIdParamsSchema,
    body: professionalProfileSchema,
    response: professionalResponseSchema,
    errors: [404],
  })
  updateProfile(
    @ValidParams() params: Params,
    @ValidBody() body: ProfessionalProfile,
    @Caller() caller: AuthenticatedCaller,
  ): Promise<ProfessionalResponse> {
    return this.professionals.updateProfile(caller, params.professionalId, body);
  }

  @Patch('professional/:professionalId/set-job-title')
  @ApiRoute({
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    summary: 'Set a professional’s job title (empty clears it)',
    tags: TAGS,
    params: professionalIdParamsSchema,
    body: setJobTitleSchema,
    response: professionalResponseSchema,
    errors: [404],
  })
  setJobTitle(
    @ValidParams() params: Params,
    @ValidBody() body: z.infer<typeof setJobTitleSchema>,
    @Caller() caller: AuthenticatedCaller,
  ): Promise<ProfessionalResponse> {
    return this.professionals.setJobTitle(caller, params.professionalId, body.jobTitle);
  }

  @Patch('professionals/:professionalId/set-avatar')
  @ApiRoute({
    summary:
      'Set a professional’s avatar from a photo uploaded through POST /upload/request (PNG, JPEG, WebP or GIF, at most 5 MB): stored as a square thumbnail, answered as a signed address that expires. Your own profile, or any as an administrator',
    tags: TAGS,
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    params: professionalIdParamsSchema,
    body: setProfessionalAvatarSchema,
    response: professionalResponseSchema,
    errors: [403, 404, 413, 415],
  })
  setAvatar(
    @Caller() caller: AuthenticatedCaller,
    @ValidParams() params: Params,
    @ValidBody() body: SetProfessionalAvatar,
  ): Promise<ProfessionalResponse> {
    return this.professionals.setAvatar(caller, params.professionalId, body.filePath);
  }

  @Patch('professionals/:professionalId/remove-avatar')
  @ApiRoute({
    summary: 'Remove a professional’s avatar. Your own profile, or any as an administrator',
    tags: TAGS,
    permission: 'SIGNED_IN',
    condition: 'OWN_PROFILE',
    params: professionalIdParamsSchema,
    response: professionalResponseSchema,
    errors: [403, 404],
  })
  removeAvatar(@Caller() caller: AuthenticatedCaller, @ValidParams() params: Params): Promise<ProfessionalResponse> {
    return this.professionals.removeAvatar(caller, params.professionalId);
  }
}
