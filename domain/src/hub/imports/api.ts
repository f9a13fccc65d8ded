import { z } from 'zod';
import { freeText, requiredString } from '../../shared/input/text.js';
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
export const ImportRowAction = ['CREATE', 'UPDATE', 'UNCHANGED', 'INVALID', 'REVIEW'] as const;
export type ImportRowAction = (typeof ImportRowAction)[number];

export const importBatchParamsSchema = z.object({ batchId: freeText({ kind: 'identifier' }).min(1) });

/** The upload's query: the file name (its extension tells a legacy `.xls` apart) and, optionally, the system. */
export const importUploadQuerySchema = z.object({
  fileName: requiredString('File name is required', { max: 255 }),
  source: z.enum(ExternalSourceSystem).optional(),
});

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
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
});
export type ImportBatchView = z.output<typeof importBatchSchema>;

export const importUploadResultSchema = z.object({ batch: importBatchSchema, mapping: importMappingSchema });

export const importRowListQuerySchema = paginationSchema.extend({ action: z.enum(ImportRowAction).optional() });

export const importRowResultSchema = z.object({
  rowNumber: z.number().int(),
  action: z.enum(ImportRowAction),
  sourceId: z.string().nullable(),
  entityId: z.string().nullable(),
  errors: z.array(
    z.object({ field: z.string(), column: z.string().nullable(), value: z.string().nullable(), message: z.string() }),
  ),
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
