import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  InvitationMessage,
  newId,
  notFound,
  type AcceptTeamMemberInvitationInput,
  type InvitationCodeValidityResponse,
  type InvitationListResponse,
  type InvitationResponse,
  type InviteTeamMemberInput,
  type InvitationAcceptanceKind,
  type InvitationType,
  type LoginResponse,
  type UserRole,
  ProfessionalRole,
} from '@meridian/domain';
import { runAsOrganization } from '../../../common/tenancy/request-context.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../audit/index.js';
import { AuthService, hashPassword } from '../auth/index.js';
import { hashInvitationCode } from './invitation-code.js';
import { InvitationCodeThrottle } from './invitation-code-throttle.js';
import { InvitationIssuer, type IssuedRow } from './invitation-issuer.js';
import {
  accountAddress,
  acceptanceKindOf,
  claimInvitation,
  isOpen,
  noLongerValid,
  provesAddress,
  type InvitationRow,
} from './invitation-rules.js';
import { teamMemberInvitationEmail } from './invitation-email.js';
import { teamMemberInvitationSms } from './invitation-sms.js';
import { INVITATION_SELECT, InvitationsRepository } from './invitations.repository.js';

@Injectable()
export class InvitationsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(InvitationCodeThrottle) private readonly throttle: InvitationCodeThrottle,
    @Inject(InvitationIssuer) private readonly issuer: InvitationIssuer,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  /** One invitation per address; an address's open invitation to the same team is superseded. */
  async inviteTeamMembers(input: InviteTeamMemberInput): Promise<InvitationListResponse> {
    const method = input.method;
    // The schema requires the phone, and one address, for SMS.
    const phone = method === 'SMS' && input.phone ? `+${input.phone.countryCode}${input.phone.number}` : undefined;
    const team = await this.invitations.findTeam(input.team);
    if (!team) throw notFound('Team');
    const emails = [...new Set(input.email.map((email) => email.toLowerCase()))];
    const existing = await this.system.user.findMany({ where: { email: { in: emails } }, select: { email: true } });
    if (existing.length > 0) {
      throw new DomainError(
        ErrorCode.CONFLICT,
        `${existing.map((user) => user.email).join(', ')} already ${existing.length === 1 ? 'has' : 'have'} a Meridian account`,
      );
    }
    const created = await this.prisma.$transaction(async (tx) => {
      const results: Array<{ row: IssuedRow; link: string }> = [];
      for (const email of emails) {
        await this.issuer.invalidateOpen(tx, { teamId: team.id, type: 'TEAM_MEMBER', email }, 'SUPERSEDED');
        results.push(
          await this.issuer.issue(tx, {
            kind: 'team-member',
            teamId: team.id,
            ...teamMemberWording(team.organization.name, team.name),
            email,
            method,
            phone,
            role: input.role ?? 'ADVISOR',
          }),
        );
      }
      return results;
    });
    await this.issuer.dispatch(created.map(({ row }) => row));
    return { invitations: this.issuer.present(created) };
  }

  /** A fresh code for the same address, team, role and method; the old code stops working. */
  async resend(invitationId: string): Promise<InvitationResponse> {
    const invitation = await this.prisma.invitation.findFirst({
      where: { id: invitationId, type: 'TEAM_MEMBER' },
      select: { ...INVITATION_SELECT, team: { select: { name: true } }, organization: { select: { name: true } } },
    });
    if (!invitation || !invitation.teamId || !invitation.team) throw notFound('Invitation');
    if (invitation.status === 'ACCEPTED') throw noLongerValid();
    const { teamId } = invitation;
    const teamName = invitation.team.name;
    const created = await this.prisma.$transaction(async (tx) => {
      if (isOpen(invitation)) await this.issuer.invalidateOpen(tx, { id: invitation.id }, 'SUPERSEDED');
      return this.issuer.issue(tx, {
        kind: invitation.professionalRole ? 'advisor' : 'team-member',
        teamId,
        ...teamMemberWording(invitation.organization.name, teamName),
        email: invitation.email ?? '',
        method: invitation.method,
        phone: invitation.phone ?? undefined,
        role: invitation.role ?? 'ADVISOR',
        professionalRole: invitation.professionalRole,
      });
    });
    await this.issuer.dispatch([created.row]);
    const [presented] = this.issuer.present([created]);
    return presented!;
  }

  async listByTeam(teamId: string): Promise<InvitationListResponse> {
    const team = await this.invitations.findTeam(teamId);
    if (!team) throw notFound('Team');
    const rows = await this.invitations.listByTeam(teamId);
    return { invitations: this.issuer.present(rows.map((row) => ({ row }))) };
  }

  /** `{code}` is the invitee's code or, for the dashboard (which never sees codes), the invitation's id. */
  async cancel(codeOrId: string): Promise<InvitationResponse> {
    const invitation = await this.invitations.findTeamMemberInvitation({
      id: codeOrId,
      codeHash: hashInvitationCode(codeOrId),
    });
    if (!invitation) throw notFound('Invitation');
    if (!isOpen(invitation)) throw noLongerValid();
    await this.prisma.$transaction(async (tx) => {
      const changed = await this.issuer.invalidateOpen(tx, { id: invitation.id }, 'CANCELLED');
      if (changed !== 1) throw noLongerValid();
    });
    const row = await this.invitations.findTeamMemberInvitation({ id: invitation.id, codeHash: '' });
    const [presented] = this.issuer.present([{ row: row! }]);
    return presented!;
  }

  /** Whether `code` is an open invitation of the spec's `type` (TEAM_MEMBER includes an advisor's). */
  async validateCode(code: string, type: InvitationType, client: string): Promise<InvitationCodeValidityResponse> {
    const invitation = await this.openInvitation(code, client, (row) => row.type === type);
    return {
      valid: true,
      type,
      kind: acceptanceKindOf(invitation)!,
      // A CREATE_ORG invitation names the firm it creates, not the operator's organization.
      organizationName: invitation.type === 'CREATE_ORG' ? (invitation.name ?? '') : invitation.organization.name,
      teamName: invitation.team?.name ?? null,
      email: invitation.email,
      expiresAt: invitation.expiresAt?.toISOString() ?? null,
    };
  }

  /**
   * Creates the user (the invitation's role, the chosen name and password) in the invitation's
   * team and signs them in. The invitation is claimed by a conditional update inside the same
   * transaction, so two simultaneous acceptances create one user.
   */
  async acceptTeamMember(
    code: string,
    input: AcceptTeamMemberInvitationInput,
    client: string,
    kind: 'team-member' | 'advisor' = 'team-member',
  ): Promise<LoginResponse> {
    const invitation = await this.usableInvitation(code, kind, client);
    const email = accountAddress(invitation, input.email);
    if (await this.system.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new DomainError(ErrorCode.CONFLICT, `${email} already has a Meridian account; sign in instead`);
    }
    const passwordHash = await hashPassword(input.password);
    const userId = newId(EntityType.user);
    const role: UserRole = invitation.role ?? 'ADVISOR';
    const { organizationId, teamId } = invitation;
    // The new user is the one acting: the audit trail says who accepted.
    const alreadyRegistered = () =>
      new DomainError(ErrorCode.CONFLICT, `${email} already has a Meridian account; sign in instead`);
    await runAsOrganization({ userId, organizationId, role }, () =>
      this.system.$transaction(async (tx) => {
        await claimInvitation(tx, invitation.id);
        // Another invitation to the same address accepted at the same moment: the unique e-mail decides.
        await tx.user
          .create({
            data: {
              id: userId,
              organizationId,
              email,
              name: input.name,
              passwordHash,
              role,
              emailVerifiedAt: provesAddress(invitation) ? new Date() : null,
            },
          })
          .catch((error: unknown) => {
            throw (error as { code?: string }).code === 'P2002' ? alreadyRegistered() : error;
          });
        if (teamId) {
          await tx.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });
        }
        // An advisor invitation, or a team member whose role is a professional's (an advisor, a
        // portfolio manager): the profile that households can be given, with their photo and links page.
        const professionalRole: ProfessionalRole | null =
          invitation.professionalRole ?? ProfessionalRole.find((candidate) => candidate === role) ?? null;
        if (professionalRole) {
          const professionalId = newId(EntityType.professional);
          await tx.professional.create({
            data: { id: professionalId, organizationId, userId, displayName: input.name, role: professionalRole },
          });
          await this.audit.record(tx, {
            action: 'CREATE',
            entityType: EntityType.professional,
            entityId: professionalId,
            after: { displayName: input.name, role: professionalRole, userId },
          });
        }
        await tx.invitation.update({ where: { id: invitation.id }, data: { acceptedUserId: userId } });
        await this.audit.record(tx, {
          action: 'CREATE',
          entityType: EntityType.user,
          entityId: userId,
          after: { name: input.name, email, role, teamId },
        });
        await this.audit.record(tx, {
          action: 'UPDATE',
          entityType: EntityType.invitation,
          entityId: invitation.id,
          before: { status: invitation.status },
          after: { status: 'ACCEPTED', acceptedUserId: userId },
        });
      }),
    );
    return this.auth.sessionFor(userId);
  }

  /** The invitation behind a code, if it can still be accepted; unknown codes count against the client. */
  usableInvitation(code: string, kind: InvitationAcceptanceKind, client: string) {
    return this.openInvitation(code, client, (row) => acceptanceKindOf(row) === kind);
  }

  private async openInvitation(code: string, client: string, matches: (row: InvitationRow) => boolean) {
    await this.throttle.assertAllowed(client);
    const invitation = await this.invitations.findByCodeHash(hashInvitationCode(code));
    if (!invitation || !matches(invitation)) {
      await this.throttle.recordFailure(client);
      throw new DomainError(ErrorCode.NOT_FOUND, InvitationMessage.unknownCode);
    }
    if (!isOpen(invitation)) throw noLongerValid();
    return invitation;
  }
}

/** A team member's (or an advisor's) invitation, by e-mail or SMS, naming the firm and the team. */
function teamMemberWording(organizationName: string, teamName: string) {
  return {
    message: (link: string, expiresAt: Date) =>
      teamMemberInvitationEmail({ organizationName, teamName, link, expiresAt }),
    sms: (link: string, expiresAt: Date) => teamMemberInvitationSms({ organizationName, teamName, link, expiresAt }),
  };
}
