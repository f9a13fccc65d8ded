import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, runAsOrganization, type PrismaClient } from '@meridian/api';
import { scopeToCurrentOrganization } from '../tenant-scope.js';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';

let environment: TestEnvironment;
let prisma: PrismaClient;
let tenant: ReturnType<typeof scopeToCurrentOrganization>;
let north: CreatedOrganization;
let south: CreatedOrganization;

const asNorth = <T>(fn: () => Promise<T>) =>
  runAsOrganization(
    { userId: north.userId, organizationId: north.organizationId, role: 'ADVISOR', teamIds: [north.teamId] },
    fn,
  );

beforeAll(async () => {
  environment = await createTestEnvironment();
  prisma = createPrismaClient(environment.databaseUrl);
  tenant = scopeToCurrentOrganization(prisma);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await environment?.dispose();
});

describe('tenant-scoped client', () => {
  it('refuses any query outside an authenticated context', async () => {
    await expect(tenant.team.findMany()).rejects.toMatchObject({ code: 'ERR_INITIALIZATION' });
  });

  it("reads only the caller's organization", async () => {
    const teams = await asNorth(() => tenant.team.findMany({ select: { id: true } }));
    expect(teams).toEqual([{ id: north.teamId }]);
    expect(await asNorth(() => tenant.team.findUnique({ where: { id: south.teamId } }))).toBeNull();
    expect(await asNorth(() => tenant.user.count())).toBe(1);
    expect(await asNorth(() => tenant.organization.findMany({ select: { id: true } }))).toEqual([
      { id: north.organizationId },
    ]);
  });

  it('stamps created rows and refuses rows for another organization', async () => {
    const id = newId(EntityType.team);
    await asNorth(() =>
      tenant.team.create({ data: { id, name: 'Created', organizationId: undefined as unknown as string } }),
    );
    expect((await prisma.team.findUniqueOrThrow({ where: { id } })).organizationId).toBe(north.organizationId);
    await expect(
      asNorth(() =>
        tenant.team.create({
          data: { id: newId(EntityType.team), name: 'Smuggled', organizationId: south.organizationId },
        }),
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("cannot update or delete another organization's rows", async () => {
    await expect(
      asNorth(() => tenant.team.update({ where: { id: south.teamId }, data: { name: 'Hijacked' } })),
    ).rejects.toThrow();
    expect(await asNorth(() => tenant.team.deleteMany({ where: { id: south.teamId } }))).toEqual({ count: 0 });
    await expect(
      asNorth(() =>
        tenant.team.update({ where: { id: north.teamId }, data: { organizationId: south.organizationId } }),
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await prisma.team.findUniqueOrThrow({ where: { id: south.teamId } })).name).toBe('Factory team');
  });

  it('hides soft-deleted contacts, households and persons unless the query names deletedAt', async () => {
    const householdId = newId(EntityType.household);
    await prisma.household.create({
      data: { id: householdId, organizationId: north.organizationId, teamId: north.teamId, name: 'Hidden' },
    });
    const live = newId(EntityType.person);
    const gone = newId(EntityType.person);
    await prisma.person.createMany({
      data: [
        { id: live, organizationId: north.organizationId, householdId, firstName: 'Live', lastName: 'One' },
        {
          id: gone,
          organizationId: north.organizationId,
          householdId,
          firstName: 'Gone',
          lastName: 'One',
          deletedAt: new Date(),
        },
      ],
    });
    const members = await asNorth(() => tenant.person.findMany({ where: { householdId }, select: { id: true } }));
    expect(members).toEqual([{ id: live }]);
    expect(await asNorth(() => tenant.person.findUnique({ where: { id: gone } }))).toBeNull();
    expect(await asNorth(() => tenant.person.count({ where: { householdId } }))).toBe(1);
    // An update cannot reach a deleted row either.
    const { count } = await asNorth(() => tenant.person.updateMany({ where: { id: gone }, data: { lastName: 'X' } }));
    expect(count).toBe(0);
    // Naming deletedAt is how the deleted view and a restore see them.
    const deleted = await asNorth(() =>
      tenant.person.findMany({ where: { householdId, deletedAt: { not: null } }, select: { id: true } }),
    );
    expect(deleted).toEqual([{ id: gone }]);
    // The household itself is live, and seen.
    expect(await asNorth(() => tenant.household.count({ where: { id: householdId } }))).toBe(1);
  });
});
