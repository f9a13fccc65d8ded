/**
 * Why an import batch failed: the codes stored in the batch's `errorCode` (and its sync run's), shown
 * with the batch and written into a refused file's report. They are not `ErrorCode`s: a failed batch
 * is a recorded outcome, not a refused request, so the codes carry no HTTP status and stay apart
 * from the DomainError codes. (A drop folder's refused file may also carry the DomainError's code.)
 */
export const ImportErrorCode = {
  // Reading the file (connectors/src/files): one per bad-input case of issue #8.
  WRONG_ENCODING: 'WRONG_ENCODING',
  RAGGED_ROW: 'RAGGED_ROW',
  UNKNOWN_HEADERS: 'UNKNOWN_HEADERS',
  DUPLICATE_HEADERS: 'DUPLICATE_HEADERS',
  EMPTY_FILE: 'EMPTY_FILE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** An XLSX that expands past the limit once unzipped, or compresses like a zip bomb. */
  WORKBOOK_TOO_LARGE: 'WORKBOOK_TOO_LARGE',
  /** A CSV file in a `.zip` upload that expands past the limit once unzipped, or compresses like a zip bomb. */
  ARCHIVE_TOO_LARGE: 'ARCHIVE_TOO_LARGE',
  /** A `.zip` upload with several CSV files, none recognisably the one to import. */
  ARCHIVE_AMBIGUOUS: 'ARCHIVE_AMBIGUOUS',
  UNSUPPORTED_FORMAT: 'UNSUPPORTED_FORMAT',
  // The dry run and the commit.
  /** The dry run was asked for before a profile was chosen or the columns were mapped. */
  NO_MAPPING: 'NO_MAPPING',
  /** The profile's record kind has no writer yet. */
  KIND_NOT_WRITABLE: 'KIND_NOT_WRITABLE',
  /** A chunk of the commit failed; the batch and its run are FAILED. */
  COMMIT_FAILED: 'COMMIT_FAILED',
  /** A drop folder's dry run ended without a code of its own. */
  DRY_RUN_FAILED: 'DRY_RUN_FAILED',
  /** A drop folder's file goes back for the next scan: another import of the same system is running. */
  IMPORT_BUSY: 'IMPORT_BUSY',
  // Set by the sweep of stuck imports.
  /** The process running the batch stopped (the sync sweep uses the same code for a lost run). */
  WORKER_LOST: 'WORKER_LOST',
  /** The batch's job failed for good in the queue. */
  IMPORT_JOB_FAILED: 'IMPORT_JOB_FAILED',
} as const;
export type ImportErrorCode = (typeof ImportErrorCode)[keyof typeof ImportErrorCode];
