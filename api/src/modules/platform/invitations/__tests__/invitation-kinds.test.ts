import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorAccount, verifyOperatorAccount, type PrismaClient } from '@meridian/api';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { startWithTwoFirms, type SignedInFirm, type TwoFirms } from '#test/support/two-firms.js';

// The advisor, client and new-organization invitations beside the team member's (invitations.test.ts).

const OPERATOR_EMAIL = 'operator@meridian.test';
/** Listed operators' addresses that have no account when the file starts. */
const LISTED = {
  vouched: 'someone@else.test',
  claimed: 'claimed@operator.test',
  linked: 'linked@operator.test',
  emailed: 'emailed@operator.test',
  created: 'created@operator.test',
};
const NO_LONGER_VALID = 'This invitation can no longer be used: it was already accepted, cancelled or has expired';

let world: TwoFirms;
let api: TestApi;
let prisma: PrismaClient;
let firm: SignedInFirm;
let other: SignedInFirm;
let operator: CreatedOrganization;
let adminToken: string;
let otherToken: string;
let operatorToken: string;

beforeAll(async () => {
  world = await startWithTwoFirms({
    environment: {
      PUBLIC_URL: 'https://app.meridian.test',
      PLATFORM_OPERATOR_EMAILS: ` ${OPERATOR_EMAIL.toUpperCase()} , ${Object.values(LISTED).join(', ')}`,
    },
    names: ['Lovelace Wealth', 'Other Firm'],
  });
  ({ api, prisma } = world);
  [firm, other] = world.firms;
  [adminToken, otherToken] = [firm.token, other.token];
  operator = await createOrganization(prisma, { name: 'Meridian Hosting', role: 'ADMIN', email: OPERATOR_EMAIL });
  // What `npm run operator:create -- operator@meridian.test` does for an existing account.
  expect(await verifyOperatorAccount(prisma, OPERATOR_EMAIL)).toMatchObject({ outcome: 'verified' });
  operatorToken = await login(api.baseUrl, operator.email, operator.password);
});
afterAll(() => world?.close());

interface Invitation {
  id: string;
  email: string | null;
  status: string;
  invalidationReason: string | null;
  link?: string;
}
interface Session {
  accessToken: string;
  user: { id: string; role: string; organizationId: string; organizationName: string; teamIds: string[] };
}
interface PortalAccess {
  contactId: string;
  portalAccess: string;
  invitation: Invitation | null;
}

const post = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) =>
  call<T>(api.baseUrl, 'POST', path, { token, body });
const codeOf = (link: string) => link.split('/').pop()!;
const validate = (code: string, type: string) =>
  call(api.baseUrl, 'GET', `/api/invitations/validate-code/${code}/${type}`);

/** What an acceptance may create or change, to show a refused one changed nothing. */
async function footprint() {
  return {
    organizations: await prisma.organization.count(),
    teams: await prisma.team.count(),
    users: await prisma.user.count(),
    memberships: await prisma.teamMember.count(),
    professionals: await prisma.professional.count(),
    contacts: await prisma.contact.findMany({ select: { id: true, portalAccess: true }, orderBy: { id: 'asc' } }),
    contactEmails: await prisma.contactEmail.count(),
    invitations: await prisma.invitation.findMany({ select: { id: true, status: true }, orderBy: { id: 'asc' } }),
  };
}

const expire = (id: string) =>
  prisma.invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });

describe('advisor invitations', () => {
  const inviteAdvisor = (body: unknown, token = adminToken) => post<Invitation>('/api/invite-advisor', body, token);
  const accept = (code: string, body: unknown) => post<Session>(`/api/invitations/advisor/${code}/accept`, body);

  it('creates the advisor: user with the ADVISOR role in the team, a professional profile, signed in', async () => {
    const invited = await inviteAdvisor({ email: 'Ada@Firm.ca', team: firm.teamId, method: 'LINK' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'ada@firm.ca', status: 'ISSUED', role: 'ADVISOR' });
    expect(invited.body.link).toMatch(/^https:\/\/app\.meridian\.test\/accept\/advisor\/[\w-]{43}$/);
    const code = codeOf(invited.body.link!);
    expect((await validate(code, 'TEAM_MEMBER')).body).toMatchObject({
      valid: true,
      type: 'TEAM_MEMBER',
      kind: 'advisor',
      organizationName: 'Lovelace Wealth',
      teamName: 'Factory team',
      email: 'ada@firm.ca',
    });
    // The advisor code is not a team member's acceptance (nor the reverse).
    const asTeamMember = await post(`/api/invitations/team-member/${code}/accept`, {
      name: 'Ada Byron',
      password: 'ada-password-1',
    });
    expect(asTeamMember.status).toBe(404);

    const accepted = await accept(code, { name: 'Ada Byron', password: 'ada-password-1' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ role: 'ADVISOR', teamIds: [firm.teamId] });
    const professional = await prisma.professional.findUniqueOrThrow({ where: { userId: accepted.body.user.id } });
    expect(professional).toMatchObject({
      organizationId: firm.organizationId,
      displayName: 'Ada Byron',
      role: 'ADVISOR',
    });
    // They are an advisor households can be given.
    const advisors = await call<Array<{ id: string }>>(api.baseUrl, 'GET', '/api/advisors', {
      token: accepted.body.accessToken,
    });
    expect(JSON.stringify(advisors.body)).toContain(professional.id);

    const before = await footprint();
    const again = await accept(code, { name: 'Ada Again', password: 'ada-password-2' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: NO_LONGER_VALID });
    expect(await footprint()).toEqual(before);
  });

  it('e-mails the advisor link, and refuses an expired or cancelled code with the same 409', async () => {
    const invited = await inviteAdvisor({ email: 'bea@firm.ca', team: firm.teamId, method: 'EMAIL' });
    expect(invited.status).toBe(201);
    expect(invited.body).not.toHaveProperty('link');
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'bea@firm.ca' } });
    expect(message.subject).toBe('You are invited to advise with Factory team at Lovelace Wealth on Meridian');
    const code = /\/accept\/advisor\/([\w-]+)/.exec(message.textBody)![1]!;
    await expire(invited.body.id);
    const before = await footprint();
    expect((await accept(code, { name: 'Bea', password: 'bea-password-1' })).body).toMatchObject({
      message: NO_LONGER_VALID,
    });

    const second = await inviteAdvisor({ email: 'bea@firm.ca', team: firm.teamId, method: 'LINK' });
    const cancelled = await call(api.baseUrl, 'PATCH', `/api/invitations/team-member/${second.body.id}/cancel`, {
      token: adminToken,
    });
    expect(cancelled.body).toMatchObject({ status: 'INVALIDATED', invalidationReason: 'CANCELLED' });
    const refused = await accept(codeOf(second.body.link!), { name: 'Bea', password: 'bea-password-1' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: NO_LONGER_VALID });
    const after = await footprint();
    expect([after.users, after.professionals]).toEqual([before.users, before.professionals]);
  });

  it('resending keeps the advisor kind', async () => {
    const invited = await inviteAdvisor({ email: 'cal@firm.ca', team: firm.teamId, method: 'LINK' });
    const resent = await post<Invitation>(`/api/invitations/${invited.body.id}/resend`, {}, adminToken);
    expect(resent.body.link).toMatch(/\/accept\/advisor\//);
    const accepted = await accept(codeOf(resent.body.link!), { name: 'Cal', password: 'cal-password-1' });
    expect(accepted.status).toBe(201);
    expect(await prisma.professional.count({ where: { userId: accepted.body.user.id } })).toBe(1);
  });

  it("answers 404 for another organization's team and refuses bad input and taken addresses", async () => {
    const before = await prisma.invitation.count();
    expect((await inviteAdvisor({ email: 'x@firm.ca', team: firm.teamId, method: 'EMAIL' }, otherToken)).status).toBe(
      404,
    );
    const bad = await inviteAdvisor({ email: 'nope', team: firm.teamId, method: 'SMS' });
    expect(bad.body).toMatchObject({
      details: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'method', message: 'Method must be one of EMAIL, LINK' },
      ],
    });
    expect((await inviteAdvisor({ email: firm.email, team: firm.teamId, method: 'EMAIL' })).status).toBe(409);
    expect(await prisma.invitation.count()).toBe(before);
    const link = (await inviteAdvisor({ email: 'dan@firm.ca', team: firm.teamId, method: 'LINK' })).body.link!;
    expect((await accept(codeOf(link), { password: 'dan-password-1' })).body).toMatchObject({
      details: [{ path: 'name', message: 'Name is required' }],
    });
  });
});

describe('client invitations', () => {
  async function createContact(token: string, teamId: string, email?: string): Promise<string> {
    const response = await post<{ id: string }>(
      '/api/contacts',
      {
        type: 'LEAD',
        name: { first: 'Cleo', last: 'Client' },
        discoveryMethod: 'INBOUND',
        source: 'REFERRAL',
        teamId,
        ...(email ? { email } : {}),
      },
      token,
    );
    expect(response.status).toBe(201);
    return response.body.id;
  }
  const inviteClient = (contactId: string, body: unknown, token = adminToken) =>
    post<PortalAccess>(`/api/contacts/${contactId}/portal-invitation`, body, token);
  const access = (contactId: string, token = adminToken) =>
    call<PortalAccess>(api.baseUrl, 'GET', `/api/contacts/${contactId}/portal-access`, { token });
  const revoke = (contactId: string, token = adminToken) =>
    call<PortalAccess>(api.baseUrl, 'PATCH', `/api/contacts/${contactId}/portal-access/revoke`, { token });
  const accept = (code: string, body: unknown = {}) =>
    post<{ portalAccess: string; organizationName: string; firstName: string }>(
      `/api/invitations/client/${code}/accept`,
      body,
    );

  it('e-mails the contact, INVITED while pending, ACTIVE once accepted, without a login', async () => {
    const contactId = await createContact(adminToken, firm.teamId, 'cleo@home.test');
    expect((await access(contactId)).body).toEqual({ contactId, portalAccess: 'NONE', invitation: null });
    const invited = await inviteClient(contactId, { method: 'EMAIL' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      contactId,
      portalAccess: 'INVITED',
      // CREATED until the worker has handed the e-mail to the mail server (then ISSUED).
      invitation: { email: 'cleo@home.test', status: 'CREATED', method: 'EMAIL', deliveryStatus: 'PENDING' },
    });
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'cleo@home.test' } });
    expect(message.subject).toBe('Lovelace Wealth invites you to its client portal');
    const code = /\/accept\/client\/([\w-]+)/.exec(message.textBody)![1]!;
    expect((await validate(code, 'CLIENT')).body).toMatchObject({
      type: 'CLIENT',
      kind: 'client',
      organizationName: 'Lovelace Wealth',
    });

    const users = await prisma.user.count();
    // Sent to cleo@home.test: accepted for that address only, whatever its case.
    const untouched = await footprint();
    const elsewhere = await accept(code, { email: 'Cleo.Work@Office.test' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation is for cleo@home.test: it can only be accepted with that e-mail address',
    });
    expect(await footprint()).toEqual(untouched);
    const accepted = await accept(code, { email: 'Cleo@Home.test' });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({ portalAccess: 'ACTIVE', organizationName: 'Lovelace Wealth', firstName: 'Cleo' });
    expect(await prisma.user.count()).toBe(users);
    expect((await access(contactId)).body).toMatchObject({
      portalAccess: 'ACTIVE',
      invitation: { status: 'ACCEPTED' },
    });
    const emails = await prisma.contactEmail.findMany({ where: { contactId }, orderBy: { createdAt: 'asc' } });
    expect(emails.map((email) => [email.email, email.isPrimary])).toEqual([['cleo@home.test', true]]);
    const history = await prisma.auditLog.findMany({ where: { entityId: contactId, action: 'UPDATE' } });
    expect(history.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([{ portalAccess: 'INVITED' }, { portalAccess: 'ACTIVE' }]),
    );

    const before = await footprint();
    expect((await accept(code)).body).toMatchObject({ code: 'CONFLICT', message: NO_LONGER_VALID });
    expect((await inviteClient(contactId, { method: 'LINK' })).status).toBe(409);
    expect(await footprint()).toEqual(before);
  });

  it('a link to a contact without an address takes the address the client gives', async () => {
    const contactId = await createContact(adminToken, firm.teamId);
    const invited = await inviteClient(contactId, { method: 'LINK' });
    expect(invited.body.invitation).toMatchObject({ email: null });
    const accepted = await accept(codeOf(invited.body.invitation!.link!), { email: 'Given@Home.test' });
    expect(accepted.status).toBe(201);
    const emails = await prisma.contactEmail.findMany({ where: { contactId } });
    expect(emails.map((email) => [email.email, email.isPrimary])).toEqual([['given@home.test', true]]);
  });

  it('revoking cancels the pending invitation: its code answers 409 and the access stays REVOKED', async () => {
    const contactId = await createContact(adminToken, firm.teamId);
    const noAddress = await inviteClient(contactId, { method: 'EMAIL' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({
      details: [
        { path: 'email', message: 'This contact has no e-mail address: enter the address to send the invitation to' },
      ],
    });
    const invited = await inviteClient(contactId, { method: 'LINK' });
    expect(invited.body.invitation!.link).toMatch(/^https:\/\/app\.meridian\.test\/accept\/client\/[\w-]{43}$/);
    const revoked = await revoke(contactId);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      portalAccess: 'REVOKED',
      invitation: { status: 'INVALIDATED', invalidationReason: 'CANCELLED' },
    });
    const before = await footprint();
    expect((await accept(codeOf(invited.body.invitation!.link!))).body).toMatchObject({ message: NO_LONGER_VALID });
    expect(await footprint()).toEqual(before);
    expect((await revoke(contactId)).status).toBe(409);
    // Invited again after a revocation: a new code; the access is INVITED again.
    expect((await inviteClient(contactId, { method: 'LINK', email: 'cleo2@home.test' })).body).toMatchObject({
      portalAccess: 'INVITED',
      invitation: { email: 'cleo2@home.test', status: 'ISSUED' },
    });
  });

  it('an expired code answers 409 and changes nothing; a newer invitation supersedes the older', async () => {
    const contactId = await createContact(adminToken, firm.teamId, 'old@home.test');
    const first = await inviteClient(contactId, { method: 'LINK' });
    const second = await inviteClient(contactId, { method: 'LINK' });
    expect((await accept(codeOf(first.body.invitation!.link!))).status).toBe(409);
    await expire(second.body.invitation!.id);
    const before = await footprint();
    expect((await accept(codeOf(second.body.invitation!.link!))).body).toMatchObject({ message: NO_LONGER_VALID });
    expect(await footprint()).toEqual(before);
    expect((await access(contactId)).body).toMatchObject({
      portalAccess: 'INVITED',
      invitation: { status: 'INVALIDATED', invalidationReason: 'EXPIRED' },
    });
  });

  it("answers 404 for another organization's contact and changes nothing", async () => {
    const theirs = await createContact(otherToken, other.teamId, 'theirs@home.test');
    const before = await footprint();
    expect((await inviteClient(theirs, { method: 'EMAIL' })).status).toBe(404);
    expect((await access(theirs)).status).toBe(404);
    expect((await revoke(theirs)).status).toBe(404);
    expect(await footprint()).toEqual(before);
  });
});

describe('new-organization (CREATE_ORG) invitations', () => {
  const inviteFirm = (body: unknown, token = operatorToken) =>
    post<Invitation & { organizationName: string }>('/api/platform/organization-invitations', body, token);
  const accept = (code: string, body: unknown) => post<Session>(`/api/invitations/create-org/${code}/accept`, body);

  it('marks the configured operator in the session, and nobody else', async () => {
    const me = (token: string) => call<{ platformOperator: boolean }>(api.baseUrl, 'GET', '/api/auth/me', { token });
    expect((await me(operatorToken)).body.platformOperator).toBe(true);
    expect((await me(adminToken)).body.platformOperator).toBe(false);
  });

  it('founds the firm (organization, first team, admin) and signs the founder in; once', async () => {
    const invited = await inviteFirm({
      email: 'Founder@NewFirm.ca',
      organizationName: 'Nova Advisory',
      method: 'LINK',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: 'founder@newfirm.ca',
      organizationName: 'Nova Advisory',
      status: 'ISSUED',
    });
    const code = codeOf(invited.body.link!);
    expect(invited.body.link).toMatch(/\/accept\/create-org\/[\w-]{43}$/);
    expect((await validate(code, 'CREATE_ORG')).body).toMatchObject({
      type: 'CREATE_ORG',
      kind: 'create-org',
      organizationName: 'Nova Advisory',
      teamName: null,
      email: 'founder@newfirm.ca',
    });

    const accepted = await accept(code, { name: 'Nora Founder', password: 'nora-password-1' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ role: 'ADMIN', organizationName: 'Nova Advisory' });
    const organizationId = accepted.body.user.organizationId;
    expect(organizationId).not.toBe(operator.organizationId);
    expect(await prisma.team.findMany({ where: { organizationId }, select: { name: true } })).toEqual([
      { name: 'Advisory team' },
    ]);
    expect(accepted.body.user.teamIds).toHaveLength(1);
    // The founder's session works in the new firm, and the firm's history starts with its founding.
    const org = await call<{ name: string }>(api.baseUrl, 'GET', '/api/auth/me', { token: accepted.body.accessToken });
    expect(org.body).toMatchObject({ organizationName: 'Nova Advisory', platformOperator: false });
    expect(await prisma.auditLog.count({ where: { organizationId, entityType: 'organization' } })).toBe(1);
    const list = await call<{ invitations: Invitation[] }>(
      api.baseUrl,
      'GET',
      '/api/platform/organization-invitations',
      {
        token: operatorToken,
      },
    );
    expect(list.body.invitations.find((i) => i.id === invited.body.id)).toMatchObject({ status: 'ACCEPTED' });

    const before = await footprint();
    expect((await accept(code, { name: 'Nora Again', password: 'nora-password-2' })).body).toMatchObject({
      code: 'CONFLICT',
      message: NO_LONGER_VALID,
    });
    expect(await footprint()).toEqual(before);
  });

  it('refuses an expired or cancelled code with the same 409 and creates no firm', async () => {
    const expiring = await inviteFirm({ email: 'late@newfirm.ca', organizationName: 'Late Firm', method: 'LINK' });
    await expire(expiring.body.id);
    const cancelling = await inviteFirm({ email: 'gone@newfirm.ca', organizationName: 'Gone Firm', method: 'EMAIL' });
    expect(cancelling.body).not.toHaveProperty('link');
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'gone@newfirm.ca' } });
    expect(message.subject).toBe('Set up Gone Firm on Meridian');
    const goneCode = /\/accept\/create-org\/([\w-]+)/.exec(message.textBody)![1]!;
    const cancelled = await call(
      api.baseUrl,
      'PATCH',
      `/api/platform/organization-invitations/${cancelling.body.id}/cancel`,
      { token: operatorToken },
    );
    expect(cancelled.body).toMatchObject({ status: 'INVALIDATED', invalidationReason: 'CANCELLED' });
    const before = await footprint();
    for (const code of [codeOf(expiring.body.link!), goneCode]) {
      const refused = await accept(code, { name: 'Someone', password: 'some-password-1' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: NO_LONGER_VALID });
    }
    expect(await footprint()).toEqual(before);
  });

  it("answers 404 for another organization's invitation and refuses bad input", async () => {
    const invited = await inviteFirm({ email: 'x@newfirm.ca', organizationName: 'X Firm', method: 'LINK' });
    const before = await footprint();
    const foreign = await call(
      api.baseUrl,
      'PATCH',
      `/api/platform/organization-invitations/${invited.body.id}/cancel`,
      {
        token: otherToken,
      },
    );
    // Not an operator: the permission guard refuses before the invitation is looked up.
    expect(foreign.status).toBe(403);
    expect(await footprint()).toEqual(before);
    const bad = await inviteFirm({ email: 'x@newfirm', organizationName: '  ', method: 'EMAIL' });
    expect(bad.body).toMatchObject({
      details: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'organizationName', message: 'Organization name is required' },
      ],
    });
    expect((await inviteFirm({ email: firm.email, organizationName: 'Taken', method: 'EMAIL' })).status).toBe(409);
    expect((await accept(codeOf(invited.body.link!), { name: 'X' })).body).toMatchObject({
      details: [{ path: 'password', message: 'Password is required' }],
    });
  });
});

describe('the platform operator: listed, and proved to hold the address', () => {
  const me = (token: string) => call<{ platformOperator: boolean }>(api.baseUrl, 'GET', '/api/auth/me', { token });
  const inviteFirm = (token: string, email: string) =>
    post(
      '/api/platform/organization-invitations',
      { email, organizationName: `Firm of ${email}`, method: 'LINK' },
      token,
    );
  const acceptTeamMember = (code: string, body: unknown) =>
    post<Session>(`/api/invitations/team-member/${code}/accept`, body);
  const inviteToTeam = async (email: string) => {
    const invited = await post<{ invitations: Invitation[] }>(
      '/api/invite-team-member',
      { email, team: firm.teamId, method: 'LINK' },
      adminToken,
    );
    return codeOf(invited.body.invitations[0]!.link!);
  };

  it('an existing listed account operates nothing until operator:create vouches for it', async () => {
    const listed = await createOrganization(prisma, { name: 'Vouched', role: 'ADMIN', email: LISTED.vouched });
    const token = await login(api.baseUrl, listed.email, listed.password);
    expect((await me(token)).body.platformOperator).toBe(false);
    expect((await inviteFirm(token, 'nobody@firm-a.test')).status).toBe(403);

    expect(await verifyOperatorAccount(prisma, LISTED.vouched)).toMatchObject({ outcome: 'verified' });
    expect((await me(token)).body.platformOperator).toBe(true);
    expect((await inviteFirm(token, 'founder@firm-a.test')).status).toBe(201);
    expect(await verifyOperatorAccount(prisma, LISTED.vouched.toUpperCase())).toMatchObject({ outcome: 'unchanged' });
    expect(await verifyOperatorAccount(prisma, 'no-account@operator.test')).toBeNull();
  });

  it("refuses to claim a listed address through someone else's invitation, and changes nothing", async () => {
    const code = await inviteToTeam('mallory@firm.ca');
    const before = await footprint();
    const claimed = await acceptTeamMember(code, {
      name: 'Mallory',
      email: LISTED.claimed,
      password: 'mallory-password-1',
    });
    expect(claimed.status).toBe(403);
    expect(claimed.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation is for mallory@firm.ca: it can only be accepted with that e-mail address',
    });
    expect(await footprint()).toEqual(before);
    expect(await prisma.user.count({ where: { email: LISTED.claimed } })).toBe(0);
    // The rightful recipient still can.
    const accepted = await acceptTeamMember(code, { name: 'Mallory', password: 'mallory-password-1' });
    expect(accepted.status).toBe(201);
    expect((await me(accepted.body.accessToken)).body.platformOperator).toBe(false);
  });

  it('an account made through a link to a listed address is not the operator: the link proved no mailbox', async () => {
    const accepted = await acceptTeamMember(await inviteToTeam(LISTED.linked), {
      name: 'Linda Link',
      password: 'linda-password-1',
    });
    expect(accepted.status).toBe(201);
    expect((await me(accepted.body.accessToken)).body.platformOperator).toBe(false);
    expect((await inviteFirm(accepted.body.accessToken, 'founder@firm-b.test')).status).toBe(403);
  });

  it('accepting an invitation e-mailed to a listed address makes its account the operator', async () => {
    const invited = await post(
      '/api/platform/organization-invitations',
      { email: LISTED.emailed, organizationName: 'Emailed Firm', method: 'EMAIL' },
      operatorToken,
    );
    expect(invited.status).toBe(201);
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: LISTED.emailed } });
    const code = /\/accept\/create-org\/([\w-]+)/.exec(message.textBody)![1]!;
    const accepted = await post<Session>(`/api/invitations/create-org/${code}/accept`, {
      name: 'Emma Mail',
      password: 'emma-password-1',
    });
    expect(accepted.status).toBe(201);
    expect((await me(accepted.body.accessToken)).body.platformOperator).toBe(true);
  });

  it('operator:create makes a new operator, who can invite a firm', async () => {
    const created = await createOperatorAccount(prisma, {
      email: LISTED.created.toUpperCase(),
      name: 'Otto Operator',
      password: 'otto-password-1',
      organizationName: 'Platform operations',
    });
    expect(created).toMatchObject({ outcome: 'created' });
    const token = await login(api.baseUrl, LISTED.created, 'otto-password-1');
    expect((await me(token)).body).toMatchObject({
      platformOperator: true,
      organizationName: 'Platform operations',
    });
    expect((await inviteFirm(token, 'founder@firm-c.test')).status).toBe(201);
  });
});
