import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { isImportFileError, readImportFile, type ImportFile } from '@meridian/connectors';
import {
  createRowMapper,
  createSourceIdCheck,
  DomainError,
  ErrorCode,
  headerExpectation,
  validationError,
  type AnyImportProfile,
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

/**
 * Streams a request body to `path`, hashing it on the way. Past `maxBytes` the rest of the body is
 * drained without being kept (so the client reads our 413 instead of a reset connection) and the
 * partial file is removed.
 */
export async function storeUpload(body: Readable, path: string, maxBytes: number): Promise<StoredUpload> {
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

/** A file reader failure as the clear 4xx the user sees (413 for size, 400 with the reader's code otherwise). */
export function importFileProblem(error: unknown): unknown {
  if (!isImportFileError(error)) return error;
  if (error.code === 'FILE_TOO_LARGE') return tooLarge(error.details.limitBytes ?? 0);
  const where = error.rowNumber !== undefined ? ` (row ${error.rowNumber})` : '';
  return validationError([{ path: error.code, message: `${error.message}${where}` }], error.message);
}

export interface FileInspection {
  format: string;
  encoding: string | null;
  delimiter: string | null;
  headerRowNumber: number;
  headers: string[];
  rowCount: number;
}

export interface ReadOptions {
  fileName: string;
  maxBytes: number;
}

/** Opens the stored file with the profile's header expectation (or none), as the reader detects it. */
export function openImportFile(path: string, options: ReadOptions, profile: AnyImportProfile | null) {
  return readImportFile(path, {
    fileName: options.fileName,
    maxBytes: options.maxBytes,
    ...(profile ? { expectation: headerExpectation(profile) } : {}),
  });
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
 * Reads the whole file once, before a batch exists: every bad-input case (encoding, ragged row,
 * duplicate or missing headers, empty file, duplicate source ids) is refused at upload.
 */
export async function inspectImportFile(
  path: string,
  options: ReadOptions,
  profile: AnyImportProfile | null,
): Promise<FileInspection> {
  let file: ImportFile | undefined;
  try {
    file = await openImportFile(path, options, profile);
    const mapper = profile ? createRowMapper(profile, file.headers) : null;
    const checkSourceId = createSourceIdCheck();
    let rowCount = 0;
    for await (const row of file.rows) {
      rowCount += 1;
      const mapped = mapper?.mapRow(row);
      if (mapped && mapped.status !== 'skipped') {
        const duplicate = checkSourceId(mapped.sourceId, row.rowNumber);
        if (duplicate)
          throw validationError(
            [{ path: 'DUPLICATE_SOURCE_ID', message: `${duplicate.message} (row ${row.rowNumber})` }],
            `${duplicate.message} (row ${row.rowNumber})`,
          );
      }
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
    };
  } catch (error) {
    throw importFileProblem(error);
  } finally {
    await file?.close();
  }
}
