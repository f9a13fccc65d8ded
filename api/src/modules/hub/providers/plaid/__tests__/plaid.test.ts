/**
 * Plaid Link over HTTP, against the fake Plaid behind prism: every call the API makes to Plaid is
 * checked against Plaid's OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApiApp, createPrismaClient, type PrismaClient } from '@meridian/api';
import { FAKE_INSTITUTIONS, FakePlaidServer, startPrism, type PrismProxy } from '@meridian/connectors/testing';
import type { ConnectionView, LinkedPlaidConnection, PlaidLinkSettings } from '@meridian/domain';
import { EntityType, newId } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createHousehold } from '#test/support/financial-factories.js';
import { seedPlaidConnection } from '#test/support/hub-factories.js';

let fake: FakePlaidServer;
let prism: PrismProxy;
let api: { baseUrl: string; databaseUrl: string; environment: TestEnvironment; app: NestExpressApplication };
/** Every log line the API wrote, at debug level and without the production logger's redaction. */
const logLines: string[] = [];
let prisma: PrismaClient;
let north: CreatedOrganization;
let household: string;
let southHousehold: string;
let as: ReturnType<typeof apiAs>;

beforeAll(async () => {
  fake = await FakePlaidServer.start();
  prism = await startPrism({ upstream: fake.url });
  const environment = await createTestEnvironment({ PLAID_ENV: 'fake', PLAID_BASE_URL: prism.url });
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  const app = await createApiApp(environment.config, logger);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  api = { baseUrl: `http://127.0.0.1:${port}`, databaseUrl: environment.databaseUrl, environment, app };
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  household = await createHousehold(prisma, north, 'Tremblay household');
  as = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const south = await createOrganization(prisma, { name: 'South Wealth' });
  southHousehold = await createHousehold(prisma, south);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.app.close();
  await api?.environment.dispose();
  await prism?.stop();
  await fake?.close();
});

async function publicToken(institutionId = 'ins_100001'): Promise<string> {
  const response = await as<{ publicToken: string }>('POST', '/api/plaid/sandbox/public-token', { institutionId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.publicToken;
}

function link(body: Record<string, unknown>) {
  return as<LinkedPlaidConnection>('POST', '/api/create-update-plaid-connection', {
    householdId: household,
    institutionName: 'Harbourfront Savings Bank',
    ...body,
  });
}

describe('link settings and the sandbox shortcut', () => {
  it('offers the fake’s institutions in fake mode', async () => {
    const response = await as<PlaidLinkSettings>('GET', '/api/plaid/link-settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      environment: 'fake',
      configured: true,
      sandboxInstitutions: FAKE_INSTITUTIONS.map((institution) => ({
        id: institution.institution_id,
        name: institution.name,
      })),
    });
  });

  it('makes a public token for an institution; Plaid’s refusal is a 422 with its message', async () => {
    expect(await publicToken()).toMatch(/^public-sandbox-/);
    const unknown = await as('POST', '/api/plaid/sandbox/public-token', { institutionId: 'ins_404' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'PROVIDER_REJECTED' });
    expect((unknown.body as { message: string }).message).toContain('invalid institution_id provided');
    const empty = await as('POST', '/api/plaid/sandbox/public-token', {});
    expect(empty.body).toMatchObject({ details: [{ path: 'institutionId' }] });
  });
});

describe('in production', () => {
  it('has no sandbox shortcut (404, nothing asked of Plaid) and offers no sandbox institutions', async () => {
    const config = { ...api.environment.config, PLAID_ENV: 'production' as const };
    const app = await createApiApp(config, pino({ level: 'silent' }));
    try {
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as AddressInfo;
      const baseUrl = `http://127.0.0.1:${port}`;
      const production = apiAs(baseUrl, await login(baseUrl, north.email, north.password));
      const requestsBefore = fake.requests.length;
      const shortcut = await production('POST', '/api/plaid/sandbox/public-token', { institutionId: 'ins_100001' });
      expect(shortcut.status).toBe(404);
      expect(shortcut.body).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Sandbox public tokens exist only in the sandbox and the fake Plaid, not in this environment',
      });
      expect(fake.requests.length).toBe(requestsBefore);
      const settings = await production<PlaidLinkSettings>('GET', '/api/plaid/link-settings');
      expect(settings.body).toMatchObject({ environment: 'production', sandboxInstitutions: [] });
    } finally {
      await app.close();
    }
  });
});

describe('linking a bank', () => {
  it('creates a pending connection of the household whose accounts wait to be placed: no run, no schedule yet', async () => {
    const response = await link({ publicToken: await publicToken() });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const itemId = response.body.externalAccountId!;
    expect(fake.hasItem(itemId)).toBe(true);
    expect(response.body).toMatchObject({
      service: 'PLAID',
      status: 'PENDING',
      owner: { type: 'household', id: household, name: 'Tremblay household' },
      displayName: 'Harbourfront Savings Bank',
      syncIntervalMinutes: api.environment.config.SYNC_INTERVAL_MINUTES,
      needsReauth: false,
      placementPending: true,
      lastRun: null,
      nextSyncAt: null,
    });
    // The bank's accounts, as Plaid lists them, each to be given an owner or a match.
    const item = fake.item(itemId);
    expect(response.body.accountsToPlace).toMatchObject({ connectionId: response.body.id, placementPending: true });
    expect(response.body.accountsToPlace.accounts.map((account) => account.externalAccountId).sort()).toEqual(
      item.accounts.map((account) => account.account_id).sort(),
    );

    // The access token is kept sealed, and shown nowhere.
    const accessToken = fake.item(itemId).accessToken;
    expect(JSON.stringify(response.body)).not.toContain(accessToken);
    const row = await prisma.connection.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(row.credentialsKeyId).toBe(api.environment.config.CREDENTIALS_ACTIVE_KEY_ID);
    expect(Buffer.from(row.credentialsCiphertext!).toString('latin1')).not.toContain(accessToken);
    const audit = await prisma.auditLog.findMany({ where: { entityId: response.body.id } });
    expect(audit.map((entry) => entry.action)).toEqual(['CREATE']);
    expect(JSON.stringify(audit)).not.toContain(accessToken);

    const listed = await as<ConnectionView[]>('GET', `/api/connections/by-owner/${household}`);
    expect(JSON.stringify(listed.body)).not.toContain(accessToken);
  });

  it('relinks the same item (update mode) into the same connection: new token, re-auth cleared, MANUAL run', async () => {
    const created = await link({ publicToken: await publicToken(), institutionName: 'Harbourfront' });
    const itemId = created.body.externalAccountId!;
    // Its accounts were placed and the first run finished, then the login broke.
    await prisma.connection.update({ where: { id: created.body.id }, data: { placementPendingSince: null } });
    await prisma.syncRun.create({
      data: {
        id: newId(EntityType.syncRun),
        organizationId: north.organizationId,
        connectionId: created.body.id,
        trigger: 'INITIAL',
        status: 'QUEUED',
      },
    });
    const finished = new Date();
    await prisma.syncRun.updateMany({
      where: { connectionId: created.body.id },
      data: { status: 'SUCCEEDED', startedAt: finished, finishedAt: finished },
    });
    await prisma.connection.update({
      where: { id: created.body.id },
      data: { needsReauthSince: new Date(), status: 'FAILED', lastError: 'ITEM_LOGIN_REQUIRED' },
    });

    const token = await as<{ linkToken: string; mode: string }>('POST', '/api/create-plaid-link-token', { itemId });
    expect(token.status).toBe(200);
    expect(token.body.mode).toBe('update');
    expect(fake.linkTokens.at(-1)?.request).toMatchObject({ access_token: fake.item(itemId).accessToken });
    expect(JSON.stringify(token.body)).not.toContain(fake.item(itemId).accessToken);

    const relinked = await link({ publicToken: fake.createPublicToken(itemId), itemId });
    expect(relinked.status).toBe(201);
    expect(relinked.body).toMatchObject({
      id: created.body.id,
      status: 'PENDING',
      needsReauth: false,
      lastError: null,
      lastRun: { status: 'QUEUED', trigger: 'MANUAL' },
    });
    expect(await prisma.connection.count({ where: { externalAccountId: itemId } })).toBe(1);
  });

  it('writes nothing when Plaid refuses (422) or fails (502)', async () => {
    const before = await prisma.connection.count();
    const refused = await link({ publicToken: 'public-sandbox-expired' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'PROVIDER_REJECTED',
      message: expect.stringContaining('provided public token is expired or invalid'),
    });

    const token = await publicToken();
    fake.injectFault({ mode: 'server-error' }, { endpoint: '/item/public_token/exchange' });
    const failed = await link({ publicToken: token });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(await prisma.connection.count()).toBe(before);
  });

  it('validates the body, refuses a mismatched item and another organization’s household', async () => {
    const invalid = await as('POST', '/api/create-update-plaid-connection', {
      householdId: 'household-x',
      institutionName: ' ',
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { path: 'householdId', message: 'Invalid household id' },
        { path: 'institutionName', message: 'institutionName is required' },
        expect.objectContaining({ path: 'publicToken' }),
      ]),
    );

    const mismatch = await link({ publicToken: await publicToken(), itemId: 'another-item' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      details: [{ path: 'itemId', message: 'itemId does not match the item of the public token' }],
    });

    const before = await prisma.connection.count();
    const foreign = await link({ householdId: southHousehold, publicToken: await publicToken() });
    expect(foreign.status).toBe(404);
    expect(await prisma.connection.count()).toBe(before);
  });
});

describe('link tokens', () => {
  it('creates a token for the caller, or the given user, with the product asked for', async () => {
    const created = await as<{ linkToken: string; mode: string; expiration: string }>(
      'POST',
      '/api/create-plaid-link-token',
      {},
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ mode: 'create', linkToken: expect.stringMatching(/^link-sandbox-/) });
    expect(fake.linkTokens.at(-1)?.request).toMatchObject({
      user: { client_user_id: north.userId },
      products: ['transactions'],
    });

    await as('POST', '/api/create-plaid-link-token', { userId: 'advisor-7', type: 'investments' });
    expect(fake.linkTokens.at(-1)?.request).toMatchObject({
      user: { client_user_id: 'advisor-7' },
      products: ['investments'],
    });
    const badType = await as('POST', '/api/create-plaid-link-token', { type: 'crypto' });
    expect(badType.body).toMatchObject({ details: [{ path: 'type', message: 'Invalid link type' }] });
  });

  it('answers 404 for an item that is not one of the organization’s connections', async () => {
    const southItem = fake.createItem();
    const south = await prisma.household.findUniqueOrThrow({ where: { id: southHousehold } });
    await seedPlaidConnection(prisma, api.environment.config, {
      organizationId: south.organizationId,
      householdId: southHousehold,
      itemId: southItem.itemId,
      accessToken: southItem.accessToken,
    });
    const tokens = fake.linkTokens.length;
    expect((await as('POST', '/api/create-plaid-link-token', { itemId: southItem.itemId })).status).toBe(404);
    expect((await as('POST', '/api/create-plaid-link-token', { itemId: 'no-such-item' })).status).toBe(404);
    expect(fake.linkTokens).toHaveLength(tokens);
  });
});

describe('logs', () => {
  it('never hold an access token or a public token', () => {
    expect(logLines.length).toBeGreaterThan(10);
    const leaks = logLines.filter((line) => /access-sandbox-|public-sandbox-/.test(line));
    expect(leaks).toEqual([]);
  });
});
