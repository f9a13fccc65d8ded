import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { EntityType, newId, ReferenceUse, type ReferenceKind, type UserRole } from '@meridian/domain';
import { runAsOrganization } from '@meridian/api';
import { PrismaClient } from '../../../../generated/prisma/client.js';
import { scopeToCurrentOrganization } from '../../../../common/tenancy/tenant-scope.js';
import { EntityResolverRepository } from '../entity-resolver.repository.js';
import { EntityResolver } from '../entity-resolver.service.js';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createHousehold, createHouseholdEntities, createPerson } from '#test/support/crm-factories.js';

let environment: TestEnvironment;
let prisma: PrismaClient;
let tenant: ReturnType<typeof scopeToCurrentOrganization>;
let resolver: EntityResolver;
/** The SQL statements the client sent since the last `counted()`. */
let statements = 0;

let north: CreatedOrganization;
let south: CreatedOrganization;

/** One entity of every kind the resolver knows, in one team of a firm. */
interface TeamWorld {
  teamId: string;
  ids: Record<ReferenceKind, string>;
}
let teamA: TeamWorld;
let teamB: TeamWorld;
let southWorld: TeamWorld;

async function teamWorld(org: CreatedOrganization, teamId: string, label: string): Promise<TeamWorld> {
  const scoped = { ...org, teamId };
  const household = await createHousehold(prisma, scoped, { name: `${label} household` });
  const person = await createPerson(prisma, scoped, { householdId: household, firstName: label, lastName: 'Person' });
  const { contactId } = await createContact(prisma, scoped, {
    firstName: label,
    lastName: 'Contact',
    householdId: household,
  });
  const entities = await createHouseholdEntities(prisma, scoped, household);
  const group = newId(EntityType.group);
  await prisma.group.create({
    data: { id: group, organizationId: org.organizationId, teamId, name: `${label} group` },
  });
  const user = await addUser(prisma, scoped, 'ADVISOR', [teamId]);
  const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: user.userId }, select: { id: true } });
  const professional = newId(EntityType.professional);
  await prisma.professional.create({
    data: {
      id: professional,
      organizationId: org.organizationId,
      userId: user.userId,
      displayName: `${label} Advisor`,
      role: 'ADVISOR',
    },
  });
  return {
    teamId,
    ids: {
      TEAM: teamId,
      USER: user.userId,
      TEAM_MEMBER: member.id,
      PROFESSIONAL: professional,
      HOUSEHOLD: household,
      PERSON: person,
      CONTACT: contactId,
      CORPORATION: entities.corporationId,
      TRUST: entities.trustId,
      FOUNDATION: entities.foundationId,
      GROUP: group,
    },
  };
}

function as<T>(org: CreatedOrganization, role: UserRole, teamIds: readonly string[], fn: () => Promise<T>): Promise<T> {
  return runAsOrganization({ userId: org.userId, organizationId: org.organizationId, role, teamIds }, fn);
}
const asAdvisorOfA = <T>(fn: () => Promise<T>) => as(north, 'ADVISOR', [teamA.teamId], fn);
const asAdmin = <T>(fn: () => Promise<T>) => as(north, 'ADMIN', [teamA.teamId], fn);

/** Runs `fn` and answers its result with the number of statements it sent. */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  statements = 0;
  const result = await fn();
  return { result, statements };
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: { code: string; message: string; details?: unknown }) => ({
      code: error.code,
      message: error.message,
      details: error.details,
    }),
  );
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  // Every statement the client sends is logged as a query event: the count the tests read.
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: environment.databaseUrl }),
    log: [{ emit: 'event', level: 'query' }],
  });
  client.$on('query', () => {
    statements += 1;
  });
  prisma = client;
  tenant = scopeToCurrentOrganization(prisma);
  resolver = new EntityResolver(new EntityResolverRepository(tenant));
  north = await createOrganization(prisma, { name: 'North', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South', role: 'ADMIN' });
  const secondTeam = newId(EntityType.team);
  await prisma.team.create({ data: { id: secondTeam, organizationId: north.organizationId, name: 'Second team' } });
  teamA = await teamWorld(north, north.teamId, 'Ada');
  teamB = await teamWorld(north, secondTeam, 'Bea');
  southWorld = await teamWorld(south, south.teamId, 'Sol');
});
afterAll(async () => {
  await prisma?.$disconnect();
  await environment?.dispose();
});

describe('EntityResolver', () => {
  it('answers each kind, organization, team, household and name in one query per kind present', async () => {
    const ids = Object.values(teamA.ids);
    const { result, statements: sent } = await counted(() => asAdmin(() => resolver.resolve([...ids, ...ids])));
    expect(sent).toBe(ids.length);
    const household = teamA.ids.HOUSEHOLD;
    const expected: Record<ReferenceKind, { teamId: string | null; householdId: string | null; name: string }> = {
      TEAM: { teamId: teamA.teamId, householdId: null, name: 'Factory team' },
      USER: { teamId: null, householdId: null, name: 'Factory ADVISOR' },
      TEAM_MEMBER: { teamId: teamA.teamId, householdId: null, name: 'Factory ADVISOR' },
      PROFESSIONAL: { teamId: null, householdId: null, name: 'Ada Advisor' },
      HOUSEHOLD: { teamId: teamA.teamId, householdId: household, name: 'Ada household' },
      PERSON: { teamId: teamA.teamId, householdId: household, name: 'Ada Person' },
      CONTACT: { teamId: teamA.teamId, householdId: household, name: 'Ada Contact' },
      CORPORATION: { teamId: teamA.teamId, householdId: household, name: 'Factory Holdings Inc.' },
      TRUST: { teamId: teamA.teamId, householdId: household, name: 'Factory Family Trust' },
      FOUNDATION: { teamId: teamA.teamId, householdId: household, name: 'Factory Foundation' },
      GROUP: { teamId: teamA.teamId, householdId: null, name: 'Ada group' },
    };
    for (const [kind, id] of Object.entries(teamA.ids) as [ReferenceKind, string][]) {
      expect(result.get(id), kind).toEqual({ id, kind, organizationId: north.organizationId, ...expected[kind] });
    }
    expect(result.size).toBe(ids.length);
  });

  it('sends one query for a kind however many of its ids are asked, and none for no ids', async () => {
    const households = [teamA.ids.HOUSEHOLD, teamB.ids.HOUSEHOLD, southWorld.ids.HOUSEHOLD];
    const mixed = await counted(() =>
      asAdmin(() => resolver.resolve([...households, teamA.ids.PERSON, teamB.ids.PERSON])),
    );
    expect(mixed.statements).toBe(2);
    expect([...mixed.result.keys()].sort()).toEqual(
      [teamA.ids.HOUSEHOLD, teamB.ids.HOUSEHOLD, teamA.ids.PERSON, teamB.ids.PERSON].sort(),
    );
    expect((await counted(() => asAdmin(() => resolver.resolve([])))).statements).toBe(0);
    expect(
      (await counted(() => asAdmin(() => resolver.resolve(['not-an-id', 'wizard-AAAAAAAAAAAAAAAAAAAAA'])))).statements,
    ).toBe(0);
  });

  it("finds nothing of another firm's, of any kind, even for an admin", async () => {
    const found = await asAdmin(() => resolver.resolve(Object.values(southWorld.ids)));
    expect(found.size).toBe(0);
    expect(
      await refusal(asAdmin(() => resolver.requireOne(southWorld.ids.CONTACT, ReferenceUse.customFieldOwner))),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Contact not found' });
    expect(
      await refusal(asAdmin(() => resolver.requireOne(southWorld.ids.TEAM, ReferenceUse.connectionOwner))),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Owner not found' });
  });

  it("hides another team's clients from an advisor, and shows them to an admin", async () => {
    const teamOwned: ReferenceKind[] = [
      'TEAM',
      'HOUSEHOLD',
      'PERSON',
      'CONTACT',
      'CORPORATION',
      'TRUST',
      'FOUNDATION',
      'GROUP',
    ];
    const firmWide: ReferenceKind[] = ['USER', 'TEAM_MEMBER', 'PROFESSIONAL'];
    const advisor = await asAdvisorOfA(() => resolver.resolve(Object.values(teamB.ids)));
    expect([...advisor.keys()].sort()).toEqual(firmWide.map((kind) => teamB.ids[kind]).sort());
    const admin = await asAdmin(() => resolver.resolve(Object.values(teamB.ids)));
    expect(admin.size).toBe(teamOwned.length + firmWide.length);
    expect(
      await refusal(
        asAdvisorOfA(() =>
          resolver.require([
            { id: teamA.ids.HOUSEHOLD, use: ReferenceUse.taskOwner },
            { id: teamB.ids.PERSON, use: ReferenceUse.taskOwner },
          ]),
        ),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Person not found' });
    expect((await asAdmin(() => resolver.requireOne(teamB.ids.PERSON, ReferenceUse.taskOwner))).teamId).toBe(
      teamB.teamId,
    );
  });

  it('reaches exactly the rows the tenant client reaches, for an advisor', async () => {
    const everyId = (kind: ReferenceKind) => [teamA.ids[kind], teamB.ids[kind], southWorld.ids[kind]];
    const byTenant: Partial<Record<ReferenceKind, () => Promise<{ id: string }[]>>> = {
      TEAM: () => tenant.team.findMany({ where: { id: { in: everyId('TEAM') } }, select: { id: true } }),
      HOUSEHOLD: () => tenant.household.findMany({ where: { id: { in: everyId('HOUSEHOLD') } }, select: { id: true } }),
      PERSON: () => tenant.person.findMany({ where: { id: { in: everyId('PERSON') } }, select: { id: true } }),
      CONTACT: () => tenant.contact.findMany({ where: { id: { in: everyId('CONTACT') } }, select: { id: true } }),
      CORPORATION: () =>
        tenant.corporation.findMany({ where: { id: { in: everyId('CORPORATION') } }, select: { id: true } }),
      TRUST: () => tenant.trust.findMany({ where: { id: { in: everyId('TRUST') } }, select: { id: true } }),
      FOUNDATION: () =>
        tenant.foundation.findMany({ where: { id: { in: everyId('FOUNDATION') } }, select: { id: true } }),
      GROUP: () => tenant.group.findMany({ where: { id: { in: everyId('GROUP') } }, select: { id: true } }),
      USER: () => tenant.user.findMany({ where: { id: { in: everyId('USER') } }, select: { id: true } }),
      TEAM_MEMBER: () =>
        tenant.teamMember.findMany({ where: { id: { in: everyId('TEAM_MEMBER') } }, select: { id: true } }),
      PROFESSIONAL: () =>
        tenant.professional.findMany({ where: { id: { in: everyId('PROFESSIONAL') } }, select: { id: true } }),
    };
    for (const [kind, read] of Object.entries(byTenant) as [ReferenceKind, () => Promise<{ id: string }[]>][]) {
      const expected = (await asAdvisorOfA(read)).map((row) => row.id).sort();
      const found = await asAdvisorOfA(() => resolver.resolve(everyId(kind)));
      expect([...found.keys()].sort(), kind).toEqual(expected);
    }
  });

  it('reaches a person without a household through its contacts, as the tenant client does', async () => {
    const lone = await createPerson(prisma, north, { firstName: 'Lone', lastName: 'Person' });
    const ofA = await createPerson(prisma, north, { firstName: 'Alma', lastName: 'Person' });
    const ofB = await createPerson(prisma, north, { firstName: 'Bert', lastName: 'Person' });
    await createContact(prisma, north, { personId: ofA, teamId: teamA.teamId });
    await createContact(prisma, north, { personId: ofB, teamId: teamB.teamId });
    const found = await asAdvisorOfA(() => resolver.resolve([lone, ofA, ofB]));
    expect([...found.keys()].sort()).toEqual([lone, ofA].sort());
    expect(found.get(ofA)).toMatchObject({ teamId: teamA.teamId, householdId: null, name: 'Alma Person' });
    expect(found.get(lone)).toMatchObject({ teamId: null, householdId: null });
    expect((await asAdmin(() => resolver.resolve([ofB]))).get(ofB)?.teamId).toBe(teamB.teamId);
  });

  it('does not find a deleted contact, household or person', async () => {
    const household = await createHousehold(prisma, north, { name: 'Gone household' });
    const person = await createPerson(prisma, north, { householdId: household });
    const { contactId } = await createContact(prisma, north, { householdId: household });
    const deletedAt = new Date();
    await prisma.household.update({ where: { id: household }, data: { deletedAt } });
    await prisma.person.update({ where: { id: person }, data: { deletedAt } });
    await prisma.contact.update({ where: { id: contactId }, data: { deletedAt } });
    expect((await asAdmin(() => resolver.resolve([household, person, contactId]))).size).toBe(0);
  });

  it('refuses a kind the place does not take before looking anything up', async () => {
    const wizard = 'wizard-AAAAAAAAAAAAAAAAAAAAA';
    const unknown = await counted(() =>
      refusal(asAdmin(() => resolver.requireOne(wizard, ReferenceUse.taskOwner, 'owner.id'))),
    );
    expect(unknown.statements).toBe(0);
    expect(unknown.result).toMatchObject({
      code: 'ERR_INVALID_CANONICAL_ID',
      message: expect.stringContaining('Id of type "wizard" is not allowed here'),
    });
    expect(
      await refusal(asAdmin(() => resolver.requireOne(teamA.ids.USER, ReferenceUse.connectionOwner))),
    ).toMatchObject({ code: 'ERR_INVALID_CANONICAL_ID', message: expect.stringContaining('"user"') });
    expect(
      await refusal(
        asAdmin(() =>
          resolver.require([
            { id: teamA.ids.CONTACT, use: ReferenceUse.mention, path: 'mentions.0' },
            { id: wizard, use: ReferenceUse.mention, path: 'mentions.1' },
          ]),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [{ path: 'mentions.1', message: 'Invalid mentionable entity type' }],
    });
  });

  it('names what it finds and leaves the rest to the caller', async () => {
    const names = await asAdvisorOfA(() =>
      resolver.displayNames(
        [teamA.ids.CONTACT, teamA.ids.GROUP, teamB.ids.CONTACT, southWorld.ids.USER],
        ['CONTACT', 'USER'],
      ),
    );
    expect([...names]).toEqual([[teamA.ids.CONTACT, 'Ada Contact']]);
  });
});
