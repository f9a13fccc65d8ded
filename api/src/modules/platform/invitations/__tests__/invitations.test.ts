import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createApiApp, createLogger, type PrismaClient } from '@meridian/api';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startWithTwoFirms, type SignedInFirm, type TwoFirms } from '#test/support/two-firms.js';

const MAX_FAILURES = 5;
let world: TwoFirms;
let api: TestApi;
let prisma: PrismaClient;
let firm: SignedInFirm;
let other: SignedInFirm;
let adminToken: string;
let otherToken: string;

beforeAll(async () => {
  world = await startWithTwoFirms({
    environment: { INVITATION_CODE_MAX_FAILURES: String(MAX_FAILURES), PUBLIC_URL: 'https://app.meridian.test' },
    names: ['Lovelace Wealth', 'Other Firm'],
  });
  ({ api, prisma } = world);
  [firm, other] = world.firms;
  [adminToken, otherToken] = [firm.token, other.token];
});
afterAll(() => world?.close());

interface Invitation {
  id: string;
  email: string;
  status: string;
  invalidationReason: string | null;
  method: string;
  link?: string;
  deliveryStatus: string | null;
}

const invite = (body: unknown, token = adminToken) =>
  call<{ invitations: Invitation[] }>(api.baseUrl, 'POST', '/api/invite-team-member', { token, body });
const validate = (code: string, type = 'TEAM_MEMBER', headers: Record<string, string> = {}) =>
  call(api.baseUrl, 'GET', `/api/invitations/validate-code/${code}/${type}`, { headers });
const accept = (code: string, body: unknown, headers: Record<string, string> = {}) =>
  call<{ accessToken: string; user: { id: string; role: string; teamIds: string[] } }>(
    api.baseUrl,
    'POST',
    `/api/invitations/team-member/${code}/accept`,
    { body, headers },
  );
const codeOf = (link: string) => link.split('/').pop()!;

/** The code an e-mailed invitation carries, read from the outbox as the invitee's mailbox would. */
async function emailedCode(email: string): Promise<string> {
  const message = await prisma.outboxEmail.findFirstOrThrow({
    where: { toAddress: email },
    orderBy: { createdAt: 'desc' },
  });
  const link = /https:\/\/app\.meridian\.test\/accept\/team-member\/([A-Za-z0-9_-]+)/.exec(message.textBody);
  if (!link) throw new Error(`no accept link in: ${message.textBody}`);
  return link[1]!;
}

const memberCount = () => prisma.user.count();

describe('POST /api/invite-team-member', () => {
  it("refuses an invalid address anywhere in the list with the spec's message, and creates nothing", async () => {
    const response = await invite({ email: 'ana@firm.ca, not-an-email', team: firm.teamId, method: 'EMAIL' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'email', message: 'Your input contains invalid email' }],
    });
    const missing = await invite({ email: 'ana@firm.ca', method: 'FAX' });
    expect(missing.body).toMatchObject({
      details: [
        { path: 'team', message: 'Team is required' },
        { path: 'method', message: 'Method must be one of EMAIL, LINK, SMS' },
      ],
    });
    expect(await prisma.invitation.count()).toBe(0);
  });

  it('creates one invitation per address, e-mails each a link, and stores only a hash of the code', async () => {
    const response = await invite({ email: ' ana@firm.ca ,\n Bo@Firm.ca,', team: firm.teamId, method: 'EMAIL' });
    expect(response.status).toBe(201);
    // CREATED until the worker has sent the e-mail (no worker runs here: see the worker's delivery test).
    expect(response.body.invitations.map((i) => [i.email, i.status, i.method, i.deliveryStatus])).toEqual([
      ['ana@firm.ca', 'CREATED', 'EMAIL', 'PENDING'],
      ['bo@firm.ca', 'CREATED', 'EMAIL', 'PENDING'],
    ]);
    expect(response.body.invitations[0]).not.toHaveProperty('link');
    const code = await emailedCode('ana@firm.ca');
    expect(code.length).toBeGreaterThanOrEqual(43);
    const stored = await prisma.invitation.findFirstOrThrow({ where: { email: 'ana@firm.ca' } });
    expect(stored.code).not.toContain(code);
    expect(stored.code).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.expiresAt!.getTime() - stored.issuedAt!.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'ana@firm.ca' } });
    expect(message.subject).toBe('You are invited to join Factory team at Lovelace Wealth on Meridian');
  });

  it('answers the link to copy for the LINK method, and asks SMS for a number', async () => {
    const response = await invite({ email: 'cy@firm.ca', team: firm.teamId, method: 'LINK' });
    expect(response.status).toBe(201);
    expect(response.body.invitations[0]!.link).toMatch(
      /^https:\/\/app\.meridian\.test\/accept\/team-member\/[\w-]{43}$/,
    );
    const sms = await invite({ email: 'cy@firm.ca', team: firm.teamId, method: 'SMS' });
    expect(sms.status).toBe(400);
    expect(sms.body).toMatchObject({ details: [{ path: 'phone' }] });
  });

  it("answers 404 for another organization's team and creates nothing", async () => {
    const before = await prisma.invitation.count();
    expect((await invite({ email: 'x@firm.ca', team: other.teamId, method: 'EMAIL' })).status).toBe(404);
    const list = await call(api.baseUrl, 'GET', `/api/invitations/team-members/by-team/${firm.teamId}`, {
      token: otherToken,
    });
    expect(list.status).toBe(404);
    expect(await prisma.invitation.count()).toBe(before);
  });

  it('refuses an address that already has an account', async () => {
    const response = await invite({ email: firm.email, team: firm.teamId, method: 'EMAIL' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: `${firm.email} already has a Meridian account` });
  });
});

describe('accepting a team-member invitation', () => {
  it('validates the code, then creates the user with the role in the team and signs them in', async () => {
    await invite({ email: 'dee@firm.ca', team: firm.teamId, method: 'EMAIL', role: 'PM' });
    const code = await emailedCode('dee@firm.ca');
    const valid = await validate(code);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({
      valid: true,
      type: 'TEAM_MEMBER',
      kind: 'team-member',
      organizationName: 'Lovelace Wealth',
      teamName: 'Factory team',
      email: 'dee@firm.ca',
    });

    const refused = await accept(code, { name: ' ', password: 'short' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      details: [
        { path: 'name', message: 'Name is required' },
        { path: 'password', message: 'Password must be at least 10 characters' },
      ],
    });

    const accepted = await accept(code, { name: 'Dee Member', password: 'dee-password-1' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ role: 'PM', teamIds: [firm.teamId] });
    expect(await login(api.baseUrl, 'dee@firm.ca', 'dee-password-1')).toBeTruthy();
    // The code travelled to the mailbox: the account has proved it holds the address.
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { id: accepted.body.user.id } })).emailVerifiedAt,
    ).toBeInstanceOf(Date);
    // A portfolio manager is a professional: the profile (photo, bio, links page) comes with the account.
    expect(
      await prisma.professional.findFirst({ where: { userId: accepted.body.user.id }, select: { role: true } }),
    ).toEqual({ role: 'PM' });
    const invitation = await prisma.invitation.findFirstOrThrow({ where: { email: 'dee@firm.ca' } });
    expect(invitation).toMatchObject({ status: 'ACCEPTED', acceptedUserId: accepted.body.user.id });
    const audit = await prisma.auditLog.findMany({
      where: { entityId: invitation.id },
      orderBy: { occurredAt: 'asc' },
    });
    expect(audit.map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);

    // Twice: refused with the same answer as any dead code, and nothing more is created.
    const users = await memberCount();
    const again = await accept(code, { name: 'Dee Again', password: 'dee-password-2' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'This invitation can no longer be used: it was already accepted, cancelled or has expired',
    });
    expect((await validate(code)).status).toBe(409);
    expect(await memberCount()).toBe(users);
  });

  it('lets only one of two simultaneous acceptances through', async () => {
    const link = (await invite({ email: 'eve@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    const users = await memberCount();
    const answers = await Promise.all([
      accept(codeOf(link), { name: 'Eve One', password: 'eve-password-1' }),
      accept(codeOf(link), { name: 'Eve Two', password: 'eve-password-2' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await memberCount()).toBe(users + 1);
  });

  it('creates one account when invitations of two teams to one address are accepted together', async () => {
    const teamId = newId(EntityType.team);
    await prisma.team.create({ data: { id: teamId, organizationId: firm.organizationId, name: 'Second team' } });
    const links = await Promise.all(
      [firm.teamId, teamId].map(
        async (team) => (await invite({ email: 'uma@firm.ca', team, method: 'LINK' })).body.invitations[0]!.link!,
      ),
    );
    const answers = await Promise.all(
      links.map((link) => accept(codeOf(link), { name: 'Uma', password: 'uma-password-1' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await prisma.user.count({ where: { email: 'uma@firm.ca' } })).toBe(1);
  });

  it('refuses an expired code with the same answer and changes nothing', async () => {
    const link = (await invite({ email: 'fay@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    await prisma.invitation.updateMany({
      where: { email: 'fay@firm.ca' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const users = await memberCount();
    expect((await validate(codeOf(link))).body).toMatchObject({
      message: 'This invitation can no longer be used: it was already accepted, cancelled or has expired',
    });
    expect((await accept(codeOf(link), { name: 'Fay', password: 'fay-password-1' })).status).toBe(409);
    expect(await memberCount()).toBe(users);
    const list = await call<{ invitations: Invitation[] }>(
      api.baseUrl,
      'GET',
      `/api/invitations/team-members/by-team/${firm.teamId}`,
      { token: adminToken },
    );
    expect(list.body.invitations.find((i) => i.email === 'fay@firm.ca')).toMatchObject({
      status: 'INVALIDATED',
      invalidationReason: 'EXPIRED',
    });
  });

  it('refuses a code of another kind as unknown', async () => {
    const link = (await invite({ email: 'gus@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    expect((await validate(codeOf(link), 'CLIENT')).status).toBe(404);
    expect((await validate(codeOf(link), 'CREATE_ORG')).status).toBe(404);
    expect((await validate(codeOf(link), 'nonsense')).status).toBe(400);
  });

  it("takes the spec's invitation types only, as every other call spells them", async () => {
    const link = (await invite({ email: 'ned@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    expect((await validate(codeOf(link), 'TEAM_MEMBER')).status).toBe(200);
    const slug = await validate(codeOf(link), 'team-member');
    expect(slug.status).toBe(400);
    expect(slug.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'type', message: 'Type must be one of CLIENT, CREATE_ORG, SUBSCRIPTION, TEAM_MEMBER' }],
    });
  });

  it('is accepted only by the address it was sent to, whatever the case', async () => {
    const link = (await invite({ email: 'ola@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    const code = codeOf(link);
    const users = await prisma.user.count();
    const refused = await accept(code, {
      name: 'Mallory',
      email: 'mallory@elsewhere.test',
      password: 'mal-password-1',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation is for ola@firm.ca: it can only be accepted with that e-mail address',
      details: [{ path: 'email', message: expect.stringContaining('ola@firm.ca') }],
    });
    // Nothing was made and the invitation still waits for its recipient.
    expect(await prisma.user.count()).toBe(users);
    expect(await prisma.user.count({ where: { email: 'mallory@elsewhere.test' } })).toBe(0);
    expect((await validate(code)).status).toBe(200);
    const accepted = await accept(code, { name: 'Ola', email: 'OLA@Firm.CA', password: 'ola-password-1' });
    expect(accepted.status).toBe(201);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: accepted.body.user.id } })).toMatchObject({
      email: 'ola@firm.ca',
      // A link was handed over by the inviter: it proves nothing about the mailbox.
      emailVerifiedAt: null,
    });
  });
});

describe('cancelling and resending', () => {
  it('cancels by code or id; the code then answers the same refusal; another organization gets 404', async () => {
    const link = (await invite({ email: 'hal@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    const code = codeOf(link);
    const foreign = await call(api.baseUrl, 'PATCH', `/api/invitations/team-member/${code}/cancel`, {
      token: otherToken,
    });
    expect(foreign.status).toBe(404);
    const cancelled = await call(api.baseUrl, 'PATCH', `/api/invitations/team-member/${code}/cancel`, {
      token: adminToken,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'INVALIDATED', invalidationReason: 'CANCELLED' });
    const users = await memberCount();
    expect((await accept(code, { name: 'Hal', password: 'hal-password-1' })).status).toBe(409);
    expect(await memberCount()).toBe(users);
    const twice = await call(api.baseUrl, 'PATCH', `/api/invitations/team-member/${code}/cancel`, {
      token: adminToken,
    });
    expect(twice.status).toBe(409);

    const byId = (await invite({ email: 'ida@firm.ca', team: firm.teamId, method: 'EMAIL' })).body.invitations[0]!;
    const cancelledById = await call(api.baseUrl, 'PATCH', `/api/invitations/team-member/${byId.id}/cancel`, {
      token: adminToken,
    });
    expect(cancelledById.body).toMatchObject({ id: byId.id, status: 'INVALIDATED' });
  });

  it('resending issues a new code and the old one stops working', async () => {
    const first = (await invite({ email: 'jo@firm.ca', team: firm.teamId, method: 'EMAIL' })).body.invitations[0]!;
    const oldCode = await emailedCode('jo@firm.ca');
    const foreign = await call(api.baseUrl, 'POST', `/api/invitations/${first.id}/resend`, { token: otherToken });
    expect(foreign.status).toBe(404);
    const resent = await call<Invitation>(api.baseUrl, 'POST', `/api/invitations/${first.id}/resend`, {
      token: adminToken,
    });
    expect(resent.status).toBe(201);
    expect(resent.body.id).not.toBe(first.id);
    const newCode = await emailedCode('jo@firm.ca');
    expect(newCode).not.toBe(oldCode);
    expect((await validate(oldCode)).status).toBe(409);
    expect((await validate(newCode)).status).toBe(200);
    const old = await prisma.invitation.findUniqueOrThrow({ where: { id: first.id } });
    expect(old).toMatchObject({ status: 'INVALIDATED', invalidationReason: 'SUPERSEDED' });
  });

  it('lists the team’s invitations with their delivery', async () => {
    const list = await call<{ invitations: Invitation[] }>(
      api.baseUrl,
      'GET',
      `/api/invitations/team-members/by-team/${firm.teamId}`,
      { token: adminToken },
    );
    expect(list.status).toBe(200);
    const ana = list.body.invitations.find((i) => i.email === 'ana@firm.ca')!;
    expect(ana).toMatchObject({ status: 'CREATED', method: 'EMAIL', deliveryStatus: 'PENDING' });
    expect(list.body.invitations.every((i) => !('link' in i))).toBe(true);
  });
});

describe('guessing codes', () => {
  it('answers 429 after too many unknown codes from one client, even for a real code, but not to others', async () => {
    const link = (await invite({ email: 'kim@firm.ca', team: firm.teamId, method: 'LINK' })).body.invitations[0]!.link!;
    const guesser = { 'x-forwarded-for': '203.0.113.7' };
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      expect((await validate(`guess-${attempt}`, 'TEAM_MEMBER', guesser)).status).toBe(404);
    }
    const blocked = await validate(codeOf(link), 'TEAM_MEMBER', guesser);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    const users = await memberCount();
    expect((await accept(codeOf(link), { name: 'Kim', password: 'kim-password-1' }, guesser)).status).toBe(429);
    expect(await memberCount()).toBe(users);
    expect((await validate(codeOf(link), 'TEAM_MEMBER', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
  });

  it('counts by the connecting address when the proxy named in TRUST_PROXY is not the one connecting', async () => {
    // The API behind a proxy elsewhere: a loopback client's own X-Forwarded-For is not believed.
    const config = { ...api.environment.config, TRUST_PROXY: '10.0.0.0/8' };
    const behindProxy = await createApiApp(config, createLogger('silent'));
    await behindProxy.listen(0, '127.0.0.1');
    try {
      const { port } = behindProxy.getHttpServer().address() as AddressInfo;
      const guess = (attempt: number) =>
        call(`http://127.0.0.1:${port}`, 'GET', `/api/invitations/validate-code/spoof-${attempt}/TEAM_MEMBER`, {
          headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}` },
        });
      for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) await guess(attempt);
      expect((await guess(MAX_FAILURES)).status).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});
