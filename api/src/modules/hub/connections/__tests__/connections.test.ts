import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakePlaidServer } from '@meridian/connectors/testing';
import {
  EntityType,
  newId,
  StripeMessage,
  type ConnectionView,
  type FinancialRecordResponse,
  type FinancialView,
  type ListPage,
  type SyncRunAction,
} from '@meridian/domain';
import { login } from '#test/support/http.js';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createHousehold, createRecord } from '#test/support/financial-factories.js';
import { seedPlaidConnection, seedRun, seedSyncedAccount, type SeededConnection } from '#test/support/hub-factories.js';

let fake: FakePlaidServer;
let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northHousehold: string;
let southHousehold: string;
let as: ReturnType<typeof apiAs>;
let southConnection: SeededConnection;

const MISSING = 'connection-AAAAAAAAAAAAAAAAAAAAA';

beforeAll(async () => {
  fake = await FakePlaidServer.start();
  const environment = await createTestEnvironment({ PLAID_ENV: 'fake', PLAID_BASE_URL: fake.url });
  api = await startTestApi({ seedDemo: false, environment });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  northHousehold = await createHousehold(prisma, north, 'Tremblay household');
  southHousehold = await createHousehold(prisma, south, 'South household');
  as = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  southConnection = await seedPlaidConnection(prisma, api.environment.config, {
    organizationId: south.organizationId,
    householdId: southHousehold,
  });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
  await api?.environment.dispose();
  await fake?.close();
});

function northConnection(overrides: Partial<Parameters<typeof seedPlaidConnection>[2]> = {}) {
  return seedPlaidConnection(prisma, api.environment.config, {
    organizationId: north.organizationId,
    householdId: northHousehold,
    ...overrides,
  });
}

describe('reading connections', () => {
  it('shows a household’s connections with counts, last run and re-auth state, never the credentials', async () => {
    const household = await createHousehold(prisma, north, 'Gagnon household');
    const connection = await seedPlaidConnection(prisma, api.environment.config, {
      organizationId: north.organizationId,
      householdId: household,
      displayName: 'Northern Maple Trust',
    });
    await seedSyncedAccount(prisma, {
      organizationId: north.organizationId,
      householdId: household,
      connectionId: connection.id,
      sourceId: `acc-${connection.id}`,
    });
    await seedRun(prisma, {
      organizationId: north.organizationId,
      connectionId: connection.id,
      status: 'FAILED',
      queuedAt: new Date('2026-11-01T10:00:00Z'),
    });
    const newest = await seedRun(prisma, {
      organizationId: north.organizationId,
      connectionId: connection.id,
      status: 'SUCCEEDED',
      queuedAt: new Date('2026-11-02T10:00:00Z'),
    });

    const response = await as<ConnectionView[]>('GET', `/api/connections/by-owner/${household}?service=PLAID`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({
      id: connection.id,
      service: 'PLAID',
      status: 'SUCCESS',
      owner: { type: 'household', id: household, name: 'Gagnon household' },
      displayName: 'Northern Maple Trust',
      externalAccountId: connection.itemId,
      syncIntervalMinutes: 360,
      nextSyncAt: null,
      needsReauth: false,
      recordCounts: { financialRecords: 1, transactions: 1, recurringStreams: 1 },
      lastRun: { id: newest, status: 'SUCCEEDED', durationMs: 1500, connection: { service: 'PLAID' } },
    });
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(connection.accessToken);
    expect(text).not.toMatch(/credentials|ciphertext/i);

    const none = await as<ConnectionView[]>('GET', `/api/connections/by-owner/${household}?service=NYLAS`);
    expect(none.body).toEqual([]);
  });

  it('answers 404 for another organization’s owner, and validates owner and service', async () => {
    const other = await as('GET', `/api/connections/by-owner/${southHousehold}`);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', message: 'Owner not found' });

    const badOwner = await as('GET', '/api/connections/by-owner/contact-AAAAAAAAAAAAAAAAAAAAA');
    expect(badOwner.status).toBe(400);
    expect(badOwner.body).toMatchObject({ details: [{ path: 'owner', message: 'Invalid owner id' }] });

    const badService = await as('GET', `/api/connections/by-owner/${northHousehold}?service=MYSPACE`);
    expect(badService.status).toBe(400);
    expect(badService.body).toMatchObject({ details: [{ path: 'service', message: 'Invalid service' }] });
  });

  it('lists the organization’s connections with filters and paging; another organization’s is a 404', async () => {
    const broken = await northConnection({ needsReauthSince: new Date(), status: 'FAILED' });
    const all = await as<ListPage<ConnectionView>>('GET', '/api/connections?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.items.map((item) => item.id)).toContain(broken.id);
    expect(all.body.items.map((item) => item.id)).not.toContain(southConnection.id);
    expect(all.body.total).toBe(all.body.items.length);

    const reauth = await as<ListPage<ConnectionView>>('GET', '/api/connections?needsReauth=true');
    expect(reauth.body.items.map((item) => item.id)).toEqual([broken.id]);
    expect(reauth.body.items[0]).toMatchObject({ needsReauth: true, status: 'FAILED' });

    const paged = await as<ListPage<ConnectionView>>('GET', '/api/connections?limit=1&page=2');
    expect(paged.body).toMatchObject({ page: 2, limit: 1, total: all.body.total });
    expect(paged.body.items).toHaveLength(1);

    const badStatus = await as('GET', '/api/connections?status=BROKEN');
    expect(badStatus.body).toMatchObject({ details: [{ path: 'status', message: 'Invalid connection status' }] });

    expect((await as('GET', `/api/connections/${broken.id}`)).status).toBe(200);
    expect((await as('GET', `/api/connections/${southConnection.id}`)).status).toBe(404);
    expect((await as('GET', `/api/connections/${MISSING}`)).status).toBe(404);
    const badId = await as('GET', '/api/connections/household-AAAAAAAAAAAAAAAAAAAAA');
    expect(badId.body).toMatchObject({ details: [{ path: 'connectionId', message: 'Invalid connection id' }] });
  });

  it('needs a bearer token', async () => {
    const response = await apiAs(api.baseUrl, '')('GET', '/api/connections');
    expect(response.status).toBe(401);
  });
});

describe('running a connection now', () => {
  it('queues one MANUAL run (202); asking again answers the same run', async () => {
    const connection = await northConnection();
    const first = await as<SyncRunAction>('POST', `/api/connections/${connection.id}/sync`);
    expect(first.status).toBe(202);
    expect(first.body.run).toMatchObject({ connectionId: connection.id, status: 'QUEUED', trigger: 'MANUAL' });

    const again = await as<SyncRunAction>('POST', `/api/connections/${connection.id}/sync`);
    expect(again.status).toBe(202);
    expect(again.body.run.id).toBe(first.body.run.id);
    expect(await prisma.syncRun.count({ where: { connectionId: connection.id } })).toBe(1);
  });

  it('refuses a connection that needs re-authentication (409, relink), and another organization’s (404)', async () => {
    const connection = await northConnection({ needsReauthSince: new Date(), displayName: 'Tartan Bank' });
    const response = await as('POST', `/api/connections/${connection.id}/sync`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'CONFLICT' });
    expect((response.body as { message: string }).message).toMatch(/"Tartan Bank" needs re-authentication: relink it/);
    expect(await prisma.syncRun.count({ where: { connectionId: connection.id } })).toBe(0);

    expect((await as('POST', `/api/connections/${southConnection.id}/sync`)).status).toBe(404);
    expect(await prisma.syncRun.count({ where: { connectionId: southConnection.id } })).toBe(0);
  });
});

describe('deleting a connection', () => {
  it('cancels its run, removes the item at Plaid, keeps its records as manual ones without their links', async () => {
    const item = fake.createItem();
    const connection = await northConnection({ itemId: item.itemId, accessToken: item.accessToken });
    const synced = await seedSyncedAccount(prisma, {
      organizationId: north.organizationId,
      householdId: northHousehold,
      connectionId: connection.id,
      sourceId: `acc-${connection.id}`,
    });
    const running = await seedRun(prisma, {
      organizationId: north.organizationId,
      connectionId: connection.id,
      status: 'RUNNING',
    });
    // An import batch that ran on the connection keeps its rows and report, without the link.
    const batchId = newId(EntityType.importBatch);
    await prisma.importBatch.create({
      data: {
        id: batchId,
        organizationId: north.organizationId,
        connectionId: connection.id,
        syncRunId: running,
        source: 'CLOVEN',
      },
    });

    const response = await as('DELETE', `/api/connections/${connection.id}`);
    expect(response.status).toBe(204);
    expect(await prisma.importBatch.findUnique({ where: { id: batchId } })).toMatchObject({
      connectionId: null,
      syncRunId: null,
    });

    expect(fake.hasItem(item.itemId)).toBe(false);
    expect(fake.requests.filter((request) => request.path === '/item/remove')).toHaveLength(1);
    expect(await prisma.connection.findUnique({ where: { id: connection.id } })).toBeNull();
    expect(await prisma.syncRun.findUnique({ where: { id: running } })).toBeNull();
    expect(await prisma.financialRecord.findUnique({ where: { id: synced.recordId } })).toMatchObject({
      connectionType: 'MANUAL',
      connectionId: null,
      deletedAt: null,
    });
    expect(await prisma.transaction.count({ where: { id: synced.transactionId } })).toBe(1);
    expect(await prisma.recurringStream.count({ where: { id: synced.streamId } })).toBe(1);
    expect(
      await prisma.externalLink.count({
        where: { entityId: { in: [synced.recordId, synced.transactionId, synced.streamId] } },
      }),
    ).toBe(0);
    const audit = await prisma.auditLog.findFirst({ where: { entityId: connection.id } });
    expect(audit).toMatchObject({ action: 'DELETE', actorKind: 'USER' });
    expect(JSON.stringify(audit?.before)).not.toContain(connection.accessToken);

    expect((await as('DELETE', `/api/connections/${connection.id}`)).status).toBe(404);
  });

  it('deletes even when Plaid fails to remove the item', async () => {
    const item = fake.createItem();
    const connection = await northConnection({ itemId: item.itemId, accessToken: item.accessToken });
    fake.injectFault({ mode: 'server-error' }, { endpoint: '/item/remove' });
    const response = await as('DELETE', `/api/connections/${connection.id}`);
    expect(response.status).toBe(204);
    expect(await prisma.connection.count({ where: { id: connection.id } })).toBe(0);
    expect(fake.hasItem(item.itemId)).toBe(true);
  });

  it('refuses to delete a Stripe connection (it is disconnected instead), and keeps it', async () => {
    const id = newId(EntityType.connection);
    await prisma.connection.create({
      data: { id, organizationId: north.organizationId, service: 'STRIPE', status: 'SUCCESS' },
    });
    const response = await as('DELETE', `/api/connections/${id}`);
    expect(response.status).toBe(409);
    expect((response.body as { message: string }).message).toBe(StripeMessage.deleteRefused);
    expect(await prisma.connection.count({ where: { id } })).toBe(1);
  });

  it('answers 404 for another organization’s connection and leaves it alone', async () => {
    const response = await as('DELETE', `/api/connections/${southConnection.id}`);
    expect(response.status).toBe(404);
    expect(await prisma.connection.count({ where: { id: southConnection.id } })).toBe(1);
  });
});

describe('freshness of synced records', () => {
  it('gives every synced record its connection’s sync state, and manual records none', async () => {
    const household = await createHousehold(prisma, north, 'Roy household');
    const lastSyncedAt = new Date('2026-11-20T08:30:00Z');
    const connection = await northConnection({ needsReauthSince: new Date(), status: 'FAILED' });
    await prisma.connection.update({
      where: { id: connection.id },
      data: { lastSyncedAt, ownerHouseholdId: household },
    });
    const synced = await seedSyncedAccount(prisma, {
      organizationId: north.organizationId,
      householdId: household,
      connectionId: connection.id,
      sourceId: `acc-${connection.id}`,
    });
    const token = await login(api.baseUrl, north.email, north.password);
    const manual = await createRecord(api.baseUrl, token, { householdId: household, type: 'CREDIT_CARD' });
    expect(manual.sync).toBeNull();

    const record = await as<FinancialRecordResponse>('GET', `/api/financial-records/${synced.recordId}`);
    expect(record.status).toBe(200);
    expect(record.body.sync).toEqual({
      connectionId: connection.id,
      service: 'PLAID',
      status: 'FAILED',
      lastSyncedAt: lastSyncedAt.toISOString(),
      needsReauth: true,
    });

    const view = await as<FinancialView>('GET', `/api/get-financial-view/${household}`);
    expect(view.status).toBe(200);
    const byId = new Map(view.body.records.map((item) => [item.id, item.sync]));
    expect(byId.get(synced.recordId)).toMatchObject({ connectionId: connection.id, needsReauth: true });
    expect(byId.get(manual.id)).toBeNull();
  });
});
