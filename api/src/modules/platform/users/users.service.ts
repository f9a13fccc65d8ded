import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  type FirstAdminUserInput,
  type LoginResponse,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { OutboxService } from '../email/index.js';
import { hashPassword } from '../auth/index.js';
import { AuthService } from '../auth/index.js';
import { welcomeEmail } from './welcome-email.js';

export const FIRST_TEAM_NAME = 'Advisory team';

/** A new firm's founder: the organization's name and its first admin's account. */
export interface OrganizationFounder {
  organizationName: string;
  name: string;
  /** Lower-cased. */
  email: string;
  passwordHash: string;
  /**
   * When the founder proved they hold the address (an invitation e-mailed to it, or the operator
   * command), else null: the first-admin call and a link proved nothing (docs/DECISIONS.md).
   */
  emailVerifiedAt: Date | null;
}

/** What founding a firm created; the welcome e-mail is dispatched once the transaction commits. */
export interface FoundedOrganization {
  organizationId: string;
  teamId: string;
  userId: string;
  outboxEmailId: string;
}

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
      return this.foundOrganization(tx, {
        organizationName: input.organizationName,
        name: input.name,
        email,
        passwordHash,
        // Whoever reaches an empty platform first proved nothing about the mailbox.
        emailVerifiedAt: null,
      });
    });
    await this.outbox.dispatch(outboxEmailId);
    return this.auth.sessionFor(userId);
  }

  /**
   * A firm from nothing, inside the caller's transaction (of the system client: the organization
   * does not exist yet): the organization, its first team, its ADMIN user in that team and the
   * welcome e-mail in the outbox. The first admin user and an accepted CREATE_ORG invitation both
   * found a firm this way.
   */
  async foundOrganization(tx: Prisma.TransactionClient, founder: OrganizationFounder): Promise<FoundedOrganization> {
    const { organizationId, teamId, userId } = await insertFirm(tx, founder);
    const outboxEmailId = await this.outbox.write(tx, {
      organizationId,
      to: founder.email,
      ...welcomeEmail({ name: founder.name, organizationName: founder.organizationName }),
    });
    return { organizationId, teamId, userId, outboxEmailId };
  }
}

/**
 * The rows of a firm from nothing (organization, first team, its ADMIN user in that team), in the
 * caller's transaction of the system client. `foundOrganization` adds the welcome e-mail; the
 * operator command (`operator-account.ts`) writes only these.
 */
export async function insertFirm(
  tx: Prisma.TransactionClient,
  founder: OrganizationFounder,
): Promise<Omit<FoundedOrganization, 'outboxEmailId'>> {
  const organizationId = newId(EntityType.organization);
  const teamId = newId(EntityType.team);
  const userId = newId(EntityType.user);
  await tx.organization.create({ data: { id: organizationId, name: founder.organizationName } });
  await tx.team.create({ data: { id: teamId, organizationId, name: FIRST_TEAM_NAME } });
  await tx.user.create({
    data: {
      id: userId,
      organizationId,
      email: founder.email,
      name: founder.name,
      passwordHash: founder.passwordHash,
      role: 'ADMIN',
      emailVerifiedAt: founder.emailVerifiedAt,
    },
  });
  await tx.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });
  return { organizationId, teamId, userId };
}
