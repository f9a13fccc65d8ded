import { Inject, Injectable } from '@nestjs/common';
import type { SessionUser } from '@meridian/domain';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';

const SESSION_USER_SELECT = {
  id: true,
  name: true,
  email: true,
  emailVerifiedAt: true,
  role: true,
  organizationId: true,
  organization: { select: { name: true } },
  teamMembers: { select: { teamId: true }, orderBy: { createdAt: 'asc' } },
} as const;

/**
 * Users are looked up by e-mail before anyone is signed in (login) and by id from a verified token,
 * so this repository uses the system client; every method names the user it reads.
 */
@Injectable()
export class AuthRepository {
  constructor(@Inject(SystemPrisma) private readonly prisma: SystemPrisma) {}

  findCredentialsByEmail(email: string) {
    return this.prisma.user.findUnique({
      where: { email },
      select: { id: true, organizationId: true, role: true, passwordHash: true },
    });
  }

  /** The user of `email` when it belongs to a demo organization (the seed's admin), with its password hash. */
  findDemoUser(email: string) {
    return this.prisma.user.findFirst({
      where: { email, organization: { isDemo: true } },
      select: { id: true, passwordHash: true },
    });
  }

  /** The session's user, with when they proved their address (which operator status needs). */
  async findSessionUser(
    userId: string,
  ): Promise<(Omit<SessionUser, 'platformOperator'> & { emailVerifiedAt: Date | null }) | null> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: SESSION_USER_SELECT });
    if (!user) return null;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerifiedAt: user.emailVerifiedAt,
      role: user.role,
      organizationId: user.organizationId,
      organizationName: user.organization.name,
      teamIds: user.teamMembers.map((member) => member.teamId),
    };
  }

  async recordLogin(userId: string): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { lastLoginAt: new Date() } });
  }
}
