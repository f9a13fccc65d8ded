import { Controller, Get, Inject } from '@nestjs/common';
import { teamIdParamsSchema, teamResponseSchema, type TeamResponse } from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidParams } from '../../../common/http/api-route.js';
import { TeamsService } from './teams.service.js';

@Controller('teams')
export class TeamsController {
  constructor(@Inject(TeamsService) private readonly teams: TeamsService) {}

  @Get(':teamId')
  @ApiRoute({
    summary: 'A team of the caller’s organization with its members',
    tags: ['organization'],
    params: teamIdParamsSchema,
    response: teamResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: z.infer<typeof teamIdParamsSchema>): Promise<TeamResponse> {
    return this.teams.get(params.teamId);
  }
}
