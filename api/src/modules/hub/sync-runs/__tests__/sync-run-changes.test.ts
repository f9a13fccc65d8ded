import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService, createPrismaClient, runAsOrganization, type PrismaClient } from '@meridian/api';
import type { AuditLogPage } from '@meridian/domain';
import { scopeToCurrentOrganization } from '../../../../common/tenancy/tenant-scope.js';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createHousehold, createPerson } from '#test/support/financial-factories.js';
import { seedPlaidConnection, seedRun } from '#test/support/hub-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let as: ReturnType<typeof apiAs>;
let household: string;
let person: string;
let run: string;
let quietRun: string;
let southToken: string;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  household = await createHousehold(prisma, north, 'Okafor household');
  person = await createPerson(prisma, north.organizationId, household, { firstName: 'Ngozi', lastName: 'Okafor' });
  const bank = await seedPlaidConnection(prisma, api.environment.config, {
    organizationId: north.organizationId,
    householdId: household,
    displayName: 'Tartan Bank',
  });
  run = await seedRun(prisma, { organizationId: north.organizationId, connectionId: bank.id, status: 'SUCCEEDED' });
  quietRun = await seedRun(prisma, {
    organizationId: north.organizationId,
    connectionId: bank.id,
    status: 'SUCCEEDED',
  });
  // What the sync's writers record: actor SYNC, actor id the run's.
  const audit = new AuditService();
  const tenant = scopeToCurrentOrganization(prisma);
  await runAsOrganization({ userId: north.userId, organizationId: north.organizationId, role: 'ADVISOR' }, () =>
    tenant.$transaction(async (tx) => {
      await audit.record(tx, {
        action: 'CREATE',
        entityType: 'household',
        entityId: household,
        after: { name: 'Okafor household' },
        actor: { kind: 'SYNC', id: run },
      });
      await audit.record(tx, {
        action: 'UPDATE',
        entityType: 'person',
        entityId: person,
        before: { firstName: 'Ngozi', lastName: 'Okafo' },
        after: { firstName: 'Ngozi', lastName: 'Okafor' },
        actor: { kind: 'SYNC', id: run },
      });
      // A person's own change is not the run's.
      await audit.record(tx, {
        action: 'UPDATE',
        entityType: 'household',
        entityId: household,
        before: { name: 'Okafor household' },
        after: { name: 'The Okafors' },
      });
    }),
  );
  as = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  southToken = await login(api.baseUrl, south.email, south.password);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('GET /api/sync-runs/{syncRunId}/changes', () => {
  it('lists the records the run created and updated, named and linked, with each field before and after', async () => {
    const response = await as<AuditLogPage>('GET', `/api/sync-runs/${run}/changes`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    const byAction = Object.fromEntries(response.body.items.map((item) => [item.action, item]));
    expect(byAction.CREATE).toMatchObject({
      actionLabel: 'Created',
      actor: { kind: 'sync_run', name: 'Sync of Tartan Bank', path: `/connections/runs/${run}` },
      entity: {
        kind: 'household',
        kindLabel: 'Household',
        name: 'Okafor household',
        path: `/crm/households/${household}`,
      },
      changes: [{ field: 'name', label: 'Name', before: null, after: 'Okafor household' }],
    });
    expect(byAction.UPDATE).toMatchObject({
      entity: { kind: 'person', kindLabel: 'Person', name: 'Ngozi Okafor' },
      changes: [{ field: 'lastName', label: 'Last name', before: 'Okafo', after: 'Okafor' }],
    });
  });

  it('pages, and says nothing changed for a run that wrote nothing', async () => {
    const first = await as<AuditLogPage>('GET', `/api/sync-runs/${run}/changes?limit=1`);
    expect(first.body).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(first.body.items).toHaveLength(1);
    const quiet = await as<AuditLogPage>('GET', `/api/sync-runs/${quietRun}/changes`);
    expect(quiet.body).toMatchObject({ total: 0, items: [] });
  });

  it("answers 404 for another organization's run, and 400 for a malformed id or page", async () => {
    const foreign = await apiAs(api.baseUrl, southToken)('GET', `/api/sync-runs/${run}/changes`);
    expect(foreign.status).toBe(404);
    expect((await as('GET', '/api/sync-runs/not-a-run/changes')).status).toBe(400);
    expect((await as('GET', `/api/sync-runs/${run}/changes?page=0`)).status).toBe(400);
  });
});
