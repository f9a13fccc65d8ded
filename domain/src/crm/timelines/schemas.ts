import { z } from 'zod';
import { calendarDate } from '../../shared/input/common.js';
import { ListMessage } from '../../shared/input/lists.js';

/** The body of `PATCH /timelines/{timelineId}/life-events/{lifeEventId}/date`. */
export const lifeEventDateSchema = z.object({ date: calendarDate(ListMessage.dateInvalid) });
