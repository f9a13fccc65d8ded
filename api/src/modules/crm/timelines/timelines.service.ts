import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  EntityType,
  newId,
  notFound,
  type createLifeEventSchema,
  type createTimelineSchema,
  type LifeEventResponse,
  type TimelineResponse,
} from '@meridian/domain';
import { AuditService } from '../../platform/audit/index.js';
import { TimelinesRepository } from './timelines.repository.js';

@Injectable()
export class TimelinesService {
  constructor(
    @Inject(TimelinesRepository) private readonly timelines: TimelinesRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async listByHousehold(householdId: string): Promise<TimelineResponse[]> {
    if (!(await this.timelines.householdExists(householdId))) throw notFound('Household');
    return this.timelines.listByHousehold(householdId);
  }

  async create(input: z.output<typeof createTimelineSchema>): Promise<TimelineResponse> {
    if (!(await this.timelines.householdExists(input.householdId))) throw notFound('Household');
    if (input.personId && !(await this.timelines.personInHousehold(input.personId, input.householdId))) {
      throw notFound('Person');
    }
    return this.timelines.transaction(async (tx) => {
      const timeline = await this.timelines.createTimeline(tx, {
        id: newId(EntityType.timeline),
        householdId: input.householdId,
        personId: input.personId ?? null,
        name: input.name,
      });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.timeline,
        entityId: timeline.id,
        after: timeline,
      });
      return timeline;
    });
  }

  addLifeEvent(timelineId: string, input: z.output<typeof createLifeEventSchema>): Promise<LifeEventResponse> {
    return this.timelines.transaction(async (tx) => {
      if (!(await this.timelines.find(timelineId, tx))) throw notFound('Timeline');
      const event = await this.timelines.createLifeEvent(tx, {
        id: newId(EntityType.lifeEvent),
        timelineId,
        title: input.title,
        date: input.date,
        description: input.description,
        category: input.category,
      });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.lifeEvent,
        entityId: event.id,
        after: event,
      });
      return event;
    });
  }

  setDate(timelineId: string, lifeEventId: string, date: Date): Promise<LifeEventResponse> {
    return this.timelines.transaction(async (tx) => {
      const before = await this.timelines.findLifeEvent(tx, timelineId, lifeEventId);
      if (!before) throw notFound('Life event');
      const after = await this.timelines.updateLifeEvent(tx, lifeEventId, { date });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.lifeEvent,
        entityId: lifeEventId,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Removes the event; the audit log keeps what it was. (Life events are not among the records the
   * tenant scope hides when soft-deleted, so a deleted_at mark would leave them listed.)
   */
  remove(timelineId: string, lifeEventId: string): Promise<void> {
    return this.timelines.transaction(async (tx) => {
      const before = await this.timelines.findLifeEvent(tx, timelineId, lifeEventId);
      if (!before) throw notFound('Life event');
      await this.timelines.deleteLifeEvent(tx, lifeEventId);
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.lifeEvent,
        entityId: lifeEventId,
        before,
      });
    });
  }
}
