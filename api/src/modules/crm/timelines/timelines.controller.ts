import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createLifeEventSchema,
  createTimelineSchema,
  lifeEventDateSchema,
  lifeEventParamsSchema,
  lifeEventResponseSchema,
  timelineIdParamsSchema,
  timelineResponseSchema,
  timelinesQuerySchema,
  type LifeEventResponse,
  type TimelineResponse,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { TimelinesService } from './timelines.service.js';

const TAGS = ['timelines'];
type LifeEventParams = z.infer<typeof lifeEventParamsSchema>;

@Controller('timelines')
export class TimelinesController {
  constructor(@Inject(TimelinesService) private readonly timelines: TimelinesService) {}

  @Get()
  @ApiRoute({
    summary: 'A household’s timelines with their life events, by date',
    tags: TAGS,
    permission: 'CRM_READ',
    query: timelinesQuerySchema,
    response: z.array(timelineResponseSchema),
    errors: [404],
  })
  list(@ValidQuery() query: z.infer<typeof timelinesQuerySchema>): Promise<TimelineResponse[]> {
    return this.timelines.listByHousehold(query.householdId);
  }

  @Post()
  @ApiRoute({
    summary: 'Create a household’s timeline, or one of its people’s',
    tags: TAGS,
    permission: 'CRM_WRITE',
    body: createTimelineSchema,
    response: timelineResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: z.output<typeof createTimelineSchema>): Promise<TimelineResponse> {
    return this.timelines.create(body);
  }

  @Post(':timelineId/life-events')
  @ApiRoute({
    summary: 'Add a life event to a timeline',
    tags: TAGS,
    permission: 'CRM_WRITE',
    params: timelineIdParamsSchema,
    body: createLifeEventSchema,
    response: lifeEventResponseSchema,
    status: 201,
    errors: [404],
  })
  addLifeEvent(
    @ValidParams() params: z.infer<typeof timelineIdParamsSchema>,
    @ValidBody() body: z.output<typeof createLifeEventSchema>,
  ): Promise<LifeEventResponse> {
    return this.timelines.addLifeEvent(params.timelineId, body);
  }

  @Patch(':timelineId/life-events/:lifeEventId/date')
  @ApiRoute({
    summary: 'Move a life event to another date',
    tags: TAGS,
    permission: 'CRM_WRITE',
    params: lifeEventParamsSchema,
    body: lifeEventDateSchema,
    response: lifeEventResponseSchema,
    errors: [404],
  })
  setDate(
    @ValidParams() params: LifeEventParams,
    @ValidBody() body: z.output<typeof lifeEventDateSchema>,
  ): Promise<LifeEventResponse> {
    return this.timelines.setDate(params.timelineId, params.lifeEventId, body.date);
  }

  @Delete(':timelineId/life-events/:lifeEventId')
  @ApiRoute({
    summary: 'Delete a life event (kept in the audit log)',
    tags: TAGS,
    permission: 'CRM_DELETE',
    params: lifeEventParamsSchema,
    status: 204,
    errors: [404],
  })
  remove(@ValidParams() params: LifeEventParams): Promise<void> {
    return this.timelines.remove(params.timelineId, params.lifeEventId);
  }
}
