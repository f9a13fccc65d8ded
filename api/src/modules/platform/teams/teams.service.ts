import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  notFound,
  OrganizationMessage,
  type TeamResponse,
  type TeamSummary,
} from '@meridian/domain';
import { AuditService } from '../audit/index.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { TeamsRepository } from './teams.repository.js';

type TeamRow = NonNullable<Awaited<ReturnType<TeamsRepository['findWithMembers']>>>;

function toResponse(team: TeamRow): TeamResponse {
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

@Injectable()
export class TeamsService {
  constructor(
    @Inject(TeamsRepository) private readonly teams: TeamsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async get(teamId: string): Promise<TeamResponse> {
    const team = await this.teams.findWithMembers(teamId);
    // Another organization's team is indistinguishable from a missing one.
    if (!team) throw notFound('Team');
    return toResponse(team);
  }

  list(): Promise<TeamSummary[]> {
    return this.teams.list();
  }

  /** A new team; whoever creates it is its first member, so it is never an empty team nobody sees. */
  create(name: string, caller: AuthenticatedCaller): Promise<TeamResponse> {
    const id = newId(EntityType.team);
    return this.teams.transaction(async (tx) => {
      await this.teams.create(tx, {
        id,
        name,
        creatorMemberId: newId(EntityType.teamMember),
        creatorUserId: caller.userId,
      });
      const team = toResponse((await this.teams.findWithMembers(id, tx)) as TeamRow);
      await this.audit.record(tx, { action: 'CREATE', entityType: EntityType.team, entityId: id, after: team });
      return team;
    });
  }

  rename(teamId: string, name: string): Promise<TeamResponse> {
    return this.teams.transaction(async (tx) => {
      const before = await this.teams.findWithMembers(teamId, tx);
      if (!before) throw notFound('Team');
      await this.teams.rename(tx, teamId, name);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.team,
        entityId: teamId,
        before: { name: before.name },
        after: { name },
      });
      return toResponse({ ...before, name });
    });
  }

  /**
   * Takes a member out of the team (the user keeps their sign-in and other teams). The team's
   * last administrator stays, so someone can always manage it.
   */
  async removeMember(teamId: string, teamMemberId: string): Promise<TeamResponse> {
    try {
      return await this.teams.transaction(async (tx) => {
        const team = await this.teams.findWithMembers(teamId, tx);
        if (!team) throw notFound('Team');
        const member = team.members.find((candidate) => candidate.id === teamMemberId);
        if (!member) throw notFound('Team member');
        const admins = team.members.filter((candidate) => candidate.user.role === 'ADMIN');
        if (member.user.role === 'ADMIN' && admins.length === 1) {
          throw new DomainError(ErrorCode.CONFLICT, OrganizationMessage.lastTeamAdmin);
        }
        await this.teams.deleteMember(tx, teamMemberId);
        await this.audit.record(tx, {
          action: 'DELETE',
          entityType: EntityType.teamMember,
          entityId: teamMemberId,
          before: { teamId, userId: member.user.id, name: member.user.name, email: member.user.email },
        });
        return toResponse({ ...team, members: team.members.filter((candidate) => candidate.id !== teamMemberId) });
      });
    } catch (error) {
      // Tasks assigned to the member and meetings they organize or attend keep the row (RESTRICT).
      if ((error as { code?: string }).code === 'P2003') {
        throw new DomainError(ErrorCode.CONFLICT, OrganizationMessage.memberHasWork);
      }
      throw error;
    }
  }
}
