// Financial records, tasks and notes through the API and the worker: where their references land
// (households, owners, institutions, contacts, users), and that another organization importing
// the same files never touches this one's entities. The import / re-import / edited copy / rollback
// cycle of every profile is profiles-api.test.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import {
  EntityType,
  IMPORT_PROFILES,
  newId,
  taxStatusOf,
  type AnyImportProfile,
  type ImportBatchView,
} from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { RECORD_SNAPSHOTS } from '#test/support/import-snapshots-records.js';
import { waitFor } from '#test/support/wait.js';
import { mondayBoard } from '../../../../../../connectors/src/files/__fixtures__/monday-board.js';
import { IMPORT_FIXTURES } from '#test/support/fixtures.js';

const FIXTURES = IMPORT_FIXTURES;

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let tokens: Map<string, string>;

type RecordKind = keyof typeof RECORD_SNAPSHOTS;

/** monday.com tasks from its Excel board export, as the profiles test builds it. */
async function sampleFile(profile: AnyImportProfile, edited: boolean): Promise<{ fileName: string; body: Buffer }> {
  if (profile.id === 'monday-tasks') return { fileName: 'monday-tasks.xlsx', body: await mondayBoard('tasks', edited) };
  const body = await readFile(join(FIXTURES, `${profile.id}${edited ? '.edited' : ''}.csv`));
  return { fileName: `${profile.id}.csv`, body };
}

function profileOf(id: string): AnyImportProfile {
  return IMPORT_PROFILES.find((profile) => profile.id === id)!;
}

async function batchOf(org: CreatedOrganization, id: string): Promise<ImportBatchView> {
  const response = await call<ImportBatchView>(api.baseUrl, 'GET', `/api/imports/${id}`, {
    token: tokens.get(org.organizationId)!,
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** Upload with the profile's source, choose the profile if it was not suggested, dry run, commit. */
async function importSample(org: CreatedOrganization, profile: AnyImportProfile, edited = false) {
  const token = tokens.get(org.organizationId)!;
  const { fileName, body } = await sampleFile(profile, edited);
  const response = await fetch(
    `${api.baseUrl}/api/imports?fileName=${encodeURIComponent(fileName)}&source=${profile.source}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body },
  );
  const uploaded = (await response.json()) as { batch: ImportBatchView; mapping: { profileId: string | null } };
  expect(response.status, JSON.stringify(uploaded)).toBe(201);
  const id = uploaded.batch.id;
  if (uploaded.mapping.profileId !== profile.id) {
    const mapped = await call(api.baseUrl, 'PUT', `/api/imports/${id}/mapping`, {
      token,
      body: { profileId: profile.id },
    });
    expect(mapped.status).toBe(200);
  }
  expect((await call(api.baseUrl, 'POST', `/api/imports/${id}/dry-run`, { token })).status).toBe(202);
  const dry = await waitFor('the dry run', async () => {
    const batch = await batchOf(org, id);
    return batch.stage === 'DRY_RUN_DONE' ? batch : undefined;
  });
  expect(dry.errorMessage ?? null).toBeNull();
  expect((await call(api.baseUrl, 'POST', `/api/imports/${id}/commit`, { token })).status).toBe(202);
  const done = await waitFor('the commit', async () => {
    const batch = await batchOf(org, id);
    return batch.status !== 'PENDING' ? batch : undefined;
  });
  expect(done.errorMessage ?? null, done.errorMessage ?? '').toBeNull();
  expect(done.status).toBe('APPLIED');
  return done;
}

async function rollback(org: CreatedOrganization, batchId: string): Promise<void> {
  const response = await call<ImportBatchView>(api.baseUrl, 'POST', `/api/imports/${batchId}/rollback`, {
    token: tokens.get(org.organizationId)!,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe('ROLLED_BACK');
}

/** Source id -> entity id of a batch's written rows. */
async function entitiesOf(batchId: string): Promise<Map<string, string>> {
  const rows = await prisma.importRowResult.findMany({
    where: { importBatchId: batchId, entityId: { not: null } },
    select: { sourceId: true, entityId: true },
  });
  return new Map(rows.map((row) => [row.sourceId!, row.entityId!]));
}

async function snapshots(org: CreatedOrganization, kind: RecordKind, entities: Map<string, string>) {
  const snapshot = RECORD_SNAPSHOTS[kind];
  const result: Record<string, Record<string, unknown>> = {};
  for (const [sourceId, entityId] of entities) result[sourceId] = await snapshot(prisma, org.organizationId, entityId);
  return result;
}

/** How many rows of everything an import of these kinds may write or reference, in one organization. */
async function world(org: CreatedOrganization) {
  const where = { organizationId: org.organizationId };
  return {
    households: await prisma.household.count({ where }),
    families: await prisma.family.count({ where }),
    familyMembers: await prisma.familyMember.count({ where }),
    persons: await prisma.person.count({ where }),
    contacts: await prisma.contact.count({ where }),
    institutions: await prisma.institution.count({ where }),
    financialRecords: await prisma.financialRecord.count({ where }),
    owners: await prisma.financialRecordOwner.count({ where }),
    tasks: await prisma.task.count({ where }),
    notes: await prisma.note.count({ where }),
    externalLinks: await prisma.externalLink.count({ where }),
  };
}

let importWorld: ImportWorld;
beforeAll(async () => {
  importWorld = await startImportWorld();
  ({ api, prisma } = importWorld);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  tokens = new Map([
    [north.organizationId, await login(api.baseUrl, north.email, north.password)],
    [south.organizationId, await login(api.baseUrl, south.email, south.password)],
  ]);
});
afterAll(() => importWorld?.close());

describe('financial records', () => {
  it('an account lands in its household with its owners, institution and money; joint owners share it', async () => {
    const batch = await importSample(north, profileOf('ifast-accounts'));
    const entities = await entitiesOf(batch.id);
    const records = await RECORD_SNAPSHOTS.financialRecords(prisma, north.organizationId, entities.get('IF1003')!);
    expect(records).toMatchObject({
      recordType: 'INVESTMENT_ACCOUNT',
      accountType: 'NRSP',
      marketValue: { amount: '-1250', currency: 'USD' },
      costBasis: null,
      asOfDate: '2024-01-31',
      institution: 'NBIN',
      isJoint: true,
      connectionType: 'MANAGED',
    });
    const joint = await prisma.financialRecord.findFirstOrThrow({
      where: { id: entities.get('IF1003')! },
      include: { household: true, owners: { include: { person: true }, orderBy: { createdAt: 'asc' } } },
    });
    expect(joint.household.name).toBe('Côté household');
    expect(joint.owners.map((owner) => [owner.person!.firstName, owner.person!.householdId])).toEqual([
      ['Marc', joint.householdId],
      ['Julie', joint.householdId],
    ]);
    // Hélène's two accounts share her household and her person (found by her client id the second time).
    const [rrsp, tfsa] = await Promise.all(
      ['IF1001', 'IF1002'].map((sourceId) =>
        prisma.financialRecord.findFirstOrThrow({
          where: { id: entities.get(sourceId)! },
          include: { owners: true, investmentAccount: true },
        }),
      ),
    );
    expect(rrsp!.householdId).toBe(tfsa!.householdId);
    expect(rrsp!.owners[0]!.personId).toBe(tfsa!.owners[0]!.personId);
    expect(rrsp!.investmentAccount).toMatchObject({
      accountType: 'RRSP',
      taxStatus: taxStatusOf('RRSP'),
      jurisdiction: 'CA',
    });
    expect(await prisma.person.count({ where: { organizationId: north.organizationId } })).toBe(3);
    expect(await prisma.household.count({ where: { organizationId: north.organizationId } })).toBe(2);
    await rollback(north, batch.id);
  });

  it('accounts of persons imported before them join those persons and households', async () => {
    const householdId = newId(EntityType.household);
    const personId = newId(EntityType.person);
    await prisma.household.create({
      data: { id: householdId, organizationId: north.organizationId, teamId: north.teamId, name: 'Tremblay family' },
    });
    await prisma.person.create({
      data: {
        id: personId,
        organizationId: north.organizationId,
        householdId,
        firstName: 'Hélène',
        lastName: 'Tremblay',
      },
    });
    await prisma.externalLink.create({
      data: {
        id: newId(EntityType.externalLink),
        organizationId: north.organizationId,
        entityType: EntityType.person,
        entityId: personId,
        source: 'NDEX',
        sourceId: 'C-1',
      },
    });
    const batch = await importSample(north, profileOf('ndex-accounts'));
    const entities = await entitiesOf(batch.id);
    const owned = await prisma.financialRecord.findMany({
      where: { id: { in: [entities.get('NX1001')!, entities.get('NX1002')!] } },
      include: { owners: true },
    });
    expect(owned.map((record) => [record.householdId, record.owners.map((owner) => owner.personId)])).toEqual([
      [householdId, [personId]],
      [householdId, [personId]],
    ]);
    await rollback(north, batch.id);
    // The advisor's household and person stay: the import did not create them.
    expect(await prisma.person.count({ where: { id: personId } })).toBe(1);
    expect(await prisma.household.count({ where: { id: householdId } })).toBe(1);
    await prisma.externalLink.deleteMany({ where: { entityId: personId } });
    await prisma.person.delete({ where: { id: personId } });
    await prisma.household.delete({ where: { id: householdId } });
  });
});

describe('tasks and notes of contacts imported before them', () => {
  it('are owned by the contact the row names, assigned to and written by the user it names', async () => {
    const samId = newId(EntityType.user);
    await prisma.user.create({
      data: {
        id: samId,
        organizationId: north.organizationId,
        email: 'sam@north.test',
        name: 'Sam Advisor',
        passwordHash: 'not-used',
        role: 'ADVISOR',
      },
    });
    const samMemberId = newId(EntityType.teamMember);
    await prisma.teamMember.create({
      data: { id: samMemberId, organizationId: north.organizationId, teamId: north.teamId, userId: samId },
    });
    const people = await importSample(north, profileOf('pipedrive-people'));
    const contacts = await entitiesOf(people.id);

    const activities = await importSample(north, profileOf('pipedrive-activities'));
    const tasks = await snapshots(north, 'tasks', await entitiesOf(activities.id));
    expect(tasks['5001']).toEqual({
      title: 'Annual review',
      note: 'Bring updated IPS',
      dueDate: '2024-06-03',
      status: 'TODO',
      type: 'meeting',
      priority: null,
      assignee: samMemberId,
      owner: { kind: 'CONTACT', contactId: contacts.get('101'), teamId: null, household: null },
      kind: 'BASIC_TASK',
      teamId: north.teamId,
    });
    expect(tasks['5002']).toMatchObject({ status: 'DONE', owner: { kind: 'CONTACT', contactId: contacts.get('102') } });

    const notes = await importSample(north, profileOf('pipedrive-notes'));
    const written = await snapshots(north, 'notes', await entitiesOf(notes.id));
    expect(written['9001']).toEqual({
      title: null,
      body: 'Called about RRSP top-up before the deadline.',
      // 14:05 in Toronto in February (EST, UTC-5).
      date: '2024-02-20T19:05:00.000Z',
      owner: { kind: 'CONTACT', contactId: contacts.get('101'), teamId: null },
      author: samId,
      teamId: north.teamId,
      deletedAt: null,
    });
    expect(written['9002']).toMatchObject({ title: 'Côté - TFSA', owner: { contactId: contacts.get('102') } });

    await rollback(north, notes.id);
    await rollback(north, activities.id);
    await rollback(north, people.id);
    expect(await prisma.task.count({ where: { organizationId: north.organizationId } })).toBe(0);
    expect(await prisma.note.count({ where: { organizationId: north.organizationId } })).toBe(0);
  });

  it('a row naming nobody known is the team’s, unassigned', async () => {
    // South has no contacts and no user called Sam Advisor.
    const activities = await importSample(south, profileOf('pipedrive-activities'));
    const tasks = await snapshots(south, 'tasks', await entitiesOf(activities.id));
    expect(tasks['5001']).toMatchObject({
      assignee: null,
      owner: { kind: 'TEAM', contactId: null, teamId: south.teamId, household: null },
    });
    await rollback(south, activities.id);
  });
});

describe('tenancy', () => {
  it("another organization's imports of the same files never touch this one's entities", async () => {
    const profile = profileOf('ifast-accounts');
    const ours = await importSample(north, profile);
    const entities = await entitiesOf(ours.id);
    const before = await snapshots(north, 'financialRecords', entities);
    const ourWorld = await world(north);

    const theirs = await importSample(south, profile);
    expect(theirs.counts).toMatchObject({ create: 3, unchanged: 0 });
    const theirEntities = await entitiesOf(theirs.id);
    expect([...theirEntities.values()].some((id) => [...entities.values()].includes(id))).toBe(false);
    const edited = await importSample(south, profile, true);
    expect(edited.counts).toMatchObject({ update: 2 });
    await rollback(south, edited.id);
    await rollback(south, theirs.id);

    expect(await snapshots(north, 'financialRecords', entities)).toEqual(before);
    expect(await world(north)).toEqual(ourWorld);
    await rollback(north, ours.id);
  });
});
