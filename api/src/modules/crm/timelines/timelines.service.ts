import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  EntityType,
  newId,
  notFound,
  ReferenceUse,
  type createLifeEventSchema,
  type createTimelineSchema,
  type LifeEventResponse,
  type TimelineResponse,
} from '@meridian/domain';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { TimelinesRepository } from './timelines.repository.js';

@Injectable()
export class TimelinesService {
  constructor(
    @Inject(TimelinesRepository) private readonly timelines: TimelinesRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  async listByHousehold(householdId: string): Promise<TimelineResponse[]> {
    await this.entities.requireOne(householdId, ReferenceUse.timelineHousehold);
    return this.timelines.listByHousehold(householdId);
  }

  async create(input: z.output<typeof createTimelineSchema>): Promise<TimelineResponse> {
    const { householdId, personId } = input;
    const found = await this.entities.require([
      { id: householdId, use: ReferenceUse.timelineHousehold },
      ...(personId ? [{ id: personId, use: ReferenceUse.timelinePerson }] : []),
    ]);
    // A personal timeline is one of the household's members'.
    if (personId && found.get(personId)?.householdId !== householdId) throw notFound('Person');
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
