// Demo organization for a newcomer's first `npm start`, and for the browser tests.
// Everything here is sample data: the organization is flagged isDemo and the dashboard says so.
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { EntityType, newId, type UserRole } from '@meridian/domain';
import { createPrismaClient, hashPassword, loadConfig, type PrismaClient } from '@meridian/api';

export const DEMO_ORGANIZATION_NAME = 'Maple & Pine Wealth Partners (demo)';

interface DemoPerson {
  name: string;
  email: string;
  role: UserRole;
  team: 'advisory' | 'operations';
  professional?: { role: 'ADVISOR' | 'PM'; jobTitle: string };
}

const DEMO_STAFF: DemoPerson[] = [
  {
    name: 'Olivia Tremblay',
    email: 'olivia.tremblay@advisor.test',
    role: 'ADVISOR',
    team: 'advisory',
    professional: { role: 'ADVISOR', jobTitle: 'Senior Wealth Advisor' },
  },
  {
    name: 'Marcus Chen',
    email: 'marcus.chen@advisor.test',
    role: 'ADVISING_REPRESENTATIVE',
    team: 'advisory',
    professional: { role: 'ADVISOR', jobTitle: 'Advising Representative' },
  },
  {
    name: 'Priya Nair',
    email: 'priya.nair@advisor.test',
    role: 'ASSOCIATE_ADVISING_REPRESENTATIVE',
    team: 'advisory',
    professional: { role: 'ADVISOR', jobTitle: 'Associate Advisor' },
  },
  {
    name: 'Daniel Okafor',
    email: 'daniel.okafor@advisor.test',
    role: 'PM',
    team: 'operations',
    professional: { role: 'PM', jobTitle: 'Portfolio Manager' },
  },
];

export interface SeedResult {
  seeded: boolean;
  organizationId?: string;
}

/** Seeds the demo organization when the database has no organization at all; otherwise does nothing. */
export async function seedDemoOrganization(
  prisma: PrismaClient,
  admin: { email: string; password: string },
): Promise<SeedResult> {
  if ((await prisma.organization.count()) > 0) return { seeded: false };
  const organizationId = newId(EntityType.organization);
  const teams = { advisory: newId(EntityType.team), operations: newId(EntityType.team) };
  const adminHash = await hashPassword(admin.password);
  // Staff accounts exist to populate the organization; nobody knows their passwords.
  const staffHash = await hashPassword(randomBytes(24).toString('base64url'));

  await prisma.$transaction(async (tx) => {
    await tx.organization.create({
      data: {
        id: organizationId,
        name: DEMO_ORGANIZATION_NAME,
        legalName: 'Maple & Pine Wealth Partners Inc.',
        isDemo: true,
      },
    });
    await tx.team.createMany({
      data: [
        { id: teams.advisory, organizationId, name: 'Advisory team' },
        { id: teams.operations, organizationId, name: 'Operations' },
      ],
    });
    const people: (DemoPerson & { hash: string })[] = [
      {
        name: 'Demo Admin',
        email: admin.email.toLowerCase(),
        role: 'ADMIN',
        team: 'advisory',
        professional: { role: 'ADVISOR', jobTitle: 'Managing Partner' },
        hash: adminHash,
      },
      ...DEMO_STAFF.map((person) => ({ ...person, hash: staffHash })),
    ];
    for (const person of people) {
      const userId = newId(EntityType.user);
      await tx.user.create({
        data: {
          id: userId,
          organizationId,
          email: person.email,
          name: person.name,
          passwordHash: person.hash,
          role: person.role,
        },
      });
      await tx.teamMember.create({
        data: { id: newId(EntityType.teamMember), organizationId, teamId: teams[person.team], userId },
      });
      if (person.professional) {
        await tx.professional.create({
          data: {
            id: newId(EntityType.professional),
            organizationId,
            userId,
            displayName: person.name,
            role: person.professional.role,
            jobTitle: person.professional.jobTitle,
          },
        });
      }
    }
  });
  return { seeded: true, organizationId };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const prisma = createPrismaClient(config.DATABASE_URL);
  try {
    const result = await seedDemoOrganization(prisma, {
      email: config.DEMO_ADMIN_EMAIL,
      password: config.DEMO_ADMIN_PASSWORD,
    });
    console.log(
      result.seeded
        ? `Seeded the demo organization "${DEMO_ORGANIZATION_NAME}".`
        : 'The database already has an organization; nothing seeded.',
    );
  } finally {
    await prisma.$disconnect();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
