import { z } from 'zod';
import { freeText, requiredString } from '../../shared/input/text.js';
import { ContactType } from '../../crm/contacts/enums.js';
import { ExternalSourceSystem } from '../connections/enums.js';
import { paginationSchema } from '../../shared/input/lists.js';
import { nameParts } from '../../shared/input/person-name.js';
import { ColumnOutcome } from './column-accounts.js';
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
export const importDryRunInputSchema = z.object({
  defaultContactType: defaultContactTypeSchema.optional(),
});
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

/**
 * PUT value-map: the import's value map, per column of the file (its header), each value the file
 * holds (as it writes it) -> one of the column's targets: our value (`CLIENT`), KEEP_AS_TAG,
 * KEEP_ON_NOTE, or null where the column may be left empty. Replaces the map the import had; a
 * dry run must follow.
 */
export const importValueMapInputSchema = z
  .object({
    values: z.record(
      freeText().min(1),
      z.record(freeText({ max: 255 }), freeText({ kind: 'identifier' }).min(1).nullable()),
    ),
  })
  .strict();
export type ImportValueMapInput = z.output<typeof importValueMapInputSchema>;

export const importMappingSchema = z.object({
  profileId: z.string().nullable(),
  customProfileId: z.string().nullable(),
  profileName: z.string().nullable(),
  headers: z.array(z.string()),
  /** Header -> field as the import will read the file; headers absent here are ignored. */
  mapping: z.record(z.string(), z.string()),
  /**
   * Every header of the file in file order with what the import does with it: MAPPED into `field`,
   * KEPT on the contact's note under `keptAs`, REFUSED by design (`reason`: sensitive data, whose
   * values are never read nor shown), or NOT_IMPORTED.
   */
  columns: z.array(
    z.object({
      header: z.string(),
      outcome: z.enum(ColumnOutcome),
      field: z.string().nullable(),
      keptAs: z.string().nullable(),
      /** The custom field of contacts a MAPPED column fills (`Last review`). */
      customField: z.string().nullable(),
      reason: z.string().nullable(),
      /**
       * For a column with a value map (contact type, category, status, marital status, lead source,
       * gender, role): what each value the file holds becomes (`to`: our value, KEEP_AS_TAG or
       * KEEP_ON_NOTE; null: left empty; absent from the map: `known` false). Before a dry run the
       * values sampled at upload, after it every distinct value of the file.
       */
      values: z.array(z.object({ from: z.string(), to: z.string().nullable(), known: z.boolean() })).nullable(),
      /** What the column's values may become (PUT value-map), in the order to offer them; null without a value map. */
      targets: z.array(z.string().nullable()).nullable(),
    }),
  ),
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

/**
 * What a finished dry run leaves for the commit: rows to write (READY), only rows waiting for a
 * decision in the review queue (REVIEW_PENDING), or nothing at all (NOTHING_TO_WRITE: every row is
 * unchanged or invalid, and a commit would write nothing).
 */
export const ImportCommitReadiness = ['READY', 'REVIEW_PENDING', 'NOTHING_TO_WRITE'] as const;
export type ImportCommitReadiness = (typeof ImportCommitReadiness)[number];

/** What a rollback did: the entities it removed, by type (`contact`, `household`, `tag`...), and the rows whose fields it restored. */
export const importRollbackSummarySchema = z.object({
  removed: z.record(z.string(), z.number().int()),
  restored: z.number().int(),
});
export type ImportRollbackSummary = z.output<typeof importRollbackSummarySchema>;

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
  /** Null until a dry run is done (and once the batch is committed). */
  commitReadiness: z.enum(ImportCommitReadiness).nullable(),
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
  /** A rolled-back batch: what the rollback removed and restored. */
  rollback: importRollbackSummarySchema.nullable(),
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

/**
 * The review queue: rows the dry run would not write on its own, because they may be an existing
 * contact (they share its e-mail or phone, or without a source id its name), may be the same
 * person as an earlier row of the file, or lack a required name.
 */
export const ImportReviewStatus = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ImportReviewStatus = (typeof ImportReviewStatus)[number];

export const ImportReviewReason = ['EXISTING_CONTACT', 'SAME_IN_FILE', 'MISSING_NAME'] as const;
export type ImportReviewReason = (typeof ImportReviewReason)[number];

/** For a field both sides fill differently: KEEP what the contact has, or take the FILE's value. */
export const ImportReviewChoice = ['KEEP', 'FILE'] as const;
export type ImportReviewChoice = (typeof ImportReviewChoice)[number];

/**
 * The contact's fields where accepting a row as "the same person" may meet a value on both sides:
 * the user chooses. Lists (e-mails, phones, addresses, tags) are never chosen between: accepting
 * adds the file's items the contact lacks and removes none.
 */
export const IMPORT_REVIEW_CHOICE_FIELDS = [
  'firstName',
  'lastName',
  'middleName',
  'preferredName',
  'gender',
  'type',
  'source',
  'employment',
  'note',
  'dateOfBirth',
  'household',
] as const;
export type ImportReviewChoiceField = (typeof IMPORT_REVIEW_CHOICE_FIELDS)[number];

export const importReviewItemParamsSchema = importBatchParamsSchema.extend({
  itemId: freeText({ kind: 'identifier' }).min(1),
});

/** One field both sides fill and differently: what the contact (or the earlier row) has, and what the row says. */
export const importReviewConflictSchema = z.object({
  field: z.enum(IMPORT_REVIEW_CHOICE_FIELDS),
  current: z.unknown(),
  file: z.unknown(),
});
export type ImportReviewConflict = z.output<typeof importReviewConflictSchema>;

const fieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const importReviewItemSchema = z.object({
  id: z.string(),
  rowNumber: z.number().int(),
  reason: z.enum(ImportReviewReason),
  /** What the row shares with the candidate or the earlier row: EMAIL, PHONE or NAME; null when nothing matched. */
  matchedOn: z.string().nullable(),
  status: z.enum(ImportReviewStatus),
  resolvedAt: z.string().nullable(),
  /** The existing contact the row may be (EXISTING_CONTACT, and a MISSING_NAME row sharing a contact's e-mail or phone). */
  candidate: z
    .object({
      id: z.string(),
      name: z.string(),
      emails: z.array(z.string()),
      phones: z.array(z.string()),
    })
    .nullable(),
  /** SAME_IN_FILE: the earlier row of the file the row may be. */
  duplicateOfRow: z.number().int().nullable(),
  /** The required fields the row lacks (`firstName`, `lastName`): the decision must give them to create it. */
  missingFields: z.array(z.string()),
  /** The row as mapped (the normalized record; a row missing a name has it null). */
  record: z.record(z.string(), z.unknown()),
  /** The row's action now: REVIEW while pending, UPDATE (or UNCHANGED) once accepted, CREATE once rejected. */
  action: z.enum(ImportRowAction),
  /**
   * Pending, with a contact or an earlier row to merge into: the fields both fill differently,
   * before (current) and after (the file's); accepting keeps the current value unless the
   * decision's `choices` say FILE.
   */
  conflicts: z.array(importReviewConflictSchema),
  /**
   * What accepting writes to the contact, field by field, before and after: while pending with the
   * current values kept (the default), once accepted as decided. Lists only gain items.
   */
  changes: z.array(fieldChangeSchema),
});
export type ImportReviewItemView = z.output<typeof importReviewItemSchema>;

/**
 * The body of a decision (both optional, so an empty body keeps every current value):
 * - `choices`: per field in conflict, KEEP the contact's value (the default) or take the FILE's;
 * - `fields`: the names a row lacks, to complete it (a row is created only with both names).
 */
export const importReviewDecisionSchema = z.object({
  choices: z.partialRecord(z.enum(IMPORT_REVIEW_CHOICE_FIELDS), z.enum(ImportReviewChoice)).optional(),
  fields: z.object({ firstName: nameParts.first.optional(), lastName: nameParts.last.optional() }).optional(),
});
export type ImportReviewDecision = z.output<typeof importReviewDecisionSchema>;
