import { z } from 'zod';
import { NoteSortField, SortOrder } from './enums.js';
import { ListMessage } from '../../shared/input/lists.js';

/** The sort of `GET /notes/query-by-entity`: by creation time, newest first unless asked. */
export const noteSortSchema = z.object({
  sortBy: z.enum(NoteSortField, { error: ListMessage.sortByInvalid }).default('CREATED_AT'),
  sortOrder: z.enum(SortOrder, { error: ListMessage.sortOrderInvalid }).default('DESC'),
});
