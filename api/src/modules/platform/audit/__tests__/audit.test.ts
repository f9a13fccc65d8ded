import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, runAsOrganization, AuditService, type PrismaClient } from '@meridian/api';
import type { AuditLogPage } from '@meridian/domain';
import { scopeToCurrentOrganization } from '../../../../common/tenancy/tenant-scope.js';
import { call, login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South', role: 'ADMIN' });
  const tenant = scopeToCurrentOrganization(prisma);
  const audit = new AuditService();
  await runAsOrganization({ userId: north.userId, organizationId: north.organizationId, role: 'ADVISOR' }, () =>
    tenant.$transaction(async (tx) => {
      await audit.record(tx, {
        action: 'UPDATE',
        entityType: 'team',
        entityId: north.teamId,
        before: { name: 'Old', updatedAt: new Date('2026-01-02T03:04:05Z') },
        after: { name: 'New' },
      });
    }),
  );
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('GET /api/audit-logs', () => {
  it('shows who changed what, with the row before and after', async () => {
    const token = await login(api.baseUrl, north.email, north.password);
    const response = await call(api.baseUrl, 'GET', `/api/audit-logs?entityId=${north.teamId}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      page: 1,
      limit: 20,
      total: 1,
      items: [
        {
          actorKind: 'USER',
          actorId: north.userId,
          action: 'UPDATE',
          entityType: 'team',
          entityId: north.teamId,
          before: { name: 'Old', updatedAt: '2026-01-02T03:04:05.000Z' },
          after: { name: 'New' },
        },
      ],
    });
  });

  it('names the actor and shows each change as before and after, never as JSON', async () => {
    const token = await login(api.baseUrl, north.email, north.password);
    const response = await call<AuditLogPage>(api.baseUrl, 'GET', `/api/audit-logs?entityId=${north.teamId}`, {
      token,
    });
    const user = await prisma.user.findUniqueOrThrow({ where: { id: north.userId }, select: { name: true } });
    expect(response.body.items[0]).toMatchObject({
      actionLabel: 'Updated',
      actor: { kind: 'user', name: user.name },
      entity: { kind: 'team', kindLabel: 'Team', name: 'New' },
      changes: [{ field: 'name', label: 'Name', before: 'Old', after: 'New' }],
    });
  });

  it('filters by actor, entity type and day', async () => {
    const token = await login(api.baseUrl, north.email, north.password);
    const get = (query: string) => call(api.baseUrl, 'GET', `/api/audit-logs?${query}`, { token });
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`actorId=${north.userId}&entityType=team&from=${today}&to=${today}`)).body.total).toBe(1);
    expect((await get('entityType=household')).body.total).toBe(0);
    expect((await get('to=2001-01-01')).body.total).toBe(0);
    expect((await get('from=2026-02-30')).status).toBe(400);
    expect((await get('entityType=Not%20A%20Kind')).status).toBe(400);
  });

  it("never shows another organization's log", async () => {
    const token = await login(api.baseUrl, south.email, south.password);
    const response = await call(api.baseUrl, 'GET', `/api/audit-logs?entityId=${north.teamId}`, { token });
    expect(response.body).toMatchObject({ total: 0, items: [] });
  });

  it('validates paging', async () => {
    const token = await login(api.baseUrl, north.email, north.password);
    const response = await call(api.baseUrl, 'GET', '/api/audit-logs?page=0&limit=501', { token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      details: [
        { path: 'page', message: 'Page must be a whole number of at least 1' },
        { path: 'limit', message: 'Limit must be at most 500' },
      ],
    });
  });
});
