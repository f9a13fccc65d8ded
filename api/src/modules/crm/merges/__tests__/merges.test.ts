import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createHousehold, createPerson } from '#test/support/crm-factories.js';
import { buildModelWorld, type ModelWorld } from '#test/support/model-world.js';
import { apiClient, expectNotFound, type ApiCall } from '#test/support/crm-api.js';
import { CONTACT_CHILD_TABLES, HOUSEHOLD_CHILD_TABLES, type ChildTable } from '../merge-tables.js';

let api: TestApi;
let prisma: PrismaClient;
// A row in every table: its contact and household own something in every table that points at them.
let world: ModelWorld;
let worldApi: ApiCall;
let south: CreatedOrganization;
let foreign: { contactId: string; householdId: string };

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  world = await buildModelWorld(prisma);
  const user = await prisma.user.findUniqueOrThrow({ where: { id: world.userId } });
  worldApi = apiClient(api.baseUrl, await login(api.baseUrl, user.email, 'factory-password-1'));
  await ownTheRest();
  south = await createOrganization(prisma, { name: 'South' });
  foreign = {
    contactId: (await createContact(prisma, south, { firstName: 'Ana', lastName: 'Lima' })).contactId,
    householdId: await createHousehold(prisma, south, { name: 'Lima household' }),
  };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

/** What the model world's contact and household do not own yet: a task, a document, mentions. */
async function ownTheRest() {
  const org = { organizationId: world.organizationId };
  await prisma.task.create({
    data: {
      ...org,
      id: newId(EntityType.basicTask),
      teamId: world.teamId,
      title: 'Call Ana',
      ownerKind: 'CONTACT',
      ownerContactId: world.contactId,
    },
  });
  await prisma.document.create({
    data: {
      ...org,
      id: newId(EntityType.document),
      teamId: world.teamId,
      filePath: 'org/docs/id.pdf',
      originalFileName: 'id.pdf',
      ownerKind: 'CONTACT',
      ownerContactId: world.contactId,
    },
  });
  await prisma.note.create({
    data: {
      ...org,
      id: newId(EntityType.note),
      teamId: world.teamId,
      body: 'Household review',
      ownerKind: 'HOUSEHOLD',
      ownerHouseholdId: world.householdId,
    },
  });
  await prisma.externalLink.create({
    data: {
      ...org,
      id: newId(EntityType.externalLink),
      entityType: EntityType.household,
      entityId: world.householdId,
      source: 'WEALTHBOX',
      sourceId: 'wb-household',
    },
  });
  const definitionId = newId(EntityType.customFieldDefinition);
  await prisma.customFieldDefinition.create({
    data: { ...org, id: definitionId, entityKind: 'HOUSEHOLD', type: 'TEXT', name: 'Review month' },
  });
  await prisma.customFieldValue.create({
    data: {
      ...org,
      id: newId(EntityType.customFieldValue),
      definitionId,
      entityKind: 'HOUSEHOLD',
      householdId: world.householdId,
      valueText: 'March',
    },
  });
  for (const [entityKind, entityId] of [
    ['CONTACT', world.contactId],
    ['HOUSEHOLD', world.householdId],
  ] as const) {
    await prisma.noteMention.create({
      data: { ...org, id: newId(EntityType.noteMention), noteId: world.noteId, entityKind, entityId },
    });
    await prisma.documentMention.create({
      data: { ...org, id: newId(EntityType.documentMention), documentId: world.documentId, entityKind, entityId },
    });
    await prisma.taskMention.create({ data: { ...org, taskId: world.taskId, entityId } });
  }
}

const worldOrg = () => ({ organizationId: world.organizationId, teamId: world.teamId, userId: world.userId });

/** How many rows of each table point at a record (tables sharing a label are counted apart). */
async function childCounts(tables: readonly ChildTable[], id: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const child of tables) {
    const kind = child.entityType ? ` AND ${child.entityType.column}::text = '${child.entityType.value}'` : '';
    const [row] = await prisma.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM ${child.table} WHERE ${child.column} = $1${kind}`,
      id,
    );
    counts[`${child.table}.${child.column}`] = row!.count;
  }
  return counts;
}

/**
 * Every row of the world's organization in every table, without updated_at (which a writer
 * stamps), and without the log of what happened (audit entries, merges), which only grows.
 */
async function worldSnapshot(): Promise<Record<string, unknown[]>> {
  const tables = await prisma.$queryRawUnsafe<{ table: string }[]>(
    `SELECT table_name AS table FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'organization_id'
        AND table_name NOT IN ('audit_logs', 'record_merges') ORDER BY table_name`,
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { table } of tables) {
    const rows = await prisma.$queryRawUnsafe<{ row: Record<string, unknown> }[]>(
      `SELECT to_jsonb(t.*) - 'updated_at' AS row FROM "${table}" AS t WHERE organization_id = $1
        ORDER BY to_jsonb(t.*)::text`,
      world.organizationId,
    );
    snapshot[table] = rows.map((row) => row.row);
  }
  return snapshot;
}

async function auditOf(entityId: string) {
  return prisma.auditLog.findMany({ where: { entityId }, orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }] });
}

describe('the tables a merge combines', () => {
  it('are every table with a foreign key to contacts or households', async () => {
    const references = await prisma.$queryRawUnsafe<{ target: string; table: string; column: string }[]>(
      `SELECT c.confrelid::regclass::text AS target, c.conrelid::regclass::text AS table, a.attname AS column
         FROM pg_constraint AS c
         JOIN pg_attribute AS a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[array_length(c.conkey, 1)]
        WHERE c.contype = 'f' AND c.confrelid IN ('contacts'::regclass, 'households'::regclass)`,
    );
    const listed = {
      contacts: CONTACT_CHILD_TABLES.map((child) => `${child.table}.${child.column}`),
      households: HOUSEHOLD_CHILD_TABLES.map((child) => `${child.table}.${child.column}`),
    };
    const missing = references
      .map((reference) => ({
        target: reference.target as 'contacts' | 'households',
        at: `${reference.table}.${reference.column}`,
      }))
      .filter(({ target, at }) => !listed[target].includes(at));
    expect(missing).toEqual([]);
  });
});

describe('merging contacts', () => {
  it('shows both contacts side by side and what will be combined', async () => {
    const survivor = await createContact(prisma, worldOrg(), {
      firstName: 'Anna',
      lastName: 'Lima',
      emails: ['ana.lima@example.test'],
      phones: ['4165550111'],
    });
    const response = await worldApi('GET', `/api/contacts/${survivor.contactId}/merge-preview/${world.contactId}`);
    expect(response.status).toBe(200);
    expect(response.body.survivor).toEqual({ id: survivor.contactId, name: 'Anna Lima' });
    expect(response.body.merged).toEqual({ id: world.contactId, name: 'Ana Lima' });
    const firstName = response.body.fields.find((field: { field: string }) => field.field === 'firstName');
    expect(firstName).toEqual({
      field: 'firstName',
      label: 'First name',
      survivor: { value: 'Anna', display: 'Anna' },
      merged: { value: 'Ana', display: 'Ana' },
      differs: true,
    });
    const household = response.body.fields.find((field: { field: string }) => field.field === 'householdId');
    expect(household).toMatchObject({ survivor: { value: null, display: '—' }, merged: { value: world.householdId } });
    expect(household.merged.display).not.toMatch(/household-/);
    const combined = Object.fromEntries(
      response.body.combined.map((entry: { label: string; count: number; duplicates: number }) => [
        entry.label,
        [entry.count, entry.duplicates],
      ]),
    );
    // The same e-mail, in another case, is kept once.
    expect(combined).toMatchObject({ 'e-mails': [1, 1], phones: [1, 0], tags: [1, 0], notes: [1, 0] });
  });

  it('combines every record of the merged contact, keeps duplicates once and the survivor’s primaries; undo restores exactly', async () => {
    const survivor = await createContact(prisma, worldOrg(), {
      firstName: 'Anna',
      lastName: 'Lima',
      emails: ['ana.lima@example.test', 'anna@work.test'],
      phones: ['4165550111'],
    });
    const survivorId = survivor.contactId;
    // The note mentions both: the survivor's mention is kept, the merged one's removed as a duplicate.
    await prisma.noteMention.create({
      data: {
        organizationId: world.organizationId,
        id: newId(EntityType.noteMention),
        noteId: world.noteId,
        entityKind: 'CONTACT',
        entityId: survivorId,
      },
    });
    // The task mentions both as well: kept once, the survivor's.
    await prisma.taskMention.create({
      data: { organizationId: world.organizationId, taskId: world.taskId, entityId: survivorId },
    });
    const before = await worldSnapshot();
    const survivorBefore = await childCounts(CONTACT_CHILD_TABLES, survivorId);
    const mergedBefore = await childCounts(CONTACT_CHILD_TABLES, world.contactId);

    const merged = await worldApi('POST', `/api/contacts/${survivorId}/merge`, {
      mergedId: world.contactId,
      fields: { firstName: 'MERGED', householdId: 'MERGED', lastName: 'SURVIVOR' },
    });
    expect(merged.status).toBe(201);
    expect(merged.body).toMatchObject({
      kind: 'contact',
      survivor: { id: survivorId, name: 'Ana Lima' },
      merged: { id: world.contactId, name: 'Ana Lima' },
      undoneAt: null,
      fieldsTaken: ['First name', 'Household'],
    });

    // Nothing dropped: every row moved, except the e-mail and the mention both had, kept once.
    const survivorAfter = await childCounts(CONTACT_CHILD_TABLES, survivorId);
    const mergedAfter = await childCounts(CONTACT_CHILD_TABLES, world.contactId);
    for (const key of Object.keys(survivorAfter)) {
      const duplicates = ['contact_emails.contact_id', 'note_mentions.entity_id', 'task_mentions.entity_id'].includes(
        key,
      )
        ? 1
        : 0;
      expect({ key, count: survivorAfter[key] }).toEqual({
        key,
        count: survivorBefore[key]! + mergedBefore[key]! - duplicates,
      });
      expect({ key, count: mergedAfter[key] }).toEqual({ key, count: 0 });
    }
    expect(Object.keys(mergedBefore).filter((key) => mergedBefore[key] === 0)).toEqual([]);
    // A task that mentioned the merged contact names the survivor now (the drawer finds it).
    const taskMentions = await prisma.taskMention.findMany({ where: { taskId: world.taskId } });
    expect(taskMentions.map((mention) => mention.entityId)).toContain(survivorId);
    expect(taskMentions.map((mention) => mention.entityId)).not.toContain(world.contactId);
    const contact = await prisma.contact.findUniqueOrThrow({ where: { id: survivorId } });
    expect(contact).toMatchObject({ firstName: 'Ana', lastName: 'Lima', householdId: world.householdId });
    const gone = await prisma.contact.findUniqueOrThrow({ where: { id: world.contactId } });
    expect(gone.mergedIntoId).toBe(survivorId);
    expect(gone.deletedAt).not.toBeNull();

    // Exactly one primary in each list, and it is the survivor's own.
    const emails = await prisma.contactEmail.findMany({ where: { contactId: survivorId, isPrimary: true } });
    expect(emails.map((email) => email.id)).toEqual([survivor.emailIds[0]]);
    const phones = await prisma.contactPhoneNumber.findMany({ where: { contactId: survivorId } });
    expect(phones.filter((phone) => phone.isPrimary).map((phone) => phone.id)).toEqual([survivor.phoneIds[0]]);
    expect(phones.map((phone) => phone.number).sort()).toEqual(['4165550111', '4165550199']);
    // The survivor had no address: the merged contact's primary address stays primary.
    const addresses = await prisma.contactAddress.findMany({ where: { contactId: survivorId } });
    expect(addresses.map((address) => address.isPrimary)).toEqual([true]);

    // One audit entry on each record, naming the other.
    const survivorLog = (await auditOf(survivorId)).at(-1);
    expect(survivorLog).toMatchObject({
      action: 'UPDATE',
      before: { firstName: 'Anna', householdId: null, mergedFrom: null },
      after: { firstName: 'Ana', householdId: world.householdId, mergedFrom: 'Ana Lima' },
    });
    expect((await auditOf(world.contactId)).at(-1)).toMatchObject({
      action: 'SOFT_DELETE',
      after: { mergedInto: 'Ana Lima' },
    });

    // The survivor's history reads the merged contact's with its own.
    const historyIds = async () => {
      const history = await worldApi('GET', `/api/audit-logs?entityId=${survivorId}&limit=100`);
      expect(history.status).toBe(200);
      return new Set(history.body.items.map((item: { entityId: string }) => item.entityId));
    };
    expect(await historyIds()).toEqual(new Set([survivorId, world.contactId]));

    const undone = await worldApi('POST', `/api/merges/${merged.body.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.undoneAt).not.toBeNull();
    expect(await historyIds()).toEqual(new Set([survivorId]));
    expect(await worldSnapshot()).toEqual(before);
    expect((await auditOf(world.contactId)).at(-1)).toMatchObject({ action: 'RESTORE' });

    const again = await worldApi('POST', `/api/merges/${merged.body.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'This merge was already undone' });
  });

  it('refuses to undo a merge whose merged contact was restored since, saying why', async () => {
    const survivor = await createContact(prisma, worldOrg(), { firstName: 'Ann', lastName: 'Lima' });
    const duplicate = await createContact(prisma, worldOrg(), { firstName: 'Ann', lastName: 'Lyma' });
    const merged = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, {
      mergedId: duplicate.contactId,
    });
    expect(merged.status).toBe(201);
    await prisma.contact.update({ where: { id: duplicate.contactId }, data: { deletedAt: null, mergedIntoId: null } });
    const undo = await worldApi('POST', `/api/merges/${merged.body.id}/undo`);
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe('Ann Lyma has been restored since the merge, so the merge can no longer be undone');
  });

  it('undoes merges into one contact last first', async () => {
    const survivor = await createContact(prisma, worldOrg(), { firstName: 'Lea', lastName: 'Lima' });
    const first = await createContact(prisma, worldOrg(), { firstName: 'Leah', lastName: 'Lima' });
    const second = await createContact(prisma, worldOrg(), { firstName: 'Lee', lastName: 'Lima' });
    const one = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, { mergedId: first.contactId });
    const two = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, { mergedId: second.contactId });
    expect([one.status, two.status]).toEqual([201, 201]);
    const early = await worldApi('POST', `/api/merges/${one.body.id}/undo`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Lee Lima has since been merged into Lea Lima; undo that merge first');
    expect((await worldApi('POST', `/api/merges/${two.body.id}/undo`)).status).toBe(200);
    expect((await worldApi('POST', `/api/merges/${one.body.id}/undo`)).status).toBe(200);
  });

  it('refuses a contact merged with itself, a deleted contact and unknown fields, changing nothing', async () => {
    const survivor = await createContact(prisma, worldOrg(), { firstName: 'Solo', lastName: 'Lima' });
    const self = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, { mergedId: survivor.contactId });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A record cannot be merged with itself');

    const deleted = await createContact(prisma, worldOrg(), { firstName: 'Gone', lastName: 'Lima' });
    await prisma.contact.update({ where: { id: deleted.contactId }, data: { deletedAt: new Date() } });
    const fromDeleted = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, {
      mergedId: deleted.contactId,
    });
    expect(fromDeleted.status).toBe(409);
    expect(fromDeleted.body.message).toBe('Gone Lima is deleted; restore it before merging');
    const intoDeleted = await worldApi('GET', `/api/contacts/${deleted.contactId}/merge-preview/${survivor.contactId}`);
    expect(intoDeleted.status).toBe(409);

    const badField = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, {
      mergedId: world.contactId,
      fields: { organizationId: 'MERGED' },
    });
    expect(badField.status).toBe(400);
    const badSide = await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, {
      mergedId: world.contactId,
      fields: { firstName: 'BOTH' },
    });
    expect(badSide.status).toBe(400);
    expect(await prisma.recordMerge.count({ where: { survivorId: survivor.contactId } })).toBe(0);
    expect((await prisma.contact.findUniqueOrThrow({ where: { id: world.contactId } })).deletedAt).toBeNull();
  });

  it('answers 404 for another organization’s contact, either side, and for another organization’s merge', async () => {
    const survivor = await createContact(prisma, worldOrg(), { firstName: 'Home', lastName: 'Lima' });
    expectNotFound(
      await worldApi('POST', `/api/contacts/${survivor.contactId}/merge`, { mergedId: foreign.contactId }),
      'Contact',
    );
    expectNotFound(
      await worldApi('POST', `/api/contacts/${foreign.contactId}/merge`, { mergedId: survivor.contactId }),
      'Contact',
    );
    expectNotFound(
      await worldApi('GET', `/api/contacts/${survivor.contactId}/merge-preview/${foreign.contactId}`),
      'Contact',
    );
    expectNotFound(
      await worldApi('GET', `/api/contacts/${foreign.contactId}/merge-preview/${survivor.contactId}`),
      'Contact',
    );
    const southApi = apiClient(api.baseUrl, await login(api.baseUrl, south.email, south.password));
    const other = await createContact(prisma, south, { firstName: 'Other', lastName: 'Lima' });
    const southMerge = await southApi('POST', `/api/contacts/${foreign.contactId}/merge`, {
      mergedId: other.contactId,
    });
    expect(southMerge.status).toBe(201);
    expectNotFound(await worldApi('POST', `/api/merges/${southMerge.body.id}/undo`), 'Merge');
    expectNotFound(await worldApi('GET', `/api/merges/${southMerge.body.id}`), 'Merge');
    expectNotFound(await worldApi('POST', `/api/merges/${newId(EntityType.recordMerge)}/undo`), 'Merge');
    expect((await prisma.recordMerge.findUniqueOrThrow({ where: { id: southMerge.body.id } })).undoneAt).toBeNull();
  });
});

describe('merging households', () => {
  it('moves every member and record of the merged household; undo restores exactly', async () => {
    const survivorId = await createHousehold(prisma, worldOrg(), { name: 'Lima family' });
    await createPerson(prisma, worldOrg(), { householdId: survivorId, firstName: 'Rui', lastName: 'Lima' });
    const before = await worldSnapshot();
    const survivorBefore = await childCounts(HOUSEHOLD_CHILD_TABLES, survivorId);
    const mergedBefore = await childCounts(HOUSEHOLD_CHILD_TABLES, world.householdId);

    const preview = await worldApi('GET', `/api/households/${survivorId}/merge-preview/${world.householdId}`);
    expect(preview.status).toBe(200);
    expect(preview.body.combined).toContainEqual({ key: 'members', label: 'members', count: 1, duplicates: 0 });

    const merged = await worldApi('POST', `/api/households/${survivorId}/merge`, {
      mergedId: world.householdId,
      fields: { primaryAdvisorId: 'MERGED' },
    });
    expect(merged.status).toBe(201);
    expect(merged.body.fieldsTaken).toEqual(['Primary advisor']);
    const survivorAfter = await childCounts(HOUSEHOLD_CHILD_TABLES, survivorId);
    const mergedAfter = await childCounts(HOUSEHOLD_CHILD_TABLES, world.householdId);
    // The model world's household has a row in nearly every table (these four hang off other records there).
    expect(Object.keys(mergedBefore).filter((key) => mergedBefore[key] === 0)).toEqual([
      'connections.owner_household_id',
      'invitations.household_id',
      'prospects.household_id',
      'opportunities.household_id',
    ]);
    for (const key of Object.keys(survivorAfter)) {
      expect({ key, count: survivorAfter[key] }).toEqual({ key, count: survivorBefore[key]! + mergedBefore[key]! });
      expect({ key, count: mergedAfter[key] }).toEqual({ key, count: 0 });
    }
    expect((await prisma.household.findUniqueOrThrow({ where: { id: world.householdId } })).mergedIntoId).toBe(
      survivorId,
    );

    const undone = await worldApi('POST', `/api/merges/${merged.body.id}/undo`);
    expect(undone.status).toBe(200);
    expect(await worldSnapshot()).toEqual(before);
  });

  it('answers 404 for another organization’s household and refuses a household merged with itself', async () => {
    const survivorId = await createHousehold(prisma, worldOrg(), { name: 'Alone' });
    expectNotFound(
      await worldApi('POST', `/api/households/${survivorId}/merge`, { mergedId: foreign.householdId }),
      'Household',
    );
    expectNotFound(
      await worldApi('POST', `/api/households/${foreign.householdId}/merge`, { mergedId: survivorId }),
      'Household',
    );
    expectNotFound(
      await worldApi('GET', `/api/households/${survivorId}/merge-preview/${foreign.householdId}`),
      'Household',
    );
    const self = await worldApi('POST', `/api/households/${survivorId}/merge`, { mergedId: survivorId });
    expect(self.status).toBe(400);
  });
});
