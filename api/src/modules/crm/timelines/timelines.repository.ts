import { Inject, Injectable } from '@nestjs/common';
import type { LifeEventResponse, TimelineResponse } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { Prisma } from '../../../generated/prisma/client.js';

const LIFE_EVENT_SELECT = {
  id: true,
  timelineId: true,
  title: true,
  description: true,
  category: true,
  date: true,
} satisfies Prisma.LifeEventSelect;

const TIMELINE_SELECT = {
  id: true,
  householdId: true,
  personId: true,
  name: true,
  lifeEvents: { orderBy: [{ date: 'asc' }, { createdAt: 'asc' }], select: LIFE_EVENT_SELECT },
} satisfies Prisma.TimelineSelect;

type LifeEventRow = Prisma.LifeEventGetPayload<{ select: typeof LIFE_EVENT_SELECT }>;
type TimelineRow = Prisma.TimelineGetPayload<{ select: typeof TIMELINE_SELECT }>;
type Tx = Prisma.TransactionClient & TenantPrismaClient;
type Client = Pick<TenantPrismaClient, 'timeline' | 'lifeEvent'>;

export function toLifeEvent(row: LifeEventRow): LifeEventResponse {
  return { ...row, date: row.date.toISOString().slice(0, 10) };
}

function toTimeline(row: TimelineRow): TimelineResponse {
  return { ...row, lifeEvents: row.lifeEvents.map(toLifeEvent) };
}

@Injectable()
export class TimelinesRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async find(timelineId: string, client: Client = this.prisma): Promise<TimelineResponse | null> {
    const row = await client.timeline.findUnique({ where: { id: timelineId }, select: TIMELINE_SELECT });
    return row ? toTimeline(row) : null;
  }

  async listByHousehold(householdId: string): Promise<TimelineResponse[]> {
    const rows = await this.prisma.timeline.findMany({
      where: { householdId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: TIMELINE_SELECT,
    });
    return rows.map(toTimeline);
  }

  /** A new timeline has no life events yet. */
  async createTimeline(
    client: Client,
    data: { id: string; householdId: string; personId: string | null; name: string | null },
  ): Promise<TimelineResponse> {
    await client.timeline.create({ data: data as Prisma.TimelineUncheckedCreateInput, select: { id: true } });
    return { ...data, lifeEvents: [] };
  }

  async findLifeEvent(tx: Client, timelineId: string, lifeEventId: string): Promise<LifeEventResponse | null> {
    const row = await tx.lifeEvent.findFirst({ where: { id: lifeEventId, timelineId }, select: LIFE_EVENT_SELECT });
    return row ? toLifeEvent(row) : null;
  }

  async createLifeEvent(tx: Client, data: Omit<Prisma.LifeEventUncheckedCreateInput, 'organizationId'>) {
    return toLifeEvent(
      await tx.lifeEvent.create({ data: data as Prisma.LifeEventUncheckedCreateInput, select: LIFE_EVENT_SELECT }),
    );
  }

  async updateLifeEvent(tx: Client, lifeEventId: string, data: Prisma.LifeEventUpdateInput) {
    return toLifeEvent(await tx.lifeEvent.update({ where: { id: lifeEventId }, data, select: LIFE_EVENT_SELECT }));
  }

  async deleteLifeEvent(client: Client, lifeEventId: string): Promise<void> {
    await client.lifeEvent.delete({ where: { id: lifeEventId } });
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(tx as Tx));
  }
}
