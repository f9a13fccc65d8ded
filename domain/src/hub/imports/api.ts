import { z } from 'zod';
import { freeText, requiredString } from '../../shared/input/text.js';
import { ContactType } from '../../crm/contacts/enums.js';
import { ExternalSourceSystem } from '../connections/enums.js';
import { paginationSchema } from '../../shared/input/lists.js';
import { ImportRecordKind } from './profile.js';

/** HTTP schemas of the import flow (issue #8): upload, mapping, dry run, report, commit, rollback. */

export const ImportBatchStatus = ['PENDING', 'APPLIED', 'FAILED', 'ROLLED_BACK'] as const;
export type ImportBatchStatus = (typeof ImportBatchStatus)[number];
export const ImportBatchStage = [
  'UPLOADED',
  'DRY_RUN_QUEUED',
  'DRY_RUN_RUNNING',
  'DRY_RUN_DONE',
  'COMMIT_QUEUED',
  'COMMITTING',
  'DONE',
] as const;
export type ImportBatchStage = (typeof ImportBatchStage)[number];
/** SKIPPED: a record the source marks deleted, reported and never written (issue 14). */
export const ImportRowAction = ['CREATE', 'UPDATE', 'UNCHANGED', 'INVALID', 'REVIEW', 'SKIPPED'] as const;
export type ImportRowAction = (typeof ImportRowAction)[number];

export const importBatchParamsSchema = z.object({ batchId: freeText({ kind: 'identifier' }).min(1) });

/** The contact type given to the contacts an import creates from rows that say none. */
const defaultContactTypeSchema = z.enum(ContactType, { error: 'Please select a valid contact type' });

/**
 * The upload's query: the file name (its extension tells a legacy `.xls` and a `.zip` apart),
 * optionally the system, and the contact type for created contacts whose row says none (LEAD when
 * absent, as before issue 14).
 */
export const importUploadQuerySchema = z.object({
  fileName: requiredString('File name is required', { max: 255 }),
  source: z.enum(ExternalSourceSystem).optional(),
  defaultContactType: defaultContactTypeSchema.optional(),
});

/** The dry run's body (optional): a new choice of the contact type for created contacts. */
export const importDryRunInputSchema = z
  .object({
    defaultContactType: defaultContactTypeSchema.optional(),
  })
  .strict();
export type ImportDryRunInput = z.output<typeof importDryRunInputSchema>;

/** PUT mapping: a built-in profile by id, or header -> field pairs (null ignores the column). */
export const importMappingInputSchema = z.union([
  z.object({ profileId: freeText({ kind: 'identifier' }).min(1) }).strict(),
  /** A custom profile saved by the organization (POST /import-profiles). */
  z.object({ customProfileId: freeText({ kind: 'identifier' }).min(1) }).strict(),
  z
    .object({
      /** The kind of record the file holds; the batch's kind (contacts for a file no profile knows) when absent. */
      kind: z.enum(ImportRecordKind).optional(),
      mapping: z.record(freeText().min(1), freeText().nullable()),
      sourceIdHeader: freeText().min(1).nullable().default(null),
    })
    .strict(),
]);
export type ImportMappingInput = z.output<typeof importMappingInputSchema>;

export const importMappingSchema = z.object({
  profileId: z.string().nullable(),
  customProfileId: z.string().nullable(),
  profileName: z.string().nullable(),
  headers: z.array(z.string()),
  /** Header -> field as the import will read the file; headers absent here are ignored. */
  mapping: z.record(z.string(), z.string()),
  unmappedHeaders: z.array(z.string()),
  /** The same headers with a few distinct non-empty values each, as the file holds them. */
  unmappedColumns: z.array(z.object({ header: z.string(), samples: z.array(z.string()) })),
  /** Header -> a few distinct non-empty values, for every column (read at upload). */
  samples: z.record(z.string(), z.array(z.string())),
});

export const importProgressSchema = z.object({
  rowsDone: z.number().int(),
  rowsPerSecond: z.number().nullable(),
  etaSeconds: z.number().nullable(),
});

export const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  review: z.number().int(),
});

export const importBatchSchema = z.object({
  id: z.string(),
  source: z.enum(ExternalSourceSystem),
  kind: z.string(),
  status: z.enum(ImportBatchStatus),
  stage: z.enum(ImportBatchStage),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  fileSha256: z.string().nullable(),
  format: z.string().nullable(),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  headerRowNumber: z.number().int().nullable(),
  headers: z.array(z.string()),
  rowCount: z.number().int().nullable(),
  profileId: z.string().nullable(),
  counts: importCountsSchema,
  progress: importProgressSchema,
  connectionId: z.string().nullable(),
  syncRunId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The file of a `.zip` upload that was read (chosen by its name and headers); null for a plain file. */
  archiveEntry: z.string().nullable(),
  /** The type given to created contacts whose row says none. */
  defaultContactType: z.enum(ContactType),
  /** Rows the dry run skipped: records the source marks deleted (action SKIPPED). */
  skippedRows: z.number().int(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
});
export type ImportBatchView = z.output<typeof importBatchSchema>;

export const importUploadResultSchema = z.object({ batch: importBatchSchema, mapping: importMappingSchema });

export const importRowListQuerySchema = paginationSchema.extend({ action: z.enum(ImportRowAction).optional() });

const rowProblemSchema = z.object({
  field: z.string(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});

export const importRowResultSchema = z.object({
  rowNumber: z.number().int(),
  action: z.enum(ImportRowAction),
  sourceId: z.string().nullable(),
  entityId: z.string().nullable(),
  errors: z.array(rowProblemSchema),
  /** What the row is imported without (an optional part left out), or why it is skipped. */
  warnings: z.array(rowProblemSchema),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});

export const importRowPageSchema = z.object({
  items: z.array(importRowResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** A custom profile as saved: its id and the definition it was saved with (domain customProfileSchema). */
export const importProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  source: z.enum(ExternalSourceSystem).nullable(),
  definition: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ImportProfileView = z.output<typeof importProfileSchema>;

/**
 * A built-in profile as an API client chooses one (GET /import-profiles/built-in, then PUT
 * mapping with its id): read-only, its columns with the header spellings each accepts.
 */
export const importBuiltInProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ImportRecordKind),
  source: z.enum(ExternalSourceSystem).nullable(),
  /** Where its header set comes from: documented by the source, observed in real exports, or assumed. */
  evidence: z.string(),
  builtIn: z.literal(true),
  editable: z.literal(false),
  columns: z.array(
    z.object({
      field: z.string(),
      headers: z.array(z.string()),
      /** The column files of this profile are recognised by (the source id); a file without it is still accepted. */
      required: z.boolean(),
      label: z.string().nullable(),
    }),
  ),
});
export type ImportBuiltInProfileView = z.output<typeof importBuiltInProfileSchema>;

/** The review queue (rows without a source id that may be an existing contact): params, items, decisions. */
export const ImportReviewStatus = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ImportReviewStatus = (typeof ImportReviewStatus)[number];

export const importReviewItemParamsSchema = importBatchParamsSchema.extend({
  itemId: freeText({ kind: 'identifier' }).min(1),
});

export const importReviewItemSchema = z.object({
  id: z.string(),
  rowNumber: z.number().int(),
  /** What the row shares with the candidate: EMAIL, PHONE or NAME. */
  matchedOn: z.string(),
  status: z.enum(ImportReviewStatus),
  resolvedAt: z.string().nullable(),
  /** The existing contact the row may be. */
  candidate: z.object({
    id: z.string(),
    name: z.string(),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
  }),
  /** The row as mapped (the normalized record). */
  record: z.record(z.string(), z.unknown()),
  /** The row's action now: REVIEW while pending, UPDATE (or UNCHANGED) once accepted, CREATE once rejected. */
  action: z.enum(ImportRowAction),
  /** Accepted: the candidate's fields the commit will change, with their current and new values. */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ImportReviewItemView = z.output<typeof importReviewItemSchema>;
