import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { call } from '#test/support/http.js';
import {
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '#test/support/app.js';
import { waitFor } from '#test/support/wait.js';
import type { RunningWorker } from '../../../worker-app.js';

let environment: TestEnvironment;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;

beforeAll(async () => {
  environment = await createTestEnvironment();
  api = await startTestApi({ seedDemo: false, environment });
  worker = await startTestWorker(environment);
  prisma = createPrismaClient(environment.databaseUrl);
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
});

describe('outbound e-mail', () => {
  it('delivers the welcome e-mail of the first admin through the outbox, once', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/users/first-admin-user', {
      body: {
        name: 'Grace Hopper',
        email: 'grace@navy.test',
        password: 'a-long-password',
        organizationName: 'Hopper Advisory',
      },
    });
    expect(response.status).toBe(201);

    const sent = await waitFor('the outbox row to be sent', async () => {
      const row = await prisma.outboxEmail.findFirst();
      return row?.status === 'SENT' ? row : undefined;
    });
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).not.toBeNull();

    const files = await readdir(environment.mailDir);
    expect(files).toEqual([`${sent.id}.eml`]);
    const message = await readFile(join(environment.mailDir, files[0]!), 'utf8');
    expect(message).toContain('To: grace@navy.test');
    expect(message).toContain('Subject: Welcome to Meridian, Grace Hopper');
    expect(message).toContain('Hopper Advisory is set up on Meridian');
  });

  it('sweeps a pending row whose job was lost and delivers it', async () => {
    const organization = await prisma.organization.findFirstOrThrow();
    const id = 'outbox_email-LOSTLOSTLOSTLOSTLOST00';
    await prisma.outboxEmail.create({
      data: {
        id,
        organizationId: organization.id,
        toAddress: 'lost@navy.test',
        subject: 'Lost and found',
        textBody: 'hello',
        createdAt: new Date(Date.now() - 10 * 60_000),
      },
    });
    // Run the scheduled sweep now instead of waiting for its interval.
    const queue = new Queue('email', {
      connection: { url: environment.config.REDIS_URL },
      prefix: environment.config.QUEUE_PREFIX,
    });
    await queue.add('email.sweep-outbox', {});
    await queue.close();
    const row = await waitFor('the swept row to be sent', async () => {
      const found = await prisma.outboxEmail.findUnique({ where: { id } });
      return found?.status === 'SENT' ? found : undefined;
    });
    expect(row.toAddress).toBe('lost@navy.test');
    expect(await readdir(environment.mailDir)).toContain(`${id}.eml`);
  });

  it("sends the attachments an outbox row carries (a booking's calendar invite) with the message", async () => {
    const organization = await prisma.organization.findFirstOrThrow();
    const id = 'outbox_email-INVITEINVITEINVITEINV0';
    const invite = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await prisma.outboxEmail.create({
      data: {
        id,
        organizationId: organization.id,
        toAddress: 'client@example.test',
        subject: 'Your meeting is booked',
        textBody: 'See you then',
        createdAt: new Date(Date.now() - 10 * 60_000),
        attachments: [
          { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: invite },
        ],
      },
    });
    const queue = new Queue('email', {
      connection: { url: environment.config.REDIS_URL },
      prefix: environment.config.QUEUE_PREFIX,
    });
    await queue.add('email.deliver', { outboxEmailId: id });
    await queue.close();
    await waitFor('the invite e-mail to be sent', async () => {
      const found = await prisma.outboxEmail.findUnique({ where: { id } });
      return found?.status === 'SENT' ? found : undefined;
    });
    const message = await readFile(join(environment.mailDir, `${id}.eml`), 'utf8');
    expect(message).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
    expect(message).toContain('filename=invite.ics');
    // The part's body is base64: the invite must come out of it whole.
    const body = /filename=invite\.ics\s+([A-Za-z0-9+/=\s]+?)\n--/.exec(message)?.[1] ?? '';
    expect(Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')).toBe(invite);
  });
});
