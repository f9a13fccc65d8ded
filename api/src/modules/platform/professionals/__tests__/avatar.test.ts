import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import { EntityType, newId, type ProfessionalResponse, type UploadTicket } from '@meridian/domain';
import { call } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { apiAs } from '#test/support/financial-factories.js';
import { signedInUser, startWithTwoFirms, type SignedInFirm, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let api: TestApi;
let prisma: PrismaClient;
let storageDir: string;
let north: SignedInFirm;
let south: SignedInFirm;
let asAdmin: ReturnType<typeof apiAs>;
let asAdvisor: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
let adminToken: string;
let advisorToken: string;
let adminProfessional: string;
let advisorProfessional: string;
let southProfessional: string;

async function addProfessional(organizationId: string, userId: string | null, displayName: string): Promise<string> {
  const id = newId(EntityType.professional);
  await prisma.professional.create({ data: { id, organizationId, userId, displayName, role: 'ADVISOR' } });
  return id;
}

/** Uploads bytes through the files module and answers the file's path. */
async function upload(token: string, fileName: string, bytes: Buffer, contentType: string): Promise<string> {
  const ticket = await call<UploadTicket>(api.baseUrl, 'POST', '/api/upload/request', { token, body: { fileName } });
  expect(ticket.status).toBe(200);
  const put = await fetch(`${api.baseUrl}${ticket.body.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  expect(put.status).toBe(201);
  return ticket.body.filePath;
}

/** A 600 × 400 PNG: a landscape photo, to see it become a square. */
function landscapePng(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(storageDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(storageDir.length + 1));
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'meridian-avatars-'));
  world = await startWithTwoFirms({ environment: { FILE_STORAGE_DIR: storageDir } });
  ({ api, prisma } = world);
  [north, south] = world.firms;
  adminToken = north.token;
  asAdmin = apiAs(api.baseUrl, adminToken);
  asSouth = apiAs(api.baseUrl, south.token);
  const { userId: advisorId, token } = await signedInUser(world, north, 'ADVISOR');
  advisorToken = token;
  asAdvisor = apiAs(api.baseUrl, advisorToken);
  adminProfessional = await addProfessional(north.organizationId, north.userId, 'Nora Admin');
  advisorProfessional = await addProfessional(north.organizationId, advisorId, 'Ada Advisor');
  southProfessional = await addProfessional(south.organizationId, south.userId, 'Sam South');
});
afterAll(async () => {
  await world?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('a professional’s avatar', () => {
  it('makes a square thumbnail of an uploaded PNG, answers it as a signed address, and removes it', async () => {
    const filePath = await upload(advisorToken, 'me.png', await landscapePng(), 'image/png');
    const set = await asAdvisor<ProfessionalResponse>('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, {
      filePath,
    });
    expect(set.status).toBe(200);
    expect(set.body.avatarUrl).toMatch(/^\/api\/file\?path=.*&expires=\d+&signature=/);

    const image = await fetch(`${api.baseUrl}${set.body.avatarUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([256, 256]);
    // The profile read by anyone of the organization shows the same photo; the upload itself is gone.
    const read = await asAdmin<ProfessionalResponse>('GET', `/api/professionals/${advisorProfessional}`);
    expect(read.body.avatarUrl).not.toBeNull();
    expect((await asAdvisor<ProfessionalResponse>('GET', '/api/professionals/me')).body.id).toBe(advisorProfessional);
    const files = await storedFiles();
    expect(files).not.toContain(filePath);
    expect(files.filter((file) => file.includes(`professionals/${advisorProfessional}/avatar-`))).toHaveLength(1);

    // A new photo replaces the old thumbnail (its file is removed).
    const second = await upload(advisorToken, 'me-again.png', await landscapePng(), 'image/png');
    await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, { filePath: second });
    expect((await storedFiles()).filter((file) => file.includes(`professionals/${advisorProfessional}/`))).toHaveLength(
      1,
    );

    const removed = await asAdvisor<ProfessionalResponse>(
      'PATCH',
      `/api/professionals/${advisorProfessional}/remove-avatar`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.avatarUrl).toBeNull();
    expect((await storedFiles()).filter((file) => file.includes(`professionals/${advisorProfessional}/`))).toEqual([]);
    // Removing again changes nothing.
    expect((await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/remove-avatar`)).status).toBe(200);

    const audit = await asAdmin<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      `/api/audit-logs?entityId=${advisorProfessional}`,
    );
    expect(audit.body.items.length).toBe(3);
  });

  it('refuses a file that is not an allowed image, and bytes that are not the image the name says', async () => {
    const pdf = await upload(advisorToken, 'cv.pdf', Buffer.from('%PDF-1.4 not a photo'), 'application/pdf');
    const refused = await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, { filePath: pdf });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ message: 'A photo must be a PNG, JPEG, WebP or GIF image' });

    const damaged = await upload(advisorToken, 'broken.png', Buffer.from('\x89PNG\r\n\x1a\nnot an image'), 'image/png');
    const unreadable = await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, {
      filePath: damaged,
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toMatchObject({
      message: 'The file is not an image that can be read (it may be damaged)',
    });
    // A GIF's bytes under a .png name: the bytes decide, and a GIF is allowed.
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    const renamed = await upload(advisorToken, 'red.png', gif, 'image/png');
    expect(
      (await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, { filePath: renamed })).status,
    ).toBe(200);

    const missing = await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, {
      filePath: `files/${north.organizationId}/nothing/here.png`,
    });
    expect(missing.status).toBe(404);
    expect((await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, {})).status).toBe(400);
  });

  it('lets a user change only their own avatar, and an administrator any of the organization', async () => {
    const forAdmin = await upload(advisorToken, 'x.png', await landscapePng(), 'image/png');
    const refused = await asAdvisor('PATCH', `/api/professionals/${adminProfessional}/set-avatar`, {
      filePath: forAdmin,
    });
    expect(refused.status).toBe(403);
    expect((await asAdvisor('PATCH', `/api/professionals/${adminProfessional}/remove-avatar`)).status).toBe(403);
    // The same rule for the profile and the job title.
    const profileBefore = await asAdmin<ProfessionalResponse>('GET', `/api/professionals/${adminProfessional}`);
    const notYours = await asAdvisor('PATCH', `/api/professional/${adminProfessional}/set-job-title`, {
      jobTitle: 'Taken over',
    });
    expect(notYours.status).toBe(403);
    expect(
      (
        await asAdvisor('PATCH', `/api/professionals/${adminProfessional}/update-profile`, {
          firstName: 'Not',
          lastName: 'Mine',
          designations: [],
        })
      ).status,
    ).toBe(403);
    expect((await asAdmin('GET', `/api/professionals/${adminProfessional}`)).body).toEqual(profileBefore.body);

    const byAdmin = await asAdmin<ProfessionalResponse>(
      'PATCH',
      `/api/professionals/${advisorProfessional}/set-avatar`,
      { filePath: await upload(adminToken, 'y.png', await landscapePng(), 'image/png') },
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.avatarUrl).not.toBeNull();
  });

  it('answers 404 for another organization’s professional or file, and changes nothing', async () => {
    const northFile = await upload(adminToken, 'n.png', await landscapePng(), 'image/png');
    expect(
      (await asSouth('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, { filePath: northFile })).status,
    ).toBe(404);
    expect((await asSouth('PATCH', `/api/professionals/${advisorProfessional}/remove-avatar`)).status).toBe(404);
    // South's own professional with North's file: the file is not South's.
    expect(
      (await asSouth('PATCH', `/api/professionals/${southProfessional}/set-avatar`, { filePath: northFile })).status,
    ).toBe(404);
    const south = await prisma.professional.findUniqueOrThrow({ where: { id: southProfessional } });
    expect(south.avatarPath).toBeNull();
    expect((await storedFiles()).some((file) => file === northFile)).toBe(true);
  });
});
