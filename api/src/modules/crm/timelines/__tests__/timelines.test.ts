import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { TimelineMessage, type LifeEventResponse, type TimelineResponse } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold, type FinancialHousehold } from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let household: FinancialHousehold;
let asNorth: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADVISOR' });
  household = await createFinancialHousehold(prisma, north, 'Tremblay household');
  asNorth = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  asSouth = apiAs(api.baseUrl, await login(api.baseUrl, south.email, south.password));
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('timelines and life events', () => {
  it('creates a timeline, adds events, moves one, deletes one, lists by household, all audited', async () => {
    const created = await asNorth<TimelineResponse>('POST', '/api/timelines', {
      householdId: household.householdId,
      personId: household.personIds[0],
      name: 'Retirement',
    });
    expect(created.status).toBe(201);
    const timelineId = created.body.id;
    const add = (title: string, date: string) =>
      asNorth<LifeEventResponse>('POST', `/api/timelines/${timelineId}/life-events`, { title, date });
    const retire = (await add('Retires', '2031-06-30')).body;
    const sale = (await add('Sells the cottage', '2029-05-01')).body;
    const moved = await asNorth<LifeEventResponse>(
      'PATCH',
      `/api/timelines/${timelineId}/life-events/${retire.id}/date`,
      { date: '2030-12-31' },
    );
    expect(moved.body).toMatchObject({ id: retire.id, date: '2030-12-31' });
    expect((await asNorth('DELETE', `/api/timelines/${timelineId}/life-events/${sale.id}`)).status).toBe(204);
    const list = await asNorth<TimelineResponse[]>('GET', `/api/timelines?householdId=${household.householdId}`);
    expect(list.body).toEqual([
      {
        id: timelineId,
        householdId: household.householdId,
        personId: household.personIds[0],
        name: 'Retirement',
        lifeEvents: [{ ...retire, date: '2030-12-31' }],
      },
    ]);
    const audit = await asNorth<{ items: { action: string }[] }>('GET', `/api/audit-logs?entityId=${retire.id}`);
    expect(audit.body.items.map((entry) => entry.action)).toEqual(['UPDATE', 'CREATE']);
    const deleted = await asNorth<{ items: { action: string }[] }>('GET', `/api/audit-logs?entityId=${sale.id}`);
    expect(deleted.body.items.map((entry) => entry.action)).toEqual(['DELETE', 'CREATE']);
  });

  it('refuses a bad date with the spec’s message and changes nothing; another organization gets 404', async () => {
    const timeline = (await asNorth<TimelineResponse>('POST', '/api/timelines', { householdId: household.householdId }))
      .body;
    const event = (
      await asNorth<LifeEventResponse>('POST', `/api/timelines/${timeline.id}/life-events`, {
        title: 'Wedding',
        date: '2026-08-15',
      })
    ).body;
    const path = `/api/timelines/${timeline.id}/life-events/${event.id}/date`;
    for (const date of ['2026-02-30', 'soon', '', null]) {
      const response = await asNorth('PATCH', path, { date });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ details: [{ path: 'date', message: 'Please enter a valid date' }] });
    }
    expect((await asSouth('PATCH', path, { date: '2027-01-01' })).status).toBe(404);
    expect((await asSouth('DELETE', `/api/timelines/${timeline.id}/life-events/${event.id}`)).status).toBe(404);
    expect((await asSouth('GET', `/api/timelines?householdId=${household.householdId}`)).status).toBe(404);
    expect((await asSouth('POST', '/api/timelines', { householdId: household.householdId })).status).toBe(404);
    const stored = await asNorth<TimelineResponse[]>('GET', `/api/timelines?householdId=${household.householdId}`);
    expect(stored.body.find((item) => item.id === timeline.id)?.lifeEvents).toEqual([event]);
  });

  it('keeps a life event’s type from the enumeration and refuses one outside it', async () => {
    const timeline = (await asNorth<TimelineResponse>('POST', '/api/timelines', { householdId: household.householdId }))
      .body;
    const path = `/api/timelines/${timeline.id}/life-events`;
    const retirement = await asNorth<LifeEventResponse>('POST', path, {
      title: 'Retires',
      date: '2032-01-15',
      category: 'RETIREMENT',
      description: 'Leaves the firm at 65',
    });
    expect(retirement.status).toBe(201);
    expect(retirement.body).toMatchObject({ category: 'RETIREMENT', description: 'Leaves the firm at 65' });
    const refused = await asNorth('POST', path, { title: 'Party', date: '2032-01-16', category: 'Family' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ details: [{ path: 'category', message: TimelineMessage.categoryInvalid }] });
    const stored = await asNorth<TimelineResponse[]>('GET', `/api/timelines?householdId=${household.householdId}`);
    expect(stored.body.find((item) => item.id === timeline.id)?.lifeEvents).toEqual([retirement.body]);
  });
});
