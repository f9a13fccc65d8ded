import { z } from 'zod';
import { ContactType } from '../contacts/enums.js';
import { SEARCH_MAX_LENGTH } from '../contacts/api.js';
import { FinancialRecordType } from '../../financials/records/enums.js';
import { noteSearchHitSchema } from '../../practice/notes/api.js';

/** Messages of the global search's query; ours. */
export const GlobalSearchMessage = {
  queryRequired: 'Type something to search for',
  queryTooLong: `Search must be at most ${SEARCH_MAX_LENGTH} characters`,
  limitInvalid: 'Limit must be a whole number from 1 to 20',
} as const;

export const GLOBAL_SEARCH_DEFAULT_LIMIT = 5;
export const GLOBAL_SEARCH_MAX_LIMIT = 20;

/** `GET /search?q=&limit=`: the command palette's look-up; `limit` is per kind of record. */
export const globalSearchQuerySchema = z.object({
  q: z
    .string({ error: GlobalSearchMessage.queryRequired })
    .trim()
    .min(1, GlobalSearchMessage.queryRequired)
    .max(SEARCH_MAX_LENGTH, GlobalSearchMessage.queryTooLong),
  limit: z.coerce
    .number({ error: GlobalSearchMessage.limitInvalid })
    .int(GlobalSearchMessage.limitInvalid)
    .min(1, GlobalSearchMessage.limitInvalid)
    .max(GLOBAL_SEARCH_MAX_LIMIT, GlobalSearchMessage.limitInvalid)
    .default(GLOBAL_SEARCH_DEFAULT_LIMIT),
});
export type GlobalSearchQuery = z.output<typeof globalSearchQuerySchema>;

const householdRefSchema = z.object({ id: z.string(), name: z.string() });

/**
 * What the palette shows, best match first within each kind, each result with enough to tell two
 * of the same name apart: a contact's e-mail, phone and household; a household's advisor and
 * members; a person's date of birth and household; a financial record's kind, institution and
 * household.
 */
export const globalSearchResultSchema = z.object({
  contacts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(ContactType),
      email: z.string().nullable(),
      /** The primary number as stored (digits), with its country code. */
      phone: z.string().nullable(),
      household: householdRefSchema.nullable(),
    }),
  ),
  households: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      advisor: z.string().nullable(),
      memberNames: z.array(z.string()),
    }),
  ),
  persons: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** ISO date (`1980-03-05`). */
      dateOfBirth: z.string().nullable(),
      household: householdRefSchema.nullable(),
    }),
  ),
  /** Accounts and other records, found by nickname, name, institution or their kind's label. */
  financialRecords: z.array(
    z.object({
      id: z.string(),
      /** The record's nickname, else its name at the institution, else its kind. */
      label: z.string(),
      type: z.enum(FinancialRecordType),
      /** The kind's label: 'RRSP', '401(k)', 'Chequing account', 'Mortgage'. */
      kind: z.string(),
      institution: z.string().nullable(),
      household: householdRefSchema,
    }),
  ),
  /** Notes found by their words (English or French), each with its owner for a link to the owner's page. */
  notes: z.array(noteSearchHitSchema),
});
export type GlobalSearchResult = z.output<typeof globalSearchResultSchema>;
