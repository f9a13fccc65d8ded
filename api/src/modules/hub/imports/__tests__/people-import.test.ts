// What the contact, person and household writers put where the CRM keeps it (tags, the contact's
// note, its person's birth date, its household and role), each field updated and rolled back on
// its own; the review queue's decisions; the audit trail of an import and of its rollback.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import { EntityType, newId, type ImportReviewItemView } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { IMPORT_SNAPSHOTS } from '#test/support/import-snapshots.js';
import { importApi } from './import-api.js';
import { IMPORT_FIXTURES } from '#test/support/fixtures.js';

const FIXTURES = IMPORT_FIXTURES;

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;
let southToken: string;
const flow = importApi(() => api.baseUrl);

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld();
  ({ api, prisma } = world);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  northToken = await login(api.baseUrl, north.email, north.password);
  southToken = await login(api.baseUrl, south.email, south.password);
}, 120_000);
afterAll(() => world?.close());

const HEADER = 'sourceId,firstName,lastName,email,tags,note,dateOfBirth,householdSourceId,householdName,householdRole';
const ANN = 'C-1,Ann,Roy,ann@example.com,VIP;Estate,Prefers e-mail.,1970-01-02,H-1,Roy household,Head';
const BOB = 'C-2,Bob,Roy,bob@example.com,vip,,1972-03-04,H-1,Roy household,Spouse';
const file = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;
// The TEST source is the suite's own; it reads our field names through the manual-load template.
const asTest = { source: 'TEST', profileId: 'manual-load-contacts' };

const contactSnapshot = (contactId: string) => IMPORT_SNAPSHOTS.contacts!(prisma, north.organizationId, contactId);

describe('contacts: tags, note, date of birth and household', () => {
  let firstBatchId: string;
  let syncRunId: string;
  let ann: string;
  let bob: string;
  let vipTagId: string;

  it('writes each where the CRM keeps it', async () => {
    // The organization's own "VIP" tag is reused whatever its type and case.
    vipTagId = newId(EntityType.tag);
    await prisma.tag.create({
      data: { id: vipTagId, organizationId: north.organizationId, name: 'VIP', type: 'SEGMENT' },
    });
    const { batch, rows } = await flow.importFile(northToken, 'contacts.csv', file(ANN, BOB), asTest);
    firstBatchId = batch.id;
    syncRunId = batch.syncRunId!;
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'CREATE']);
    [ann, bob] = rows.map((row) => row.entityId!) as [string, string];

    const contactRow = (id: string) =>
      prisma.contact.findUniqueOrThrow({
        where: { id },
        include: { tags: { include: { tag: true } }, person: true, ownedNotes: true },
      });
    const annRow = await contactRow(ann);
    const bobRow = await contactRow(bob);
    expect(annRow.tags.map((link) => [link.tag.name, link.tag.type]).sort()).toEqual([
      ['Estate', 'IMPORT'],
      ['VIP', 'SEGMENT'],
    ]);
    expect(bobRow.tags.map((link) => link.tagId)).toEqual([vipTagId]);
    expect(annRow.ownedNotes.map((note) => [note.body, note.ownerKind])).toEqual([['Prefers e-mail.', 'CONTACT']]);
    expect(bobRow.ownedNotes).toEqual([]);
    expect(annRow.person).toMatchObject({ firstName: 'Ann', lastName: 'Roy', dateOfBirth: new Date('1970-01-02') });

    // One household for both, linked to its source id by this batch; the roles are family memberships.
    expect(annRow.householdId).not.toBeNull();
    expect(bobRow.householdId).toBe(annRow.householdId);
    const household = await prisma.household.findUniqueOrThrow({
      where: { id: annRow.householdId! },
      include: { persons: true, families: { include: { members: true } } },
    });
    expect(household.name).toBe('Roy household');
    expect(household.persons.map((person) => person.id).sort()).toEqual([annRow.personId, bobRow.personId].sort());
    expect(household.families).toHaveLength(1);
    expect(Object.fromEntries(household.families[0]!.members.map((member) => [member.personId, member.role]))).toEqual({
      [annRow.personId!]: 'HEAD',
      [bobRow.personId!]: 'MEMBER',
    });
    expect(
      await prisma.externalLink.findFirst({
        where: { organizationId: north.organizationId, source: 'TEST', sourceId: 'H-1' },
      }),
    ).toMatchObject({ entityType: 'household', entityId: household.id, importBatchId: batch.id });
  });

  it('an import writes audit entries by its sync run', async () => {
    const entries = await prisma.auditLog.findMany({ where: { organizationId: north.organizationId } });
    expect(entries).toHaveLength(2);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorKind: 'SYNC',
        actorId: syncRunId,
        importBatchId: firstBatchId,
        action: 'CREATE',
        entityType: 'contact',
      });
    expect(entries.map((entry) => entry.entityId).sort()).toEqual([ann, bob].sort());
  });

  const edits: [string, string, (row: Awaited<ReturnType<typeof contactSnapshot>>) => void][] = [
    [
      'tags',
      'C-1,Ann,Roy,ann@example.com,Estate;Golf,Prefers e-mail.,1970-01-02,H-1,Roy household,Head',
      (after) => expect(after.tags).toEqual(['Estate', 'Golf']),
    ],
    [
      'note',
      'C-1,Ann,Roy,ann@example.com,VIP;Estate,Prefers phone calls.,1970-01-02,H-1,Roy household,Head',
      (after) => expect(after.note).toEqual([{ body: 'Prefers phone calls.', deletedAt: null }]),
    ],
    [
      'dateOfBirth',
      'C-1,Ann,Roy,ann@example.com,VIP;Estate,Prefers e-mail.,1971-05-06,H-1,Roy household,Head',
      (after) => expect(after.dateOfBirth).toBe('1971-05-06'),
    ],
    [
      'household',
      'C-1,Ann,Roy,ann@example.com,VIP;Estate,Prefers e-mail.,1970-01-02,H-9,Ann Roy household,Head',
      (after) => expect(after.household).toMatchObject({ name: 'Ann Roy household', role: 'HEAD' }),
    ],
  ];
  it.each(edits)('%s alone: updated, then rolled back', async (field, row, check) => {
    const before = await contactSnapshot(ann);
    const bobBefore = await contactSnapshot(bob);
    const { batch, rows } = await flow.importFile(northToken, 'contacts.csv', file(row, BOB), asTest);
    expect(rows.map((result) => [result.action, result.changes.map((change) => change.field)])).toEqual([
      ['UPDATE', [field]],
      ['UNCHANGED', []],
    ]);
    const after = await contactSnapshot(ann);
    check(after);
    expect(Object.keys(after).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]))).toEqual([
      field,
    ]);
    expect(await contactSnapshot(bob)).toEqual(bobBefore);

    const updates = await prisma.auditLog.findMany({ where: { importBatchId: batch.id } });
    expect(updates).toMatchObject([
      {
        action: 'UPDATE',
        actorKind: 'SYNC',
        actorId: batch.syncRunId,
        entityId: ann,
        after: { [field]: expect.anything() },
      },
    ]);

    const undone = await flow.rollback(northToken, batch.id);
    expect(undone.status).toBe(200);
    const restored = await contactSnapshot(ann);
    if (field === 'household') {
      // The household this batch created for the row goes once nothing uses it.
      expect(await prisma.household.count({ where: { organizationId: north.organizationId } })).toBe(1);
    }
    expect(restored).toEqual(before);
    const rollbackEntries = await prisma.auditLog.findMany({
      where: { importBatchId: batch.id },
      orderBy: { occurredAt: 'asc' },
    });
    expect(rollbackEntries).toHaveLength(2);
    expect(rollbackEntries[1]).toMatchObject({
      action: 'UPDATE',
      actorKind: 'SYNC',
      actorId: batch.syncRunId,
      entityId: ann,
      before: rollbackEntries[0]!.after,
      after: rollbackEntries[0]!.before,
    });
  });

  it('rolling back the first import removes the contacts, their persons, notes and the household it created', async () => {
    const undone = await flow.rollback(northToken, firstBatchId);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const organizationId = north.organizationId;
    expect(await prisma.contact.count({ where: { organizationId } })).toBe(0);
    expect(await prisma.person.count({ where: { organizationId } })).toBe(0);
    expect(await prisma.household.count({ where: { organizationId } })).toBe(0);
    expect(await prisma.note.count({ where: { organizationId } })).toBe(0);
    expect(await prisma.externalLink.count({ where: { organizationId } })).toBe(0);
    // The tags an import created go when it is undone (Estate here, Golf with the edit's rollback);
    // the organization's own VIP tag stays.
    expect((await prisma.tag.findMany({ where: { organizationId } })).map((tag) => tag.name)).toEqual(['VIP']);
    const deletions = await prisma.auditLog.findMany({ where: { importBatchId: firstBatchId, action: 'DELETE' } });
    expect(deletions.map((entry) => [entry.entityId, entry.actorKind, entry.actorId]).sort()).toEqual(
      [
        [ann, 'SYNC', syncRunId],
        [bob, 'SYNC', syncRunId],
      ].sort(),
    );
  });
});

describe('persons (Westmount clients) and households', () => {
  it('persons join their household by source id, with their family roles', async () => {
    const { rows } = await flow.importFile(
      northToken,
      'westmount-clients.csv',
      await readFile(join(FIXTURES, 'westmount-clients.csv')),
      { source: 'WESTMOUNT_ACCESS_DB', profileId: 'westmount-clients' },
    );
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'CREATE']);
    const persons = await prisma.person.findMany({
      where: { id: { in: rows.map((row) => row.entityId!) } },
      include: { familyMemberships: true },
      orderBy: { firstName: 'asc' },
    });
    expect(persons.map((person) => [person.firstName, person.email, person.dateOfBirth?.toISOString()])).toEqual([
      ['Fiona', 'fiona.macleod@example.com', '1957-09-09T00:00:00.000Z'],
      ['Robert', 'robert.macleod@example.com', '1955-04-02T00:00:00.000Z'],
    ]);
    expect(persons[0]!.householdId).toBe(persons[1]!.householdId);
    expect(persons.map((person) => person.familyMemberships.map((member) => member.role))).toEqual([
      ['MEMBER'],
      ['HEAD'],
    ]);
    // Known only by id, the household is named after its members.
    const household = await prisma.household.findUniqueOrThrow({ where: { id: persons[0]!.householdId! } });
    expect(household.name).toBe('MacLeod household');
  });

  it('a households file updates that household by its source id; the advisor is matched to a professional', async () => {
    const professionalId = newId(EntityType.professional);
    await prisma.professional.create({
      data: {
        id: professionalId,
        organizationId: north.organizationId,
        displayName: 'Sam Advisor',
        role: 'ADVISOR',
      },
    });
    const mapping = {
      kind: 'households',
      mapping: { HouseholdID: 'sourceId', Name: 'name', Salutation: 'salutation', Advisor: 'advisor' },
      sourceIdHeader: 'HouseholdID',
    };
    const body =
      'HouseholdID,Name,Salutation,Advisor\nWH-1,MacLeod Family,Dear Robert and Fiona,sam advisor\nWH-2,Chen Family,,Nobody Known\n';
    const { batch, rows } = await flow.importFile(northToken, 'households.csv', body, {
      source: 'WESTMOUNT_ACCESS_DB',
      mapping,
    });
    expect(rows.map((row) => row.action)).toEqual(['UPDATE', 'CREATE']);
    const [macleod, chen] = await Promise.all(
      rows.map((row) => prisma.household.findUniqueOrThrow({ where: { id: row.entityId! } })),
    );
    expect(macleod).toMatchObject({
      name: 'MacLeod Family',
      salutation: 'Dear Robert and Fiona',
      primaryAdvisorId: professionalId,
    });
    // An advisor nobody matches is left unwritten.
    expect(chen).toMatchObject({ name: 'Chen Family', salutation: null, primaryAdvisorId: null });

    // Rollback: the created household goes, the updated one gets back what it had. (Its name stays:
    // the engine's "before" is the last import of the entity as this kind, and there was none.)
    const undone = await flow.rollback(northToken, batch.id);
    expect(undone.status).toBe(200);
    expect(await prisma.household.findUnique({ where: { id: chen!.id } })).toBeNull();
    expect(await prisma.household.findUniqueOrThrow({ where: { id: macleod!.id } })).toMatchObject({
      salutation: null,
      primaryAdvisorId: null,
    });
  });

  it('a household in use cannot be rolled away under its members', async () => {
    const body = 'HouseholdID,Name\nWH-3,Stone Family\n';
    const mapping = {
      kind: 'households',
      mapping: { HouseholdID: 'sourceId', Name: 'name' },
      sourceIdHeader: 'HouseholdID',
    };
    const { batch, rows } = await flow.importFile(northToken, 'households.csv', body, {
      source: 'WESTMOUNT_ACCESS_DB',
      mapping,
    });
    const householdId = rows[0]!.entityId!;
    await prisma.person.create({
      data: {
        id: newId(EntityType.person),
        organizationId: north.organizationId,
        householdId,
        firstName: 'Zed',
        lastName: 'Stone',
      },
    });
    const refused = await flow.rollback(northToken, batch.id);
    expect(refused.status).toBe(409);
    expect(await prisma.household.findUnique({ where: { id: householdId } })).not.toBeNull();
  });
});

describe('the review queue', () => {
  let batchId: string;
  let zed: string;
  let items: ImportReviewItemView[];

  const reviewItems = (token: string, id = batchId) =>
    call<ImportReviewItemView[]>(api.baseUrl, 'GET', `/api/imports/${id}/review-items`, { token });
  const decide = (token: string, itemId: string, decision: 'accept' | 'reject', id = batchId) =>
    call<ImportReviewItemView & { message?: string }>(
      api.baseUrl,
      'POST',
      `/api/imports/${id}/review-items/${itemId}/${decision}`,
      { token },
    );

  it('lists the rows that may be an existing contact, with the candidate', async () => {
    zed = newId(EntityType.contact);
    await prisma.contact.create({
      data: {
        id: zed,
        organizationId: north.organizationId,
        teamId: north.teamId,
        firstName: 'Zed',
        lastName: 'Stone',
      },
    });
    await prisma.contactEmail.create({
      data: {
        id: newId(EntityType.contactEmail),
        organizationId: north.organizationId,
        contactId: zed,
        email: 'zed@example.com',
        isPrimary: true,
      },
    });
    const { batch } = await flow.prepare(
      northToken,
      'people.csv',
      'Given,Family,Mail,Phone\nZed,Stone,zed@example.com,416-555-0199\nAmy,Lake,amy@example.com,\nZed,Other,zed@example.com,\n',
      {
        mapping: {
          mapping: { Given: 'firstName', Family: 'lastName', Mail: 'email', Phone: 'phone' },
          sourceIdHeader: null,
        },
      },
    );
    batchId = batch.id;
    expect(batch.counts).toMatchObject({ create: 1, review: 2 });
    const listed = await reviewItems(northToken);
    expect(listed.status).toBe(200);
    items = listed.body;
    expect(items.map((item) => [item.rowNumber, item.matchedOn, item.status, item.action])).toEqual([
      [2, 'EMAIL', 'PENDING', 'REVIEW'],
      [4, 'EMAIL', 'PENDING', 'REVIEW'],
    ]);
    expect(items[0]!.candidate).toEqual({ id: zed, name: 'Zed Stone', emails: ['zed@example.com'], phones: [] });
    expect(items[0]!.record).toMatchObject({ firstName: 'Zed', lastName: 'Stone' });
  });

  it('another organization gets a 404 for the batch and its items', async () => {
    expect((await reviewItems(southToken)).status).toBe(404);
    expect((await decide(southToken, items[0]!.id, 'accept')).status).toBe(404);
    expect((await decide(southToken, items[1]!.id, 'reject')).status).toBe(404);
    const theirs = await flow.upload(southToken, 'people.csv', 'Given,Family\nAnn,Roy\n');
    expect((await decide(southToken, items[0]!.id, 'accept', theirs.batch.id)).status).toBe(404);
    expect((await reviewItems(northToken)).body.map((item) => item.status)).toEqual(['PENDING', 'PENDING']);
  });

  it('accepting makes the row an update of the candidate with the fields that differ; twice is a 409', async () => {
    const accepted = await decide(northToken, items[0]!.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', action: 'UPDATE' });
    expect(accepted.body.changes.map((change) => change.field)).toContain('phones');
    // Same name: nothing to change there; what the file leaves empty is never blanked.
    expect(accepted.body.changes.map((change) => change.field)).not.toContain('firstName');
    expect(accepted.body.changes.map((change) => change.field)).not.toContain('tags');
    expect((await flow.batchOf(northToken, batchId)).counts).toMatchObject({ create: 1, update: 1, review: 1 });
    const again = await decide(northToken, items[0]!.id, 'accept');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This review item was already decided');
    expect((await decide(northToken, items[0]!.id, 'reject')).status).toBe(409);
  });

  it('rejecting makes the row a new contact; twice is a 409', async () => {
    const rejected = await decide(northToken, items[1]!.id, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', action: 'CREATE' });
    expect((await flow.batchOf(northToken, batchId)).counts).toMatchObject({ create: 2, update: 1, review: 0 });
    expect((await decide(northToken, items[1]!.id, 'reject')).status).toBe(409);
  });

  it('the commit writes the decisions; after it, decisions are refused; rollback restores the candidate', async () => {
    await flow.commit(northToken, batchId);
    const phones = await prisma.contactPhoneNumber.findMany({ where: { contactId: zed } });
    expect(phones.map((phone) => phone.number)).toEqual(['4165550199']);
    const created = await prisma.contact.findMany({
      where: { organizationId: north.organizationId, firstName: { in: ['Amy', 'Zed'] }, id: { not: zed } },
      orderBy: { firstName: 'asc' },
    });
    expect(created.map((contact) => `${contact.firstName} ${contact.lastName}`)).toEqual(['Amy Lake', 'Zed Other']);
    const late = await decide(northToken, items[0]!.id, 'reject');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'Review items can only be decided after the dry run and before the import is committed',
    );

    const undone = await flow.rollback(northToken, batchId);
    expect(undone.status).toBe(200);
    expect(await prisma.contactPhoneNumber.count({ where: { contactId: zed } })).toBe(0);
    expect(await prisma.contact.findUnique({ where: { id: zed } })).not.toBeNull();
    expect(await prisma.contact.count({ where: { id: { in: created.map((contact) => contact.id) } } })).toBe(0);
  });
});
