import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OfferingMessage,
  ProposalMessage,
  type ListPage,
  type OfferingResponse,
  type PackageTemplateResponse,
} from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let northToken: string;
let southToken: string;
let pmToken: string;
let planId: string;
let managementId: string;
let southOfferingId: string;

type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };

const as =
  (token: string) =>
  <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(world.api.baseUrl, method, path, { token, body });

/** An offer of a tiered AUM fee billed from the custodian, plus a one-time fee. */
const aumOffer = () => ({
  billingStartType: 'ON_START',
  offerings: [managementId],
  pricingPlan: {
    type: 'AUM_FEE',
    paymentMethod: 'BILLED_FROM_CUSTODIAN',
    aumFee: {
      feeRubric: {
        tiers: [
          { breakpoint: 1_000_000, fee: 1 },
          { breakpoint: 5_000_000.12345678, fee: 0.75 },
        ],
      },
    },
    oneTimeFee: { amount: { currency: 'CAD', value: 2500.1 }, isUpfront: true },
  },
});

const planOffer = () => ({
  billingStartType: 'CUSTOM_DATE',
  billingStartDate: '2027-01-01',
  offerings: [planId],
  pricingPlan: {
    type: 'RECURRING_PAYMENT',
    paymentMethod: 'PAYMENT_PROVIDER',
    recurringPayment: { amount: { currency: 'CAD', value: 0.1 }, frequency: { common: 'MONTHLY', duration: 12 } },
  },
});

async function offering(token: string, name: string, type: string): Promise<string> {
  const created = await as(token)<OfferingResponse>('POST', '/api/offerings', {
    name,
    description: `${name}, described`,
    category: 'FINANCIAL_PLANNING',
    type,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function template(offers: unknown[] = [aumOffer()]): Promise<PackageTemplateResponse> {
  const created = await as(northToken)<PackageTemplateResponse>('POST', '/api/package-templates', {
    name: 'Wealth package',
    offers,
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Everything stored of a firm's templates and offers, to compare before and after a refusal. */
async function snapshot() {
  return {
    templates: await world.prisma.packageTemplate.findMany({ orderBy: { id: 'asc' } }),
    offers: await world.prisma.offer.findMany({ orderBy: { id: 'asc' } }),
    tiers: await world.prisma.offerFeeTier.findMany({ orderBy: { id: 'asc' } }),
    links: await world.prisma.offerOffering.findMany({ orderBy: [{ offerId: 'asc' }, { offeringId: 'asc' }] }),
  };
}

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [north, south] = world.firms;
  northToken = north.token;
  southToken = south.token;
  const pm = await addUser(world.prisma, north, 'PM');
  pmToken = await login(world.api.baseUrl, pm.email, pm.password);
  planId = await offering(northToken, 'Financial plan', 'ONE_OFF_SERVICE');
  managementId = await offering(northToken, 'Asset management', 'ONGOING_SERVICE');
  southOfferingId = await offering(southToken, 'South plan', 'ONE_OFF_SERVICE');
});
afterAll(async () => {
  await world?.close();
});

describe('package templates', () => {
  it('creates a template whose amounts come back as decimal strings, with offerings named', async () => {
    const created = await template([aumOffer(), planOffer()]);
    expect(created.name).toBe('Wealth package');
    const [aum, plan] = created.offers;
    expect(aum!.offerings).toEqual([
      { id: managementId, name: 'Asset management', category: 'FINANCIAL_PLANNING', type: 'ONGOING_SERVICE' },
    ]);
    expect(aum!.pricingPlan).toEqual({
      type: 'AUM_FEE',
      paymentMethod: 'BILLED_FROM_CUSTODIAN',
      aumFee: {
        feeRubric: {
          tiers: [
            { breakpoint: '1000000', currency: 'CAD', fee: '1' },
            { breakpoint: '5000000.12345678', currency: 'CAD', fee: '0.75' },
          ],
        },
      },
      oneTimeFee: { amount: { currency: 'CAD', value: '2500.1' }, isUpfront: true },
      recurringPayment: null,
    });
    expect(plan!.billingStartDate).toBe('2027-01-01');
    expect(plan!.pricingPlan.recurringPayment).toEqual({
      amount: { currency: 'CAD', value: '0.1' },
      frequency: { common: 'MONTHLY', duration: 12 },
    });
    const stored = await world.prisma.offer.findUnique({ where: { id: plan!.id } });
    expect(stored!.recurringAmount!.toString()).toBe('0.1');

    const read = await as(northToken)<PackageTemplateResponse>('GET', `/api/package-templates/${created.id}`);
    expect(read.body).toEqual(created);
    const list = await as(northToken)<ListPage<PackageTemplateResponse>>('GET', '/api/package-templates?search=wealth');
    expect(list.body.items.map((item) => item.id)).toContain(created.id);
  });

  it('adds, replaces and removes an offer, then deletes the template with its offers', async () => {
    const north = as(northToken);
    const created = await template();
    const added = await north<PackageTemplateResponse>(
      'PATCH',
      `/api/package-templates/${created.id}/add-offer-to-package`,
      { offer: planOffer() },
    );
    expect(added.status).toBe(200);
    expect(added.body.offers).toHaveLength(2);
    const offerId = added.body.offers[1]!.id;

    const replaced = await north<PackageTemplateResponse>(
      'PATCH',
      `/api/package-templates/${created.id}/offers/${offerId}`,
      {
        offer: { ...aumOffer(), offerings: [planId, managementId, planId] },
      },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.offers[1]!.offerings.map((item) => item.name)).toEqual(['Asset management', 'Financial plan']);
    expect(replaced.body.offers[1]!.pricingPlan.recurringPayment).toBeNull();
    expect(replaced.body.offers[1]!.billingStartDate).toBeNull();

    const removed = await north<PackageTemplateResponse>(
      'DELETE',
      `/api/package-templates/${created.id}/offers/${offerId}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.offers.map((offer) => offer.id)).toEqual([created.offers[0]!.id]);
    expect(await world.prisma.offerFeeTier.count({ where: { offerId } })).toBe(0);

    expect((await north('DELETE', `/api/package-templates/${created.id}`)).status).toBe(200);
    expect(await world.prisma.offer.count({ where: { packageTemplateId: created.id } })).toBe(0);
    expect((await north('GET', `/api/package-templates/${created.id}`)).status).toBe(404);
    const actions = await world.prisma.auditLog.findMany({ where: { entityId: created.id }, select: { action: true } });
    expect(actions.map((audit) => audit.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE', 'UPDATE', 'UPDATE']);
  });

  describe('refuses every crm §5 rule with its message, and writes nothing', () => {
    const cases: [string, (offer: ReturnType<typeof aumOffer>) => unknown, string][] = [
      [
        'no fee at all',
        (offer) => ({ ...offer, pricingPlan: { type: 'AUM_FEE', paymentMethod: 'MANUAL' } }),
        ProposalMessage.pricingRequired,
      ],
      [
        'custodian billing without an AUM fee',
        (offer) => ({
          ...offer,
          pricingPlan: { ...offer.pricingPlan, type: 'ONE_TIME_FEE', aumFee: undefined },
        }),
        ProposalMessage.custodianWithAumFee,
      ],
      [
        'an AUM fee billed manually',
        (offer) => ({ ...offer, pricingPlan: { ...offer.pricingPlan, paymentMethod: 'MANUAL' } }),
        ProposalMessage.custodianWithAumFee,
      ],
      ['no offering', (offer) => ({ ...offer, offerings: [] }), ProposalMessage.offeringsRequired],
      [
        'a breakpoint of zero',
        (offer) => withTiers(offer, [{ breakpoint: 0, fee: 1 }]),
        ProposalMessage.breakpointPositive,
      ],
      ['a fee above 100', (offer) => withTiers(offer, [{ breakpoint: 10, fee: 101 }]), ProposalMessage.feeRange],
      ['a negative fee', (offer) => withTiers(offer, [{ breakpoint: 10, fee: -1 }]), ProposalMessage.feeRange],
      [
        'breakpoints not increasing',
        (offer) =>
          withTiers(offer, [
            { breakpoint: 10, fee: 1 },
            { breakpoint: 10, fee: 0.5 },
          ]),
        ProposalMessage.tiersIncreasing,
      ],
      [
        'an amount without its currency',
        (offer) => ({
          ...offer,
          pricingPlan: { ...offer.pricingPlan, oneTimeFee: { amount: { value: 10 }, isUpfront: false } },
        }),
        ProposalMessage.amountBothOrNone,
      ],
      [
        'a chosen billing start without its date',
        (offer) => ({ ...offer, billingStartType: 'CUSTOM_DATE' }),
        OfferingMessage.billingStartDateRequired,
      ],
      [
        'an amount beyond numeric(20, 8)',
        (offer) => ({
          ...offer,
          pricingPlan: { ...offer.pricingPlan, oneTimeFee: { amount: { currency: 'CAD', value: 1e13 } } },
        }),
        'Money value must be less than 1,000,000,000,000',
      ],
    ];
    it.each(cases)('%s', async (_name, change, message) => {
      const created = await template();
      const before = await snapshot();
      const bodies = [
        ['POST', '/api/package-templates', { name: 'Refused', offers: [change(aumOffer())] }],
        ['PATCH', `/api/package-templates/${created.id}/add-offer-to-package`, { offer: change(aumOffer()) }],
        [
          'PATCH',
          `/api/package-templates/${created.id}/offers/${created.offers[0]!.id}`,
          { offer: change(aumOffer()) },
        ],
      ] as const;
      for (const [method, path, body] of bodies) {
        const response = await as(northToken)<ErrorBody>(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(response.body.details!.map((detail) => detail.message)).toContain(message);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  it('refuses offerings of another firm or none with 404, and writes nothing', async () => {
    const created = await template();
    const before = await snapshot();
    const north = as(northToken);
    for (const foreign of [southOfferingId, 'offering-AAAAAAAAAAAAAAAAAAAAA']) {
      const offer = { ...aumOffer(), offerings: [managementId, foreign] };
      expect((await north('POST', '/api/package-templates', { name: 'Taken', offers: [offer] })).status).toBe(404);
      expect(
        (await north('PATCH', `/api/package-templates/${created.id}/add-offer-to-package`, { offer })).status,
      ).toBe(404);
      const offerPath = `/api/package-templates/${created.id}/offers/${created.offers[0]!.id}`;
      expect((await north('PATCH', offerPath, { offer })).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 to another firm for a template and its offers, and changes nothing', async () => {
    const created = await template();
    const other = await template();
    const before = await snapshot();
    const south = as(southToken);
    const offerPath = `/api/package-templates/${created.id}/offers/${created.offers[0]!.id}`;
    expect((await south('GET', `/api/package-templates/${created.id}`)).status).toBe(404);
    expect(
      (await south('PATCH', `/api/package-templates/${created.id}/add-offer-to-package`, { offer: aumOffer() })).status,
    ).toBe(404);
    expect((await south('PATCH', offerPath, { offer: aumOffer() })).status).toBe(404);
    expect((await south('DELETE', offerPath)).status).toBe(404);
    expect((await south('DELETE', `/api/package-templates/${created.id}`)).status).toBe(404);
    // An offer reached through another template of the same firm is not that template's.
    const crossed = `/api/package-templates/${other.id}/offers/${created.offers[0]!.id}`;
    expect((await as(northToken)('DELETE', crossed)).status).toBe(404);
    expect((await as(northToken)('PATCH', crossed, { offer: aumOffer() })).status).toBe(404);
    const list = await south<ListPage<PackageTemplateResponse>>('GET', '/api/package-templates');
    expect(list.body.items).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a role without SALES_WRITE read templates but not change them (403)', async () => {
    const created = await template();
    const before = await snapshot();
    const pm = as(pmToken);
    const offerPath = `/api/package-templates/${created.id}/offers/${created.offers[0]!.id}`;
    expect((await pm('GET', `/api/package-templates/${created.id}`)).status).toBe(200);
    expect((await pm('POST', '/api/package-templates', { name: 'PM', offers: [] })).status).toBe(403);
    expect(
      (await pm('PATCH', `/api/package-templates/${created.id}/add-offer-to-package`, { offer: aumOffer() })).status,
    ).toBe(403);
    expect((await pm('PATCH', offerPath, { offer: aumOffer() })).status).toBe(403);
    expect((await pm('DELETE', offerPath)).status).toBe(403);
    expect((await pm('DELETE', `/api/package-templates/${created.id}`)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

function withTiers(offer: ReturnType<typeof aumOffer>, tiers: { breakpoint: number; fee: number }[]) {
  return { ...offer, pricingPlan: { ...offer.pricingPlan, aumFee: { feeRubric: { tiers } } } };
}
