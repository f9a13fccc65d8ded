import type { Readable } from 'node:stream';
import type { HeaderExpectation } from '@meridian/domain';
import type { ZipLimits } from './zip-guard.js';

export type ImportFileFormat = 'csv' | 'xlsx';

/** The text encodings a CSV file may be in; anything else is refused as WRONG_ENCODING. */
export const ImportTextEncoding = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
export type ImportTextEncoding = (typeof ImportTextEncoding)[number];

/** The delimiters the sniffer chooses from. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface ReadImportFileOptions {
  /**
   * Force the format instead of detecting it from the first bytes (a zip is XLSX, anything else
   * CSV; a zip file on disk without workbook parts is an archive of CSV files).
   */
  format?: ImportFileFormat;
  /** The uploaded file's name; only its extension is used, to refuse legacy `.xls` and others early. */
  fileName?: string;
  /** Force the encoding of a CSV file instead of detecting it. */
  encoding?: ImportTextEncoding;
  /** Force the delimiter of a CSV file instead of sniffing it. */
  delimiter?: CsvDelimiter;
  /** The worksheet to read from a workbook; the first one when absent. */
  sheetName?: string;
  /**
   * The CSV file to read from a zip archive of CSV files (a path input only); when absent, the
   * archive's only CSV file, and an archive of several is refused (ARCHIVE_AMBIGUOUS).
   */
  archiveEntry?: string;
  /** What the profile expects of the header row: used to find it, and to refuse files missing a required column. */
  expectation?: HeaderExpectation;
  /** Force the header row (1-based line or row number) instead of detecting it. */
  headerRowNumber?: number;
  /** Refuse the file once more than this many bytes have been read (FILE_TOO_LARGE). */
  maxBytes?: number;
  /** How far an XLSX may expand once unzipped (WORKBOOK_TOO_LARGE); DEFAULT_ZIP_LIMITS when absent. */
  zipLimits?: Partial<ZipLimits>;
  /**
   * Rename repeated headers `X`, `X (2)`, `X (3)` instead of refusing the file with
   * DUPLICATE_HEADERS; for profiles that know their source repeats a column.
   */
  renameDuplicateHeaders?: boolean;
}

/** One data row. Cells line up with `headers`; an empty cell is null. */
export interface ImportRow {
  /** 1-based line (CSV: the line the record starts on) or row (XLSX) of the file. */
  rowNumber: number;
  cells: readonly (string | null)[];
  /** The same cells by header. */
  values: Readonly<Record<string, string | null>>;
}

export interface ImportFile {
  format: ImportFileFormat;
  /** The encoding a CSV file was decoded with; null for XLSX (always UTF-8 XML inside). */
  encoding: ImportTextEncoding | null;
  /** The CSV delimiter; null for XLSX. */
  delimiter: CsvDelimiter | null;
  /** The worksheet read; null for CSV. */
  sheetName: string | null;
  /** The file read from a zip archive of CSV files; null for a plain CSV or a workbook. */
  archiveEntry: string | null;
  /** 1-based line or row number of the header row. */
  headerRowNumber: number;
  headers: readonly string[];
  /**
   * The data rows after the header, read lazily: memory does not grow with the file. Single use.
   * Reading can still throw an ImportFileError (RAGGED_ROW, WRONG_ENCODING, FILE_TOO_LARGE) at
   * the row concerned, so a caller must finish reading before it writes anything for good.
   */
  rows: AsyncIterable<ImportRow>;
  /** Stops reading and releases the input; for callers that stop before the last row. */
  close(): Promise<void>;
}

export type ImportFileInput = Readable | string;
