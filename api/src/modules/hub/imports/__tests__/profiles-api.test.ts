// Issue #8's "done when", for every built-in profile whose kind can be written: its sample export
// imports (every row a CREATE or a documented INVALID), the same file again changes nothing, and
// the edited copy updates only the edited rows, each in exactly the edited fields, and rolling both
// back leaves the organization as it was. Each profile
// runs in an organization of its own, so what one writes cannot hide what another changes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import { IMPORT_PROFILES, type AnyImportProfile } from '@meridian/domain';
import { login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization } from '#test/support/factories.js';
import { IMPORT_SNAPSHOTS } from '#test/support/import-snapshots.js';
import { importWriterFor } from '../writers/registry.js';
import { importApi, type ImportRow } from './import-api.js';
import { mondayBoard } from '../../../../../../connectors/src/files/__fixtures__/monday-board.js';
import { IMPORT_FIXTURES } from '#test/support/fixtures.js';

const FIXTURES = IMPORT_FIXTURES;

/**
 * What each sample's edited copy changes, as the import sees it: source id -> the record fields
 * edited. Edits in columns the profile does not read (Pipedrive's open deals, Westmount's phone, a
 * modified date) leave their rows UNCHANGED, so they are not listed. Account numbers are the
 * normalized ones (separators dropped).
 */
const EDITED: Record<string, Record<string, string[]>> = {
  'approach-advisory-contacts': { 'AA-2': ['phones'] },
  'cedar-point-contacts': { 'CP-2': ['phones'] },
  'cloven-contacts': { 'CL-2': ['phones'] },
  'equisoft-contacts': { 'EQ-301': ['employment'] },
  'hubspot-contacts': { '3152079000000154': ['phones'] },
  'manual-load-contacts': { 'ML-1': ['addresses'] },
  'modern-cents-contacts': { 'MC-2': ['phones'] },
  'pipedrive-people': { '102': ['emails'] },
  'playbook-contacts': { 'PB-2': ['phones'] },
  // The assignee, kept on the note, is edited too.
  'wealthbox-contacts': { 'W-2002': ['phones', 'note'] },
  'westmount-clients': { 'WC-2': ['email'] },
  'zoho-contacts': { '4876876000000111': ['employment'] },
  'equisoft-accounts': { EQ1002: ['marketValue'], EQ1003: ['institution'] },
  'ifast-accounts': { IF1002: ['marketValue'], IF1003: ['institution'] },
  'ndex-accounts': { NX1002: ['marketValue'], NX1003: ['institution'] },
  'odyssey-accounts': { OD4401: ['marketValue'], OD4403: ['institution'] },
  'rittinger-accounts': { RT1002: ['marketValue'], RT1003: ['institution'] },
  'westmount-accounts': { WM7002: ['marketValue'] },
  'pipedrive-notes': { '9002': ['body'] },
  'pipedrive-activities': { '5001': ['dueDate'] },
  'monday-tasks': { '4876876000000111': ['status'] },
  'monday-contacts': { '5000000002': ['type'] },
  'salesforce-contacts': { '0035e00000AbCd2AAB': ['employment'] },
  'salesforce-person-accounts': { '0015e00000PaAc2AAB': ['phones'] },
  'redtail-contacts': { '1003': ['phones'] },
  'spreadsheet-contacts': { 'S-2': ['employment'] },
};

/**
 * What an edited copy rightly adds besides its updates: a custodian the sample did not name is a
 * new institution (marked as the import's by an external link, so a rollback can remove it).
 */
const NEW_CUSTODIAN = { institutions: 1, externalLinks: 1 };
const EDIT_CREATES: Record<string, Record<string, number>> = {
  'equisoft-accounts': NEW_CUSTODIAN,
  'ifast-accounts': NEW_CUSTODIAN,
  'ndex-accounts': NEW_CUSTODIAN,
  'odyssey-accounts': NEW_CUSTODIAN,
  'rittinger-accounts': NEW_CUSTODIAN,
};

/** Sample rows a profile refuses on purpose (row number -> why), to show the report's messages. */
const DOCUMENTED_INVALID: Record<string, Record<number, string>> = {};

/** Profiles whose sample refers to another profile's records: those are imported first. */
const IMPORTED_FIRST: Record<string, string[]> = {
  'pipedrive-notes': ['pipedrive-people'],
  'pipedrive-activities': ['pipedrive-people'],
  'westmount-accounts': ['westmount-clients'],
};

/** A profile's sample export (or its edited copy): a CSV fixture, or monday.com's Excel board. */
async function sampleOf(profile: AnyImportProfile, edited = false): Promise<{ fileName: string; body: Buffer }> {
  if (profile.id === 'monday-tasks' || profile.id === 'monday-contacts')
    return {
      fileName: `${profile.id}.xlsx`,
      body: await mondayBoard(profile.id === 'monday-tasks' ? 'tasks' : 'contacts', edited),
    };
  return {
    fileName: `${profile.id}.csv`,
    body: await readFile(join(FIXTURES, `${profile.id}${edited ? '.edited' : ''}.csv`)),
  };
}

let api: TestApi;
let prisma: PrismaClient;
const flow = importApi(() => api.baseUrl);

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld();
  ({ api, prisma } = world);
}, 120_000);
afterAll(() => world?.close());

/** Row counts of the tables imports write, for one organization: nothing may appear or vanish unseen. */
async function tableCounts(organizationId: string): Promise<Record<string, number>> {
  const where = { where: { organizationId } };
  return {
    contacts: await prisma.contact.count(where),
    persons: await prisma.person.count(where),
    households: await prisma.household.count(where),
    families: await prisma.family.count(where),
    familyMembers: await prisma.familyMember.count(where),
    tags: await prisma.tag.count(where),
    contactTags: await prisma.contactTag.count(where),
    notes: await prisma.note.count(where),
    tasks: await prisma.task.count(where),
    financialRecords: await prisma.financialRecord.count(where),
    financialRecordOwners: await prisma.financialRecordOwner.count(where),
    institutions: await prisma.institution.count(where),
    externalLinks: await prisma.externalLink.count(where),
  };
}

async function snapshots(organizationId: string, kind: string, entityIds: string[]) {
  const snapshot = IMPORT_SNAPSHOTS[kind as keyof typeof IMPORT_SNAPSHOTS];
  if (!snapshot) throw new Error(`No snapshot for kind ${kind}: add it to test/support/import-snapshots*.ts`);
  const entries = await Promise.all(
    entityIds.map(async (id) => [id, await snapshot(prisma, organizationId, id)] as const),
  );
  return new Map(entries);
}

const changedKeys = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();

describe('every built-in profile: import, re-import changes nothing, an edited copy changes only its edits', () => {
  it.each(IMPORT_PROFILES.map((profile) => [profile.id, profile] as const))('%s', async (_, profile) => {
    const edits = EDITED[profile.id];
    if (!edits) throw new Error(`List what ${profile.id}.edited.csv edits in EDITED`);
    const invalid = DOCUMENTED_INVALID[profile.id] ?? {};
    const organization = await createOrganization(prisma, { name: `Profile ${profile.id}`, role: 'ADMIN' });
    const token = await login(api.baseUrl, organization.email, organization.password);
    const options = { source: profile.source, profileId: profile.id };
    for (const first of IMPORTED_FIRST[profile.id] ?? []) {
      const other = IMPORT_PROFILES.find((candidate) => candidate.id === first)!;
      const { fileName, body } = await sampleOf(other);
      await flow.importFile(token, fileName, body, { source: other.source, profileId: other.id });
    }
    const sample = await sampleOf(profile);
    const countsAtStart = await tableCounts(organization.organizationId);

    // 1. The sample: every row is created, or refused for a documented reason.
    const first = await flow.importFile(token, sample.fileName, sample.body, options);
    const refused = first.rows.filter((row) => row.action === 'INVALID');
    expect(
      refused.map((row) => [row.rowNumber, row.errors.map((error) => error.message)]),
      'INVALID rows must be documented',
    ).toEqual(
      Object.keys(invalid).map((rowNumber) => [
        Number(rowNumber),
        expect.arrayContaining([invalid[Number(rowNumber)]]),
      ]),
    );
    const created = first.rows.filter((row) => row.action === 'CREATE');
    expect(created.length + refused.length).toBe(first.rows.length);
    expect(created.length).toBeGreaterThan(0);
    expect(first.batch.counts).toEqual({
      create: created.length,
      update: 0,
      unchanged: 0,
      invalid: refused.length,
      review: 0,
    });
    const entityIds = created.map((row) => row.entityId!);
    expect(entityIds.every(Boolean)).toBe(true);
    const entityOf = new Map(created.map((row) => [row.sourceId, row.entityId!]));

    // 2. The same file again: all unchanged, and nothing in the database moves.
    const countsBefore = await tableCounts(organization.organizationId);
    const before = await snapshots(organization.organizationId, profile.kind, entityIds);
    const again = await flow.importFile(token, sample.fileName, sample.body, options);
    expect(again.dryRun.counts).toEqual({
      create: 0,
      update: 0,
      unchanged: created.length,
      invalid: refused.length,
      review: 0,
    });
    expect(await snapshots(organization.organizationId, profile.kind, entityIds)).toEqual(before);
    expect(await tableCounts(organization.organizationId)).toEqual(countsBefore);

    // 3. The edited copy: only the edited rows update, each in exactly the edited fields.
    const editedSample = await sampleOf(profile, true);
    const edited = await flow.prepare(token, editedSample.fileName, editedSample.body, options);
    const updates = edited.rows.filter((row) => row.action === 'UPDATE');
    const described = (rows: ImportRow[]) =>
      Object.fromEntries(rows.map((row) => [row.sourceId, row.changes.map((change) => change.field).sort()]));
    expect(described(updates)).toEqual(
      Object.fromEntries(Object.entries(edits).map(([sourceId, fields]) => [sourceId, [...fields].sort()])),
    );
    expect(edited.batch.counts).toEqual({
      create: 0,
      update: updates.length,
      unchanged: created.length - updates.length,
      invalid: refused.length,
      review: 0,
    });
    await flow.commit(token, edited.batch.id);
    const after = await snapshots(organization.organizationId, profile.kind, entityIds);
    for (const [sourceId, entityId] of entityOf) {
      const expected = [...(edits[sourceId!] ?? [])].sort();
      expect(changedKeys(before.get(entityId)!, after.get(entityId)!), `fields changed on ${sourceId}`).toEqual(
        expected,
      );
    }
    const added = EDIT_CREATES[profile.id] ?? {};
    expect(await tableCounts(organization.organizationId)).toEqual(
      Object.fromEntries(Object.entries(countsBefore).map(([table, count]) => [table, count + (added[table] ?? 0)])),
    );

    // 4. Rolling the edit back restores the records as the sample left them; rolling the sample
    // back leaves the organization as it was before the sample (prerequisites aside).
    const undoEdit = await flow.rollback(token, edited.batch.id);
    expect(undoEdit.status, JSON.stringify(undoEdit.body)).toBe(200);
    expect(await snapshots(organization.organizationId, profile.kind, entityIds)).toEqual(before);
    expect(await tableCounts(organization.organizationId)).toEqual(countsBefore);
    const undoSample = await flow.rollback(token, first.batch.id);
    expect(undoSample.status, JSON.stringify(undoSample.body)).toBe(200);
    expect(await tableCounts(organization.organizationId)).toEqual(countsAtStart);
  });

  it('covers every built-in profile: each kind has a writer', () => {
    expect(IMPORT_PROFILES.filter((profile) => importWriterFor(profile.kind) === undefined)).toEqual([]);
  });
});
