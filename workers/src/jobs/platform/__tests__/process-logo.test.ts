import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { BrandView, UploadTicket } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import {
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { waitFor } from '#test/support/wait.js';
import type { RunningWorker } from '../../../worker-app.js';

let environment: TestEnvironment;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let storageDir: string;
let north: CreatedOrganization;
let south: CreatedOrganization;
let token: string;
let brandId: string;

const MAX_PIXELS = 1_000_000;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'meridian-logos-'));
  environment = await createTestEnvironment({ FILE_STORAGE_DIR: storageDir, LOGO_MAX_PIXELS: String(MAX_PIXELS) });
  api = await startTestApi({ seedDemo: false, environment });
  worker = await startTestWorker(environment);
  prisma = createPrismaClient(environment.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Advisory', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South', role: 'ADMIN' });
  token = await login(api.baseUrl, north.email, north.password);
  const brands = await call<BrandView[]>(api.baseUrl, 'GET', '/api/brands', { token });
  brandId = brands.body[0]!.id;
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
  await rm(storageDir, { recursive: true, force: true });
});

async function upload(fileName: string, bytes: Buffer, contentType: string): Promise<string> {
  const ticket = await call<UploadTicket>(api.baseUrl, 'POST', '/api/upload/request', { token, body: { fileName } });
  const put = await fetch(`${api.baseUrl}${ticket.body.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  expect(put.status).toBe(201);
  return ticket.body.filePath;
}

async function changeLogo(filePath: string, fileSize: number, type: 'SQUARE' | 'HORIZONTAL' = 'SQUARE', as = token) {
  return call<BrandView>(api.baseUrl, 'PATCH', `/api/brands/${brandId}/change-logo`, {
    token: as,
    body: { logo: 'logo.png', type, filePath, fileType: 'image/png', fileSize },
  });
}

async function squareLogoWhen(done: (logo: BrandView['logos'][number]) => boolean) {
  return waitFor('the square logo to be processed', async () => {
    const brands = await call<BrandView[]>(api.baseUrl, 'GET', '/api/brands', { token });
    const logo = brands.body[0]!.logos.find((candidate) => candidate.type === 'SQUARE');
    return logo && done(logo) ? logo : null;
  });
}

describe('brand logos', () => {
  it('gives the organization one brand named after it, the same on every read', async () => {
    const again = await call<BrandView[]>(api.baseUrl, 'GET', '/api/brands', { token });
    expect(again.body).toEqual([{ id: brandId, name: 'North Advisory', logos: [] }]);
  });

  it('makes the sizes of a real PNG; a broken file then fails with its reason and the logo stays', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const filePath = await upload('logo.png', png, 'image/png');
    const queued = await changeLogo(filePath, png.length);
    expect(queued.status).toBe(202);
    expect(queued.body.logos).toMatchObject([{ type: 'SQUARE', status: 'PROCESSING', urls: {} }]);

    const ready = await squareLogoWhen((logo) => logo.status !== 'PROCESSING');
    expect(ready).toMatchObject({ status: 'READY', error: null });
    expect(Object.keys(ready.urls)).toEqual(['small', 'medium', 'large']);
    const small = await fetch(`${api.baseUrl}${ready.urls.small}`);
    expect(small.status).toBe(200);
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 64,
      height: 64,
    });

    const broken = Buffer.concat([png.subarray(0, 40), Buffer.from('this is not the rest of a PNG')]);
    const brokenPath = await upload('broken.png', broken, 'image/png');
    expect((await changeLogo(brokenPath, broken.length)).status).toBe(202);
    const failed = await squareLogoWhen((logo) => logo.status === 'FAILED');
    expect(failed.error).toBe('The file is not an image that can be read (it may be damaged)');
    // The processed sizes of the first logo are still served.
    expect(Object.keys(failed.urls).sort()).toEqual(['large', 'medium', 'small']);
    expect((await fetch(`${api.baseUrl}${failed.urls.large}`)).status).toBe(200);
  });

  it('fails an image over the pixel limit with its reason', async () => {
    const huge = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const filePath = await upload('huge.png', huge, 'image/png');
    expect((await changeLogo(filePath, huge.length)).status).toBe(202);
    const failed = await squareLogoWhen(
      (logo) => logo.status === 'FAILED' && logo.error !== null && logo.error.includes('too large'),
    );
    expect(failed.error).toBe('The image is too large: at most 1,000,000 pixels');
  });

  it("refuses another organization's brand or file with 404, and bad input with 400, changing nothing", async () => {
    const before = await prisma.brandLogo.findMany({ orderBy: { type: 'asc' } });
    const southToken = await login(api.baseUrl, south.email, south.password);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const filePath = await upload('other.png', png, 'image/png');
    expect((await changeLogo(filePath, png.length, 'SQUARE', southToken)).status).toBe(404);

    const southBrands = await call<BrandView[]>(api.baseUrl, 'GET', '/api/brands', { token: southToken });
    const southFile = `files/${south.organizationId}/x/logo.png`;
    const onSouth = await call(api.baseUrl, 'PATCH', `/api/brands/${southBrands.body[0]!.id}/change-logo`, {
      token,
      body: { logo: 'logo.png', type: 'SQUARE', filePath, fileType: 'image/png', fileSize: png.length },
    });
    expect(onSouth.status).toBe(404);
    expect((await changeLogo(southFile, 10)).status).toBe(404);

    const badType = await call(api.baseUrl, 'PATCH', `/api/brands/${brandId}/change-logo`, {
      token,
      body: { logo: 'logo.png', type: 'ROUND', filePath, fileType: 'image/svg+xml', fileSize: -1 },
    });
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('Logo type must be HORIZONTAL or SQUARE');
    expect(await prisma.brandLogo.findMany({ orderBy: { type: 'asc' } })).toEqual(before);
  });
});
