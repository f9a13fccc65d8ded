import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  type FirstAdminUserInput,
  type LoginResponse,
} from '@meridian/domain';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { OutboxService } from '../email/index.js';
import { hashPassword } from '../auth/index.js';
import { AuthService } from '../auth/index.js';
import { welcomeEmail } from './welcome-email.js';

export const FIRST_TEAM_NAME = 'Advisory team';

@Injectable()
export class UsersService {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  /**
   * Creates the organization, its first team and its ADMIN user, only while the platform has no
   * user at all. A transaction-level advisory lock makes two simultaneous calls create one admin.
   */
  async createFirstAdmin(input: FirstAdminUserInput): Promise<LoginResponse> {
    const passwordHash = await hashPassword(input.password);
    const email = input.email.toLowerCase();
    const { userId, outboxEmailId } = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('meridian:first-admin-user'))`;
      if ((await tx.user.count()) > 0) {
        throw new DomainError(ErrorCode.CONFLICT, 'The first admin user already exists; sign in instead');
      }
      const organizationId = newId(EntityType.organization);
      const teamId = newId(EntityType.team);
      const userId = newId(EntityType.user);
      await tx.organization.create({ data: { id: organizationId, name: input.organizationName } });
      await tx.team.create({ data: { id: teamId, organizationId, name: FIRST_TEAM_NAME } });
      await tx.user.create({
        data: { id: userId, organizationId, email, name: input.name, passwordHash, role: 'ADMIN' },
      });
      await tx.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });
      const outboxEmailId = await this.outbox.write(tx, {
        organizationId,
        to: email,
        ...welcomeEmail({ name: input.name, organizationName: input.organizationName }),
      });
      return { userId, outboxEmailId };
    });
    await this.outbox.dispatch(outboxEmailId);
    return this.auth.sessionFor(userId);
  }
}
