import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplication } from '@nestjs/common';
import { createApiApp, createLogger, createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  ProposalMessage,
  ProposalRequestMessage,
  ProposalTransitionMessage,
  type OfferingResponse,
  type OpportunityResponse,
  type ProposalPackageView,
  type ProposalResponse,
  type ProposalStatus,
} from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold, createRecord } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';

let environment: TestEnvironment;
let app: INestApplication;
let baseUrl: string;
let prisma: PrismaClient;
let north: CreatedOrganization;
let householdId: string;
let planId: string;
let southOfferingId: string;
/** North's advisor, an associate (reads only), an advisor of another team, South's admin. */
let asAdvisor: ReturnType<typeof apiAs>;
let asAssociate: ReturnType<typeof apiAs>;
let asOtherTeam: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;

type Answer = ProposalResponse & { message?: string; code?: string; details?: { path: string; message: string }[] };

const planOffer = (offerings = [planId]) => ({
  billingStartType: 'CUSTOM_DATE',
  billingStartDate: '2027-01-01',
  offerings,
  pricingPlan: {
    type: 'RECURRING_PAYMENT',
    paymentMethod: 'PAYMENT_PROVIDER',
    recurringPayment: { amount: { currency: 'CAD', value: 100.1 }, frequency: { common: 'MONTHLY', duration: 12 } },
    oneTimeFee: { amount: { currency: 'CAD', value: 2500 }, isUpfront: true },
  },
});

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await createApiApp(environment.config, createLogger(environment.config.LOG_LEVEL));
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  prisma = createPrismaClient(environment.databaseUrl);

  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  householdId = (await createFinancialHousehold(prisma, north, 'Tremblay household')).householdId;
  const advisor = await addUser(prisma, north, 'ADVISOR');
  asAdvisor = apiAs(baseUrl, await login(baseUrl, advisor.email, advisor.password));
  const associate = await addUser(prisma, north, 'ASSOCIATE_ADVISING_REPRESENTATIVE');
  asAssociate = apiAs(baseUrl, await login(baseUrl, associate.email, associate.password));
  const otherTeam = await prisma.team.create({
    data: { id: newId(EntityType.team), organizationId: north.organizationId, name: 'Other team' },
  });
  const other = await addUser(prisma, north, 'ADVISOR', [otherTeam.id]);
  asOtherTeam = apiAs(baseUrl, await login(baseUrl, other.email, other.password));
  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  asSouth = apiAs(baseUrl, await login(baseUrl, south.email, south.password));

  const asNorthAdmin = apiAs(baseUrl, await login(baseUrl, north.email, north.password));
  planId = (await offeringOf(asNorthAdmin, 'Financial plan')).id;
  southOfferingId = (await offeringOf(asSouth, 'South plan')).id;
});

afterAll(async () => {
  await prisma?.$disconnect();
  await app?.close();
  await environment?.dispose();
});

async function offeringOf(as: ReturnType<typeof apiAs>, name: string): Promise<OfferingResponse> {
  const created = await as<OfferingResponse>('POST', '/api/offerings', {
    name,
    description: `${name}, described`,
    category: 'FINANCIAL_PLANNING',
    type: 'ONGOING_SERVICE',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** A household's opportunity moved to `stage` through the opportunity routes. */
async function opportunityAt(stage: 'NEW' | 'DISCOVERY' | 'PROPOSAL' | 'WON' | 'LOST'): Promise<string> {
  const created = await asAdvisor<OpportunityResponse>('POST', '/api/opportunitys', { householdId });
  expect(created.status).toBe(201);
  const id = created.body.id;
  const steps: Record<typeof stage, string[]> = {
    NEW: [],
    DISCOVERY: ['initiate-discovery'],
    PROPOSAL: ['initiate-discovery', 'initiate-proposal'],
    WON: ['initiate-discovery', 'initiate-proposal', 'close/won'],
    LOST: ['close/lost'],
  };
  for (const step of steps[stage]) {
    expect((await asAdvisor('PATCH', `/api/opportunitys/${id}/${step}`, {})).status).toBe(200);
  }
  return id;
}

async function proposal(opportunityId?: string): Promise<ProposalResponse> {
  const created = await asAdvisor<ProposalResponse>('POST', '/api/proposals', {
    opportunityId: opportunityId ?? (await opportunityAt('PROPOSAL')),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The state a proposal reaches by being sent, which comes with the send route later: set here directly. */
async function setStatus(proposalId: string, status: ProposalStatus) {
  await prisma.proposal.update({ where: { id: proposalId }, data: { status, sentAt: new Date() } });
}

async function addOffer(proposalId: string, offer: unknown = planOffer(), as = asAdvisor) {
  return as<Answer>('PATCH', `/api/proposals/${proposalId}/offers`, { offer });
}

/** Everything stored of proposals, offers and opportunities, to compare before and after a refusal. */
async function snapshot() {
  return {
    proposals: await prisma.proposal.findMany({ orderBy: { id: 'asc' } }),
    offers: await prisma.offer.findMany({ orderBy: { id: 'asc' } }),
    tiers: await prisma.offerFeeTier.findMany({ orderBy: { id: 'asc' } }),
    links: await prisma.offerOffering.findMany({ orderBy: [{ offerId: 'asc' }, { offeringId: 'asc' }] }),
    opportunities: await prisma.opportunity.findMany({ orderBy: { id: 'asc' } }),
    audits: await prisma.auditLog.count(),
  };
}

describe('POST /proposals', () => {
  it('creates a DRAFT in the opportunity’s team and initiates the proposal stage of one in discovery, audited', async () => {
    const opportunityId = await opportunityAt('DISCOVERY');
    const created = await proposal(opportunityId);
    expect(created).toMatchObject({ opportunityId, teamId: north.teamId, status: 'DRAFT', offers: [] });
    const opportunity = await prisma.opportunity.findUniqueOrThrow({ where: { id: opportunityId } });
    expect(opportunity.stage).toBe('PROPOSAL');
    expect(opportunity.proposalStartedAt).not.toBeNull();
    const changes = await prisma.opportunityStageChange.findMany({ where: { opportunityId } });
    expect(changes.map((change) => change.toStage).sort()).toEqual(['DISCOVERY', 'NEW', 'PROPOSAL']);
    const audits = await prisma.auditLog.findMany({ where: { entityId: { in: [created.id, opportunityId] } } });
    expect(
      audits.map((audit) => `${audit.entityId === created.id ? 'proposal' : 'opportunity'} ${audit.action}`),
    ).toEqual(expect.arrayContaining(['proposal CREATE', 'opportunity UPDATE']));
  });

  it('adds another proposal to an opportunity at its proposal stage without moving it', async () => {
    const opportunityId = await opportunityAt('PROPOSAL');
    await proposal(opportunityId);
    const second = await proposal(opportunityId);
    expect(second.status).toBe('DRAFT');
    expect((await prisma.opportunity.findUniqueOrThrow({ where: { id: opportunityId } })).stage).toBe('PROPOSAL');
  });

  it.each([
    ['NEW', ProposalTransitionMessage.createAtNew],
    ['WON', ProposalTransitionMessage.createWhenClosed],
    ['LOST', ProposalTransitionMessage.createWhenClosed],
  ] as const)('refuses an opportunity at %s with a sentence, changing nothing', async (stage, message) => {
    const opportunityId = await opportunityAt(stage);
    const before = await snapshot();
    const refused = await asAdvisor<Answer>('POST', '/api/proposals', { opportunityId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for another team’s or firm’s opportunity, and 403 without SALES_WRITE', async () => {
    const opportunityId = await opportunityAt('DISCOVERY');
    const before = await snapshot();
    expect((await asOtherTeam('POST', '/api/proposals', { opportunityId })).status).toBe(404);
    expect((await asSouth('POST', '/api/proposals', { opportunityId })).status).toBe(404);
    expect((await asAssociate('POST', '/api/proposals', { opportunityId })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('offers', () => {
  it('adds, replaces and removes a draft’s offers, amounts as decimal strings and offerings named', async () => {
    const draft = await proposal();
    const added = await addOffer(draft.id);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.offers).toHaveLength(1);
    const offer = added.body.offers[0]!;
    expect(offer.offerings).toEqual([expect.objectContaining({ id: planId, name: 'Financial plan' })]);
    expect(offer.pricingPlan.recurringPayment?.amount).toEqual({ currency: 'CAD', value: '100.1' });
    expect((await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).packageTemplateId).toBeNull();

    const aum = {
      billingStartType: 'ON_START',
      offerings: [planId],
      pricingPlan: {
        type: 'AUM_FEE',
        paymentMethod: 'BILLED_FROM_CUSTODIAN',
        aumFee: {
          feeRubric: {
            tiers: [
              { breakpoint: 1_000_000, fee: 1 },
              { breakpoint: 5_000_000, fee: 0.5 },
            ],
          },
        },
      },
    };
    const edited = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/offers/${offer.id}`, { offer: aum });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.offers[0]!.pricingPlan.aumFee?.feeRubric.tiers.map((tier) => tier.fee)).toEqual(['1', '0.5']);
    expect(edited.body.offers[0]!.pricingPlan.recurringPayment).toBeNull();

    const removed = await asAdvisor<Answer>('DELETE', `/api/proposals/${draft.id}/offers/${offer.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.offers).toEqual([]);
    expect(await prisma.offerFeeTier.count({ where: { offerId: offer.id } })).toBe(0);
    const audits = await prisma.auditLog.count({ where: { entityId: draft.id, action: 'UPDATE' } });
    expect(audits).toBe(3);
  });

  it('answers crm §5’s messages', async () => {
    const draft = await proposal();
    const noOffering = await addOffer(draft.id, { ...planOffer(), offerings: [] });
    expect(noOffering.status).toBe(400);
    expect(JSON.stringify(noOffering.body)).toContain(ProposalMessage.offeringsRequired);
    const halfAmount = planOffer();
    halfAmount.pricingPlan.oneTimeFee = { amount: { currency: 'CAD' } as never, isUpfront: true };
    const refused = await addOffer(draft.id, halfAmount);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(ProposalMessage.amountBothOrNone);
    const nothingPriced = await addOffer(draft.id, {
      ...planOffer(),
      pricingPlan: { type: 'RECURRING_PAYMENT', paymentMethod: 'PAYMENT_PROVIDER' },
    });
    expect(nothingPriced.status).toBe(400);
    expect(JSON.stringify(nothingPriced.body)).toContain(ProposalMessage.pricingRequired);
  });

  it('answers 404 for another firm’s offering, another proposal’s offer, another team’s or firm’s proposal', async () => {
    const draft = await proposal();
    const other = await proposal();
    const otherOffer = (await addOffer(other.id)).body.offers[0]!;
    const before = await snapshot();
    expect((await addOffer(draft.id, planOffer([southOfferingId]))).status).toBe(404);
    expect(
      (await asAdvisor('PATCH', `/api/proposals/${draft.id}/offers/${otherOffer.id}`, { offer: planOffer() })).status,
    ).toBe(404);
    expect((await asAdvisor('DELETE', `/api/proposals/${draft.id}/offers/${otherOffer.id}`)).status).toBe(404);
    expect((await addOffer(draft.id, planOffer(), asOtherTeam)).status).toBe(404);
    expect((await addOffer(draft.id, planOffer(), asSouth)).status).toBe(404);
    expect((await addOffer(draft.id, planOffer(), asAssociate)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['SENT', 'ACCEPTED', 'REVOKED'] as const)(
    'refuses offer changes on a %s proposal, changing nothing',
    async (status) => {
      const draft = await proposal();
      const offerId = (await addOffer(draft.id)).body.offers[0]!.id;
      await setStatus(draft.id, status);
      const before = await snapshot();
      for (const refused of [
        await addOffer(draft.id),
        await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/offers/${offerId}`, { offer: planOffer() }),
        await asAdvisor<Answer>('DELETE', `/api/proposals/${draft.id}/offers/${offerId}`),
      ]) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(
          {
            SENT: ProposalTransitionMessage.offersOnceSent,
            ACCEPTED: ProposalTransitionMessage.acceptedFinal,
            REVOKED: ProposalTransitionMessage.revokedFinal,
          }[status],
        );
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('revoke, request-modification, accept', () => {
  it('a sent proposal goes back for changes with a comment, is edited, then accepted once sent again', async () => {
    const draft = await proposal();
    await addOffer(draft.id);
    await setStatus(draft.id, 'SENT');
    const asked = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/request-modification`, {
      comment: 'Lower the one-time fee',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'MODIFICATION_REQUESTED',
      modificationRequest: 'Lower the one-time fee',
    });
    expect((await addOffer(draft.id)).status).toBe(200);
    await setStatus(draft.id, 'SENT');
    const accepted = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('ACCEPTED');
    expect(accepted.body.acceptedAt).not.toBeNull();
  });

  it.each([
    ['request-modification', 'DRAFT', ProposalTransitionMessage.modificationBeforeSent],
    ['request-modification', 'MODIFICATION_REQUESTED', ProposalTransitionMessage.modificationAlreadyRequested],
    ['accept', 'DRAFT', ProposalTransitionMessage.acceptBeforeSent],
    ['accept', 'MODIFICATION_REQUESTED', ProposalTransitionMessage.acceptBeforeSent],
    ['accept', 'REVOKED', ProposalTransitionMessage.revokedFinal],
    ['revoke', 'ACCEPTED', ProposalTransitionMessage.acceptedFinal],
    ['revoke', 'REVOKED', ProposalTransitionMessage.revokedFinal],
  ] as const)('refuses %s at %s with a sentence, changing nothing', async (call, status, message) => {
    const draft = await proposal();
    await addOffer(draft.id);
    if (status !== 'DRAFT') await setStatus(draft.id, status);
    const before = await snapshot();
    const refused = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/${call}`, { comment: 'Why' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('needs a comment to request a modification', async () => {
    const draft = await proposal();
    await setStatus(draft.id, 'SENT');
    const before = await snapshot();
    const refused = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/request-modification`, {
      comment: '  ',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'comment', message: ProposalRequestMessage.commentRequired }]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to accept a sent proposal without offers', async () => {
    const draft = await proposal();
    await setStatus(draft.id, 'SENT');
    const refused = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/accept`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ProposalTransitionMessage.acceptWithoutOffers);
  });

  it.each(['DRAFT', 'SENT', 'MODIFICATION_REQUESTED'] as const)('revokes a %s proposal', async (status) => {
    const draft = await proposal();
    if (status !== 'DRAFT') await setStatus(draft.id, status);
    const revoked = await asAdvisor<Answer>('PATCH', `/api/proposals/${draft.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('REVOKED');
    expect(revoked.body.revokedAt).not.toBeNull();
  });

  it('answers 404 for another team’s or firm’s proposal, 403 without SALES_WRITE', async () => {
    const draft = await proposal();
    const before = await snapshot();
    expect((await asOtherTeam('PATCH', `/api/proposals/${draft.id}/revoke`, {})).status).toBe(404);
    expect((await asSouth('PATCH', `/api/proposals/${draft.id}/revoke`, {})).status).toBe(404);
    expect((await asAssociate('PATCH', `/api/proposals/${draft.id}/revoke`, {})).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /proposals/package-view/by-opportunity/{opportunityId}', () => {
  it('lists the opportunity’s proposals newest first, each offer with its first-year fees', async () => {
    const opportunityId = await opportunityAt('PROPOSAL');
    const first = await proposal(opportunityId);
    await addOffer(first.id);
    const second = await proposal(opportunityId);
    const view = await asAssociate<ProposalPackageView>(
      'GET',
      `/api/proposals/package-view/by-opportunity/${opportunityId}`,
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.householdId).toBe(householdId);
    expect(view.body.investableAssets).toBeNull();
    expect(view.body.proposals.map((item) => item.id)).toEqual([second.id, first.id]);
    const offer = view.body.proposals[1]!.offers[0]!;
    expect(offer.offerings[0]!.name).toBe('Financial plan');
    expect(offer.feeSummary).toMatchObject({
      currency: 'CAD',
      firstYear: { from: '2027-01-01', until: '2028-01-01' },
      aumFee: null,
      oneTimeFee: { value: '2500', chargedOn: '2027-01-01' },
      recurringPayment: { listedTotal: '1201.2', charges: 12 },
      firstYearTotals: { aumFee: '0', oneTimeFee: '2500', recurringPayment: '1201.2', total: '3701.2' },
    });
  });

  it('prices an AUM offer on the household’s investments, marginally, in the currency of its tiers', async () => {
    // Investments of 2,000,000 and 500,000 CAD (and a bank account, which is not investable).
    const admin = await login(baseUrl, north.email, north.password);
    for (const [type, extra] of [
      ['INVESTMENT_ACCOUNT', { accountType: 'RRSP', marketValue: { value: 2_000_000, currency: 'CAD' } }],
      ['INVESTMENT_ACCOUNT', { accountType: 'TFSA', marketValue: { value: 500_000, currency: 'CAD' } }],
      ['BANK_ACCOUNT', { bankAccountType: 'CHECKING', balance: { value: 90_000, currency: 'CAD' } }],
    ] as const) {
      await createRecord(baseUrl, admin, { householdId, type, ...extra });
    }
    const opportunityId = await opportunityAt('PROPOSAL');
    const created = await proposal(opportunityId);
    const added = await asAdvisor('PATCH', `/api/proposals/${created.id}/offers`, {
      offer: {
        billingStartType: 'CUSTOM_DATE',
        billingStartDate: '2027-01-01',
        offerings: [planId],
        pricingPlan: {
          type: 'AUM_FEE',
          paymentMethod: 'BILLED_FROM_CUSTODIAN',
          aumFee: {
            feeRubric: {
              tiers: [
                { breakpoint: 1_000_000, fee: 1 },
                { breakpoint: 5_000_000, fee: 0.75 },
              ],
            },
          },
        },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const view = await asAdvisor<ProposalPackageView>(
      'GET',
      `/api/proposals/package-view/by-opportunity/${opportunityId}`,
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.investableAssets).toBe('2500000');
    // 1% of the first 1,000,000 and 0.75% of the next 1,500,000: 10,000 + 11,250.
    expect(view.body.proposals[0]!.offers[0]!.feeSummary).toMatchObject({
      aumFee: {
        assets: '2500000',
        annual: '21250',
        tiers: [
          { from: '0', to: '1000000', fee: '1', amount: '10000' },
          { from: '1000000', to: null, fee: '0.75', amount: '11250' },
        ],
      },
      firstYearTotals: { aumFee: '21250', total: '21250' },
    });
  });

  it('answers 404 for another team’s or firm’s opportunity', async () => {
    const opportunityId = await opportunityAt('PROPOSAL');
    const path = `/api/proposals/package-view/by-opportunity/${opportunityId}`;
    expect((await asOtherTeam('GET', path)).status).toBe(404);
    expect((await asSouth('GET', path)).status).toBe(404);
  });
});
