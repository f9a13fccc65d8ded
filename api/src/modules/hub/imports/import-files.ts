import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { isImportFileError, readImportFile, type ImportFile } from '@meridian/connectors';
import { DomainError, ErrorCode, headerExpectation, validationError, type AnyImportProfile } from '@meridian/domain';

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
  if (error.code === 'WORKBOOK_TOO_LARGE')
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
    let rowCount = 0;
    for await (const _row of file.rows) rowCount += 1;
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
