import { copyFile, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  folderScheduleId,
  ImportFolderScheduler,
  ImportSweeper,
  QueueService,
  sweepJobId,
  type PrismaClient,
} from '@meridian/api';
import { EntityType, newId, type DropFolderView, type ImportBatchView } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { waitFor } from '#test/support/wait.js';
import type { RunningWorker } from '../../../../../../../workers/src/worker-app.js';
import { IMPORT_FIXTURES } from '#test/support/fixtures.js';
import { deflatedPart, zipOf } from '../../../../../../../connectors/src/files/__tests__/zip-builder.js';

const FIXTURES = IMPORT_FIXTURES;
const LONG_AGO = new Date('2026-01-01T00:00:00Z');

let importDir: string;
let dropRoot: string;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;
let southToken: string;

function folderPath(organizationId: string, name: string): string {
  return join(dropRoot, organizationId, name);
}

function createFolder(body: Record<string, unknown>, token = northToken) {
  return call<DropFolderView & { code?: string; details?: { path: string; message: string }[] }>(
    api.baseUrl,
    'POST',
    '/api/import-folders',
    { token, body },
  );
}

const scheduler = () => worker.context.get(QueueService).queue('sync');

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld((dir) => ({ IMPORT_DROP_ROOT: join(dir, 'drop') }));
  ({ api, worker, prisma, importDir } = world);
  dropRoot = join(importDir, 'drop');
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  northToken = await login(api.baseUrl, north.email, north.password);
  southToken = await login(api.baseUrl, south.email, south.password);
});
afterAll(() => world?.close());

describe('import folders: what a folder may be', () => {
  const valid = () => ({
    name: 'HubSpot nightly',
    path: folderPath(north.organizationId, 'checks'),
    cron: '0 3 * * *',
    profileId: 'hubspot-contacts',
  });
  const refused: [string, () => Record<string, unknown>, string][] = [
    ['a path outside the drop root', () => ({ ...valid(), path: '/etc' }), 'path'],
    ['a relative path', () => ({ ...valid(), path: 'drop/hubspot' }), 'path'],
    [
      'a path climbing out of the root',
      () => ({ ...valid(), path: `${dropRoot}/${north.organizationId}/../..` }),
      'path',
    ],
    [
      "a path in another organization's part",
      () => ({ ...valid(), path: folderPath(south.organizationId, 'x') }),
      'path',
    ],
    [
      "a path through a scan's own folder",
      () => ({ ...valid(), path: folderPath(north.organizationId, 'a/processed') }),
      'path',
    ],
    ['a cron value out of range', () => ({ ...valid(), cron: '61 * * * *' }), 'cron'],
    ['a cron expression that is not one', () => ({ ...valid(), cron: 'every night' }), 'cron'],
    ['a cron of six fields', () => ({ ...valid(), cron: '*/5 * * * * *' }), 'cron'],
    ['an unknown profile', () => ({ ...valid(), profileId: 'no-such-profile' }), 'profileId'],
    ['no profile', () => ({ name: 'x', path: valid().path, cron: '0 3 * * *' }), 'profileId'],
    ['two profiles', () => ({ ...valid(), customProfileId: 'import_profile-x' }), 'profileId'],
    [
      'an unknown custom profile',
      () => ({ ...valid(), profileId: undefined, customProfileId: 'import_profile-x' }),
      'customProfileId',
    ],
  ];
  it.each(refused)('%s is refused with 400', async (_, body, field) => {
    const response = await createFolder(body());
    expect(response.status).toBe(400);
    expect(response.body.details?.map((detail) => detail.path)).toContain(field);
  });

  it('a symbolic link out of the root is refused', async () => {
    await mkdir(join(dropRoot, north.organizationId), { recursive: true });
    await symlink('/etc', folderPath(north.organizationId, 'etc-link'));
    const response = await createFolder({ ...valid(), path: folderPath(north.organizationId, 'etc-link') });
    expect(response.status).toBe(400);
    expect(response.body.details?.[0]?.path).toBe('path');
    // Refused before anything is created through the link.
    const through = await createFolder({
      ...valid(),
      path: folderPath(north.organizationId, 'etc-link/meridian-drop'),
    });
    expect(through.status).toBe(400);
    expect(await stat('/etc/meridian-drop').catch(() => null)).toBeNull();
  });
});

describe('import folders: a HubSpot folder', () => {
  let folder: DropFolderView;
  let dir: string;

  const entries = async (sub: string) => (await readdir(join(dir, sub)).catch(() => [] as string[])).sort();

  async function scanNow(token = northToken) {
    return call<{ folderId: string; jobId: string }>(api.baseUrl, 'POST', `/api/import-folders/${folder.id}/scan`, {
      token,
    });
  }

  /**
   * Scans ("scan now", or the job the folder's schedule emits) and waits until `count` files sit in
   * processed/ + failed/ (each with its report).
   */
  async function scanUntil(count: number, how: 'now' | 'schedule' = 'now'): Promise<void> {
    if (how === 'now') expect((await scanNow()).status).toBe(202);
    // The payload a job scheduler emits: no trigger, so SCHEDULE.
    else await scheduler().add('imports.scan-folder', { organizationId: north.organizationId, folderId: folder.id });
    await waitFor(
      'the scan',
      async () => {
        const moved = [...(await entries('processed')), ...(await entries('failed'))];
        const row = await prisma.importDropFolder.findUniqueOrThrow({ where: { id: folder.id } });
        return moved.length >= count * 2 && row.scanToken === null;
      },
      30_000,
    );
  }

  it('is created with its schedule, the profile’s source and required columns', async () => {
    dir = folderPath(north.organizationId, 'hubspot');
    const response = await createFolder({
      name: 'HubSpot nightly',
      path: `${dir}/`,
      cron: '0 3 * * *',
      profileId: 'hubspot-contacts',
    });
    expect(response.status).toBe(201);
    folder = response.body;
    expect(folder).toMatchObject({
      path: dir,
      source: 'SALES_CRM',
      enabled: true,
      profileName: expect.any(String),
      lastScanAt: null,
      scanning: false,
    });
    expect(folder.requiredColumns.length).toBeGreaterThan(0);
    expect(new Date(folder.nextScanAt!).getUTCHours()).toBe(3);
    const schedule = await scheduler().getJobScheduler(folderScheduleId(folder.id));
    expect(schedule?.pattern).toBe('0 3 * * *');

    const again = await createFolder({ name: 'Twice', path: dir, cron: '0 3 * * *', profileId: 'hubspot-contacts' });
    expect(again.status).toBe(409);
    const inside = await createFolder({
      name: 'Inside',
      path: join(dir, 'sub'),
      cron: '0 3 * * *',
      profileId: 'hubspot-contacts',
    });
    expect(inside.status).toBe(400);
  });

  it('another organization sees none of it (404)', async () => {
    const path = `/api/import-folders/${folder.id}`;
    expect((await call(api.baseUrl, 'GET', path, { token: southToken })).status).toBe(404);
    expect((await call(api.baseUrl, 'PATCH', path, { token: southToken, body: { enabled: false } })).status).toBe(404);
    expect((await call(api.baseUrl, 'DELETE', path, { token: southToken })).status).toBe(404);
    expect((await scanNow(southToken)).status).toBe(404);
    const list = await call<DropFolderView[]>(api.baseUrl, 'GET', '/api/import-folders', { token: southToken });
    expect(list.body).toEqual([]);
    expect((await call(api.baseUrl, 'GET', path, { token: northToken })).status).toBe(200);
  });

  it('a scan imports a new file, then moves it to processed/ with its report', async () => {
    await copyFile(join(FIXTURES, 'hubspot-contacts.csv'), join(dir, 'contacts.csv'));
    // Not for the scan: hidden, an upload in progress, another kind of file.
    await writeFile(join(dir, '.contacts.csv'), 'hidden');
    await writeFile(join(dir, 'contacts.csv.part'), 'partial');
    await writeFile(join(dir, 'notes.md'), 'notes');
    await scanUntil(1);

    const processed = await entries('processed');
    expect(processed).toHaveLength(2);
    expect(processed[0]).toMatch(/^\d{8}T\d{9}Z-contacts\.csv$/);
    expect(processed[1]).toBe(`${processed[0]}.report.csv`);
    const report = await readFile(join(dir, 'processed', processed[1]!), 'utf8');
    expect(report.split('\r\n')[0]).toBe('row,action,source_id,entity_id,errors,changes,warnings');
    expect(report.match(/,CREATE,/g)).toHaveLength(3);
    expect((await readdir(dir)).sort()).toEqual(
      ['.contacts.csv', '.meridian-working', 'contacts.csv.part', 'notes.md', 'processed'].sort(),
    );

    const contacts = await prisma.contact.findMany({ where: { organizationId: north.organizationId } });
    expect(contacts).toHaveLength(3);
    const batch = await prisma.importBatch.findFirstOrThrow({
      where: { organizationId: north.organizationId, dropFolderId: folder.id },
      include: { syncRun: true },
    });
    expect(batch).toMatchObject({ status: 'APPLIED', fileName: 'contacts.csv', createCount: 3, source: 'SALES_CRM' });
    expect(batch.syncRun).toMatchObject({ status: 'SUCCEEDED', trigger: 'MANUAL', createdCount: 3 });

    const view = await call<DropFolderView>(api.baseUrl, 'GET', `/api/import-folders/${folder.id}`, {
      token: northToken,
    });
    expect(view.body).toMatchObject({ lastError: null, scanning: false });
    expect(view.body.lastScanAt).not.toBeNull();
  });

  it('the same file dropped again changes nothing', async () => {
    const before = await prisma.contact.findMany({ where: { organizationId: north.organizationId } });
    await copyFile(join(FIXTURES, 'hubspot-contacts.csv'), join(dir, 'contacts.csv'));
    await scanUntil(2, 'schedule');
    const batches = await prisma.importBatch.findMany({
      where: { organizationId: north.organizationId, dropFolderId: folder.id },
      orderBy: { createdAt: 'asc' },
      include: { syncRun: true },
    });
    expect(batches).toHaveLength(2);
    expect(batches[1]).toMatchObject({ status: 'APPLIED', createCount: 0, updateCount: 0, unchangedCount: 3 });
    expect(batches[1]!.syncRun).toMatchObject({ status: 'SUCCEEDED', trigger: 'SCHEDULE', unchangedCount: 3 });
    expect(await prisma.contact.findMany({ where: { organizationId: north.organizationId } })).toEqual(before);
    // Two files of the same name, side by side: the timestamp keeps them apart.
    expect((await entries('processed')).filter((name) => name.endsWith('contacts.csv'))).toHaveLength(2);
  });

  it('a bad file goes to failed/ with a report naming the error', async () => {
    await writeFile(join(dir, 'empty.csv'), '');
    await writeFile(join(dir, 'legacy.xls'), 'Record ID,First Name\n1,Ann\n');
    await writeFile(join(dir, 'other-system.csv'), 'Reference,Label\n1,Ann\n');
    await scanUntil(5);
    const failed = await entries('failed');
    expect(failed).toHaveLength(6);
    const otherReport = failed.find((name) => name.endsWith('other-system.csv.report.csv'))!;
    expect(await readFile(join(dir, 'failed', otherReport), 'utf8')).toMatch(/^error_code,error_message\r\n[A-Z_]+,/);
    const emptyReport = failed.find((name) => name.endsWith('empty.csv.report.csv'))!;
    expect(await readFile(join(dir, 'failed', emptyReport), 'utf8')).toMatch(
      /^error_code,error_message\r\nEMPTY_FILE,.+\r\n$/,
    );
    const legacyReport = failed.find((name) => name.endsWith('legacy.xls.report.csv'))!;
    expect(await readFile(join(dir, 'failed', legacyReport), 'utf8')).toContain('UNSUPPORTED_FORMAT');
    // A refused file never became a batch.
    expect(await prisma.importBatch.count({ where: { dropFolderId: folder.id } })).toBe(2);
  });

  it('a file of an interrupted scan is put back and imported by the next scan', async () => {
    await copyFile(
      join(FIXTURES, 'hubspot-contacts.csv'),
      join(dir, '.meridian-working', '20260101T000000000Z-orphan.csv'),
    );
    await scanUntil(6);
    expect((await entries('processed')).some((name) => name.endsWith('-orphan.csv'))).toBe(true);
    expect(await readdir(join(dir, '.meridian-working'))).toEqual([]);
  });

  it('a zip of CSV files (some CRMs export so) is imported as its contacts file', async () => {
    const contacts = await readFile(join(FIXTURES, 'hubspot-contacts.csv'));
    await writeFile(
      join(dir, 'export.zip'),
      zipOf([deflatedPart('export/contacts.csv', contacts), deflatedPart('export/README.txt', 'Exported')]),
    );
    await scanUntil(7);
    expect((await entries('processed')).some((name) => name.endsWith('-export.zip'))).toBe(true);
    const batch = await prisma.importBatch.findFirstOrThrow({
      where: { organizationId: north.organizationId, dropFolderId: folder.id, fileName: 'export.zip' },
    });
    expect(batch).toMatchObject({ status: 'APPLIED', archiveEntry: 'export/contacts.csv' });
  });

  it('PATCH changes the schedule; disabled, the folder has none; the worker restores schedules', async () => {
    const path = `/api/import-folders/${folder.id}`;
    const badCron = await call(api.baseUrl, 'PATCH', path, { token: northToken, body: { cron: '0 25 * * *' } });
    expect(badCron.status).toBe(400);
    const outside = await call(api.baseUrl, 'PATCH', path, { token: northToken, body: { path: '/tmp' } });
    expect(outside.status).toBe(400);

    const changed = await call<DropFolderView>(api.baseUrl, 'PATCH', path, {
      token: northToken,
      body: { cron: '30 1 * * 1' },
    });
    expect(changed.status).toBe(200);
    expect((await scheduler().getJobScheduler(folderScheduleId(folder.id)))?.pattern).toBe('30 1 * * 1');

    await scheduler().removeJobScheduler(folderScheduleId(folder.id));
    expect(await worker.context.get(ImportFolderScheduler).restoreAll()).toBe(1);
    expect((await scheduler().getJobScheduler(folderScheduleId(folder.id)))?.pattern).toBe('30 1 * * 1');

    const disabled = await call<DropFolderView>(api.baseUrl, 'PATCH', path, {
      token: northToken,
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({ enabled: false, nextScanAt: null });
    expect(await scheduler().getJobScheduler(folderScheduleId(folder.id))).toBeUndefined();
  });

  it('DELETE removes the folder and its schedule; its batches stay', async () => {
    await call(api.baseUrl, 'PATCH', `/api/import-folders/${folder.id}`, {
      token: northToken,
      body: { enabled: true },
    });
    const deleted = await call(api.baseUrl, 'DELETE', `/api/import-folders/${folder.id}`, { token: northToken });
    expect(deleted.status).toBe(204);
    expect(await scheduler().getJobScheduler(folderScheduleId(folder.id))).toBeUndefined();
    expect((await call(api.baseUrl, 'GET', `/api/import-folders/${folder.id}`, { token: northToken })).status).toBe(
      404,
    );
    // The three CSV imports and the zip's.
    expect(await prisma.importBatch.count({ where: { organizationId: north.organizationId } })).toBe(4);
  });
});

describe('imports: the sweep of stuck batches', () => {
  const sweep = () => worker.context.get(ImportSweeper).sweep();

  async function uploadBatch(): Promise<ImportBatchView> {
    const body = await readFile(join(FIXTURES, 'hubspot-contacts.csv'));
    const response = await fetch(`${api.baseUrl}/api/imports?fileName=contacts.csv&source=SALES_CRM`, {
      method: 'POST',
      headers: { authorization: `Bearer ${southToken}`, 'content-type': 'text/csv' },
      body,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { batch: ImportBatchView }).batch;
  }

  const batchRow = (id: string) => prisma.importBatch.findUniqueOrThrow({ where: { id } });

  it('a dry run whose job is gone is enqueued again and runs', async () => {
    const batch = await uploadBatch();
    // As if the dry run had been requested and its job lost (Redis flushed before the worker took it).
    await prisma.importBatch.update({
      where: { id: batch.id },
      data: { stage: 'DRY_RUN_QUEUED', updatedAt: LONG_AGO },
    });
    await sweep();
    expect(await scheduler().getJobState(sweepJobId('imports.dry-run', batch.id))).not.toBe('unknown');
    await waitFor('the swept dry run', async () => (await batchRow(batch.id)).stage === 'DRY_RUN_DONE');
    expect(await batchRow(batch.id)).toMatchObject({ createCount: 3 });
  });

  it('a commit whose job is gone resumes through the sweep', async () => {
    const [batch] = await prisma.importBatch.findMany({
      where: { organizationId: south.organizationId, stage: 'DRY_RUN_DONE' },
    });
    const connectionId = newId(EntityType.connection);
    const syncRunId = newId(EntityType.syncRun);
    await prisma.connection.create({
      data: { id: connectionId, organizationId: south.organizationId, source: 'SALES_CRM', displayName: 'SALES_CRM' },
    });
    await prisma.syncRun.create({
      data: {
        id: syncRunId,
        organizationId: south.organizationId,
        connectionId,
        status: 'RUNNING',
        driver: 'IMPORT',
        trigger: 'MANUAL',
        startedAt: LONG_AGO,
      },
    });
    await prisma.importBatch.update({
      where: { id: batch!.id },
      data: { stage: 'COMMIT_QUEUED', connectionId, syncRunId, updatedAt: LONG_AGO },
    });
    await sweep();
    await waitFor('the swept commit', async () => (await batchRow(batch!.id)).status === 'APPLIED');
    expect(await prisma.contact.count({ where: { organizationId: south.organizationId } })).toBe(3);
    expect(await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } })).toMatchObject({
      status: 'SUCCEEDED',
    });
  });

  it('a batch whose job failed for good is failed with its run, for the dashboard to show', async () => {
    const batch = await uploadBatch();
    const connection = await prisma.connection.findFirstOrThrow({
      where: { organizationId: south.organizationId, source: 'SALES_CRM' },
    });
    const syncRunId = newId(EntityType.syncRun);
    await prisma.syncRun.create({
      data: {
        id: syncRunId,
        organizationId: south.organizationId,
        connectionId: connection.id,
        status: 'RUNNING',
        driver: 'IMPORT',
        trigger: 'MANUAL',
        startedAt: LONG_AGO,
      },
    });
    await prisma.importBatch.update({
      where: { id: batch.id },
      data: { stage: 'COMMITTING', connectionId: connection.id, syncRunId, updatedAt: LONG_AGO },
    });
    // The sweep's own earlier attempt, failed for good (an invalid payload is discarded at once).
    const jobId = sweepJobId('imports.commit', batch.id);
    await scheduler().add('imports.commit', { organizationId: south.organizationId }, { jobId, attempts: 1 });
    await waitFor('the job to fail', async () => (await scheduler().getJobState(jobId)) === 'failed');
    await sweep();
    expect(await batchRow(batch.id)).toMatchObject({
      status: 'FAILED',
      stage: 'DONE',
      errorCode: 'IMPORT_JOB_FAILED',
      errorMessage: expect.stringContaining('Invalid payload'),
    });
    expect(await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } })).toMatchObject({
      status: 'FAILED',
      errorCode: 'IMPORT_JOB_FAILED',
    });
    const view = await call<ImportBatchView>(api.baseUrl, 'GET', `/api/imports/${batch.id}`, { token: southToken });
    expect(view.body).toMatchObject({ status: 'FAILED', errorCode: 'IMPORT_JOB_FAILED' });
  });

  it('a batch of a folder being scanned is left to the scan', async () => {
    const batch = await uploadBatch();
    const dir = folderPath(south.organizationId, 'held');
    const created = await createFolder(
      { name: 'Held', path: dir, cron: '0 3 * * *', profileId: 'hubspot-contacts' },
      southToken,
    );
    expect(created.status).toBe(201);
    await prisma.importDropFolder.update({
      where: { id: created.body.id },
      data: { scanToken: 'live-scan', scanLeaseUntil: new Date(Date.now() + 60_000) },
    });
    await prisma.importBatch.update({
      where: { id: batch.id },
      data: { stage: 'DRY_RUN_RUNNING', dropFolderId: created.body.id, updatedAt: LONG_AGO },
    });
    await sweep();
    expect(await batchRow(batch.id)).toMatchObject({ stage: 'DRY_RUN_RUNNING', status: 'PENDING' });

    // The scan died: its lease ran out, so the batch is closed (the file goes back on the next scan).
    await prisma.importDropFolder.update({
      where: { id: created.body.id },
      data: { scanLeaseUntil: new Date(Date.now() - 1000) },
    });
    await sweep();
    expect(await batchRow(batch.id)).toMatchObject({ status: 'FAILED', errorCode: 'WORKER_LOST' });
  });
});
