import { z } from 'zod';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { moneyJsonSchema } from '../../financials/shared-schemas.js';
import { InvestmentAccountType } from '../../financials/records/enums.js';
import { SyncRunStatus } from '../../hub/connections/schemas.js';

/** How many rows each card lists; its count says how many there are in all. */
export const HOME_CARD_ROWS = 8;
/** A birthday within this many days (today included) is upcoming. */
export const HOME_BIRTHDAY_WINDOW_DAYS = 30;
/** A household is due for a review without a KYC update or a meeting in this many months. */
export const HOME_REVIEW_MONTHS = 12;

/** Amounts a card could not add up because no exchange rate to the card's currency is stored. */
const unconvertedSchema = z.array(z.object({ currency: z.enum(CURRENCY_CODES), total: moneyJsonSchema }));

/**
 * `GET /home`: what an advisor acts on today, for the caller's households (those whose primary
 * advisor is the caller's professional; every household for an administrator).
 */
/** The kinds of client record the home page counts, in the order it shows them. */
export const CLIENT_RECORD_KINDS = ['households', 'persons', 'contacts', 'leads', 'financialRecords'] as const;
export type ClientRecordKind = (typeof CLIENT_RECORD_KINDS)[number];
export const CLIENT_RECORD_LABELS: Readonly<Record<ClientRecordKind, string>> = {
  households: 'Households',
  persons: 'Household members',
  contacts: 'Contacts',
  leads: 'Leads',
  financialRecords: 'Financial records',
};

export const homeSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  today: z.string(),
  scope: z.object({
    /** ALL: an administrator sees every household; ADVISOR: the caller's; NONE: the caller has no professional profile. */
    kind: z.enum(['ALL', 'ADVISOR', 'NONE']),
    /** The caller's professional, for the lists' advisor filter. */
    advisorId: z.string().nullable(),
    householdCount: z.number().int(),
  }),
  assetsUnderManagement: z.object({
    total: moneyJsonSchema,
    accountCount: z.number().int(),
    unconverted: unconvertedSchema,
  }),
  netNewAssets: z.object({
    /** Deposits minus withdrawals on investment accounts from `from` to `to`, both included. */
    total: moneyJsonSchema,
    deposits: moneyJsonSchema,
    withdrawals: moneyJsonSchema,
    from: z.string(),
    to: z.string(),
    transactionCount: z.number().int(),
    unconverted: unconvertedSchema,
  }),
  reviewsDue: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        householdId: z.string(),
        householdName: z.string(),
        daysSinceLastKycUpdate: z.number().int().nullable(),
        daysSinceLastMeeting: z.number().int().nullable(),
      }),
    ),
  }),
  birthdays: z.object({
    count: z.number().int(),
    withinDays: z.number().int(),
    items: z.array(
      z.object({
        contactId: z.string(),
        name: z.string(),
        householdId: z.string().nullable(),
        householdName: z.string().nullable(),
        date: z.string(),
        turns: z.number().int(),
        daysUntil: z.number().int(),
      }),
    ),
  }),
  rrspDeadline: z.object({
    taxYear: z.number().int(),
    date: z.string(),
    daysLeft: z.number().int(),
    open: z.boolean(),
    /** Persons of the caller's households who hold an RRSP. */
    holderCount: z.number().int(),
  }),
  conversions: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        recordId: z.string(),
        accountType: z.enum(InvestmentAccountType),
        convertsTo: z.enum(['LIF', 'RRIF']),
        deadline: z.string(),
        overdue: z.boolean(),
        personId: z.string(),
        personName: z.string(),
        householdId: z.string(),
        householdName: z.string(),
      }),
    ),
  }),
  /**
   * The clients of the caller's households, by kind: households, their members, the contacts and
   * leads, the financial records. Not the firm's own people (teams, users, professionals).
   */
  clientRecords: z.array(z.object({ key: z.enum(CLIENT_RECORD_KINDS), label: z.string(), value: z.number().int() })),
  /** Administrators only (null for other roles): connections whose last run failed or that missed their schedule. */
  syncs: z
    .object({
      failedCount: z.number().int(),
      staleCount: z.number().int(),
      /**
       * Runs that failed within the days the job queues keep a failed job (FAILED_JOB_DAYS), their
       * connection's last run included or not: what the queues' "failed" counts.
       */
      failedRunCount: z.number().int(),
      failedRunDays: z.number().int(),
      items: z.array(
        z.object({
          connectionId: z.string(),
          name: z.string(),
          householdId: z.string().nullable(),
          householdName: z.string().nullable(),
          problem: z.enum(['FAILED', 'STALE']),
          lastRunId: z.string().nullable(),
          lastRunStatus: z.enum(SyncRunStatus).nullable(),
          lastError: z.string().nullable(),
          lastSyncedAt: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type HomeView = z.infer<typeof homeSchema>;
