import { Inject, Injectable } from '@nestjs/common';
import { notFound, type TeamResponse } from '@meridian/domain';
import { TeamsRepository } from './teams.repository.js';

@Injectable()
export class TeamsService {
  constructor(@Inject(TeamsRepository) private readonly teams: TeamsRepository) {}

  async get(teamId: string): Promise<TeamResponse> {
    const team = await this.teams.findWithMembers(teamId);
    // Another organization's team is indistinguishable from a missing one.
    if (!team) throw notFound('Team');
    return {
      id: team.id,
      name: team.name,
      organizationId: team.organizationId,
      members: team.members.map((member) => ({
        id: member.id,
        userId: member.user.id,
        name: member.user.name,
        email: member.user.email,
        role: member.user.role,
      })),
    };
  }
}
