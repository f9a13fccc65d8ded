import { Inject, Injectable } from '@nestjs/common';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';

export const INVITATION_SELECT = {
  id: true,
  organizationId: true,
  teamId: true,
  email: true,
  method: true,
  status: true,
  invalidationReason: true,
  role: true,
  professionalRole: true,
  contactId: true,
  name: true,
  type: true,
  outboxEmailId: true,
  phone: true,
  deliveryStatus: true,
  deliveryAttempts: true,
  deliveryError: true,
  deliveredAt: true,
  createdAt: true,
  expiresAt: true,
  acceptedAt: true,
} as const;

/**
 * Reads of invitations. The signed-in admin's reads go through the tenant client (another
 * organization's invitation is simply absent); a code is looked up across organizations with the
 * system client, since the invitee has no session yet.
 */
@Injectable()
export class InvitationsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  findTeam(teamId: string) {
    return this.prisma.team.findUnique({
      where: { id: teamId },
      select: { id: true, name: true, organization: { select: { name: true } } },
    });
  }

  listByTeam(teamId: string) {
    return this.prisma.invitation.findMany({
      where: { teamId, type: 'TEAM_MEMBER' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: INVITATION_SELECT,
    });
  }

  /** By id (the dashboard's handle) or by code, in the caller's organization. */
  findTeamMemberInvitation(idOrCodeHash: { id: string; codeHash: string }) {
    return this.prisma.invitation.findFirst({
      where: { type: 'TEAM_MEMBER', OR: [{ id: idOrCodeHash.id }, { code: idOrCodeHash.codeHash }] },
      select: INVITATION_SELECT,
    });
  }

  findByCodeHash(codeHash: string) {
    return this.system.invitation.findUnique({
      where: { code: codeHash },
      select: {
        ...INVITATION_SELECT,
        organization: { select: { name: true } },
        team: { select: { name: true } },
      },
    });
  }
}
