import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { call, login } from '../support/http.js';
import { startTestApi, type TestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  south = await createOrganization(prisma, { name: 'South Wealth' });
  northToken = await login(api.baseUrl, north.email, north.password);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('organization isolation', () => {
  it('lets a user read a team of their own organization', async () => {
    const response = await call(api.baseUrl, 'GET', `/api/teams/${north.teamId}`, { token: northToken });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: north.teamId,
      organizationId: north.organizationId,
      members: [{ userId: north.userId, email: north.email, role: 'ADVISOR' }],
    });
  });

  it("answers 404 for another organization's team, exactly as for a missing one", async () => {
    const foreign = await call(api.baseUrl, 'GET', `/api/teams/${south.teamId}`, { token: northToken });
    const missing = await call(api.baseUrl, 'GET', '/api/teams/team-AAAAAAAAAAAAAAAAAAAAA', { token: northToken });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect({ ...(foreign.body as object), requestId: 0 }).toEqual({ ...(missing.body as object), requestId: 0 });
  });

  it('validates the team id', async () => {
    const response = await call(api.baseUrl, 'GET', '/api/teams/not-a-team', { token: northToken });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'teamId', message: 'Invalid team id' }],
    });
  });

  it("counts only the caller's organization on the home page overview", async () => {
    await createOrganization(prisma, { name: 'South Wealth' }).then(() => undefined);
    const response = await call(api.baseUrl, 'GET', '/api/organizations/current/overview', { token: northToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      organization: { id: north.organizationId, name: 'North Wealth', isDemo: false },
      counts: [
        { key: 'teams', label: 'Teams', value: 1 },
        { key: 'users', label: 'Users', value: 1 },
        { key: 'professionals', label: 'Professionals', value: 0 },
      ],
    });
  });

  it("answers 404 for another organization's plan, its sim and its household's list, exactly as for missing ones", async () => {
    const householdId = newId(EntityType.household);
    await prisma.household.create({
      data: { id: householdId, organizationId: south.organizationId, teamId: south.teamId, name: 'South household' },
    });
    const planId = newId(EntityType.plan);
    await prisma.plan.create({
      data: {
        id: planId,
        organizationId: south.organizationId,
        householdId,
        name: 'South plan',
        startYear: 2026,
        currency: 'CAD',
        inflationPercent: '2.1',
      },
    });
    const pairs: [string, string][] = [
      [`/api/plans?planId=${planId}`, `/api/plans?planId=${newId(EntityType.plan)}`],
      [`/api/plans/${planId}/sim`, `/api/plans/${newId(EntityType.plan)}/sim`],
    ];
    for (const [foreignPath, missingPath] of pairs) {
      const foreign = await call(api.baseUrl, 'GET', foreignPath, { token: northToken });
      const missing = await call(api.baseUrl, 'GET', missingPath, { token: northToken });
      expect(foreign.status).toBe(404);
      expect({ ...(foreign.body as object), requestId: 0 }).toEqual({ ...(missing.body as object), requestId: 0 });
    }
    const list = await call(api.baseUrl, 'PATCH', `/api/plans/list?householdId=${householdId}`, { token: northToken });
    expect(list.status).toBe(404);
    const edit = await call(api.baseUrl, 'PATCH', `/api/plans/${planId}/settings/edit`, {
      token: northToken,
      body: { name: 'Taken over' },
    });
    expect(edit.status).toBe(404);
    expect((await prisma.plan.findUniqueOrThrow({ where: { id: planId } })).name).toBe('South plan');
  });
});
