import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplication } from '@nestjs/common';
import { createApiApp, createLogger, createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  OpportunityTransitionMessage,
  type OpportunityList,
  type OpportunityPageView,
  type OpportunityResponse,
  type PipelineResponse,
} from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { createContact } from '#test/support/crm-factories.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';

let environment: TestEnvironment;
let app: INestApplication;
let baseUrl: string;
let prisma: PrismaClient;
let north: CreatedOrganization;
let householdId: string;
let leadId: string;
let leadContactId: string;
let advisorProfessionalId: string;
/** North's admin, an advisor of its team, an associate (reads only), an advisor of another team, South's admin. */
let asAdmin: ReturnType<typeof apiAs>;
let asAdvisor: ReturnType<typeof apiAs>;
let asAssociate: ReturnType<typeof apiAs>;
let asOtherTeam: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
let otherTeamId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await createApiApp(environment.config, createLogger(environment.config.LOG_LEVEL));
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  prisma = createPrismaClient(environment.databaseUrl);

  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  householdId = (await createFinancialHousehold(prisma, north, 'Tremblay household')).householdId;
  leadContactId = (await createContact(prisma, north, { type: 'LEAD', firstName: 'Noor', lastName: 'Haddad' }))
    .contactId;
  leadId = newId(EntityType.lead);
  await prisma.lead.create({
    data: { id: leadId, organizationId: north.organizationId, teamId: north.teamId, contactId: leadContactId },
  });
  asAdmin = apiAs(baseUrl, await login(baseUrl, north.email, north.password));
  const advisor = await addUser(prisma, north, 'ADVISOR');
  asAdvisor = apiAs(baseUrl, await login(baseUrl, advisor.email, advisor.password));
  advisorProfessionalId = newId(EntityType.professional);
  await prisma.professional.create({
    data: {
      id: advisorProfessionalId,
      organizationId: north.organizationId,
      userId: advisor.userId,
      displayName: 'Dana Lee',
      role: 'ADVISOR',
    },
  });
  const associate = await addUser(prisma, north, 'ASSOCIATE_ADVISING_REPRESENTATIVE');
  asAssociate = apiAs(baseUrl, await login(baseUrl, associate.email, associate.password));

  otherTeamId = newId(EntityType.team);
  await prisma.team.create({ data: { id: otherTeamId, organizationId: north.organizationId, name: 'Other team' } });
  const other = await addUser(prisma, north, 'ADVISOR', [otherTeamId]);
  asOtherTeam = apiAs(baseUrl, await login(baseUrl, other.email, other.password));

  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  asSouth = apiAs(baseUrl, await login(baseUrl, south.email, south.password));
});

afterAll(async () => {
  await prisma?.$disconnect();
  await app?.close();
  await environment?.dispose();
});

async function create(body: Record<string, unknown>, as = asAdvisor): Promise<OpportunityResponse> {
  const response = await as<OpportunityResponse>('POST', '/api/opportunitys', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function act(id: string, call: string, body: unknown = {}, as = asAdvisor) {
  return as<OpportunityResponse & { message?: string }>('PATCH', `/api/opportunitys/${id}/${call}`, body);
}

async function stageChanges(opportunityId: string) {
  return prisma.opportunityStageChange.findMany({ where: { opportunityId }, orderBy: { changedAt: 'asc' } });
}

function messages(body: unknown): string[] {
  return ((body as { details?: { path: string; message: string }[] }).details ?? []).map(
    (detail) => `${detail.path}: ${detail.message}`,
  );
}

describe('POST /opportunitys', () => {
  it('begins a sale with a lead, in the lead’s team, with its contact, at NEW, recorded and audited', async () => {
    const opportunity = await create({ leadId, name: 'Haddad onboarding', primaryAdvisorId: advisorProfessionalId });
    expect(opportunity).toMatchObject({
      leadId,
      contactId: leadContactId,
      householdId: null,
      teamId: north.teamId,
      primaryAdvisorId: advisorProfessionalId,
      name: 'Haddad onboarding',
      type: 'LEAD',
      stage: 'NEW',
    });
    const changes = await stageChanges(opportunity.id);
    expect(changes).toMatchObject([{ fromStage: null, toStage: 'NEW' }]);
    const audit = await prisma.auditLog.findFirst({ where: { entityId: opportunity.id, action: 'CREATE' } });
    expect(audit).not.toBeNull();
  });

  it('begins a sale with a household, a family’s by default', async () => {
    const opportunity = await create({ householdId });
    expect(opportunity).toMatchObject({ householdId, leadId: null, type: 'FAMILY', stage: 'NEW' });
    const view = await asAdvisor<OpportunityPageView>('GET', `/api/opportunitys/page-view/${opportunity.id}`);
    expect(view.status).toBe(200);
    expect(view.body.subject).toEqual({ kind: 'HOUSEHOLD', id: householdId, name: 'Tremblay household' });
    expect(view.body.team.name).toBe('Factory team');
  });

  it('asks for exactly one of leadId, householdId or contactId', async () => {
    const response = await asAdvisor('POST', '/api/opportunitys', { leadId, householdId });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toEqual(['leadId: Give exactly one of leadId, householdId or contactId']);
  });

  it('does not reach another team’s or another firm’s household or lead (404), and writes nothing', async () => {
    const before = await prisma.opportunity.count();
    expect((await asOtherTeam('POST', '/api/opportunitys', { householdId })).status).toBe(404);
    expect((await asOtherTeam('POST', '/api/opportunitys', { leadId })).status).toBe(404);
    expect((await asSouth('POST', '/api/opportunitys', { householdId })).status).toBe(404);
    expect((await asSouth('POST', '/api/opportunitys', { leadId })).status).toBe(404);
    expect(await prisma.opportunity.count()).toBe(before);
  });

  it('lets an associate read but not begin a sale', async () => {
    expect((await asAssociate('POST', '/api/opportunitys', { householdId })).status).toBe(403);
    const opportunity = await create({ householdId });
    expect((await asAssociate('GET', `/api/opportunitys/${opportunity.id}`)).status).toBe(200);
  });
});

describe('the stages', () => {
  it('moves NEW -> DISCOVERY -> PROPOSAL -> WON, recording each step’s date and stage change', async () => {
    const { id } = await create({ householdId });
    const discovery = await act(id, 'initiate-discovery', { corporation: true });
    expect(discovery.status).toBe(200);
    expect(discovery.body).toMatchObject({ stage: 'DISCOVERY', isCorporation: true });
    expect(discovery.body.discoveryStartedAt).not.toBeNull();
    const proposal = await act(id, 'initiate-proposal');
    expect(proposal.body).toMatchObject({ stage: 'PROPOSAL' });
    expect(proposal.body.proposalStartedAt).not.toBeNull();
    const won = await act(id, 'close/won');
    expect(won.body).toMatchObject({ stage: 'WON' });
    expect(won.body.wonAt).not.toBeNull();
    expect((await stageChanges(id)).map((change) => [change.fromStage, change.toStage])).toEqual([
      [null, 'NEW'],
      ['NEW', 'DISCOVERY'],
      ['DISCOVERY', 'PROPOSAL'],
      ['PROPOSAL', 'WON'],
    ]);
    const view = await asAdvisor<OpportunityPageView>('GET', `/api/opportunitys/page-view/${id}`);
    expect(view.body.stageChanges.map((change) => change.toStage)).toEqual(['NEW', 'DISCOVERY', 'PROPOSAL', 'WON']);
    expect(view.body.stageChanges[1]!.changedByUserId).not.toBeNull();
  });

  it('initiates discovery with no body at all', async () => {
    const { id } = await create({ householdId });
    const response = await asAdvisor<OpportunityResponse>('PATCH', `/api/opportunitys/${id}/initiate-discovery`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ stage: 'DISCOVERY', isCorporation: false });
  });

  it('refuses steps out of order with 409 and its sentence, and changes nothing', async () => {
    const { id } = await create({ householdId });
    const early = await act(id, 'close/won');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(OpportunityTransitionMessage.wonBeforeProposal);
    await act(id, 'initiate-discovery');
    await act(id, 'initiate-proposal');
    const before = await prisma.opportunity.findUniqueOrThrow({ where: { id } });
    const twice = await act(id, 'initiate-proposal');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(OpportunityTransitionMessage.proposalAlreadyInitiated);
    expect(await prisma.opportunity.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await stageChanges(id)).toHaveLength(3);
  });

  it('closes as lost with a reason, then refuses anything more', async () => {
    const { id } = await create({ householdId });
    await act(id, 'initiate-discovery');
    const lost = await act(id, 'close/lost', { reason: 'Chose another firm' });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ stage: 'LOST', lostReason: 'Chose another firm' });
    expect(lost.body.lostAt).not.toBeNull();
    const before = await prisma.opportunity.findUniqueOrThrow({ where: { id } });
    for (const [call, body] of [
      ['initiate-proposal', {}],
      ['close/won', {}],
      ['close/lost', {}],
      ['set-temperature', { temperature: 'HOT' }],
    ] as const) {
      const response = await act(id, call, body);
      expect(response.status, call).toBe(409);
    }
    expect((await act(id, 'set-confidence', { confidence: 10 })).body.message).toBe(
      OpportunityTransitionMessage.closedLost,
    );
    expect(await prisma.opportunity.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it('refuses anything after WON with 409', async () => {
    const { id } = await create({ householdId });
    await act(id, 'initiate-discovery');
    await act(id, 'initiate-proposal');
    await act(id, 'close/won');
    const lost = await act(id, 'close/lost');
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(OpportunityTransitionMessage.wonCannotBeLost);
    expect((await act(id, 'set-type', { type: 'FAMILY' })).body.message).toBe(OpportunityTransitionMessage.closedWon);
  });
});

describe('the setters', () => {
  it('set every field of crm §7, audited', async () => {
    const { id } = await create({ householdId });
    const calls: [string, Record<string, unknown>][] = [
      ['set-discovery-method', { discoveryMethod: 'INTRODUCTION' }],
      ['set-confidence', { confidence: 80 }],
      ['set-referrer', { referrer: 'Jean Roy' }],
      ['set-lead-source', { leadSource: 'REFERRAL' }],
      ['set-marketing-campaign', { marketingCampaign: 'Spring 2026' }],
      ['set-marketing-content', { marketingContent: 'Retirement guide' }],
      ['set-marketing-medium', { marketingMedium: 'EMAIL' }],
      ['set-temperature', { temperature: 'HOT' }],
      ['set-type', { type: 'CORPORATION' }],
    ];
    for (const [call, body] of calls) {
      const response = await act(id, call, body);
      expect(response.status, `${call}: ${JSON.stringify(response.body)}`).toBe(200);
    }
    const after = await asAdvisor<OpportunityResponse>('GET', `/api/opportunitys/${id}`);
    expect(after.body).toMatchObject({
      discoveryMethod: 'INTRODUCTION',
      confidence: 80,
      referrer: 'Jean Roy',
      leadSource: 'REFERRAL',
      marketingCampaign: 'Spring 2026',
      marketingContent: 'Retirement guide',
      marketingMedium: 'EMAIL',
      temperature: 'HOT',
      type: 'CORPORATION',
      stage: 'NEW',
    });
    expect(await stageChanges(id)).toHaveLength(1);
    expect(await prisma.auditLog.count({ where: { entityId: id, action: 'UPDATE' } })).toBe(calls.length);
    // A blank referrer clears it.
    expect((await act(id, 'set-referrer', { referrer: '  ' })).body.referrer).toBeNull();
  });

  it('refuses a confidence of 101 with the message, and a temperature not in the list', async () => {
    const { id } = await create({ householdId });
    const high = await act(id, 'set-confidence', { confidence: 101 });
    expect(high.status).toBe(400);
    expect(messages(high.body)).toEqual(['confidence: Confidence must be between 0 and 100']);
    const temperature = await act(id, 'set-temperature', { temperature: 'TEPID' });
    expect(temperature.status).toBe(400);
    expect(messages(temperature.body)).toEqual(['temperature: Please select a valid temperature']);
    expect((await prisma.opportunity.findUniqueOrThrow({ where: { id } })).confidence).toBeNull();
  });

  it('does not reach another team’s or another firm’s opportunity (404), and changes nothing', async () => {
    const { id } = await create({ householdId });
    const before = await prisma.opportunity.findUniqueOrThrow({ where: { id } });
    for (const as of [asOtherTeam, asSouth]) {
      expect((await as('GET', `/api/opportunitys/${id}`)).status).toBe(404);
      expect((await as('GET', `/api/opportunitys/page-view/${id}`)).status).toBe(404);
      expect((await act(id, 'initiate-discovery', {}, as)).status).toBe(404);
      expect((await act(id, 'set-confidence', { confidence: 5 }, as)).status).toBe(404);
    }
    expect(await prisma.opportunity.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await stageChanges(id)).toHaveLength(1);
  });
});

describe('GET /opportunitys/pipeline', () => {
  let pipelineTeamId: string;
  /** The pipeline team's opportunities by letter, as made below. */
  const made: Record<string, string> = {};

  /** Moves every stage change of an opportunity to `at`, as if it had happened then. */
  async function dated(opportunityId: string, at: string) {
    await prisma.opportunityStageChange.updateMany({ where: { opportunityId }, data: { changedAt: new Date(at) } });
  }

  beforeAll(async () => {
    pipelineTeamId = newId(EntityType.team);
    await prisma.team.create({
      data: { id: pipelineTeamId, organizationId: north.organizationId, name: 'Pipeline team' },
    });
    const team = { ...north, teamId: pipelineTeamId };
    const household = (await createFinancialHousehold(prisma, team, 'Pipeline household')).householdId;
    const make = async (calls: string[], primaryAdvisorId?: string) => {
      const { id } = await create(
        { householdId: household, ...(primaryAdvisorId ? { primaryAdvisorId } : {}) },
        asAdmin,
      );
      for (const call of calls) expect((await act(id, call, {}, asAdmin)).status).toBe(200);
      return id;
    };
    // In January 2026: A stays NEW, B reaches discovery, C is won, D is lost in discovery.
    const a = await make([], advisorProfessionalId);
    const b = await make(['initiate-discovery']);
    const c = await make(['initiate-discovery', 'initiate-proposal', 'close/won'], advisorProfessionalId);
    const d = await make(['initiate-discovery', 'close/lost']);
    for (const id of [a, b, c, d]) await dated(id, '2026-01-15T12:00:00Z');
    // E reached discovery in June 2025, before the period.
    const e = await make(['initiate-discovery']);
    await dated(e, '2025-06-01T12:00:00Z');
    Object.assign(made, { a, b, c, d, e });
  });

  it('counts each stage now and its entries in the period, with each step’s conversion', async () => {
    const response = await asAdmin<PipelineResponse>(
      'GET',
      `/api/opportunitys/pipeline?teamId=${pipelineTeamId}&startDate=2026-01-01&endDate=2026-01-31`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.startDate).toBe('2026-01-01');
    expect(response.body.stages.map((stage) => [stage.stage, stage.count, stage.enteredInPeriod])).toEqual([
      ['NEW', 1, 4],
      ['DISCOVERY', 2, 3],
      ['PROPOSAL', 0, 1],
      ['WON', 1, 1],
      ['LOST', 1, 1],
    ]);
    // No proposals and no accounts: no fees; the household's assets are known, and 0.
    expect(response.body.stages.map((stage) => [stage.expectedAnnualFees, stage.aum])).toEqual([
      [null, '0.00'],
      [null, '0.00'],
      [null, null],
      [null, '0.00'],
      [null, '0.00'],
    ]);
    expect(response.body.conversions).toEqual([
      { fromStage: 'NEW', toStage: 'DISCOVERY', entered: 4, converted: 3, rate: 0.75 },
      { fromStage: 'DISCOVERY', toStage: 'PROPOSAL', entered: 3, converted: 1, rate: 0.3333 },
      { fromStage: 'PROPOSAL', toStage: 'WON', entered: 1, converted: 1, rate: 1 },
    ]);
  });

  it('narrows to a primary advisor, and a period with nothing in it gives no rate', async () => {
    const mine = await asAdmin<PipelineResponse>(
      'GET',
      `/api/opportunitys/pipeline?teamId=${pipelineTeamId}&primaryAdvisorId=${advisorProfessionalId}&startDate=2026-01-01&endDate=2026-01-31`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.stages.map((stage) => stage.count)).toEqual([1, 0, 0, 1, 0]);
    expect(mine.body.conversions[0]).toEqual({
      fromStage: 'NEW',
      toStage: 'DISCOVERY',
      entered: 2,
      converted: 1,
      rate: 0.5,
    });
    const empty = await asAdmin<PipelineResponse>(
      'GET',
      `/api/opportunitys/pipeline?teamId=${pipelineTeamId}&startDate=2024-01-01&endDate=2024-12-31`,
    );
    expect(empty.body.conversions.map((conversion) => conversion.rate)).toEqual([null, null, null]);
  });

  it('answers 404 for a team out of reach and 400 for a reversed period', async () => {
    expect((await asOtherTeam('GET', `/api/opportunitys/pipeline?teamId=${pipelineTeamId}`)).status).toBe(404);
    expect((await asSouth('GET', `/api/opportunitys/pipeline?teamId=${pipelineTeamId}`)).status).toBe(404);
    const reversed = await asAdmin('GET', '/api/opportunitys/pipeline?startDate=2026-02-01&endDate=2026-01-01');
    expect(reversed.status).toBe(400);
  });

  it('leaves out another team’s opportunities for an advisor who cannot see it', async () => {
    const response = await asOtherTeam<PipelineResponse>('GET', '/api/opportunitys/pipeline');
    expect(response.status).toBe(200);
    expect(response.body.stages.every((stage) => stage.count === 0)).toBe(true);
  });

  describe('GET /opportunitys (the board’s cards)', () => {
    const list = (query: string, as = asAdmin) => as<OpportunityList>('GET', `/api/opportunitys?${query}`);
    const idsOf = (body: OpportunityList) => body.items.map((item) => item.id).sort();

    it('lists a stage’s opportunities with whom they are for, their advisor and when they entered it', async () => {
      const response = await list(`teamId=${pipelineTeamId}&stage=DISCOVERY`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ total: 2, page: 1, limit: 20, currency: 'CAD' });
      expect(idsOf(response.body)).toEqual([made.b, made.e].sort());
      const b = response.body.items.find((item) => item.id === made.b)!;
      const row = await prisma.opportunity.findUniqueOrThrow({ where: { id: made.b } });
      expect(b).toEqual({
        id: made.b,
        name: null,
        subjectName: 'Pipeline household',
        stage: 'DISCOVERY',
        stageEnteredAt: row.discoveryStartedAt!.toISOString(),
        primaryAdvisorName: null,
        confidence: null,
        temperature: null,
        expectedAnnualFees: null,
        aum: '0.00',
      });
      const won = await list(`teamId=${pipelineTeamId}&primaryAdvisorId=${advisorProfessionalId}`);
      expect(idsOf(won.body)).toEqual([made.a, made.c].sort());
      expect(won.body.items.map((item) => item.primaryAdvisorName)).toEqual(['Dana Lee', 'Dana Lee']);
    });

    it('pages with the total, newest in their stage first', async () => {
      const first = await list(`teamId=${pipelineTeamId}&limit=2`);
      expect(first.body.total).toBe(5);
      expect(first.body.items).toHaveLength(2);
      const entered = first.body.items.map((item) => item.stageEnteredAt);
      expect([...entered].sort().reverse()).toEqual(entered);
      const last = await list(`teamId=${pipelineTeamId}&limit=2&page=3`);
      expect(last.body.items).toHaveLength(1);
      const all = [...first.body.items, ...(await list(`teamId=${pipelineTeamId}&limit=2&page=2`)).body.items];
      expect(new Set([...all, ...last.body.items].map((item) => item.id)).size).toBe(5);
      const past = await list(`teamId=${pipelineTeamId}&limit=2&page=9`);
      expect(past.body).toMatchObject({ items: [], total: 5, page: 9 });
    });

    it('keeps, for a period, those that entered their stage within it', async () => {
      await prisma.opportunity.update({
        where: { id: made.e },
        data: { discoveryStartedAt: new Date('2025-06-01T12:00:00Z') },
      });
      await prisma.opportunity.update({
        where: { id: made.b },
        data: { discoveryStartedAt: new Date('2026-01-31T23:00:00Z') },
      });
      const january = await list(`teamId=${pipelineTeamId}&stage=DISCOVERY&startDate=2026-01-01&endDate=2026-01-31`);
      expect(idsOf(january.body)).toEqual([made.b]);
      expect(january.body.total).toBe(1);
    });

    it('answers 404 for a team or advisor out of reach, 400 for a bad stage, and leaves out other teams', async () => {
      expect((await list(`teamId=${pipelineTeamId}`, asOtherTeam)).status).toBe(404);
      expect((await list(`teamId=${pipelineTeamId}`, asSouth)).status).toBe(404);
      expect((await list(`primaryAdvisorId=${advisorProfessionalId}`, asSouth)).status).toBe(404);
      const bad = await list('stage=OPEN');
      expect(bad.status).toBe(400);
      expect(messages(bad.body)).toEqual(['stage: Please select a valid stage']);
      expect((await list('limit=0')).status).toBe(400);
      const theirs = await list('limit=500', asOtherTeam);
      expect(theirs.status).toBe(200);
      expect(theirs.body.items.filter((item) => Object.values(made).includes(item.id))).toEqual([]);
      const mine = await list(`limit=500&teamId=${pipelineTeamId}`, asAdvisor);
      expect(mine.status).toBe(404);
    });
  });
});

describe('GET /opportunitys/pipeline: expected annual fees and AUM', () => {
  let teamId: string;
  const org = () => north.organizationId;

  /** An investment account of a household, straight in the database. */
  async function account(household: string, value: string, currency: 'CAD' | 'USD', deleted = false) {
    const id = newId(EntityType.investmentAccount);
    await prisma.financialRecord.create({
      data: {
        id,
        organizationId: org(),
        householdId: household,
        type: 'INVESTMENT_ACCOUNT',
        deletedAt: deleted ? new Date() : null,
      },
    });
    await prisma.investmentAccount.create({
      data: { id, organizationId: org(), accountType: 'RRSP', marketValue: value, marketValueCurrency: currency },
    });
  }

  interface OfferSpec {
    tiers?: [number, string][];
    tierCurrency?: 'CAD' | 'USD';
    oneTime?: [string, 'CAD' | 'USD'];
    recurring?: { amount: string; frequency: 'MONTHLY' | 'BI_WEEKLY'; duration?: number };
  }

  /** A proposal of `opportunityId` created at `createdAt`, with its offers, straight in the database. */
  async function proposalWith(
    opportunityId: string,
    createdAt: string,
    status: 'DRAFT' | 'ACCEPTED' | 'REVOKED',
    offers: OfferSpec[],
  ) {
    const proposalId = newId(EntityType.proposal);
    await prisma.proposal.create({
      data: { id: proposalId, organizationId: org(), teamId, opportunityId, status, createdAt: new Date(createdAt) },
    });
    for (const [position, spec] of offers.entries()) {
      const offerId = newId(EntityType.offer);
      await prisma.offer.create({
        data: {
          id: offerId,
          organizationId: org(),
          proposalId,
          position,
          billingStartType: 'ON_START',
          pricingType: spec.tiers ? 'AUM_FEE' : spec.recurring ? 'RECURRING_PAYMENT' : 'ONE_TIME_FEE',
          paymentMethod: 'MANUAL',
          oneTimeFeeAmount: spec.oneTime?.[0] ?? null,
          oneTimeFeeAmountCurrency: spec.oneTime?.[1] ?? null,
          oneTimeFeeIsUpfront: spec.oneTime ? true : null,
          recurringAmount: spec.recurring?.amount ?? null,
          recurringAmountCurrency: spec.recurring ? 'CAD' : null,
          recurringFrequency: spec.recurring?.frequency ?? null,
          recurringDuration: spec.recurring?.duration ?? null,
        },
      });
      for (const [tierPosition, [breakpoint, fee]] of (spec.tiers ?? []).entries()) {
        await prisma.offerFeeTier.create({
          data: {
            id: newId(EntityType.offerFeeTier),
            organizationId: org(),
            offerId,
            position: tierPosition,
            breakpoint,
            breakpointCurrency: spec.tierCurrency ?? 'CAD',
            fee,
          },
        });
      }
    }
  }

  async function at(body: Record<string, unknown>, calls: string[]) {
    const { id } = await create(body, asAdmin);
    for (const call of calls) expect((await act(id, call, {}, asAdmin)).status).toBe(200);
    return id;
  }

  const TIERS: [number, string][] = [
    [1_000_000, '1'],
    [2_500_000, '0.8'],
  ];

  beforeAll(async () => {
    teamId = newId(EntityType.team);
    await prisma.team.create({ data: { id: teamId, organizationId: org(), name: 'Fees team' } });
    const team = { ...north, teamId };
    // The Roys: 1,500,000 CAD in two accounts; a USD account and a deleted one.
    const roys = (await createFinancialHousehold(prisma, team, 'Roy household')).householdId;
    await account(roys, '1200000', 'CAD');
    await account(roys, '300000', 'CAD');
    await account(roys, '500000', 'USD');
    await account(roys, '100000', 'CAD', true);
    // The Gagnons have no accounts; their contact brings their household.
    const gagnons = (await createFinancialHousehold(prisma, team, 'Gagnon household')).householdId;
    const gagnonContact = (await createContact(prisma, team, { householdId: gagnons })).contactId;
    // A lead without a household whose prospect estimates 800,000 CAD.
    const leadContact = (await createContact(prisma, team, { type: 'LEAD', firstName: 'Ines', lastName: 'Roy' }))
      .contactId;
    const lead = newId(EntityType.lead);
    await prisma.lead.create({ data: { id: lead, organizationId: org(), teamId, contactId: leadContact } });

    const a = await at({ householdId: roys }, ['initiate-discovery', 'initiate-proposal']);
    await proposalWith(a, '2026-01-01T00:00:00Z', 'DRAFT', [{ oneTime: ['999', 'CAD'] }]);
    await proposalWith(a, '2026-02-01T00:00:00Z', 'DRAFT', [
      { tiers: TIERS },
      { oneTime: ['2500', 'CAD'], recurring: { amount: '100.10', frequency: 'MONTHLY', duration: 6 } },
    ]);
    await proposalWith(a, '2026-03-01T00:00:00Z', 'REVOKED', [{ oneTime: ['50000', 'CAD'] }]);

    const b = await at({ leadId: lead }, ['initiate-discovery', 'initiate-proposal']);
    const prospect = newId(EntityType.prospect);
    await prisma.prospect.create({
      data: {
        id: prospect,
        organizationId: org(),
        teamId,
        contactId: leadContact,
        leadId: lead,
        estimatedAssets: '800000',
        estimatedAssetsCurrency: 'CAD',
      },
    });
    await prisma.opportunity.update({ where: { id: b }, data: { prospectId: prospect } });
    await proposalWith(b, '2026-02-01T00:00:00Z', 'DRAFT', [
      { tiers: TIERS, recurring: { amount: '40', frequency: 'BI_WEEKLY' } },
      { oneTime: ['1000', 'USD'] },
    ]);

    await at({ householdId: roys }, ['initiate-discovery']);
    const d = await at({ contactId: gagnonContact }, ['initiate-discovery', 'initiate-proposal', 'close/won']);
    await proposalWith(d, '2026-02-01T00:00:00Z', 'ACCEPTED', [{ tiers: TIERS, oneTime: ['1234.565', 'CAD'] }]);
  });

  it('adds up each stage’s first-year fees of its latest live proposal and its assets, in CAD by default', async () => {
    const response = await asAdmin<PipelineResponse>('GET', `/api/opportunitys/pipeline?teamId=${teamId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.currency).toBe('CAD');
    // A (PROPOSAL): its February proposal (January's is older, March's revoked), on 1,500,000:
    //   AUM 1% x 1,000,000 + 0.8% x 500,000 = 14,000.00; one-time 2,500.00; 6 monthly x 100.10 = 600.60.
    //   = 17,100.60.
    // B (PROPOSAL): no household, the prospect's 800,000: AUM 1% x 800,000 = 8,000.00; 27 bi-weekly
    //   charges in a year x 40 = 1,080.00; the USD one-time fee left out. = 9,080.00.
    // C (DISCOVERY): the Roys' 1,500,000, no proposal. D (WON): the Gagnons through its contact, no
    //   accounts: AUM fee 0 on 0, one-time 1,234.565 rounded half up to 1,234.57.
    expect(
      response.body.stages.map((stage) => [stage.stage, stage.count, stage.expectedAnnualFees, stage.aum]),
    ).toEqual([
      ['NEW', 0, null, null],
      ['DISCOVERY', 1, null, '1500000.00'],
      ['PROPOSAL', 2, '26180.60', '2300000.00'],
      ['WON', 1, '1234.57', '0.00'],
      ['LOST', 0, null, null],
    ]);
  });

  it('counts only what is held and priced in the currency asked', async () => {
    const response = await asAdmin<PipelineResponse>('GET', `/api/opportunitys/pipeline?teamId=${teamId}&currency=USD`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.currency).toBe('USD');
    // A: the Roys' 500,000 USD, but its offers are in CAD: 0.00. B: its estimate is in CAD (unknown
    // in USD); its USD one-time fee 1,000.00. D: nothing in USD, the Gagnons hold 0.
    expect(
      response.body.stages.map((stage) => [stage.stage, stage.count, stage.expectedAnnualFees, stage.aum]),
    ).toEqual([
      ['NEW', 0, null, null],
      ['DISCOVERY', 1, null, '500000.00'],
      ['PROPOSAL', 2, '1000.00', '500000.00'],
      ['WON', 1, '0.00', '0.00'],
      ['LOST', 0, null, null],
    ]);
    const refused = await asAdmin('GET', `/api/opportunitys/pipeline?teamId=${teamId}&currency=XYZ`);
    expect(refused.status).toBe(400);
  });

  it('lists each opportunity with its own fees and assets, which add up to its stage’s', async () => {
    const response = await asAdmin<OpportunityList>('GET', `/api/opportunitys?teamId=${teamId}&stage=PROPOSAL`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const figures = response.body.items.map((item) => [item.subjectName, item.expectedAnnualFees, item.aum]).sort();
    expect(figures).toEqual([
      ['Ines Roy', '9080.00', '800000.00'],
      ['Roy household', '17100.60', '1500000.00'],
    ]);
    const usd = await asAdmin<OpportunityList>('GET', `/api/opportunitys?teamId=${teamId}&stage=WON&currency=USD`);
    expect(usd.body.currency).toBe('USD');
    expect(usd.body.items.map((item) => [item.expectedAnnualFees, item.aum])).toEqual([['0.00', '0.00']]);
  });
});
