import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { call } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';

let api: TestApi;
let prisma: PrismaClient;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

const admin = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.CA',
  password: 'correct-horse-battery',
  organizationName: 'Lovelace Wealth',
};

describe('POST /api/users/first-admin-user', () => {
  it('validates every field with a message per field and creates nothing', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/users/first-admin-user', {
      body: { name: ' ', email: 'not-an-email', password: 'short' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 10 characters' },
        { path: 'organizationName', message: 'Organization name is required' },
      ],
    });
    expect(await prisma.organization.count()).toBe(0);
  });

  it('creates the organization, its first team and the ADMIN user, and signs them in', async () => {
    const [first, second] = await Promise.all([
      call<{ accessToken: string; user: Record<string, unknown> }>(api.baseUrl, 'POST', '/api/users/first-admin-user', {
        body: admin,
      }),
      call(api.baseUrl, 'POST', '/api/users/first-admin-user', { body: { ...admin, email: 'other@example.ca' } }),
    ]);
    // Two simultaneous calls: exactly one wins.
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const created = first.status === 201 ? first : second;
    const body = created.body as {
      accessToken: string;
      user: { id: string; organizationId: string; teamIds: string[] };
    };
    expect(body.user).toMatchObject({ role: 'ADMIN', organizationName: 'Lovelace Wealth' });
    expect(body.user.id).toMatch(/^user-[A-Za-z0-9_-]{21}$/);
    expect(body.user.organizationId).toMatch(/^organization-[A-Za-z0-9_-]{21}$/);
    expect(body.user.teamIds).toHaveLength(1);

    expect(await prisma.organization.count()).toBe(1);
    expect(await prisma.team.count()).toBe(1);
    const stored = await prisma.user.findFirstOrThrow();
    expect(stored.passwordHash).not.toContain(admin.password);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    const me = await call(api.baseUrl, 'GET', '/api/auth/me', { token: body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: body.user.id, role: 'ADMIN' });
  });

  it('answers 409 once a user exists', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/users/first-admin-user', {
      body: { ...admin, email: 'late@example.ca' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'CONFLICT',
      message: 'The first admin user already exists; sign in instead',
    });
    expect(await prisma.user.count()).toBe(1);
  });

  it('queues a welcome e-mail in the outbox', async () => {
    // Either of the two simultaneous calls above may have won; the e-mail goes to the winner.
    const admin = await prisma.user.findFirstOrThrow();
    const outbox = await prisma.outboxEmail.findMany();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ toAddress: admin.email, subject: 'Welcome to Meridian, Ada Lovelace' });
    expect(['ada@example.ca', 'other@example.ca']).toContain(admin.email);
  });
});
