import { z } from 'zod';

/** Defaults of list queries; the spec only says page and limit are at least 1 (crm §5). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;
/** Our cap, so one request cannot ask for a whole table. */
export const MAX_LIMIT = 500;
/** Our cap on the page, so the offset it makes stays a 32-bit integer the database takes. */
export const MAX_PAGE = 1_000_000;

/**
 * List and date messages. 'Please enter a valid date' is the spec's (crm §5); the rest are ours.
 * The note sort and life-event date schemas that use the last three live with notes and timelines.
 */
export const ListMessage = {
  pageMin: 'Page must be a whole number of at least 1',
  limitMin: 'Limit must be a whole number of at least 1',
  limitMax: 'Limit must be at most 500',
  pageMax: 'Page must be at most 1,000,000',
  sortByInvalid: 'Notes can only be sorted by CREATED_AT',
  sortOrderInvalid: 'Sort order must be ASC or DESC',
  dateInvalid: 'Please enter a valid date',
} as const;

/** A whole number of at least 1, from JSON or from a query string. */
function atLeastOne(message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message);
}

/** `page` and `limit` of a list query: whole numbers of at least 1, defaulting to 1 and 20. */
export const paginationSchema = z.object({
  page: atLeastOne(ListMessage.pageMin).max(MAX_PAGE, ListMessage.pageMax).default(DEFAULT_PAGE),
  limit: atLeastOne(ListMessage.limitMin).max(MAX_LIMIT, ListMessage.limitMax).default(DEFAULT_LIMIT),
});
export type Pagination = z.output<typeof paginationSchema>;

/** The most items a request's lists may hold, by what they are: each item is a row to write. */
export const LIST_LIMITS = {
  /** Flows of a cash-flow source, tags of a contact, members of a family, a meeting's tasks. */
  items: 100,
  /** Links to other records (a source's payers, streams, transactions). */
  references: 1_000,
} as const;

/** The message of a list longer than `max`. */
export function tooManyItems(max: number): string {
  return `At most ${max.toLocaleString('en-US')} items`;
}

/**
 * An array of `item` of at most `max` entries ("At most 100 items"), so a request cannot make a
 * transaction write thousands of rows.
 */
export function listOf<T extends z.ZodType>(item: T, max: number = LIST_LIMITS.items) {
  return z.array(item).max(max, tooManyItems(max));
}

/** A page of a list: its items, the page and limit asked for, and the total count. */
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
