import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplication } from '@nestjs/common';
import { createApiApp, createLogger, createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  ProposalLinkMessage,
  ProposalMessage,
  ProposalTransitionMessage,
  type OfferingResponse,
  type OpportunityResponse,
  type ProposalLinkView,
  type ProposalResponse,
} from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';
import { ProposalLinkSigner } from '../proposal-link-token.js';

let environment: TestEnvironment;
let app: INestApplication;
let baseUrl: string;
let prisma: PrismaClient;
let north: CreatedOrganization;
let householdId: string;
/** The household's two persons: Amélie (with a contact e-mail) and Louis (none). */
let amelie: string;
let louis: string;
/** A person of another household of the same team. */
let stranger: string;
let planId: string;
let asAdvisor: ReturnType<typeof apiAs>;
let asOtherTeam: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;

type Answer<T = ProposalResponse> = T & {
  message?: string;
  code?: string;
  details?: { path: string; message: string }[];
};

const offer = {
  billingStartType: 'CUSTOM_DATE',
  billingStartDate: '2027-01-01',
  pricingPlan: {
    type: 'ONE_TIME_FEE',
    paymentMethod: 'PAYMENT_PROVIDER',
    oneTimeFee: { amount: { currency: 'CAD', value: 2500 }, isUpfront: true },
  },
};

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await createApiApp(environment.config, createLogger(environment.config.LOG_LEVEL));
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  prisma = createPrismaClient(environment.databaseUrl);

  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  const household = await createFinancialHousehold(prisma, north, 'Tremblay household');
  householdId = household.householdId;
  [amelie, louis] = household.personIds;
  // Amélie's contact has a primary e-mail (and a second one); Louis has no address at all.
  const contactId = newId(EntityType.contact);
  await prisma.contact.create({
    data: {
      id: contactId,
      organizationId: north.organizationId,
      teamId: north.teamId,
      householdId,
      personId: amelie,
      type: 'CLIENT',
      firstName: 'Amélie',
      lastName: 'Tremblay',
    },
  });
  await prisma.contactEmail.createMany({
    data: [
      { id: newId(EntityType.contactEmail), organizationId: north.organizationId, contactId, email: 'other@home.test' },
      {
        id: newId(EntityType.contactEmail),
        organizationId: north.organizationId,
        contactId,
        email: 'amelie@home.test',
        isPrimary: true,
      },
    ],
  });
  const otherHousehold = await createFinancialHousehold(prisma, north, 'Other household');
  stranger = otherHousehold.personIds[0];

  const advisor = await addUser(prisma, north, 'ADVISOR');
  asAdvisor = apiAs(baseUrl, await login(baseUrl, advisor.email, advisor.password));
  const otherTeam = await prisma.team.create({
    data: { id: newId(EntityType.team), organizationId: north.organizationId, name: 'Other team' },
  });
  const other = await addUser(prisma, north, 'ADVISOR', [otherTeam.id]);
  asOtherTeam = apiAs(baseUrl, await login(baseUrl, other.email, other.password));
  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  asSouth = apiAs(baseUrl, await login(baseUrl, south.email, south.password));
  const asNorthAdmin = apiAs(baseUrl, await login(baseUrl, north.email, north.password));
  const created = await asNorthAdmin<OfferingResponse>('POST', '/api/offerings', {
    name: 'Financial plan',
    description: 'A plan, described',
    category: 'FINANCIAL_PLANNING',
    type: 'ONE_OFF_SERVICE',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  planId = created.body.id;
});

afterAll(async () => {
  await prisma?.$disconnect();
  await app?.close();
  await environment?.dispose();
});

/** A draft with one offer, its opportunity at the proposal stage. */
async function draftProposal(): Promise<ProposalResponse> {
  const opportunity = await asAdvisor<OpportunityResponse>('POST', '/api/opportunitys', { householdId });
  expect(opportunity.status).toBe(201);
  for (const step of ['initiate-discovery', 'initiate-proposal']) {
    expect((await asAdvisor('PATCH', `/api/opportunitys/${opportunity.body.id}/${step}`, {})).status).toBe(200);
  }
  const created = await asAdvisor<ProposalResponse>('POST', '/api/proposals', { opportunityId: opportunity.body.id });
  expect(created.status).toBe(201);
  const added = await asAdvisor<ProposalResponse>('PATCH', `/api/proposals/${created.body.id}/offers`, {
    offer: { ...offer, offerings: [planId] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body;
}

function send(proposalId: string, body: unknown, as = asAdvisor) {
  return as<Answer>('PATCH', `/api/proposals/${proposalId}/send`, body);
}

/** The e-mails written to `to` (newest last) and the token of the latest's link. */
async function mailTo(to: string) {
  const emails = await prisma.outboxEmail.findMany({ where: { toAddress: to }, orderBy: { createdAt: 'asc' } });
  const latest = emails.at(-1);
  const token = latest?.textBody.match(/\/proposal\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/)?.[1];
  return { emails, latest, token: token ?? '' };
}

async function publicCall<T>(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T> };
}

async function snapshot() {
  return {
    proposals: await prisma.proposal.findMany({ orderBy: { id: 'asc' } }),
    recipients: await prisma.proposalRecipient.findMany({ orderBy: { id: 'asc' } }),
    emails: await prisma.outboxEmail.count(),
    opportunities: await prisma.opportunity.findMany({ orderBy: { id: 'asc' } }),
    audits: await prisma.auditLog.count(),
  };
}

describe('PATCH /proposals/{id}/send', () => {
  it('sends a draft: SENT, recipients recorded, each e-mailed a link through the outbox, audited', async () => {
    const draft = await draftProposal();
    const before = (await mailTo('amelie@home.test')).emails.length;
    const sent = await send(draft.id, {
      recipients: [{ personId: amelie }, { personId: louis, email: 'louis@home.test' }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('SENT');
    expect(sent.body.sentAt).not.toBeNull();
    expect(sent.body.recipients).toEqual([
      { personId: amelie, email: 'amelie@home.test', sentAt: sent.body.sentAt },
      { personId: louis, email: 'louis@home.test', sentAt: sent.body.sentAt },
    ]);
    const mail = await mailTo('amelie@home.test');
    expect(mail.emails).toHaveLength(before + 1);
    expect(mail.latest!.subject).toBe('Your proposal from North Wealth');
    expect(mail.latest!.textBody).toContain('Hello Amélie,');
    expect(mail.latest!.textBody).toContain('North Wealth has prepared a proposal for Tremblay household.');
    expect(mail.token).not.toBe('');
    expect((await mailTo('louis@home.test')).token).not.toBe('');
    // The send's entry (the offer's may share its millisecond, so it is found by what it records).
    const audits = await prisma.auditLog.findMany({ where: { entityId: draft.id, action: 'UPDATE' } });
    expect(audits.some((audit) => (audit.after as { status?: string } | null)?.status === 'SENT')).toBe(true);
  });

  it('answers crm §5’s messages and 404 for a person outside the household, changing nothing', async () => {
    const draft = await draftProposal();
    const before = await snapshot();
    const none = await send(draft.id, { recipients: [] });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ path: 'recipients', message: ProposalMessage.recipientsRequired }]);
    const missing = await send(draft.id, {});
    expect(missing.body.details).toEqual([{ path: 'recipients', message: ProposalMessage.recipientsRequired }]);
    const badEmail = await send(draft.id, { recipients: [{ personId: amelie, email: 'nope' }] });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toEqual([
      { path: 'recipients.0.email', message: ProposalMessage.recipientEmailInvalid },
    ]);
    const noPerson = await send(draft.id, { recipients: [{ email: 'a@home.test' }] });
    expect(noPerson.body.details).toEqual([
      { path: 'recipients.0.personId', message: ProposalMessage.recipientPersonRequired },
    ]);
    // Louis has no address: the send must give one.
    const noAddress = await send(draft.id, { recipients: [{ personId: louis }] });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.details).toEqual([
      { path: 'recipients.0.email', message: ProposalMessage.recipientEmailRequired },
    ]);
    const outside = await send(draft.id, { recipients: [{ personId: stranger, email: 's@home.test' }] });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe('Person not found');
    expect((await send(draft.id, { recipients: [{ personId: amelie }] }, asOtherTeam)).status).toBe(404);
    expect((await send(draft.id, { recipients: [{ personId: amelie }] }, asSouth)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to send a sent proposal again (resend instead), and a resend before the send', async () => {
    const draft = await draftProposal();
    const early = await send(draft.id, { resend: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ProposalTransitionMessage.resendBeforeSent);
    expect((await send(draft.id, { recipients: [{ personId: amelie }] })).status).toBe(200);
    const again = await send(draft.id, { recipients: [{ personId: amelie }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ProposalTransitionMessage.alreadySent);
  });

  it('resends to the recorded recipients with new links; the earlier link still works', async () => {
    const draft = await draftProposal();
    await send(draft.id, { recipients: [{ personId: louis, email: 'louis.resend@home.test' }] });
    const first = await mailTo('louis.resend@home.test');
    const resent = await send(draft.id, { resend: true });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.status).toBe('SENT');
    const second = await mailTo('louis.resend@home.test');
    expect(second.emails).toHaveLength(first.emails.length + 1);
    expect(second.latest!.subject).toBe('Reminder: your proposal from North Wealth');
    expect(second.token).not.toBe(first.token);
    for (const token of [first.token, second.token]) {
      expect((await publicCall('GET', `/api/proposal-links/${token}`)).status).toBe(200);
    }
  });
});

describe('the public proposal link', () => {
  it('shows the firm, the household and the offers with their fees, and nothing internal', async () => {
    const draft = await draftProposal();
    await send(draft.id, { recipients: [{ personId: louis, email: 'louis.view@home.test' }] });
    const { token } = await mailTo('louis.view@home.test');
    const page = await publicCall<ProposalLinkView>('GET', `/api/proposal-links/${token}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({
      organizationName: 'North Wealth',
      householdName: 'Tremblay household',
      recipientName: 'Louis Tremblay',
      status: 'SENT',
      portfolioPdf: null,
    });
    expect(page.body.offers).toHaveLength(1);
    expect(page.body.offers[0]!.offerings).toEqual([
      { name: 'Financial plan', category: 'FINANCIAL_PLANNING', type: 'ONE_OFF_SERVICE' },
    ]);
    expect(page.body.offers[0]!.feeSummary?.firstYearTotals.total).toBe('2500');
    // No id of the firm's records anywhere in the answer.
    expect(JSON.stringify(page.body)).not.toMatch(
      /(proposal|offer|offering|person|household|team|organization)-[A-Za-z0-9_-]{10,}/,
    );
  });

  it('refuses a tampered, unknown or expired link, and every link of a revoked proposal', async () => {
    const draft = await draftProposal();
    await send(draft.id, { recipients: [{ personId: louis, email: 'louis.refuse@home.test' }] });
    const { token } = await mailTo('louis.refuse@home.test');
    const [payload, signature] = token.split('.') as [string, string];
    const tampered = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = `${Buffer.from(JSON.stringify({ o: north.organizationId, p: draft.id, r: 'x', e: 9e9 })).toString('base64url')}.${signature}`;
    for (const bad of [tampered, forged, 'not-a-token', `${payload}.`]) {
      const refused = await publicCall('GET', `/api/proposal-links/${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(bad.includes('.') && !bad.endsWith('.') ? 404 : 400);
      if (refused.status === 404) expect(refused.body.message).toBe(ProposalLinkMessage.invalid);
    }

    const recipient = await prisma.proposalRecipient.findFirstOrThrow({ where: { proposalId: draft.id } });
    const signer = new ProposalLinkSigner(environment.config);
    const old = signer.issue(
      { organizationId: north.organizationId, proposalId: draft.id, recipientId: recipient.id },
      new Date(Date.now() - (environment.config.PROPOSAL_LINK_TTL_DAYS + 1) * 24 * 60 * 60 * 1000),
    );
    const expired = await publicCall('GET', `/api/proposal-links/${old.token}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(ProposalLinkMessage.expired);

    expect((await asAdvisor('PATCH', `/api/proposals/${draft.id}/revoke`, {})).status).toBe(200);
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/accept', undefined],
      ['POST', '/request-modification', { comment: 'Lower the fee' }],
    ] as const) {
      const refused = await publicCall(method, `/api/proposal-links/${token}${path}`, body);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(ProposalLinkMessage.withdrawn);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts through the link: ACCEPTED, the opportunity WON, the recipient named in the audit entry', async () => {
    const draft = await draftProposal();
    await send(draft.id, { recipients: [{ personId: amelie }] });
    const { token } = await mailTo('amelie@home.test');
    const accepted = await publicCall<ProposalLinkView>('POST', `/api/proposal-links/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('ACCEPTED');
    expect(accepted.body.acceptedAt).not.toBeNull();
    const stored = await prisma.proposal.findUniqueOrThrow({ where: { id: draft.id } });
    expect(stored.status).toBe('ACCEPTED');
    const opportunity = await prisma.opportunity.findUniqueOrThrow({ where: { id: draft.opportunityId } });
    expect(opportunity.stage).toBe('WON');
    expect(opportunity.wonAt).not.toBeNull();
    const audit = await prisma.auditLog.findFirst({
      where: { entityId: draft.id },
      orderBy: { occurredAt: 'desc' },
    });
    expect(audit?.actorKind).toBe('SYSTEM');
    expect(audit?.after).toMatchObject({
      status: 'ACCEPTED',
      byRecipient: { personId: amelie, email: 'amelie@home.test' },
    });

    // The page still opens, as accepted; a second acceptance is refused with the lifecycle's sentence.
    expect((await publicCall<ProposalLinkView>('GET', `/api/proposal-links/${token}`)).body.status).toBe('ACCEPTED');
    const again = await publicCall('POST', `/api/proposal-links/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ProposalTransitionMessage.acceptedFinal);
  });

  it('asks for changes through the link with a required comment; the advisor reworks and sends again', async () => {
    const draft = await draftProposal();
    await send(draft.id, { recipients: [{ personId: louis, email: 'louis.changes@home.test' }] });
    const { token } = await mailTo('louis.changes@home.test');
    const blank = await publicCall('POST', `/api/proposal-links/${token}/request-modification`, { comment: ' ' });
    expect(blank.status).toBe(400);
    const tooLong = await publicCall('POST', `/api/proposal-links/${token}/request-modification`, {
      comment: 'x'.repeat(5001),
    });
    expect(tooLong.status).toBe(400);
    const asked = await publicCall<ProposalLinkView>('POST', `/api/proposal-links/${token}/request-modification`, {
      comment: 'Could the fee be spread over the year?',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'MODIFICATION_REQUESTED',
      modificationRequest: 'Could the fee be spread over the year?',
    });
    const accept = await publicCall('POST', `/api/proposal-links/${token}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(ProposalTransitionMessage.acceptBeforeSent);

    // Sent again, to Amélie only: Louis's link no longer opens it.
    const resent = await send(draft.id, { recipients: [{ personId: amelie }] });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.recipients.map((recipient) => recipient.personId)).toEqual([amelie]);
    const removed = await publicCall('GET', `/api/proposal-links/${token}`);
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe(ProposalLinkMessage.withdrawn);
  });
});

describe('PATCH /proposals/{id}/update-portfolio-pdf', () => {
  it('attaches an uploaded PDF, which the recipient’s page offers for download', async () => {
    const draft = await draftProposal();
    const ticket = await asAdvisor<{ filePath: string; uploadUrl: string }>('POST', '/api/upload/request', {
      fileName: 'portfolio.pdf',
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const bytes = Buffer.from('%PDF-1.4\n%portfolio\n');
    const uploaded = await fetch(new URL(ticket.body.uploadUrl, baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: bytes,
    });
    expect(uploaded.status).toBeLessThan(300);
    const attached = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/update-portfolio-pdf`, {
      filePath: ticket.body.filePath,
      fileType: 'application/pdf',
      fileSize: bytes.length,
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.portfolioPdf).toEqual({ fileType: 'application/pdf', fileSize: bytes.length });

    await send(draft.id, { recipients: [{ personId: louis, email: 'louis.pdf@home.test' }] });
    const { token } = await mailTo('louis.pdf@home.test');
    const page = await publicCall<ProposalLinkView>('GET', `/api/proposal-links/${token}`);
    const download = await fetch(new URL(page.body.portfolioPdf!.url, baseUrl));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);

    const missing = await asAdvisor('PATCH', `/api/proposals/${draft.id}/update-portfolio-pdf`, {
      filePath: `files/${north.organizationId}/nothing.pdf`,
      fileType: 'application/pdf',
      fileSize: 10,
    });
    expect(missing.status).toBe(404);
  });
});
