import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createTeamSchema,
  setTeamNameSchema,
  teamIdParamsSchema,
  teamMemberParamsSchema,
  teamResponseSchema,
  teamSummarySchema,
  type TeamResponse,
  type TeamSummary,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { Caller } from '../../../common/auth/caller.decorator.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { TeamsService } from './teams.service.js';

const TAGS = ['organization'];

@Controller('teams')
export class TeamsController {
  constructor(@Inject(TeamsService) private readonly teams: TeamsService) {}

  @Get()
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'The teams of the caller’s organization, by name, with their member counts',
    tags: TAGS,
    response: z.array(teamSummarySchema),
  })
  list(): Promise<TeamSummary[]> {
    return this.teams.list();
  }

  @Post()
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Create a team; its creator is its first member',
    tags: TAGS,
    body: createTeamSchema,
    response: teamResponseSchema,
    status: 201,
  })
  create(
    @ValidBody() body: z.infer<typeof createTeamSchema>,
    @Caller() caller: AuthenticatedCaller,
  ): Promise<TeamResponse> {
    return this.teams.create(body.name, caller);
  }

  @Get(':teamId')
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary: 'A team of the caller’s organization with its members',
    tags: TAGS,
    params: teamIdParamsSchema,
    response: teamResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: z.infer<typeof teamIdParamsSchema>): Promise<TeamResponse> {
    return this.teams.get(params.teamId);
  }

  @Patch(':teamId/name')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Rename a team (3 to 255 characters)',
    tags: TAGS,
    params: teamIdParamsSchema,
    body: setTeamNameSchema,
    response: teamResponseSchema,
    errors: [404],
  })
  rename(
    @ValidParams() params: z.infer<typeof teamIdParamsSchema>,
    @ValidBody() body: z.infer<typeof setTeamNameSchema>,
  ): Promise<TeamResponse> {
    return this.teams.rename(params.teamId, body.name);
  }

  @Patch(':teamId/members/:teamMemberId/remove')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary: 'Remove a member from a team (not its last administrator); the user keeps their sign-in',
    tags: TAGS,
    params: teamMemberParamsSchema,
    response: teamResponseSchema,
    errors: [404, 409],
  })
  removeMember(@ValidParams() params: z.infer<typeof teamMemberParamsSchema>): Promise<TeamResponse> {
    return this.teams.removeMember(params.teamId, params.teamMemberId);
  }
}
