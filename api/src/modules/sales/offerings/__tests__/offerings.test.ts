import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferingMessage, ProposalMessage, type ListPage, type OfferingResponse } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let northToken: string;
let southToken: string;
let pmToken: string;

const as =
  (token: string) =>
  <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(world.api.baseUrl, method, path, { token, body });

const planning = {
  name: 'Financial plan',
  description: 'A written plan, reviewed yearly',
  category: 'FINANCIAL_PLANNING',
  type: 'ONE_OFF_SERVICE',
};

type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [north, south] = world.firms;
  northToken = north.token;
  southToken = south.token;
  const pm = await addUser(world.prisma, north, 'PM');
  pmToken = await login(world.api.baseUrl, pm.email, pm.password);
});
afterAll(async () => {
  await world?.close();
});

describe('offerings', () => {
  it('creates, lists by name, edits and deletes an offering, each audited', async () => {
    const north = as(northToken);
    const created = await north<OfferingResponse>('POST', '/api/offerings', planning);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...planning, pricingType: 'ONE_TIME_FEE' });
    const second = await north<OfferingResponse>('POST', '/api/offerings', {
      ...planning,
      name: 'Asset management',
      type: 'ONGOING_SERVICE',
      category: 'INVESTMENT_MANAGEMENT',
    });
    expect(second.body.pricingType).toBe('RECURRING_PAYMENT');

    const list = await north<ListPage<OfferingResponse>>('GET', '/api/offerings?limit=10');
    expect(list.body.items.map((item) => item.name)).toEqual(['Asset management', 'Financial plan']);
    const searched = await north<ListPage<OfferingResponse>>('GET', '/api/offerings?search=PLAN');
    expect(searched.body.items.map((item) => item.id)).toEqual([created.body.id]);

    const edited = await north<OfferingResponse>('PATCH', `/api/offerings/${created.body.id}`, {
      name: 'Retirement plan',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Retirement plan', description: planning.description });

    const removed = await north('DELETE', `/api/offerings/${second.body.id}`);
    expect(removed.status).toBe(200);
    expect(await world.prisma.offering.count({ where: { id: second.body.id } })).toBe(0);
    const audits = await world.prisma.auditLog.findMany({
      where: { entityId: { in: [created.body.id, second.body.id] } },
      select: { action: true },
    });
    expect(audits.map((audit) => audit.action).sort()).toEqual(['CREATE', 'CREATE', 'DELETE', 'UPDATE']);
  });

  it('refuses blank details with crm §5’s “Required field”', async () => {
    const response = await as(northToken)<ErrorBody>('POST', '/api/offerings', {
      name: ' ',
      description: '',
      category: 'GARDENING',
    });
    expect(response.status).toBe(400);
    const byPath = Object.fromEntries(response.body.details!.map((detail) => [detail.path, detail.message]));
    expect(byPath).toMatchObject({
      name: ProposalMessage.requiredField,
      description: ProposalMessage.requiredField,
      category: ProposalMessage.requiredField,
      type: ProposalMessage.requiredField,
    });
    const edit = await as(northToken)<ErrorBody>('PATCH', `/api/offerings/${(await anOffering()).id}`, { name: '' });
    expect(edit.status).toBe(400);
    expect(edit.body.details).toEqual([
      expect.objectContaining({ path: 'name', message: ProposalMessage.requiredField }),
    ]);
  });

  it('refuses to delete an offering an offer names, with a sentence, and keeps it', async () => {
    const offering = await anOffering();
    const template = await as(northToken)<{ id: string }>('POST', '/api/package-templates', {
      name: 'Starter',
      offers: [
        {
          billingStartType: 'ON_START',
          offerings: [offering.id],
          pricingPlan: {
            type: 'ONE_TIME_FEE',
            paymentMethod: 'MANUAL',
            oneTimeFee: { amount: { currency: 'CAD', value: 1500 } },
          },
        },
      ],
    });
    expect(template.status).toBe(201);
    const refused = await as(northToken)<ErrorBody>('DELETE', `/api/offerings/${offering.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(OfferingMessage.inUse);
    expect(await world.prisma.offering.count({ where: { id: offering.id } })).toBe(1);
  });

  it('settles a delete racing an offer that names the offering: one of them is refused, never a 5xx', async () => {
    const template = await as(northToken)<{ id: string }>('POST', '/api/package-templates', { name: 'Race' });
    for (let round = 0; round < 5; round += 1) {
      const offering = await anOffering();
      const [removed, added] = await Promise.all([
        as(northToken)('DELETE', `/api/offerings/${offering.id}`),
        as(northToken)('PATCH', `/api/package-templates/${template.body.id}/add-offer-to-package`, {
          offer: {
            billingStartType: 'ON_START',
            offerings: [offering.id],
            pricingPlan: {
              type: 'ONE_TIME_FEE',
              paymentMethod: 'MANUAL',
              oneTimeFee: { amount: { currency: 'CAD', value: 1 } },
            },
          },
        }),
      ]);
      expect([
        [200, 404],
        [409, 200],
      ]).toContainEqual([removed.status, added.status]);
    }
  });

  it('answers 404 for another firm’s offering and changes nothing', async () => {
    const offering = await anOffering();
    const south = as(southToken);
    expect((await south('PATCH', `/api/offerings/${offering.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await south('DELETE', `/api/offerings/${offering.id}`)).status).toBe(404);
    const list = await south<ListPage<OfferingResponse>>('GET', '/api/offerings');
    expect(list.body.items.some((item) => item.id === offering.id)).toBe(false);
    const row = await world.prisma.offering.findUnique({ where: { id: offering.id } });
    expect(row?.name).toBe(planning.name);
  });

  it('lets a role without SALES_WRITE read but not change offerings (403)', async () => {
    const offering = await anOffering();
    const pm = as(pmToken);
    expect((await pm('GET', '/api/offerings')).status).toBe(200);
    expect((await pm('POST', '/api/offerings', planning)).status).toBe(403);
    expect((await pm('PATCH', `/api/offerings/${offering.id}`, { name: 'Nope' })).status).toBe(403);
    expect((await pm('DELETE', `/api/offerings/${offering.id}`)).status).toBe(403);
    expect((await world.prisma.offering.findUnique({ where: { id: offering.id } }))?.name).toBe(planning.name);
  });
});

async function anOffering(): Promise<OfferingResponse> {
  const created = await as(northToken)<OfferingResponse>('POST', '/api/offerings', planning);
  expect(created.status).toBe(201);
  return created.body;
}
