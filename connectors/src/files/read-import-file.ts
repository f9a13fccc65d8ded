import { Readable } from 'node:stream';
import { countKnownHeaders, missingRequiredHeaders, normalizeHeader } from '@meridian/domain';
import { openByteSource } from './byte-source.js';
import { csvRows } from './csv-rows.js';
import { sniffDelimiter } from './delimiter.js';
import { bomLength, decodeSample, detectEncoding } from './encoding.js';
import { ImportFileError } from './errors.js';
import type { RawRow } from './raw-row.js';
import type {
  CsvDelimiter,
  ImportFile,
  ImportFileFormat,
  ImportFileInput,
  ImportRow,
  ImportTextEncoding,
  ReadImportFileOptions,
} from './types.js';
import { xlsxRows } from './xlsx-rows.js';
import { inflateEntry, isWorkbook, readZipDirectory, tableEntries, type ZipEntry } from './zip-archive.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard.js';

/** Rows looked at to find the header row; a header further down is not detected (pass headerRowNumber). */
export const HEADER_SCAN_ROWS = 50;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** The OLE2 container of legacy `.xls` (and `.doc`, `.msg`) files. */
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46];

function startsWith(sample: Buffer, bytes: readonly number[]): boolean {
  return sample.length >= bytes.length && bytes.every((byte, index) => sample[index] === byte);
}

function detectFormat(sample: Buffer, options: ReadImportFileOptions): ImportFileFormat {
  if (options.format) return options.format;
  const extension = options.fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (startsWith(sample, ZIP_SIGNATURE)) return 'xlsx';
  if (startsWith(sample, OLE2_SIGNATURE) || extension === 'xls') {
    throw new ImportFileError(
      'UNSUPPORTED_FORMAT',
      'Legacy Excel (.xls) files are not supported: save the sheet as XLSX or CSV.',
    );
  }
  if (startsWith(sample, PDF_SIGNATURE)) {
    throw new ImportFileError('UNSUPPORTED_FORMAT', 'PDF files cannot be imported: export the data as CSV or XLSX.');
  }
  if (extension !== undefined && !['csv', 'txt', 'tsv', 'tab', 'xlsx'].includes(extension)) {
    throw new ImportFileError('UNSUPPORTED_FORMAT', `.${extension} files cannot be imported: use CSV or XLSX.`);
  }
  return 'csv';
}

/** How the messages name a row: CSV counts lines, a worksheet rows. */
type RowUnit = 'Line' | 'Row';

function isBlankRow(row: RawRow): boolean {
  return row.cells.every((cell) => cell === null);
}

function nonEmptyCount(row: RawRow): number {
  return row.cells.filter((cell) => cell !== null).length;
}

function checkDecoded(row: RawRow, unit: RowUnit): void {
  if (row.cells.some((cell) => cell !== null && cell.includes('\uFFFD'))) {
    throw new ImportFileError(
      'WRONG_ENCODING',
      `${unit} ${row.rowNumber} holds characters that could not be decoded: the file is not in the expected encoding. Save it as UTF-8 CSV.`,
      { rowNumber: row.rowNumber },
    );
  }
}

/**
 * The header row among the first rows: with an expectation, the first row holding at least
 * `minMatches` of its known headers; otherwise (or if none does) the first row with at least two
 * non-empty cells. Title rows above it (monday.com's board and group names) are skipped.
 */
function findHeader(rows: readonly RawRow[], options: ReadImportFileOptions): RawRow | undefined {
  if (options.headerRowNumber !== undefined) return rows.find((row) => row.rowNumber === options.headerRowNumber);
  const { expectation } = options;
  if (expectation) {
    const match = rows.find((row) => countKnownHeaders(row.cells, expectation) >= expectation.minMatches);
    if (match) return match;
  }
  return rows.find((row) => nonEmptyCount(row) >= 2);
}

/**
 * Header names from the header row: trailing empty cells dropped (a trailing delimiter), an empty
 * cell inside named `Column N`, repeated names refused unless the caller asks for `X (2)` renames.
 * Two headers that differ only in case, spacing or accents count as repeated, since the profiles
 * match headers in that folded form.
 */
function headerNames(row: RawRow, options: ReadImportFileOptions): string[] {
  const cells = [...row.cells];
  while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
  const names = cells.map((cell, index) => (cell === null ? `Column ${index + 1}` : cell.trim()));
  const seen = new Map<string, number>();
  const duplicates: string[] = [];
  const result = names.map((name) => {
    const key = normalizeHeader(name) || name;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return name;
    duplicates.push(name);
    return `${name} (${count})`;
  });
  if (duplicates.length > 0 && !options.renameDuplicateHeaders) {
    const unique = [...new Set(duplicates)];
    throw new ImportFileError(
      'DUPLICATE_HEADERS',
      `The header row (row ${row.rowNumber}) repeats ${unique.map((name) => `"${name}"`).join(', ')}: each column needs its own name.`,
      { rowNumber: row.rowNumber, headers: unique },
    );
  }
  return result;
}

function toImportRow(row: RawRow, headers: readonly string[], unit: RowUnit): ImportRow {
  checkDecoded(row, unit);
  const { cells } = row;
  if (cells.length > headers.length) {
    const extra = cells.slice(headers.length);
    if (extra.some((cell) => cell !== null)) {
      throw new ImportFileError(
        'RAGGED_ROW',
        `${unit} ${row.rowNumber} has ${cells.length} cells but the header has ${headers.length} columns.`,
        { rowNumber: row.rowNumber },
      );
    }
  }
  // Fewer cells than headers is accepted: spreadsheet "Save as CSV" drops trailing empty cells.
  const aligned = headers.map((_, index) => cells[index] ?? null);
  const values: Record<string, string | null> = {};
  headers.forEach((header, index) => {
    values[header] = aligned[index] ?? null;
  });
  return { rowNumber: row.rowNumber, cells: aligned, values };
}

/**
 * Opens an import file (CSV or XLSX, from a path or a stream) and reads as far as its first data
 * row: detects format, encoding, delimiter and header row, checks the headers, then hands back the
 * remaining rows as a lazy iterable so memory stays flat however long the file is.
 *
 * Rules: wholly blank rows are skipped; a row with fewer cells than headers is padded with nulls;
 * a row with more non-empty cells than headers is RAGGED_ROW; empty cells are null, other text is
 * kept as written (transforms trim).
 */
export async function readImportFile(input: ImportFileInput, options: ReadImportFileOptions = {}): Promise<ImportFile> {
  const source = await openByteSource(input, options.maxBytes);
  try {
    if (source.sample.length === 0) {
      throw new ImportFileError('EMPTY_FILE', 'The file is empty.', { emptyReason: 'NO_BYTES' });
    }
    const format = detectFormat(source.sample, options);
    // A zip on disk that is not a workbook is an archive of CSV files (some CRMs export so).
    if (format === 'xlsx' && typeof input === 'string' && !options.format) {
      const entries = await readZipDirectory(input);
      if (entries && !isWorkbook(entries)) {
        source.close();
        return await readArchive(input, entries, options);
      }
    }
    let encoding: ImportTextEncoding | null = null;
    let delimiter: CsvDelimiter | null = null;
    let sheetName: string | null = null;
    let raw: AsyncGenerator<RawRow>;
    if (format === 'csv') {
      const detected = options.encoding
        ? { encoding: options.encoding, bomLength: bomLength(source.sample, options.encoding) }
        : detectEncoding(source.sample, source.complete);
      encoding = detected.encoding;
      delimiter = options.delimiter ?? sniffDelimiter(decodeSample(source.sample, detected));
      raw = csvRows(source.chunks(), detected.encoding, detected.bomLength, delimiter);
    } else {
      const zipLimits = { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits };
      raw = xlsxRows(source.chunks(), options.sheetName, zipLimits, (name) => {
        sheetName = name;
      });
    }
    return await openRows(raw, { format, encoding, delimiter, sheetName: () => sheetName }, options, source.close);
  } catch (error) {
    source.close();
    throw error;
  }
}

/** The CSV files of a zip archive on disk, by name; null when the file is not such an archive (a workbook, a plain file). */
export async function listArchiveFiles(path: string): Promise<string[] | null> {
  const source = await openByteSource(path, undefined);
  source.close();
  if (!startsWith(source.sample, ZIP_SIGNATURE)) return null;
  const entries = await readZipDirectory(path);
  if (!entries || isWorkbook(entries)) return null;
  return tableEntries(entries).map((entry) => entry.name);
}

/**
 * One CSV file of a zip archive, read as a CSV upload would be: the file `options.archiveEntry`
 * names, else the only one. None, or several without a choice, is refused with a message that says so.
 */
async function readArchive(path: string, entries: ZipEntry[], options: ReadImportFileOptions): Promise<ImportFile> {
  const tables = tableEntries(entries);
  let entry: ZipEntry | undefined;
  if (options.archiveEntry !== undefined) {
    entry = tables.find((candidate) => candidate.name === options.archiveEntry);
    if (!entry)
      throw new ImportFileError(
        'UNSUPPORTED_FORMAT',
        `The zip archive has no CSV file named "${options.archiveEntry}".`,
        { entries: tables.map((candidate) => candidate.name) },
      );
  } else if (tables.length === 1) {
    entry = tables[0]!;
  } else if (tables.length === 0) {
    const others = entries.filter((candidate) => !candidate.name.endsWith('/')).map((candidate) => candidate.name);
    throw new ImportFileError(
      'UNSUPPORTED_FORMAT',
      `The zip archive holds no CSV file${others.length > 0 ? ` (it holds ${listed(others)})` : ''}: export the data as CSV, or upload the CSV file itself.`,
      { entries: [] },
    );
  } else {
    const names = tables.map((candidate) => candidate.name);
    throw new ImportFileError(
      'ARCHIVE_AMBIGUOUS',
      `The zip archive holds several CSV files (${listed(names)}) and none was chosen: unzip it and upload the file to import.`,
      { entries: names },
    );
  }
  const limits: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits };
  const bytes = Readable.from(inflateEntry(path, entry, limits), { objectMode: false });
  const file = await readImportFile(bytes, {
    ...options,
    format: 'csv',
    fileName: entry.name,
    // The archive's own size was checked against the limit; its CSV is bounded by the zip limits.
    maxBytes: undefined,
  });
  return { ...file, archiveEntry: entry.name };
}

/** Names for a message: the first few, and how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

async function openRows(
  raw: AsyncGenerator<RawRow>,
  detected: {
    format: ImportFileFormat;
    encoding: ImportTextEncoding | null;
    delimiter: CsvDelimiter | null;
    sheetName: () => string | null;
  },
  options: ReadImportFileOptions,
  closeSource: () => void,
): Promise<ImportFile> {
  const scanned: RawRow[] = [];
  // Read until a header is certain: a matching row of an expectation is certain at once; the
  // fallback only once the scan window is full or the file ends.
  for (let next = await raw.next(); !next.done; next = await raw.next()) {
    scanned.push(next.value);
    if (
      options.expectation &&
      countKnownHeaders(next.value.cells, options.expectation) >= options.expectation.minMatches
    )
      break;
    if (options.headerRowNumber !== undefined && next.value.rowNumber >= options.headerRowNumber) break;
    if (scanned.length >= HEADER_SCAN_ROWS) break;
  }
  const header = findHeader(scanned, options);
  if (!header) {
    await raw.return(undefined);
    const message =
      scanned.every(isBlankRow) && scanned.length < HEADER_SCAN_ROWS
        ? 'The file has no rows.'
        : options.headerRowNumber !== undefined
          ? `Line ${options.headerRowNumber} is not in the file.`
          : `No header row found in the first ${HEADER_SCAN_ROWS} rows (a header has at least two named columns).`;
    throw new ImportFileError('EMPTY_FILE', message, { emptyReason: 'NO_HEADER' });
  }
  const unit: RowUnit = detected.format === 'csv' ? 'Line' : 'Row';
  checkDecoded(header, unit);
  const headers = headerNames(header, options);
  if (options.expectation) {
    const missing = missingRequiredHeaders(headers, options.expectation);
    if (missing.length > 0) {
      await raw.return(undefined);
      throw new ImportFileError(
        'UNKNOWN_HEADERS',
        `The file has no column for ${missing
          .map((group) => `${group.field} (expected one of: ${group.aliases.map((alias) => `"${alias}"`).join(', ')})`)
          .join('; ')}.`,
        { rowNumber: header.rowNumber, headers: missing.map((group) => group.field) },
      );
    }
  }

  // Rows already read after the header, then the rest of the file; blank rows skipped.
  const headerRow = header;
  const pending = scanned.filter((row) => row.rowNumber > headerRow.rowNumber);
  async function* dataRows(): AsyncGenerator<ImportRow> {
    try {
      for (const row of pending.splice(0)) if (!isBlankRow(row)) yield toImportRow(row, headers, unit);
      for await (const row of raw) if (!isBlankRow(row)) yield toImportRow(row, headers, unit);
    } finally {
      await raw.return(undefined);
    }
  }
  const rows = dataRows();
  // Read the first data row now, so "a header but no rows" is an answer of the open call itself.
  const first = await rows.next();
  if (first.done) {
    throw new ImportFileError('EMPTY_FILE', `The file has a header row (row ${header.rowNumber}) but no data rows.`, {
      emptyReason: 'NO_ROWS',
      rowNumber: header.rowNumber,
    });
  }
  let consumed = false;
  const firstRow = first.value;
  return {
    format: detected.format,
    encoding: detected.encoding,
    delimiter: detected.delimiter,
    sheetName: detected.sheetName(),
    archiveEntry: null,
    headerRowNumber: header.rowNumber,
    headers,
    rows: {
      [Symbol.asyncIterator]() {
        if (consumed) throw new Error('The rows of an import file can be read only once');
        consumed = true;
        return (async function* () {
          yield firstRow;
          yield* rows;
        })();
      },
    },
    async close() {
      await rows.return(undefined);
      closeSource();
    },
  };
}
