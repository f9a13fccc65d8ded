/**
 * The integration hub's HTTP contract: connections, sync runs, queue health and the Plaid calls
 * (crm §"Connections" plus the operations views of DESIGN.md). The API validates and documents
 * with these schemas and the dashboard reads its responses through the same types.
 */
import { z } from 'zod';
import { freeText, requiredString } from '../../shared/input/text.js';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { ConnectionStatus, ExternalSourceSystem, IntegrationService } from './enums.js';
import { householdIdParam } from '../../crm/params.js';
import { idParam } from '../../shared/input/id-param.js';
import { listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { queueHealthSchema } from '../../platform/health/schemas.js';
import { ImportBatchStatus, importRollbackSummarySchema } from '../imports/api.js';

export const SyncRunStatus = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'CANCELLED'] as const;
export type SyncRunStatus = (typeof SyncRunStatus)[number];
/** Runs that still hold their connection: at most one per connection (a partial unique index). */
export const ACTIVE_SYNC_RUN_STATUSES = ['QUEUED', 'RUNNING'] as const satisfies readonly SyncRunStatus[];
/** Runs that may be retried by hand. */
export const RETRYABLE_SYNC_RUN_STATUSES = [
  'FAILED',
  'PARTIAL',
  'CANCELLED',
] as const satisfies readonly SyncRunStatus[];

/** What drives a run: a provider sync (paged from the provider) or an import (a file's commit). */
export const SyncRunDriver = ['SYNC', 'IMPORT'] as const;
export type SyncRunDriver = (typeof SyncRunDriver)[number];

export const SyncTrigger = ['SCHEDULE', 'WEBHOOK', 'MANUAL', 'INITIAL'] as const;
export type SyncTrigger = (typeof SyncTrigger)[number];

export const connectionIdParam = idParam(EntityType.connection, 'connection');
export const syncRunIdParam = idParam(EntityType.syncRun, 'sync run');

export const connectionParamsSchema = z.object({ connectionId: connectionIdParam });
export const syncRunParamsSchema = z.object({ syncRunId: syncRunIdParam });

/** `GET /connections/by-owner/{owner}`: the owner is a professional, household or team id. */
const ownerPattern = new RegExp(
  `^(${EntityType.professional}|${EntityType.household}|${EntityType.team})-[A-Za-z0-9_-]{21}$`,
);
export const connectionOwnerParamsSchema = z.object({
  owner: z.string().regex(ownerPattern, 'Invalid owner id'),
});
export const connectionServiceQuerySchema = z.object({
  service: z.enum(IntegrationService, { error: 'Invalid service' }).optional(),
});

/** `GET /connections`: every connection of the organization, for the operations view. */
export const connectionListQuerySchema = paginationSchema.extend({
  service: z.enum(IntegrationService, { error: 'Invalid service' }).optional(),
  status: z.enum(ConnectionStatus, { error: 'Invalid connection status' }).optional(),
  needsReauth: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const syncCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
  failed: z.number().int(),
});
export type SyncCounts = z.output<typeof syncCountsSchema>;

export const syncErrorSchema = z.object({
  /** The provider's code (`ITEM_LOGIN_REQUIRED`) or ours (`TIMEOUT`, `CANCELLED`, ...). */
  code: z.string(),
  message: z.string(),
});

export const connectionOwnerSchema = z.object({
  type: z.enum(['professional', 'household', 'team']),
  id: z.string(),
  /** The household's, team's or professional's display name. */
  name: z.string().nullable(),
});

export const syncRunSchema = z.object({
  id: z.string(),
  connectionId: z.string(),
  /** What the run syncs, so a run list reads without another call. */
  connection: z.object({
    service: z.enum(IntegrationService).nullable(),
    source: z.enum(ExternalSourceSystem).nullable(),
    displayName: z.string().nullable(),
    /** The provider wants the client to sign in again: a retry would be refused until then. */
    needsReauth: z.boolean(),
  }),
  status: z.enum(SyncRunStatus),
  trigger: z.enum(SyncTrigger),
  /** An import's run is repeated by importing its file again, never retried as a sync. */
  driver: z.enum(SyncRunDriver),
  /** 1 for the first try; a retry after a temporary failure counts up. */
  attempt: z.number().int(),
  counts: syncCountsSchema,
  cursorBefore: z.string().nullable(),
  cursorAfter: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** finishedAt - startedAt, when both are known. */
  durationMs: z.number().int().nullable(),
  error: syncErrorSchema.nullable(),
  /**
   * An import's run (driver IMPORT): its batch, how it stands now (a rolled-back import says so,
   * with what the rollback removed) and the rows of the file it did not write.
   */
  import: z
    .object({
      batchId: z.string(),
      fileName: z.string().nullable(),
      status: z.enum(ImportBatchStatus),
      /** Rows refused by the dry run (the run's failed count). */
      invalidRows: z.number().int(),
      /** Rows still waiting in the review queue when the import was committed: not written. */
      reviewRows: z.number().int(),
      rolledBackAt: z.string().nullable(),
      rollback: importRollbackSummarySchema.nullable(),
    })
    .nullable(),
});
export type SyncRunView = z.output<typeof syncRunSchema>;

export const syncRecordErrorSchema = z.object({
  id: z.string(),
  /** The provider's id of the record ('' when the payload had none readable). */
  outsideId: z.string(),
  reason: z.string(),
  payload: z.unknown().nullable(),
  createdAt: z.string(),
});
export type SyncRecordErrorView = z.output<typeof syncRecordErrorSchema>;

export const syncRunDetailSchema = syncRunSchema.extend({
  /** The first page of per-record errors (see `GET /sync-runs/{id}/record-errors` for more). */
  recordErrors: z.array(syncRecordErrorSchema),
  recordErrorCount: z.number().int(),
});
export type SyncRunDetail = z.output<typeof syncRunDetailSchema>;

export const connectionSchema = z.object({
  id: z.string(),
  service: z.enum(IntegrationService).nullable(),
  source: z.enum(ExternalSourceSystem).nullable(),
  status: z.enum(ConnectionStatus),
  owner: connectionOwnerSchema.nullable(),
  displayName: z.string().nullable(),
  /** The account at the provider (Plaid item id). Never a credential. */
  externalAccountId: z.string().nullable(),
  syncIntervalMinutes: z.number().int().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** When the schedule runs next (null without a schedule). */
  nextSyncAt: z.string().nullable(),
  needsReauth: z.boolean(),
  needsReauthSince: z.string().nullable(),
  /**
   * A linked bank whose accounts wait to be placed (owners, matches with manual accounts): it
   * does not sync until they are (`POST /plaid/connections/{id}/account-placements`).
   */
  placementPending: z.boolean(),
  lastError: z.string().nullable(),
  /**
   * Whether "Run now" can start a run: a provider connection this deployment has a connector for.
   * A file connection's runs are its imports (upload a file, or its drop folder's schedule).
   */
  canRunNow: z.boolean(),
  /** The newest run, whatever its status. */
  lastRun: syncRunSchema.nullable(),
  /** Live records that came through this connection. */
  recordCounts: z.object({
    financialRecords: z.number().int(),
    transactions: z.number().int(),
    recurringStreams: z.number().int(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectionView = z.output<typeof connectionSchema>;

export const connectionListSchema = z.array(connectionSchema);
export const connectionPageSchema = listPageSchema(connectionSchema);

/** A calendar day of the run filters: a real date (`2024-02-30` and `3390-71-51` are not) the database stores. */
const isoDate = z.iso.date({ error: 'Invalid date' }).refine(isStorableIsoDate, 'Invalid date');

export const SyncRunSort = ['queuedAt', 'status', 'trigger', 'attempt', 'connection'] as const;
export type SyncRunSort = (typeof SyncRunSort)[number];

/**
 * A scheduled connection is stale when its last sync is older than this many of its intervals (or
 * it never synced): one missed run is tolerated, two are not.
 */
export const STALE_AFTER_INTERVALS = 2;

/**
 * `GET /sync-runs`: newest first unless sorted otherwise. `stale=true` keeps the newest run of each
 * stale connection (see STALE_AFTER_INTERVALS), what an ops person looks at first.
 */
export const syncRunListQuerySchema = paginationSchema.extend({
  stale: z
    .enum(['true', 'false'], { error: 'stale must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
  sort: z
    .enum(SyncRunSort, { error: 'Sort must be one of queuedAt, status, trigger, attempt, connection' })
    .default('queuedAt'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  connectionId: connectionIdParam.optional(),
  status: z.enum(SyncRunStatus, { error: 'Invalid sync run status' }).optional(),
  trigger: z.enum(SyncTrigger, { error: 'Invalid sync trigger' }).optional(),
  service: z.enum(IntegrationService, { error: 'Invalid service' }).optional(),
  /** Queued on or after this day (UTC). */
  from: isoDate.optional(),
  /** Queued on or before this day (UTC). */
  to: isoDate.optional(),
});
export const syncRunPageSchema = listPageSchema(syncRunSchema);
export const syncRecordErrorPageSchema = listPageSchema(syncRecordErrorSchema);

/** `GET /sync-runs/daily`: runs per day by status, for the operations chart. */
export const syncRunDailyQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be at least 1').max(90, 'days must be at most 90').default(14),
  connectionId: connectionIdParam.optional(),
});
export const syncRunDailySchema = z.array(
  z.object({
    /** YYYY-MM-DD (UTC), oldest first, every day present. */
    date: z.string(),
    counts: z.record(z.enum(SyncRunStatus), z.number().int()),
  }),
);
export type SyncRunDaily = z.output<typeof syncRunDailySchema>;

/**
 * What run now, retry and cancel answer: the run they queued, or (run now, retry) the run already
 * QUEUED or RUNNING for the connection, which holds it (one active run per connection).
 */
export const syncRunActionSchema = z.object({ run: syncRunSchema });
export type SyncRunAction = z.output<typeof syncRunActionSchema>;

export const queueHealthListSchema = z.array(queueHealthSchema);

// ─── Plaid (crm §"Connections") ────────────────────────────────────────────────────────────────

/**
 * `POST /create-plaid-link-token`. With `itemId` (a connection's Plaid item) the token opens Link
 * in update mode to repair its login. `type` names the product to link; `userId` is the Link user
 * (the caller when absent).
 */
export const createPlaidLinkTokenSchema = z.object({
  itemId: freeText({ kind: 'identifier' }).min(1).optional(),
  type: z.enum(['transactions', 'investments', 'liabilities'], { error: 'Invalid link type' }).optional(),
  userId: freeText({ kind: 'identifier' }).min(1).optional(),
});
export const plaidLinkTokenSchema = z.object({
  linkToken: z.string(),
  expiration: z.string(),
  mode: z.enum(['create', 'update']),
});

/** `POST /create-update-plaid-connection`: a new item, or the same item again after update mode. */
export const createUpdatePlaidConnectionSchema = z.object({
  householdId: householdIdParam,
  institutionName: requiredString('institutionName is required', { max: 255 }),
  /** Optional: Plaid's exchange returns the item id; when given it must match. */
  itemId: freeText({ kind: 'identifier' }).min(1).optional(),
  publicToken: requiredString('publicToken is required', { kind: 'identifier' }),
});

/** `GET /plaid/link-settings`: how the dashboard opens Link here. */
export const plaidLinkSettingsSchema = z.object({
  /** `production`/`sandbox`: Plaid Link; `fake`: the local fake Plaid and its sandbox page. */
  environment: z.enum(['production', 'sandbox', 'development', 'fake']),
  configured: z.boolean(),
  /** Institutions the sandbox page offers (sandbox and fake only). */
  sandboxInstitutions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PlaidLinkSettings = z.output<typeof plaidLinkSettingsSchema>;

/** `POST /plaid/sandbox/public-token`: what Link would return, without Link (never in production). */
export const plaidSandboxPublicTokenSchema = z.object({
  institutionId: requiredString('institutionId is required', { kind: 'identifier' }),
});
export const plaidPublicTokenSchema = z.object({ publicToken: z.string() });

/** Freshness of a synced record, for the household page's badge. */
export const recordSyncInfoSchema = z.object({
  connectionId: z.string(),
  service: z.enum(IntegrationService).nullable(),
  status: z.enum(ConnectionStatus),
  lastSyncedAt: z.string().nullable(),
  needsReauth: z.boolean(),
});
export type RecordSyncInfo = z.output<typeof recordSyncInfoSchema>;
