import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, FileUrlSigner, type PrismaClient } from '@meridian/api';
import { enumLabel, permissionRefusal, type UploadTicket, type UploadedFile } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;
let southToken: string;
let storageDir: string;

const MAX_BYTES = 2048;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'meridian-files-'));
  const environment = await createTestEnvironment({ FILE_STORAGE_DIR: storageDir, FILE_MAX_BYTES: String(MAX_BYTES) });
  api = await startTestApi({ seedDemo: false, environment });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  northToken = await login(api.baseUrl, north.email, north.password);
  southToken = await login(api.baseUrl, south.email, south.password);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
  await api?.environment.dispose();
  await rm(storageDir, { recursive: true, force: true });
});

async function requestUpload(fileName: string, token = northToken, useVault = false) {
  return call<UploadTicket>(api.baseUrl, 'POST', '/api/upload/request', { token, body: { fileName, useVault } });
}

function put(url: string, body: Buffer | string, contentType: string) {
  return fetch(`${api.baseUrl}${url}`, { method: 'PUT', headers: { 'content-type': contentType }, body });
}

async function filesOnDisk(): Promise<string[]> {
  return (await readdir(storageDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('uploads through a signed address', () => {
  it('answers a signed upload address; the file is then readable only through a signed address', async () => {
    const ticket = await requestUpload('Annual report.pdf');
    expect(ticket.status).toBe(200);
    expect(ticket.body.filePath).toMatch(new RegExp(`^files/${north.organizationId}/[^/]+/Annual-report\\.pdf$`));
    expect(ticket.body.contentType).toBe('application/pdf');

    const uploaded = await put(ticket.body.uploadUrl, '%PDF-1.4 hello', 'application/pdf');
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as UploadedFile;
    expect(file).toMatchObject({ filePath: ticket.body.filePath, fileSize: 14 });

    const read = await fetch(`${api.baseUrl}${file.url}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toContain('application/pdf');
    expect(await read.text()).toBe('%PDF-1.4 hello');

    // The same path without the signature, or with another path under the same signature, is refused.
    const unsigned = await fetch(
      `${api.baseUrl}/api/file?path=${encodeURIComponent(file.filePath)}&expires=9999999999&signature=x`,
    );
    expect(unsigned.status).toBe(403);
    const swapped = new URL(file.url, api.baseUrl);
    swapped.searchParams.set('path', file.filePath.replace('Annual-report', 'Other'));
    const tampered = await fetch(swapped);
    expect(tampered.status).toBe(403);
    expect(((await tampered.json()) as { message: string }).message).toBe('This link is not valid');
    // A read address does not upload, and an upload address does not read.
    expect((await put(file.url.replace('/api/file?', '/api/upload?'), 'x', 'application/pdf')).status).toBe(403);
    expect((await fetch(`${api.baseUrl}${ticket.body.uploadUrl.replace('/api/upload?', '/api/file?')}`)).status).toBe(
      403,
    );
  });

  it('refuses an expired link with its reason, and a link used twice', async () => {
    const ticket = await requestUpload('note.txt');
    const signer = new FileUrlSigner(api.environment.config);
    const expired = signer.url('/api/upload', 'PUT', ticket.body.filePath, new Date(Date.now() - 1000));
    const refused = await put(expired, 'late', 'text/plain');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('This link has expired; ask for a new one');

    expect((await put(ticket.body.uploadUrl, 'first', 'text/plain')).status).toBe(201);
    const again = await put(ticket.body.uploadUrl, 'second', 'text/plain');
    expect(again.status).toBe(409);
    const onDisk = (await filesOnDisk()).find((path) => path.endsWith('note.txt'))!;
    expect(await readFile(onDisk, 'utf8')).toBe('first');
  });

  it('refuses a type that may not be uploaded, a wrong Content-Type and a file over the limit, keeping nothing', async () => {
    const before = await filesOnDisk();
    const script = await requestUpload('logo.svg');
    expect(script.status).toBe(415);
    expect(script.body).toMatchObject({ message: expect.stringContaining('"svg" cannot be uploaded') });
    expect((await requestUpload('no-extension')).status).toBe(415);
    expect((await requestUpload('   ')).status).toBe(400);

    const ticket = await requestUpload('photo.png');
    const wrongType = await put(ticket.body.uploadUrl, 'not really', 'text/html');
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { message: string }).message).toBe(
      'The upload must be sent with Content-Type: image/png',
    );
    const tooLarge = await put(ticket.body.uploadUrl, Buffer.alloc(MAX_BYTES + 1), 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe('The file is larger than the 2.0 KB limit');
    expect(await filesOnDisk()).toEqual(before);
  });

  it('encrypts vault files at rest and reads them back in clear through their signed address', async () => {
    const ticket = await requestUpload('passport.pdf', northToken, true);
    expect(ticket.body.filePath.startsWith(`vault/${north.organizationId}/`)).toBe(true);
    const uploaded = (await (
      await put(ticket.body.uploadUrl, '%PDF secret passport', 'application/pdf')
    ).json()) as UploadedFile;
    const onDisk = (await filesOnDisk()).find((path) => path.endsWith('passport.pdf'))!;
    expect((await readFile(onDisk)).includes(Buffer.from('secret passport'))).toBe(false);
    expect(await (await fetch(`${api.baseUrl}${uploaded.url}`)).text()).toBe('%PDF secret passport');
  });
});

describe('DELETE /api/file/delete', () => {
  it("deletes the caller's file; another organization's path answers 404 and deletes nothing", async () => {
    const ticket = await requestUpload('old.csv');
    const uploaded = (await (await put(ticket.body.uploadUrl, 'a,b\n1,2\n', 'text/csv')).json()) as UploadedFile;

    const fromSouth = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
      token: southToken,
      body: { fileName: uploaded.filePath },
    });
    expect(fromSouth.status).toBe(404);
    expect((await fetch(`${api.baseUrl}${uploaded.url}`)).status).toBe(200);
    // A vault delete does not reach a file outside the vault, nor does a path climbing out.
    const asVault = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
      token: northToken,
      body: { fileName: uploaded.filePath, useVault: true },
    });
    expect(asVault.status).toBe(404);
    const climbing = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
      token: northToken,
      body: { fileName: `files/${north.organizationId}/../${south.organizationId}/x.csv` },
    });
    expect(climbing.status).toBe(404);
    // Control characters are refused before the route (400).
    const nul = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
      token: northToken,
      body: { fileName: `files/${north.organizationId}/a\u0000b/x.csv` },
    });
    expect(nul.status).toBe(400);

    const deleted = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
      token: northToken,
      body: { fileName: uploaded.filePath },
    });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await fetch(`${api.baseUrl}${uploaded.url}`)).status).toBe(404);
    const twice = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
      token: northToken,
      body: { fileName: uploaded.filePath },
    });
    expect(twice.status).toBe(404);
  });

  it('requires a signed-in caller to ask for an upload or delete', async () => {
    expect((await call(api.baseUrl, 'POST', '/api/upload/request', { body: { fileName: 'a.png' } })).status).toBe(401);
    expect((await call(api.baseUrl, 'DELETE', '/api/file/delete', { body: { fileName: 'a.png' } })).status).toBe(401);
  });
});

describe('who may delete a file or use the vault', () => {
  let pmToken: string;
  let associateToken: string;

  beforeAll(async () => {
    const pm = await addUser(prisma, north, 'PM');
    pmToken = await login(api.baseUrl, pm.email, pm.password);
    const associate = await addUser(prisma, north, 'ASSOCIATE_ADVISING_REPRESENTATIVE');
    associateToken = await login(api.baseUrl, associate.email, associate.password);
  });

  async function uploaded(fileName: string, contentType: string, useVault: boolean): Promise<UploadedFile> {
    const ticket = await requestUpload(fileName, northToken, useVault);
    return (await (await put(ticket.body.uploadUrl, 'a,b\n1,2\n', contentType)).json()) as UploadedFile;
  }

  it('refuses a role that may not delete (a portfolio manager, an associate), in the vault or not; the file stays', async () => {
    for (const useVault of [false, true]) {
      const file = await uploaded(`kept-${String(useVault)}.csv`, 'text/csv', useVault);
      for (const [token, role] of [
        [pmToken, 'PM'],
        [associateToken, 'ASSOCIATE_ADVISING_REPRESENTATIVE'],
      ] as const) {
        const refused = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
          token,
          body: { fileName: file.filePath, useVault },
        });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          code: 'FORBIDDEN',
          message: permissionRefusal('CRM_DELETE', enumLabel('UserRole', role)),
        });
      }
      expect((await fetch(`${api.baseUrl}${file.url}`)).status).toBe(200);
      // An advisor deletes it.
      const deleted = await call(api.baseUrl, 'DELETE', '/api/file/delete', {
        token: northToken,
        body: { fileName: file.filePath, useVault },
      });
      expect(deleted.status).toBe(200);
      expect((await fetch(`${api.baseUrl}${file.url}`)).status).toBe(404);
    }
  });

  it('lets every role upload outside the vault, and only a role that writes in the CRM into it', async () => {
    expect((await requestUpload('me.png', pmToken)).status).toBe(200);
    const vault = await requestUpload('statement.pdf', pmToken, true);
    expect(vault.status).toBe(403);
    expect(vault.body).toMatchObject({ message: permissionRefusal('CRM_WRITE', enumLabel('UserRole', 'PM')) });
    expect((await requestUpload('statement.pdf', associateToken, true)).status).toBe(200);
  });
});
