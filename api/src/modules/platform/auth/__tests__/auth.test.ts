import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { call, login } from '#test/support/http.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization } from '#test/support/factories.js';

let api: TestApi;
let prisma: PrismaClient;

beforeAll(async () => {
  api = await startTestApi();
  prisma = createPrismaClient(api.databaseUrl);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('sign-in', () => {
  it('returns a bearer token and the user, matching the e-mail case-insensitively', async () => {
    const response = await call<{ accessToken: string; user: Record<string, unknown> }>(
      api.baseUrl,
      'POST',
      '/api/auth/login',
      {
        body: { email: DEMO_ADMIN.email.toUpperCase(), password: DEMO_ADMIN.password },
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.accessToken.split('.')).toHaveLength(3);
    expect(response.body.user).toMatchObject({ email: DEMO_ADMIN.email, role: 'ADMIN' });
    expect(JSON.stringify(response.body)).not.toContain('passwordHash');
    const user = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    expect(user.lastLoginAt).not.toBeNull();
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrong = await call(api.baseUrl, 'POST', '/api/auth/login', {
      body: { email: DEMO_ADMIN.email, password: 'nope-nope-nope' },
    });
    const unknown = await call(api.baseUrl, 'POST', '/api/auth/login', {
      body: { email: 'ghost@advisor.test', password: 'nope-nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect({ ...(wrong.body as object), requestId: 0 }).toEqual({ ...(unknown.body as object), requestId: 0 });
    expect(wrong.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid email or password' });
  });

  it('slows repeated failures with 429 and Retry-After, even for the right password', async () => {
    const email = 'olivia.tremblay@advisor.test';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await call(api.baseUrl, 'POST', '/api/auth/login', { body: { email, password: 'wrong-password' } })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await call(api.baseUrl, 'POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Other accounts are not affected.
    expect(await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password)).toBeTruthy();
  });

  it('refuses a missing, malformed or tampered token', async () => {
    const token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        role: 'ADMIN',
        org: 'organization-AAAAAAAAAAAAAAAAAAAAA',
      }),
    ).toString('base64url');
    for (const authorization of [
      '',
      'Bearer',
      'Basic abc',
      'Bearer not.a.token',
      `Bearer ${header}.${forged}.${signature}`,
    ]) {
      const response = await call(api.baseUrl, 'GET', '/api/auth/me', {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('stops honouring the token of a deleted user', async () => {
    const leaving = await createOrganization(prisma, { name: 'Leaving Wealth' });
    const token = await login(api.baseUrl, leaving.email, leaving.password);
    expect((await call(api.baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(200);
    await prisma.teamMember.deleteMany({ where: { userId: leaving.userId } });
    await prisma.user.delete({ where: { id: leaving.userId } });
    expect((await call(api.baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });
});
