import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { isImportFileError, listArchiveFiles, readImportFile, type ImportFile } from '@meridian/connectors';
import {
  createColumnSampler,
  DomainError,
  ErrorCode,
  headerExpectation,
  ImportErrorCode,
  validationError,
  type AnyImportProfile,
  type ColumnSamples,
} from '@meridian/domain';

export interface StoredUpload {
  path: string;
  size: number;
  sha256: string;
}

function tooLarge(limitBytes: number): DomainError {
  return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is larger than the limit of ${limitBytes} bytes`, [
    { path: 'FILE_TOO_LARGE', message: `The file is larger than the limit of ${limitBytes} bytes` },
  ]);
}

/** The body's declared length, when it is an HTTP request that sent a valid Content-Length. */
function declaredLength(body: Readable): number | null {
  if (!(body instanceof IncomingMessage)) return null;
  const header = body.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * Streams a request body to `path`, hashing it on the way. A request whose Content-Length is over
 * `maxBytes` is refused before a byte is read or a file created (Node drains the unread body
 * after our 413). A body of unknown length (chunked) is counted instead: past `maxBytes` the rest
 * is drained without being kept (so the client reads our 413 instead of a reset connection) and
 * the partial file is removed.
 */
export async function storeUpload(body: Readable, path: string, maxBytes: number): Promise<StoredUpload> {
  const declared = declaredLength(body);
  if (declared !== null && declared > maxBytes) throw tooLarge(maxBytes);
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  let size = 0;
  let over = false;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (over) continue;
      if (size > maxBytes) {
        over = true;
        continue;
      }
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  if (over) {
    await rm(path, { force: true });
    throw tooLarge(maxBytes);
  }
  return { path, size, sha256: hash.digest('hex') };
}

/**
 * A file reader failure as the clear 4xx the user sees: 413 for size (the file's, or a workbook's
 * once unzipped), 400 with the reader's code otherwise.
 */
export function importFileProblem(error: unknown): unknown {
  if (!isImportFileError(error)) return error;
  if (error.code === 'FILE_TOO_LARGE') return tooLarge(error.details.limitBytes ?? 0);
  if (error.code === 'WORKBOOK_TOO_LARGE' || error.code === 'ARCHIVE_TOO_LARGE')
    return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, error.message, [{ path: error.code, message: error.message }]);
  // The reader's messages already name the line or row they are about.
  return validationError([{ path: error.code, message: error.message }], error.message);
}

export interface FileInspection {
  format: string;
  encoding: string | null;
  delimiter: string | null;
  headerRowNumber: number;
  headers: string[];
  rowCount: number;
  /** The file read from a zip archive; null for a plain file. */
  archiveEntry: string | null;
  /** A few values of each column, for the columns nothing imports. */
  columnSamples: ColumnSamples;
}

export interface ReadOptions {
  fileName: string;
  maxBytes: number;
  /** The CSV file to read from a zip archive (the batch's, once chosen at upload). */
  archiveEntry?: string | null;
}

/**
 * Opens the stored file with the profile's header expectation (or none), as the reader detects it.
 * The profile finds the header row; its required columns refuse nothing (issue 14): a file without
 * the source id column is imported with its rows matched on e-mail, phone and name.
 */
export function openImportFile(path: string, options: ReadOptions, profile: AnyImportProfile | null) {
  return readImportFile(path, {
    fileName: options.fileName,
    maxBytes: options.maxBytes,
    ...(options.archiveEntry ? { archiveEntry: options.archiveEntry } : {}),
    ...(profile ? { expectation: { ...headerExpectation(profile), required: [] } } : {}),
  });
}

/** A CSV file of an archive, ranked by how surely it is the one to import (higher first); null: not at all. */
export type ArchiveEntryRank = (name: string, headers: readonly string[]) => readonly number[] | null;

/** Archives with more CSV files than this are not looked into one by one. */
const MAX_ARCHIVE_CANDIDATES = 50;

function ambiguous(names: readonly string[]): DomainError {
  const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  const message = `The zip archive holds several CSV files (${shown}) and none is recognisably the contacts file: unzip it and upload the file to import.`;
  return validationError([{ path: ImportErrorCode.ARCHIVE_AMBIGUOUS, message }], message);
}

/**
 * Which CSV file of a zip archive to import: null for a file that is no archive; the only one of
 * an archive of one; among several, the best ranked by `rank` (their names and header rows), and
 * an archive where none ranks at all is refused with a message that says so. The header rows are
 * read through the reader's zip limits, a few kilobytes of each file.
 */
export async function chooseArchiveEntry(
  path: string,
  options: ReadOptions,
  rank: ArchiveEntryRank,
): Promise<string | null> {
  const names = await listArchiveFiles(path).catch((error: unknown) => {
    throw importFileProblem(error);
  });
  // None: the reader says what the archive holds instead.
  if (names === null || names.length <= 1) return names?.[0] ?? null;
  if (names.length > MAX_ARCHIVE_CANDIDATES) throw ambiguous(names);
  let best: { name: string; score: readonly number[] } | null = null;
  for (const name of names) {
    let headers: readonly string[];
    try {
      headers = await readHeaders(path, { ...options, archiveEntry: name });
    } catch (error) {
      // A file of the archive that cannot be read (empty, not CSV) is not the one to import.
      if (error instanceof DomainError && error.code === ErrorCode.VALIDATION_ERROR) continue;
      throw error;
    }
    const score = rank(name, headers);
    if (score && (!best || compareScores(score, best.score) > 0)) best = { name, score };
  }
  if (!best) throw ambiguous(names);
  return best.name;
}

function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Just the header row: what profile suggestion works from. */
export async function readHeaders(path: string, options: ReadOptions): Promise<string[]> {
  let file: ImportFile | undefined;
  try {
    file = await openImportFile(path, options, null);
    return [...file.headers];
  } catch (error) {
    throw importFileProblem(error);
  } finally {
    await file?.close();
  }
}

/**
 * Reads the whole file once, before a batch exists: every bad-input case of the file itself
 * (encoding, ragged row, duplicate or missing headers, empty file, size) is refused at upload.
 * Duplicate source ids are not: they are a fault of rows, not of the file, so the dry run marks
 * each repeat INVALID (with the row of the first) and the commit writes the first one only.
 */
export async function inspectImportFile(
  path: string,
  options: ReadOptions,
  profile: AnyImportProfile | null,
): Promise<FileInspection> {
  let file: ImportFile | undefined;
  try {
    file = await openImportFile(path, options, profile);
    const sampler = createColumnSampler(file.headers);
    let rowCount = 0;
    for await (const row of file.rows) {
      rowCount += 1;
      sampler.add(row.values);
    }
    if (rowCount === 0)
      throw validationError(
        [{ path: 'EMPTY_FILE', message: 'The file has no data rows' }],
        'The file has no data rows',
      );
    return {
      format: file.format,
      encoding: file.encoding,
      delimiter: file.delimiter,
      headerRowNumber: file.headerRowNumber,
      headers: [...file.headers],
      rowCount,
      archiveEntry: file.archiveEntry,
      columnSamples: sampler.samples(),
    };
  } catch (error) {
    throw importFileProblem(error);
  } finally {
    await file?.close();
  }
}
