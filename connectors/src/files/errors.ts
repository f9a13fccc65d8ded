import { ImportErrorCode } from '@meridian/domain';

/**
 * Why a file cannot be read as an import. Each code is one of the bad-input cases of issue #8; the
 * import flow turns it into a clear answer before anything is written. The spelling is the domain's
 * `ImportErrorCode`, as the batch stores the code.
 */
export const ImportFileErrorCode = [
  ImportErrorCode.WRONG_ENCODING,
  ImportErrorCode.RAGGED_ROW,
  ImportErrorCode.UNKNOWN_HEADERS,
  ImportErrorCode.DUPLICATE_HEADERS,
  ImportErrorCode.EMPTY_FILE,
  ImportErrorCode.FILE_TOO_LARGE,
  /** An XLSX that expands past the limit once unzipped, or compresses like a zip bomb. */
  ImportErrorCode.WORKBOOK_TOO_LARGE,
  /** A CSV file of a zip archive that expands past the limit, or compresses like a zip bomb. */
  ImportErrorCode.ARCHIVE_TOO_LARGE,
  /** A zip archive of several CSV files and no choice of which one to read. */
  ImportErrorCode.ARCHIVE_AMBIGUOUS,
  ImportErrorCode.UNSUPPORTED_FORMAT,
] as const;
export type ImportFileErrorCode = (typeof ImportFileErrorCode)[number];

/** Which kind of emptiness an EMPTY_FILE error is: no bytes at all, no header row, or a header but no data. */
export type EmptyFileReason = 'NO_BYTES' | 'NO_HEADER' | 'NO_ROWS';

export interface ImportFileErrorDetails {
  /** 1-based line (CSV) or row (XLSX) of the file the problem is on, when it is on one. */
  rowNumber?: number;
  /** The headers concerned (duplicated ones, or the required ones that are missing). */
  headers?: readonly string[];
  emptyReason?: EmptyFileReason;
  /** The limit that was exceeded, in bytes. */
  limitBytes?: number;
  /** The part of an XLSX workbook (zip entry) the problem is in, or the file of a zip archive. */
  entry?: string;
  /** The CSV files of a zip archive, when none was chosen among several. */
  entries?: readonly string[];
}

/** A file that cannot be imported as it is; `message` is meant for the user who uploaded it. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';

  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
    readonly details: ImportFileErrorDetails = {},
  ) {
    super(message);
  }

  get rowNumber(): number | undefined {
    return this.details.rowNumber;
  }
}

export function isImportFileError(error: unknown): error is ImportFileError {
  return error instanceof ImportFileError;
}
