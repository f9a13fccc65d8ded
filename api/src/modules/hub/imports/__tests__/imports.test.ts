import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import { ContactMessage, EntityType, newId, PersonNameMessage, type ImportBatchView } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { waitFor } from '#test/support/wait.js';
import { IMPORT_FIXTURES } from '#test/support/fixtures.js';

const FIXTURES = IMPORT_FIXTURES;
const MAX_BYTES = 4096;

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;
let southToken: string;

interface Upload {
  batch: ImportBatchView;
  mapping: { profileId: string | null; mapping: Record<string, string>; unmappedHeaders: string[] };
}

async function upload(token: string, fileName: string, body: Buffer | string, query = '') {
  const response = await fetch(`${api.baseUrl}/api/imports?fileName=${encodeURIComponent(fileName)}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as Upload & { code?: string; details?: { path: string; message: string }[] },
  };
}

async function batchOf(id: string, token = northToken) {
  const response = await call<ImportBatchView>(api.baseUrl, 'GET', `/api/imports/${id}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

async function dryRun(id: string): Promise<ImportBatchView> {
  const queued = await call<ImportBatchView>(api.baseUrl, 'POST', `/api/imports/${id}/dry-run`, { token: northToken });
  expect(queued.status).toBe(202);
  return waitFor('the dry run', async () => {
    const batch = await batchOf(id);
    return batch.stage === 'DRY_RUN_DONE' ? batch : undefined;
  });
}

async function commit(id: string): Promise<ImportBatchView> {
  const queued = await call<ImportBatchView>(api.baseUrl, 'POST', `/api/imports/${id}/commit`, { token: northToken });
  expect(queued.status).toBe(202);
  return waitFor('the commit', async () => {
    const batch = await batchOf(id);
    return batch.status !== 'PENDING' ? batch : undefined;
  });
}

async function importFile(fileName: string): Promise<ImportBatchView> {
  const uploaded = await upload(northToken, fileName.replace('.edited', ''), await readFile(join(FIXTURES, fileName)));
  expect(uploaded.status).toBe(201);
  await dryRun(uploaded.body.batch.id);
  return commit(uploaded.body.batch.id);
}

function northContacts() {
  return prisma.contact.findMany({
    where: { organizationId: north.organizationId },
    include: { phoneNumbers: true, emails: true, addresses: true },
    orderBy: { lastName: 'asc' },
  });
}

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld(() => ({ IMPORT_MAX_BYTES: String(MAX_BYTES) }));
  ({ api, prisma } = world);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  northToken = await login(api.baseUrl, north.email, north.password);
  southToken = await login(api.baseUrl, south.email, south.password);
});
afterAll(() => world?.close());

// Bad input (encoding, ragged rows, headers, empty, size, zip bombs, duplicate ids): bad-input.test.ts.

describe('imports: HubSpot contacts', () => {
  let first: ImportBatchView;

  it('detects the file and suggests the HubSpot profile', async () => {
    const uploaded = await upload(
      northToken,
      'hubspot-contacts.csv',
      await readFile(join(FIXTURES, 'hubspot-contacts.csv')),
    );
    expect(uploaded.status).toBe(201);
    const { batch, mapping } = uploaded.body;
    expect(batch).toMatchObject({ source: 'SALES_CRM', format: 'csv', delimiter: ',', rowCount: 3, stage: 'UPLOADED' });
    expect(batch.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(mapping.profileId).toBe('hubspot-contacts');
    expect(mapping.mapping['Record ID']).toBe('sourceId');
    expect(mapping.unmappedHeaders).toContain('Contact owner');

    const dry = await dryRun(batch.id);
    expect(dry.counts).toEqual({ create: 3, update: 0, unchanged: 0, invalid: 0, review: 0 });
    expect(dry.progress.rowsDone).toBe(3);
    expect(await prisma.contact.count()).toBe(0);

    const rows = await call<{ items: { action: string }[]; total: number }>(
      api.baseUrl,
      'GET',
      `/api/imports/${batch.id}/rows?limit=2`,
      { token: northToken },
    );
    expect(rows.body.total).toBe(3);
    expect(rows.body.items.map((row) => row.action)).toEqual(['CREATE', 'CREATE']);

    first = await commit(batch.id);
    expect(first.status).toBe('APPLIED');
    const contacts = await northContacts();
    expect(contacts.map((contact) => `${contact.firstName} ${contact.lastName}`)).toEqual([
      'Olivia Martin',
      'Emma Roy',
      'Noah Wilson',
    ]);
    const run = await prisma.syncRun.findUniqueOrThrow({
      where: { id: first.syncRunId! },
      include: { connection: true },
    });
    expect(run).toMatchObject({ status: 'SUCCEEDED', createdCount: 3, trigger: 'MANUAL' });
    expect(run.connection.source).toBe('SALES_CRM');
    expect(await prisma.externalLink.count({ where: { importBatchId: batch.id, source: 'SALES_CRM' } })).toBe(3);
  });

  it('re-importing the same file changes nothing', async () => {
    const before = await northContacts();
    const again = await importFile('hubspot-contacts.csv');
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, invalid: 0, review: 0 });
    expect(await northContacts()).toEqual(before);
  });

  let edited: ImportBatchView;
  it('an edited copy updates only the edited fields', async () => {
    const before = await northContacts();
    edited = await importFile('hubspot-contacts.edited.csv');
    expect(edited.counts).toMatchObject({ create: 0, update: 1, unchanged: 2 });
    const rows = await call<{ items: { sourceId: string; changes: { field: string }[] }[] }>(
      api.baseUrl,
      'GET',
      `/api/imports/${edited.id}/rows?action=UPDATE`,
      { token: northToken },
    );
    expect(rows.body.items).toHaveLength(1);
    expect(rows.body.items[0]!.sourceId).toBe('3152079000000154');
    expect(rows.body.items[0]!.changes.map((change) => change.field)).toContain('phones');
    expect(rows.body.items[0]!.changes.map((change) => change.field)).not.toContain('firstName');

    const after = await northContacts();
    const noah = after.find((contact) => contact.firstName === 'Noah')!;
    expect(noah.phoneNumbers.map((phone) => phone.number).sort()).toEqual(['2065550111', '2065550113']);
    // The others are untouched, to the update time.
    expect(after.filter((contact) => contact.firstName !== 'Noah')).toEqual(
      before.filter((contact) => contact.firstName !== 'Noah'),
    );

    const report = await fetch(`${api.baseUrl}/api/imports/${edited.id}/report.csv`, {
      headers: { authorization: `Bearer ${northToken}` },
    });
    expect(report.headers.get('content-type')).toContain('text/csv');
    const lines = (await report.text()).trim().split('\r\n');
    expect(lines[0]).toBe('row,action,source_id,entity_id,errors,changes,warnings');
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.includes('UPDATE') && line.includes('phones'))).toBe(true);
  });

  it('another organization sees none of it (404 on every route)', async () => {
    const id = edited.id;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/imports/${id}`],
      ['GET', `/api/imports/${id}/mapping`],
      ['PUT', `/api/imports/${id}/mapping`, { profileId: 'hubspot-contacts' }],
      ['POST', `/api/imports/${id}/dry-run`],
      ['GET', `/api/imports/${id}/rows`],
      ['GET', `/api/imports/${id}/report.csv`],
      ['POST', `/api/imports/${id}/commit`],
      ['POST', `/api/imports/${id}/rollback`],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(api.baseUrl, method, path, { token: southToken, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const list = await call<ImportBatchView[]>(api.baseUrl, 'GET', '/api/imports', { token: southToken });
    expect(list.body).toEqual([]);
  });

  it('rolls back: updated fields restored, then created contacts removed', async () => {
    const rolledBack = await call<ImportBatchView>(api.baseUrl, 'POST', `/api/imports/${edited.id}/rollback`, {
      token: northToken,
    });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.status).toBe('ROLLED_BACK');
    const noah = (await northContacts()).find((contact) => contact.firstName === 'Noah')!;
    expect(noah.phoneNumbers.map((phone) => phone.number).sort()).toEqual(['2065550111', '2065550112']);

    // After the rollback the original file is unchanged again.
    const again = await importFile('hubspot-contacts.csv');
    expect(again.counts).toMatchObject({ unchanged: 3, update: 0, create: 0 });

    const twice = await call(api.baseUrl, 'POST', `/api/imports/${edited.id}/rollback`, { token: northToken });
    expect(twice.status).toBe(409);

    const undone = await call<ImportBatchView>(api.baseUrl, 'POST', `/api/imports/${first.id}/rollback`, {
      token: northToken,
    });
    expect(undone.body.status).toBe('ROLLED_BACK');
    expect(await prisma.contact.count({ where: { organizationId: north.organizationId } })).toBe(0);
    expect(await prisma.externalLink.count({ where: { organizationId: north.organizationId } })).toBe(0);
  });
});

describe('imports: Pipedrive people', () => {
  it('imports, then a second import of the same file is all unchanged, and an edited copy only updates', async () => {
    const first = await importFile('pipedrive-people.csv');
    expect(first.status).toBe('APPLIED');
    expect(first.source).toBe('PIPEDRIVE');
    expect(first.counts.create).toBeGreaterThan(0);
    const created = first.counts.create;
    const second = await importFile('pipedrive-people.csv');
    expect(second.counts).toMatchObject({ create: 0, update: 0, unchanged: created });
    const edited = await importFile('pipedrive-people.edited.csv');
    expect(edited.counts.create).toBe(0);
    expect(edited.counts.update).toBeGreaterThan(0);
    expect(edited.counts.update + edited.counts.unchanged).toBe(created);
  });
});

describe('imports: mapping', () => {
  it('a generic file gets no profile until its columns are mapped', async () => {
    const uploaded = await upload(northToken, 'people.csv', 'Ident,Given,Family,Mail\nA1,Ann,Roy,ann@example.com\n');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.batch.id;
    expect(uploaded.body.mapping.profileId).toBeNull();
    const early = await call(api.baseUrl, 'POST', `/api/imports/${id}/dry-run`, { token: northToken });
    expect(early.status).toBe(400);

    const unknown = await call(api.baseUrl, 'PUT', `/api/imports/${id}/mapping`, {
      token: northToken,
      body: { mapping: { Nope: 'firstName' }, sourceIdHeader: null },
    });
    expect(unknown.status).toBe(400);

    const mapped = await call<{ mapping: Record<string, string> }>(api.baseUrl, 'PUT', `/api/imports/${id}/mapping`, {
      token: northToken,
      body: {
        mapping: { Ident: 'sourceId', Given: 'firstName', Family: 'lastName', Mail: 'email' },
        sourceIdHeader: 'Ident',
      },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.mapping).toMatchObject({ Given: 'firstName', Mail: 'email' });
    const dry = await dryRun(id);
    expect(dry.counts).toMatchObject({ create: 1, invalid: 0 });
  });

  it('rows without a source id that look like an existing contact go to the review queue', async () => {
    const contactId = newId(EntityType.contact);
    await prisma.contact.create({
      data: {
        id: contactId,
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
        contactId,
        email: 'zed@example.com',
      },
    });
    const uploaded = await upload(
      northToken,
      'people.csv',
      'Given,Family,Mail\nZed,Other,ZED@example.com\nZED,stone,\nAmy,Lake,amy@example.com\n',
    );
    const id = uploaded.body.batch.id;
    const mapped = await call(api.baseUrl, 'PUT', `/api/imports/${id}/mapping`, {
      token: northToken,
      body: { mapping: { Given: 'firstName', Family: 'lastName', Mail: 'email' }, sourceIdHeader: null },
    });
    expect(mapped.status).toBe(200);
    const dry = await dryRun(id);
    expect(dry.counts).toMatchObject({ create: 1, review: 2 });
    const reviews = await prisma.importReviewItem.findMany({
      where: { importBatchId: id },
      orderBy: { rowNumber: 'asc' },
    });
    expect(reviews.map((review) => [review.rowNumber, review.matchedOn, review.candidateContactId])).toEqual([
      [2, 'EMAIL', contactId],
      [3, 'NAME', contactId],
    ]);
  });

  it('a saved custom profile maps a batch; another organization cannot use or see it', async () => {
    const saved = await call<{ id: string }>(api.baseUrl, 'POST', '/api/import-profiles', {
      token: northToken,
      body: {
        name: 'Old CRM',
        kind: 'contacts',
        mapping: { Ident: 'sourceId', Given: 'firstName', Family: 'lastName' },
        sourceIdHeader: 'Ident',
      },
    });
    expect(saved.status).toBe(201);
    const file = 'Ident,Given,Family\nB1,Bea,Hart\nB2,Cy,Moss\n';
    const uploaded = await upload(northToken, 'old.csv', file);
    const mapped = await call<{ customProfileId: string; mapping: Record<string, string> }>(
      api.baseUrl,
      'PUT',
      `/api/imports/${uploaded.body.batch.id}/mapping`,
      { token: northToken, body: { customProfileId: saved.body.id } },
    );
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ customProfileId: saved.body.id, mapping: { Given: 'firstName' } });
    const dry = await dryRun(uploaded.body.batch.id);
    expect(dry.counts).toMatchObject({ create: 2, invalid: 0 });

    const theirs = await upload(southToken, 'old.csv', file);
    const refused = await call(api.baseUrl, 'PUT', `/api/imports/${theirs.body.batch.id}/mapping`, {
      token: southToken,
      body: { customProfileId: saved.body.id },
    });
    expect(refused.status).toBe(404);
    const list = await call<unknown[]>(api.baseUrl, 'GET', '/api/import-profiles', { token: southToken });
    expect(list.body).toEqual([]);
  });

  it("invalid rows are reported with the forms' messages, in the rows and the CSV report", async () => {
    const uploaded = await upload(
      northToken,
      'hubspot.csv',
      'Record ID,First Name,Last Name,Email\nX1,Ann,Roy,not-an-email\nX2,,Lee,\nX3,Bo,Ek,bo@example.com\n',
    );
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.batch.id;
    const dry = await dryRun(id);
    // A row missing only a name is not refused: it waits in the review queue, where it can be completed.
    expect(dry.counts).toMatchObject({ create: 1, invalid: 1, review: 1 });
    const rowsOf = (action: string) =>
      call<{ items: { rowNumber: number; errors: { field: string; message: string }[] }[] }>(
        api.baseUrl,
        'GET',
        `/api/imports/${id}/rows?action=${action}`,
        { token: northToken },
      );
    const messages = (items: { rowNumber: number; errors: { message: string }[] }[]) =>
      items.map((row) => [row.rowNumber, row.errors.map((error) => error.message)]);
    expect(messages((await rowsOf('INVALID')).body.items)).toEqual([[2, [ContactMessage.emailInvalid]]]);
    expect(messages((await rowsOf('REVIEW')).body.items)).toEqual([[3, [PersonNameMessage.firstRequired]]]);
    const report = await fetch(`${api.baseUrl}/api/imports/${id}/report.csv`, {
      headers: { authorization: `Bearer ${northToken}` },
    });
    expect(await report.text()).toContain(PersonNameMessage.firstRequired);
  });
});
