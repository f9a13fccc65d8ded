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

export interface CreatedUser {
  userId: string;
  email: string;
  password: string;
}

/** Another user of `organization`, with `role`, member of `teamIds` (the organization's team by default). */
export async function addUser(
  prisma: PrismaClient,
  organization: Pick<CreatedOrganization, 'organizationId' | 'teamId'>,
  role: UserRole,
  teamIds: readonly string[] = [organization.teamId],
): Promise<CreatedUser> {
  const userId = newId(EntityType.user);
  const email = `${role.toLowerCase().replace(/_/g, '-')}-${userId
    .slice(-6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@firm.test`;
  const password = 'factory-password-1';
  const { organizationId } = organization;
  await prisma.user.create({
    data: {
      id: userId,
      organizationId,
      email,
      name: `Factory ${role}`,
      passwordHash: await hashPassword(password),
      role,
    },
  });
  for (const teamId of teamIds) {
    await prisma.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });
  }
  return { userId, email, password };
}
