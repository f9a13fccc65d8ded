import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  notFound,
  type AcceptTeamMemberInvitationInput,
  type InvitationResponse,
  type InviteAdvisorInput,
  type LoginResponse,
} from '@meridian/domain';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { advisorInvitationEmail } from './invitation-kind-emails.js';
import { InvitationIssuer } from './invitation-issuer.js';
import { InvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';

/**
 * Advisor invitations: an admin invites a professional to a team as an ADVISOR. The row is a
 * TEAM_MEMBER invitation with a professional role, so the team's list, cancel and resend handle it;
 * its acceptance also creates the advisor's professional profile (docs/DECISIONS.md).
 */
@Injectable()
export class AdvisorInvitationsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(InvitationIssuer) private readonly issuer: InvitationIssuer,
    @Inject(InvitationsService) private readonly teamMembers: InvitationsService,
  ) {}

  /** A newer invitation of the same address to the same team supersedes the open one. */
  async invite(input: InviteAdvisorInput): Promise<InvitationResponse> {
    const team = await this.invitations.findTeam(input.team);
    if (!team) throw notFound('Team');
    const email = input.email.toLowerCase();
    if (await this.system.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new DomainError(ErrorCode.CONFLICT, `${email} already has a Meridian account`);
    }
    const issued = await this.prisma.$transaction(async (tx) => {
      await this.issuer.invalidateOpen(tx, { teamId: team.id, type: 'TEAM_MEMBER', email }, 'SUPERSEDED');
      return this.issuer.issue(tx, {
        kind: 'advisor',
        email,
        method: input.method,
        teamId: team.id,
        role: 'ADVISOR',
        professionalRole: 'ADVISOR',
        message: (link, expiresAt) =>
          advisorInvitationEmail({ organizationName: team.organization.name, teamName: team.name, link, expiresAt }),
      });
    });
    await this.issuer.dispatch([issued.row]);
    const [presented] = await this.issuer.present([issued]);
    return presented!;
  }

  /** The advisor's user (role ADVISOR) in the team, with their professional profile; signed in. */
  accept(code: string, input: AcceptTeamMemberInvitationInput, client: string): Promise<LoginResponse> {
    return this.teamMembers.acceptTeamMember(code, input, client, 'advisor');
  }
}
