import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  notFound,
  type AcceptTeamMemberInvitationInput,
  type InviteOrganizationInput,
  type LoginResponse,
  type OrganizationInvitationListResponse,
  type OrganizationInvitationResponse,
} from '@meridian/domain';
import { runAsOrganization } from '../../../common/tenancy/request-context.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../audit/index.js';
import { AuthService, hashPassword } from '../auth/index.js';
import { OutboxService } from '../email/index.js';
import { UsersService } from '../users/index.js';
import { organizationInvitationEmail } from './invitation-kind-emails.js';
import { InvitationIssuer, type IssuedRow } from './invitation-issuer.js';
import { accountAddress, claimInvitation, isOpen, noLongerValid, provesAddress } from './invitation-rules.js';
import { INVITATION_SELECT } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';

const alreadyRegistered = (email: string) =>
  new DomainError(ErrorCode.CONFLICT, `${email} already has a Meridian account; sign in instead`);

/**
 * CREATE_ORG invitations: the platform operator invites a new firm by its name and its founder's
 * e-mail. The invitation row belongs to the operator's organization (the firm does not exist yet);
 * accepting it founds the firm (organization, first team, ADMIN user) as the first admin user
 * call does, and signs the founder in.
 */
@Injectable()
export class OrganizationInvitationsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(InvitationIssuer) private readonly issuer: InvitationIssuer,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  /** A newer invitation to the same address supersedes the open one. */
  async invite(input: InviteOrganizationInput): Promise<OrganizationInvitationResponse> {
    const email = input.email.toLowerCase();
    if (await this.system.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new DomainError(ErrorCode.CONFLICT, `${email} already has a Meridian account`);
    }
    const issued = await this.prisma.$transaction(async (tx) => {
      await this.issuer.invalidateOpen(tx, { type: 'CREATE_ORG', email }, 'SUPERSEDED');
      return this.issuer.issue(tx, {
        kind: 'create-org',
        email,
        method: input.method,
        name: input.organizationName,
        message: (link, expiresAt) =>
          organizationInvitationEmail({ organizationName: input.organizationName, link, expiresAt }),
      });
    });
    await this.issuer.dispatch([issued.row]);
    const [presented] = await this.present([issued]);
    return presented!;
  }

  async list(): Promise<OrganizationInvitationListResponse> {
    const rows = await this.prisma.invitation.findMany({
      where: { type: 'CREATE_ORG' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: INVITATION_SELECT,
    });
    return { invitations: await this.present(rows.map((row) => ({ row }))) };
  }

  async cancel(invitationId: string): Promise<OrganizationInvitationResponse> {
    const invitation = await this.prisma.invitation.findFirst({
      where: { id: invitationId, type: 'CREATE_ORG' },
      select: INVITATION_SELECT,
    });
    if (!invitation) throw notFound('Invitation');
    if (!isOpen(invitation)) throw noLongerValid();
    const cancelled = await this.prisma.$transaction((tx) =>
      this.issuer.invalidateOpen(tx, { id: invitation.id }, 'CANCELLED'),
    );
    if (cancelled !== 1) throw noLongerValid();
    const row = await this.prisma.invitation.findUniqueOrThrow({
      where: { id: invitationId },
      select: INVITATION_SELECT,
    });
    const [presented] = await this.present([{ row }]);
    return presented!;
  }

  /**
   * Founds the firm named by the invitation with the founder as its ADMIN and signs them in. The
   * invitation is claimed in the same transaction, so a second acceptance creates nothing.
   */
  async accept(code: string, input: AcceptTeamMemberInvitationInput, client: string): Promise<LoginResponse> {
    const invitation = await this.invitations.usableInvitation(code, 'create-org', client);
    const email = accountAddress(invitation, input.email);
    if (await this.system.user.findUnique({ where: { email }, select: { id: true } })) throw alreadyRegistered(email);
    const organizationName = invitation.name ?? '';
    const passwordHash = await hashPassword(input.password);
    const founded = await this.system.$transaction(async (tx) => {
      await claimInvitation(tx, invitation.id);
      const result = await this.users
        .foundOrganization(tx, {
          organizationName,
          name: input.name,
          email,
          passwordHash,
          emailVerifiedAt: provesAddress(invitation) ? new Date() : null,
        })
        .catch((error: unknown) => {
          // Another acceptance or sign-up took the address at the same moment: the unique e-mail decides.
          throw (error as { code?: string }).code === 'P2002' ? alreadyRegistered(email) : error;
        });
      // The new firm's history starts with its founding, by its founder.
      await runAsOrganization({ userId: result.userId, organizationId: result.organizationId, role: 'ADMIN' }, () =>
        this.audit.record(tx, {
          action: 'CREATE',
          entityType: EntityType.organization,
          entityId: result.organizationId,
          after: { name: organizationName, admin: { name: input.name, email }, invitationId: invitation.id },
        }),
      );
      return result;
    });
    await this.outbox.dispatch(founded.outboxEmailId);
    return this.auth.sessionFor(founded.userId);
  }

  private async present(
    items: ReadonlyArray<{ row: IssuedRow; link?: string }>,
  ): Promise<OrganizationInvitationResponse[]> {
    const presented = await this.issuer.present(items);
    return presented.map(({ teamId: _teamId, role: _role, ...shown }, index) => ({
      ...shown,
      organizationName: items[index]!.row.name ?? '',
    }));
  }
}
