import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
