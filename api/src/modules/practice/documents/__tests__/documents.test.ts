import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentFileMessage,
  DocumentMessage,
  EntityType,
  INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE,
  newId,
  type DocumentDownload,
  type DocumentResponse,
  type ListPage,
  type UploadTicket,
} from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { createHousehold } from '#test/support/crm-factories.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

/** The file store's limit in this test, lower than a document's, so it is the one that applies. */
const MAX_BYTES = 2048;

let world: TwoFirms;
let storageDir: string;
let adminToken: string;
let advisorToken: string;
let southToken: string;
let colleague: { userId: string; token: string };
let householdId: string;
let teamBHouseholdId: string;

const callAs =
  (token: string) =>
  <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(world.api.baseUrl, method, path, { token, body });

function requestUpload(token: string, fileName: string, extra: Record<string, unknown> = {}) {
  return call<UploadTicket>(world.api.baseUrl, 'POST', '/api/upload/request', {
    token,
    body: { fileName, purpose: 'DOCUMENT', ...extra },
  });
}

function put(url: string, body: string, contentType: string) {
  return fetch(`${world.api.baseUrl}${url}`, { method: 'PUT', headers: { 'content-type': contentType }, body });
}

/** A document's file uploaded by `token`'s firm; its path. */
async function uploadDocument(token: string, fileName = 'statement.pdf', content = '%PDF-1.4 statement') {
  const ticket = await requestUpload(token, fileName);
  expect(ticket.status).toBe(200);
  expect((await put(ticket.body.uploadUrl, content, ticket.body.contentType)).status).toBe(201);
  return ticket.body.filePath;
}

async function filesOnDisk(): Promise<string[]> {
  return (await readdir(storageDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'meridian-documents-'));
  world = await startWithTwoFirms({ environment: { FILE_STORAGE_DIR: storageDir, FILE_MAX_BYTES: String(MAX_BYTES) } });
  const [north, south] = world.firms;
  adminToken = north.token;
  southToken = south.token;
  const advisor = await addUser(world.prisma, north, 'ADVISOR');
  advisorToken = await login(world.api.baseUrl, advisor.email, advisor.password);
  const mate = await addUser(world.prisma, north, 'ADVISOR');
  colleague = { userId: mate.userId, token: await login(world.api.baseUrl, mate.email, mate.password) };
  householdId = await createHousehold(world.prisma, north, { name: 'Tremblay household' });
  const teamBId = newId(EntityType.team);
  await world.prisma.team.create({ data: { id: teamBId, organizationId: north.organizationId, name: 'Desk B' } });
  teamBHouseholdId = await createHousehold(world.prisma, north, { name: 'Desk B household', teamId: teamBId });
});
afterAll(async () => {
  await world?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('documents', () => {
  it('keeps an uploaded file as a household’s document, lists it, downloads it, tells the mentioned; deleted, it cannot be downloaded', async () => {
    const advisor = callAs(advisorToken);
    const filePath = await uploadDocument(advisorToken, 'KYC form.pdf', '%PDF-1.4 kyc');
    expect(filePath).toMatch(new RegExp(`^files/${world.firms[0].organizationId}/documents/[^/]+/KYC-form\\.pdf$`));
    const created = await advisor<DocumentResponse>('POST', '/api/documents/create', {
      filePath,
      ownerId: householdId,
      originalFileName: 'KYC form 2026.pdf',
      shouldRename: true,
      mentions: [{ entityType: 'user', entityId: colleague.userId }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      originalFileName: 'KYC form 2026.pdf',
      filePath,
      fileType: 'application/pdf',
      fileSize: '%PDF-1.4 kyc'.length,
      owner: { kind: 'HOUSEHOLD', id: householdId, name: 'Tremblay household' },
      mentions: [{ entityType: 'user', entityId: colleague.userId, name: 'Factory ADVISOR' }],
    });
    const documentId = created.body.id;

    // Not renamed: listed under the uploaded file's name.
    const plain = await advisor<DocumentResponse>('POST', '/api/documents/create', {
      filePath: await uploadDocument(advisorToken, 'notes.txt', 'plain'),
      ownerId: householdId,
      originalFileName: 'Something else.txt',
      shouldRename: false,
    });
    expect(plain.body.originalFileName).toBe('notes.txt');

    const listed = await advisor<DocumentResponse[]>('GET', `/api/documents/by-owner/${householdId}`);
    expect(listed.body.map((document) => document.id)).toEqual([plain.body.id, documentId]);

    const download = await advisor<DocumentDownload>('GET', `/api/documents/request-download/${documentId}`);
    expect(download.status).toBe(200);
    expect(download.body.fileName).toBe('KYC form 2026.pdf');
    expect(new Date(download.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const file = await fetch(`${world.api.baseUrl}${download.body.url}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 kyc');

    const notices = await call<{ items: { kind: string; title: string }[] }>(
      world.api.baseUrl,
      'GET',
      '/api/notifications',
      { token: colleague.token },
    );
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'MENTIONED',
        title: 'Factory ADVISOR mentioned you on the document “KYC form 2026.pdf” of Tremblay household',
      }),
    );

    // The admin deletes it: gone from the list, and no longer downloadable.
    const deleted = await callAs(adminToken)('PATCH', '/api/documents/soft-delete', { documentId });
    expect(deleted.status).toBe(200);
    const after = await advisor('GET', `/api/documents/request-download/${documentId}`);
    expect(after.status).toBe(404);
    expect(after.body).toMatchObject({ message: 'Document not found' });
    expect(
      (await advisor<DocumentResponse[]>('GET', `/api/documents/by-owner/${householdId}`)).body.map((d) => d.id),
    ).toEqual([plain.body.id]);
    expect((await callAs(adminToken)('PATCH', '/api/documents/soft-delete', { documentId })).status).toBe(404);
  });

  it('refuses a type or size the firm does not keep before anything is stored', async () => {
    const before = await filesOnDisk();
    for (const fileName of ['setup.exe', 'animation.gif', 'no-extension']) {
      const refused = await requestUpload(advisorToken, fileName);
      expect(refused.status, fileName).toBe(415);
      expect(refused.body).toMatchObject({ message: expect.stringContaining('the firm keeps PDF, Word, Excel') });
    }
    const tooLarge = await requestUpload(advisorToken, 'scan.pdf', { fileSize: MAX_BYTES + 1 });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ message: DocumentFileMessage.tooLarge(MAX_BYTES) });
    // A ticket for a small file, then a body larger than the limit: refused, not stored.
    const ticket = await requestUpload(advisorToken, 'scan.pdf', { fileSize: 100 });
    expect(ticket.body.maxBytes).toBe(MAX_BYTES);
    const over = await put(ticket.body.uploadUrl, 'x'.repeat(MAX_BYTES + 1), 'application/pdf');
    expect(over.status).toBe(413);
    expect(await filesOnDisk()).toEqual(before);

    // A file uploaded without the document purpose, of a type documents do not take, is refused at create.
    const gifTicket = await call<UploadTicket>(world.api.baseUrl, 'POST', '/api/upload/request', {
      token: advisorToken,
      body: { fileName: 'chart.gif' },
    });
    await put(gifTicket.body.uploadUrl, 'GIF89a', 'image/gif');
    const documentsBefore = await world.prisma.document.count();
    const gif = await callAs(advisorToken)('POST', '/api/documents/create', {
      filePath: gifTicket.body.filePath,
      ownerId: householdId,
      originalFileName: 'chart.gif',
    });
    expect(gif.status).toBe(400);
    expect(gif.body).toMatchObject({
      details: [{ path: 'filePath', message: DocumentFileMessage.typeNotAccepted('gif') }],
    });
    expect(await world.prisma.document.count()).toBe(documentsBefore);
  });

  it('refuses a file not in storage, another firm’s file, bad mentions and out-of-reach owners', async () => {
    const advisor = callAs(advisorToken);
    const create = (body: Record<string, unknown>) =>
      advisor('POST', '/api/documents/create', {
        filePath: `files/${world.firms[0].organizationId}/documents/abc/missing.pdf`,
        ownerId: householdId,
        originalFileName: 'missing.pdf',
        ...body,
      });
    const before = await world.prisma.document.count();
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ details: [{ path: 'filePath', message: DocumentMessage.fileMissing }] });
    const southFile = await uploadDocument(southToken);
    expect((await create({ filePath: southFile })).body).toMatchObject({
      details: [{ path: 'filePath', message: DocumentMessage.fileMissing }],
    });
    const filePath = await uploadDocument(advisorToken);
    const badMention = await create({ filePath, mentions: [{ entityType: 'widget', entityId: 'widget-1' }] });
    expect(badMention.status).toBe(400);
    expect(JSON.stringify(badMention.body)).toContain(INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE);
    const otherTeam = await create({ filePath, ownerId: teamBHouseholdId });
    expect(otherTeam.status).toBe(404);
    expect(otherTeam.body).toMatchObject({ message: 'Household not found' });
    const southHousehold = await createHousehold(world.prisma, world.firms[1], {});
    expect((await create({ filePath, ownerId: southHousehold })).status).toBe(404);
    expect(await world.prisma.document.count()).toBe(before);
  });

  it('keeps another team’s and another firm’s documents out of reach', async () => {
    const theirs = await callAs(adminToken)<DocumentResponse>('POST', '/api/documents/create', {
      filePath: await uploadDocument(adminToken),
      ownerId: teamBHouseholdId,
      originalFileName: 'b.pdf',
    });
    expect(theirs.status).toBe(201);
    for (const token of [advisorToken, southToken]) {
      const as = callAs(token);
      expect((await as('GET', `/api/documents/request-download/${theirs.body.id}`)).status).toBe(404);
      expect((await as('PATCH', '/api/documents/soft-delete', { documentId: theirs.body.id })).status).toBe(404);
      expect((await as('GET', `/api/documents/by-owner/${teamBHouseholdId}`)).status).toBe(404);
    }
    expect((await world.prisma.document.findUniqueOrThrow({ where: { id: theirs.body.id } })).deletedAt).toBeNull();
  });

  it('lists the firm’s documents within reach, newest first, by page and by name', async () => {
    const create = (token: string, ownerId: string, originalFileName: string) =>
      uploadDocument(token).then((filePath) =>
        callAs(token)<DocumentResponse>('POST', '/api/documents/create', {
          filePath,
          ownerId,
          originalFileName,
          shouldRename: true,
        }),
      );
    const statement = await create(adminToken, householdId, 'Annual statement 2026.pdf');
    const kyc = await create(adminToken, householdId, 'KYC form signed.pdf');
    const deskB = await create(adminToken, teamBHouseholdId, 'Desk B KYC form.pdf');
    for (const made of [statement, kyc, deskB]) expect(made.status).toBe(201);
    type Page = ListPage<DocumentResponse>;
    const list = (token: string, query: string) => callAs(token)<Page>('GET', `/api/documents?${query}`);

    const found = await list(adminToken, 'search=kyc%20FORM');
    expect(found.body.items.map((item) => item.name)).toEqual(['Desk B KYC form.pdf', 'KYC form signed.pdf']);
    expect(found.body.items[1]!.owner).toEqual({
      kind: 'HOUSEHOLD',
      id: householdId,
      name: 'Tremblay household',
      householdId,
    });

    const first = await list(adminToken, 'limit=1');
    expect(first.body.items.map((item) => item.id)).toEqual([deskB.body.id]);
    const all = await list(adminToken, 'limit=100');
    expect(first.body.total).toBe(all.body.items.length);
    expect((await list(adminToken, 'limit=1&page=2')).body.items.map((item) => item.id)).toEqual([kyc.body.id]);

    // Another team's documents are out of an advisor's reach; another firm sees none of them.
    const advisors = await list(advisorToken, 'limit=100');
    expect(advisors.body.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([kyc.body.id, statement.body.id]),
    );
    expect(advisors.body.items.map((item) => item.id)).not.toContain(deskB.body.id);
    const south = await list(southToken, 'limit=100');
    expect(south.body.items.map((item) => item.id)).not.toEqual(expect.arrayContaining([kyc.body.id]));
    expect(south.body.items.every((item) => !item.name.includes('KYC'))).toBe(true);

    // A deleted document leaves the list.
    expect((await callAs(adminToken)('PATCH', '/api/documents/soft-delete', { documentId: kyc.body.id })).status).toBe(
      200,
    );
    expect((await list(adminToken, 'search=signed')).body).toMatchObject({ items: [], total: 0 });
    expect((await list(adminToken, 'limit=0')).status).toBe(400);
  });
});
