import { z } from 'zod';
import { calendarDate } from '../../shared/input/common.js';
import { ListMessage } from '../../shared/input/lists.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { optionalText, requiredString } from '../../shared/input/text.js';
import { householdIdParam } from '../params.js';
import { LifeEventCategory } from './enums.js';

/** The body of `PATCH /timelines/{timelineId}/life-events/{lifeEventId}/date`. */
export const lifeEventDateSchema = z.object({ date: calendarDate(ListMessage.dateInvalid) });

/** Messages of timelines and life events beyond the spec's date message (ours). */
export const TimelineMessage = {
  titleRequired: 'Give the life event a title',
  categoryInvalid: 'Please select a valid type of life event',
} as const;

const timelineIdParam = idParam(EntityType.timeline, 'timeline');

export const timelineIdParamsSchema = z.object({ timelineId: timelineIdParam });
export const lifeEventParamsSchema = z.object({
  timelineId: timelineIdParam,
  lifeEventId: idParam(EntityType.lifeEvent, 'life event'),
});
export const timelinesQuerySchema = z.object({ householdId: householdIdParam });

/** `POST /timelines`: a household's timeline, or one person's within it. */
export const createTimelineSchema = z.object({
  householdId: householdIdParam,
  personId: idParam(EntityType.person, 'person').optional(),
  name: optionalText(),
});

/** `POST /timelines/{timelineId}/life-events`. */
export const createLifeEventSchema = z.object({
  title: requiredString(TimelineMessage.titleRequired),
  date: calendarDate(ListMessage.dateInvalid),
  description: optionalText({ kind: 'paragraph' }),
  /** The event's type; none when left out. */
  category: z
    .enum(LifeEventCategory, { error: TimelineMessage.categoryInvalid })
    .nullish()
    .transform((value) => value ?? null),
});

export const lifeEventResponseSchema = z.object({
  id: z.string(),
  timelineId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** A `LifeEventCategory` value (the label shows it). */
  category: z.string().nullable(),
  /** The day, YYYY-MM-DD. */
  date: z.string(),
});
export type LifeEventResponse = z.infer<typeof lifeEventResponseSchema>;

export const timelineResponseSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  personId: z.string().nullable(),
  name: z.string().nullable(),
  lifeEvents: z.array(lifeEventResponseSchema),
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
