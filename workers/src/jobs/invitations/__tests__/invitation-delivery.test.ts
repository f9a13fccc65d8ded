import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, InvitationDeliveryService, QueueService, type PrismaClient } from '@meridian/api';
import { FakeTwilioServer, TWILIO_INVALID_TEST_NUMBER } from '@meridian/connectors/testing';
import { jobDefinitions, jobIdFor, type InvitationResponse } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import {
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { waitFor } from '#test/support/wait.js';
import type { RunningWorker } from '../../../worker-app.js';

let twilio: FakeTwilioServer;
let environment: TestEnvironment;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let firm: CreatedOrganization;
let token: string;

beforeAll(async () => {
  twilio = await FakeTwilioServer.start({ accountSid: `AC${'ab'.repeat(16)}` });
  environment = await createTestEnvironment({
    PUBLIC_URL: 'https://app.meridian.test',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: twilio.fromNumber,
    TWILIO_BASE_URL: twilio.url,
    SMS_MAX_ATTEMPTS: '2',
    SMS_RETRY_DELAY_MS: '100',
  });
  api = await startTestApi({ seedDemo: false, environment });
  worker = await startTestWorker(environment);
  prisma = createPrismaClient(environment.databaseUrl);
  firm = await createOrganization(prisma, { name: 'Lovelace Wealth', role: 'ADMIN' });
  token = await login(api.baseUrl, firm.email, firm.password);
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
  await twilio?.close();
});

const inviteBySms = (email: string, number: string) =>
  call<{ invitations: InvitationResponse[] }>(api.baseUrl, 'POST', '/api/invite-team-member', {
    token,
    body: { email, team: firm.teamId, method: 'SMS', phone: { countryCode: '1', number } },
  });

async function listed(id: string): Promise<InvitationResponse | undefined> {
  const list = await call<{ invitations: InvitationResponse[] }>(
    api.baseUrl,
    'GET',
    `/api/invitations/team-members/by-team/${firm.teamId}`,
    { token },
  );
  return list.body.invitations.find((invitation) => invitation.id === id);
}

/** The invitation as the team's list shows it, once its delivery has reached `status`. */
const listedOnce = (id: string, status: InvitationResponse['deliveryStatus']) =>
  waitFor(`the invitation's delivery to be ${status}`, async () => {
    const invitation = await listed(id);
    return invitation?.deliveryStatus === status ? invitation : undefined;
  });

const textsTo = (number: string) => twilio.messages.filter((message) => message.to === number);

describe('invitations by SMS through Twilio', () => {
  it('texts the accept link through the Twilio SDK; the invitation is then sent (ISSUED)', async () => {
    const answer = await inviteBySms('ana@firm.ca', '(416) 555-0199');
    expect(answer.status).toBe(201);
    const created = answer.body.invitations[0]!;
    expect(created).toMatchObject({ method: 'SMS', phone: '+14165550199', deliveryAttempts: 0 });
    expect(created).not.toHaveProperty('link');

    const sent = await listedOnce(created.id, 'SENT');
    expect(sent).toMatchObject({ status: 'ISSUED', deliveryAttempts: 1, deliveryError: null });
    expect(sent.deliveredAt).not.toBeNull();
    const [text] = textsTo('+14165550199');
    expect(text).toMatchObject({ from: twilio.fromNumber, status: 'queued' });
    expect(text!.body).toContain('Lovelace Wealth invites you to join Factory team on Meridian.');
    const link = /https:\/\/app\.meridian\.test\/accept\/team-member\/([\w-]{43})/.exec(text!.body);
    expect(link).not.toBeNull();
    const valid = await call(api.baseUrl, 'GET', `/api/invitations/validate-code/${link![1]}/TEAM_MEMBER`);
    expect(valid.status).toBe(200);
    // The text held the code: once sent it is no longer kept, even sealed.
    const stored = await prisma.invitation.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.sealedMessage).toBeNull();
  });

  it('retries when Twilio fails, then delivers', async () => {
    twilio.injectFault({ mode: 'server-error' });
    const created = (await inviteBySms('bo@firm.ca', '4165550100')).body.invitations[0]!;
    const sent = await listedOnce(created.id, 'SENT');
    expect(sent).toMatchObject({ status: 'ISSUED', deliveryAttempts: 2, deliveryError: null });
    expect(textsTo('+14165550100')).toHaveLength(1);
    expect(twilio.answers).toContain(500);
  });

  it('gives up at once on a number Twilio refuses, and says why', async () => {
    const before = twilio.answers.length;
    const created = (await inviteBySms('cy@firm.ca', TWILIO_INVALID_TEST_NUMBER.slice(2))).body.invitations[0]!;
    const failed = await listedOnce(created.id, 'FAILED');
    expect(failed).toMatchObject({ status: 'CREATED', deliveryAttempts: 1, deliveredAt: null });
    expect(failed.deliveryError).toBe(
      `Twilio cannot text ${TWILIO_INVALID_TEST_NUMBER}: The 'To' number ${TWILIO_INVALID_TEST_NUMBER} is not a valid phone number. (Twilio error 21211)`,
    );
    // One try only: no retry can change Twilio's answer.
    expect(twilio.answers.slice(before)).toEqual([400]);
  });

  it('gives up after the last try; Resend then sends a new link and the failed one is replaced', async () => {
    twilio.injectFault({ mode: 'server-error' }, 2);
    const created = (await inviteBySms('dee@firm.ca', '4165550111')).body.invitations[0]!;
    const failed = await listedOnce(created.id, 'FAILED');
    expect(failed).toMatchObject({
      status: 'CREATED',
      deliveryAttempts: 2,
      deliveryError: 'Twilio could not take the message: Internal Server Error (Twilio error 20500)',
    });
    expect(textsTo('+14165550111')).toHaveLength(0);

    const resent = await call<InvitationResponse>(api.baseUrl, 'POST', `/api/invitations/${created.id}/resend`, {
      token,
    });
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ method: 'SMS', phone: '+14165550111', deliveryStatus: 'PENDING' });
    expect(await listedOnce(resent.body.id, 'SENT')).toMatchObject({ status: 'ISSUED' });
    expect(textsTo('+14165550111')).toHaveLength(1);
    expect(await listed(created.id)).toMatchObject({ status: 'INVALIDATED', invalidationReason: 'SUPERSEDED' });
  });

  it('sends an SMS whose job was lost with the tries it has left, and leaves one still queued alone', async () => {
    const delivery = worker.context.get(InvitationDeliveryService);
    const queue = worker.context.get(QueueService).queue(jobDefinitions['invitations.send-sms'].queue);
    const jobOf = (invitationId: string) =>
      jobIdFor('invitations.send-sms', { organizationId: firm.organizationId, invitationId });
    await queue.pause();
    const lost = (await inviteBySms('hal@firm.ca', '4165550133')).body.invitations[0]!;
    const queued = (await inviteBySms('ida@firm.ca', '4165550144')).body.invitations[0]!;
    try {
      // The first try failed and its retry went with Redis: RETRYING, with no job behind it.
      await queue.remove(jobOf(lost.id));
      await prisma.invitation.update({
        where: { id: lost.id },
        data: { deliveryStatus: 'RETRYING', deliveryAttempts: 1, deliveryError: 'Twilio could not take the message' },
      });

      expect(await delivery.requeueUnsentSms(new Date(Date.now() + 3_600_000))).toBe(1);
      // SMS_MAX_ATTEMPTS is 2 here and one try is spent.
      expect((await queue.getJob(jobOf(lost.id)))?.opts.attempts).toBe(1);
      expect(await delivery.requeueUnsentSms(new Date(Date.now() + 3_600_000))).toBe(0);
    } finally {
      await queue.resume();
    }
    expect(await listedOnce(lost.id, 'SENT')).toMatchObject({ status: 'ISSUED', deliveryError: null });
    expect(await listedOnce(queued.id, 'SENT')).toMatchObject({ status: 'ISSUED' });
    expect(textsTo('+14165550133')).toHaveLength(1);
    expect(textsTo('+14165550144')).toHaveLength(1);
  });

  it('refuses SMS without a number, or for several people, with a clear message', async () => {
    const noPhone = await call(api.baseUrl, 'POST', '/api/invite-team-member', {
      token,
      body: { email: 'eve@firm.ca', team: firm.teamId, method: 'SMS' },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toMatchObject({
      details: [{ path: 'phone', message: 'A mobile phone number is required to invite by SMS' }],
    });
    const several = await inviteBySms('eve@firm.ca, fay@firm.ca', '4165550122');
    expect(several.status).toBe(400);
    expect(several.body).toMatchObject({
      details: [{ path: 'email', message: 'An SMS invitation goes to one person: enter one e-mail address' }],
    });
  });
});

describe('invitations by e-mail', () => {
  it('are CREATED until the worker has sent the e-mail, then ISSUED with their delivery', async () => {
    const answer = await call<{ invitations: InvitationResponse[] }>(api.baseUrl, 'POST', '/api/invite-team-member', {
      token,
      body: { email: 'gus@firm.ca', team: firm.teamId, method: 'EMAIL' },
    });
    const created = answer.body.invitations[0]!;
    expect(created).toMatchObject({ status: 'CREATED', deliveryStatus: 'PENDING', phone: null });
    const sent = await listedOnce(created.id, 'SENT');
    expect(sent).toMatchObject({ status: 'ISSUED', deliveryAttempts: 1 });
    const files = await readdir(environment.mailDir);
    const messages = await Promise.all(files.map((file) => readFile(join(environment.mailDir, file), 'utf8')));
    expect(messages.some((message) => message.includes('To: gus@firm.ca'))).toBe(true);
  });
});
