// The login page shows the demo sign-in only while it works: the demo organization exists and its
// admin's password is still the seed's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, hashPassword, type PrismaClient } from '@meridian/api';
import { call } from '#test/support/http.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from '#test/support/app.js';

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

describe('GET /api/auth/demo-login', () => {
  it('answers the seeded demo login without a token, and it signs in', async () => {
    const response = await call<{ email: string; password: string }>(api.baseUrl, 'GET', '/api/auth/demo-login');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    const signIn = await call(api.baseUrl, 'POST', '/api/auth/login', { body: response.body });
    expect(signIn.status).toBe(200);
  });

  it('answers 404 once the demo password has been changed, and again once it is restored', async () => {
    const original = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    await prisma.user.update({
      where: { id: original.id },
      data: { passwordHash: await hashPassword('a-private-password') },
    });
    const changed = await call(api.baseUrl, 'GET', '/api/auth/demo-login');
    expect(changed.status).toBe(404);
    expect(changed.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(JSON.stringify(changed.body)).not.toContain(DEMO_ADMIN.password);

    await prisma.user.update({ where: { id: original.id }, data: { passwordHash: original.passwordHash } });
    expect((await call(api.baseUrl, 'GET', '/api/auth/demo-login')).status).toBe(200);
  });

  it('answers 404 when the organization is not a demo', async () => {
    const user = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    await prisma.organization.update({ where: { id: user.organizationId }, data: { isDemo: false } });
    try {
      expect((await call(api.baseUrl, 'GET', '/api/auth/demo-login')).status).toBe(404);
    } finally {
      await prisma.organization.update({ where: { id: user.organizationId }, data: { isDemo: true } });
    }
  });

  it('answers 404 on a database without the demo organization', async () => {
    const empty = await startTestApi({ seedDemo: false });
    try {
      const response = await call(empty.baseUrl, 'GET', '/api/auth/demo-login');
      expect(response.status).toBe(404);
    } finally {
      await empty.close();
    }
  });
});
