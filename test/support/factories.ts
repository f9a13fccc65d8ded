import { EntityType, newId, type UserRole } from '@meridian/domain';
import { hashPassword, type PrismaClient } from '@meridian/api';

export interface CreatedOrganization {
  organizationId: string;
  teamId: string;
  userId: string;
  email: string;
  password: string;
}

/** An organization with one team and one user in it, written straight to the database. */
export async function createOrganization(
  prisma: PrismaClient,
  overrides: { name?: string; email?: string; password?: string; role?: UserRole } = {},
): Promise<CreatedOrganization> {
  const organizationId = newId(EntityType.organization);
  const teamId = newId(EntityType.team);
  const userId = newId(EntityType.user);
  const email =
    overrides.email ??
    `${userId
      .slice(-8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}@firm.test`;
  const password = overrides.password ?? 'factory-password-1';
  await prisma.organization.create({ data: { id: organizationId, name: overrides.name ?? 'Factory Wealth' } });
  await prisma.team.create({ data: { id: teamId, organizationId, name: 'Factory team' } });
  await prisma.user.create({
    data: {
      id: userId,
      organizationId,
      email,
      name: 'Factory User',
      passwordHash: await hashPassword(password),
      role: overrides.role ?? 'ADVISOR',
    },
  });
  await prisma.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });
  return { organizationId, teamId, userId, email, password };
}
