/**
 * A server without Nylas's settings: every Nylas route answers 409 saying what to set, never a
 * 5xx, and the webhook cannot be verified without its secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { call, login } from '#test/support/http.js';

const NOT_CONFIGURED = 'Nylas is not configured on this server: set NYLAS_API_KEY and NYLAS_CLIENT_ID';

let api: TestApi;
let prisma: PrismaClient;
let firm: CreatedOrganization;
let token: string;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false, environment: await createTestEnvironment() });
  prisma = createPrismaClient(api.databaseUrl);
  firm = await createOrganization(prisma, { role: 'ADVISOR' });
  token = await login(api.baseUrl, firm.email, firm.password);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('Nylas not configured', () => {
  it('answers the hosted-auth URL, the connect and the calendars with 409 and what to set', async () => {
    const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: firm.userId } });
    const responses = [
      await call(api.baseUrl, 'GET', '/api/nylas/google?email=ada%40firm.test', { token }),
      await call(api.baseUrl, 'POST', '/api/nylas', {
        token,
        body: { code: 'code-1', owner: member.id, creator: firm.userId, state: 'a.b' },
      }),
      await call(api.baseUrl, 'GET', `/api/meetings/nylas-calendars/by-team/${firm.teamId}`, { token }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'CONFLICT', message: NOT_CONFIGURED });
    }
  });

  it('answers a webhook delivery with 409 naming NYLAS_WEBHOOK_SECRET, and still echoes a challenge', async () => {
    const delivery = await call(api.baseUrl, 'POST', '/api/webhooks/nylas', {
      rawBody: '{"id":"n-1","type":"event.created","data":{"object":{}}}',
      headers: { 'x-nylas-signature': 'a'.repeat(64) },
    });
    expect(delivery.status).toBe(409);
    expect(delivery.body).toMatchObject({
      message: 'Nylas webhooks are not configured on this server: set NYLAS_WEBHOOK_SECRET',
    });
    const challenge = await fetch(`${api.baseUrl}/api/webhooks/nylas?challenge=ping`);
    expect(await challenge.text()).toBe('ping');
  });
});
