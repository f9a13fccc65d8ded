import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { ImportFileError } from './errors.js';
import {
  CENTRAL_DIRECTORY_HEADER,
  END_OF_CENTRAL_DIRECTORY,
  formatBytes,
  LOCAL_FILE_HEADER,
  ZIP64_EXTRA,
  ZIP64_SIZE,
  type ZipLimits,
} from './zip-guard.js';

/**
 * Zips that are not workbooks: some CRMs export a `.zip` of CSV files (one per object). The
 * archive is read from its central directory (the stored upload is a file, so its end can be read
 * first), and one entry is inflated as a stream, counted against the same limits as a workbook's
 * parts, so an archive built to expand without end is refused before it fills memory or disk.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_RECORD_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
const DIRECTORY_HEADER_LENGTH = 46;
const LOCAL_HEADER_LENGTH = 30;
const FLAG_ENCRYPTED = 0x01;
const FLAG_UTF8_NAME = 0x0800;

/** File names a CSV export carries; the reader sniffs the delimiter, so TSV and TXT are read as well. */
const TABLE_EXTENSIONS = /\.(csv|tsv|tab|txt)$/i;

function unreadable(reason: string): ImportFileError {
  return new ImportFileError('UNSUPPORTED_FORMAT', `The zip archive cannot be read: ${reason}`);
}

function tooLarge(limits: ZipLimits, entry: string): ImportFileError {
  return new ImportFileError(
    'ARCHIVE_TOO_LARGE',
    `The file ${entry} in the zip archive expands to more than ${formatBytes(limits.maxUnzippedBytes)} once unzipped. Split the export into smaller files and upload again.`,
    { limitBytes: limits.maxUnzippedBytes, entry },
  );
}

function tooCompressed(limits: ZipLimits, entry: string): ImportFileError {
  return new ImportFileError(
    'ARCHIVE_TOO_LARGE',
    `The file ${entry} in the zip archive is compressed more than ${limits.maxRatio} times, which a real export never is: the archive looks built to exhaust the server. Upload the CSV file itself.`,
    { limitBytes: limits.maxUnzippedBytes, entry },
  );
}

/** The sizes and offset a zip64 extra field holds for the fields marked 0xFFFFFFFF, in the format's order. */
function zip64Values(extra: Buffer, wanted: { uncompressed: boolean; compressed: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number | null => {
        if (field + 8 > at + 4 + size || field + 8 > extra.length) return null;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      return {
        uncompressed: wanted.uncompressed ? next() : null,
        compressed: wanted.compressed ? next() : null,
        offset: wanted.offset ? next() : null,
      };
    }
    at += 4 + size;
  }
  return null;
}

/**
 * The entries of a zip file, from its central directory; null when the file has no readable end
 * record (not a zip, or a broken one: the caller then treats it as before, as a workbook).
 */
export async function readZipDirectory(path: string): Promise<ZipEntry[] | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, END_RECORD_LENGTH + MAX_COMMENT_LENGTH);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let at = tailLength - END_RECORD_LENGTH; at >= 0; at -= 1) {
      if (tail.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
        end = at;
        break;
      }
    }
    if (end < 0) return null;
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    // A zip64 archive (over 65,535 entries or 4 GB) is far past any upload limit.
    if (count === 0xffff || directorySize === ZIP64_SIZE || directoryOffset === ZIP64_SIZE) return null;
    if (directoryOffset + directorySize > size) return null;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let index = 0; index < count; index += 1) {
      if (at + DIRECTORY_HEADER_LENGTH > directory.length) return null;
      if (directory.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) return null;
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      let compressedSize = directory.readUInt32LE(at + 20);
      let uncompressedSize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      let localHeaderOffset = directory.readUInt32LE(at + 42);
      const nameStart = at + DIRECTORY_HEADER_LENGTH;
      const name = directory.toString(
        flags & FLAG_UTF8_NAME ? 'utf8' : 'latin1',
        nameStart,
        Math.min(nameStart + nameLength, directory.length),
      );
      if (compressedSize === ZIP64_SIZE || uncompressedSize === ZIP64_SIZE || localHeaderOffset === ZIP64_SIZE) {
        const extra = directory.subarray(nameStart + nameLength, nameStart + nameLength + extraLength);
        const values = zip64Values(extra, {
          uncompressed: uncompressedSize === ZIP64_SIZE,
          compressed: compressedSize === ZIP64_SIZE,
          offset: localHeaderOffset === ZIP64_SIZE,
        });
        uncompressedSize = values?.uncompressed ?? (uncompressedSize === ZIP64_SIZE ? Infinity : uncompressedSize);
        compressedSize = values?.compressed ?? (compressedSize === ZIP64_SIZE ? Infinity : compressedSize);
        localHeaderOffset = values?.offset ?? (localHeaderOffset === ZIP64_SIZE ? Infinity : localHeaderOffset);
      }
      entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
      at = nameStart + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** A zip is a workbook when it has the parts of one (the content types and the `xl/` folder). */
export function isWorkbook(entries: readonly ZipEntry[]): boolean {
  return entries.some((entry) => entry.name === '[Content_Types].xml' || entry.name.startsWith('xl/'));
}

/** The entries that can be read as a table: CSV (TSV, TXT) files, not folders, hidden files or macOS metadata. */
export function tableEntries(entries: readonly ZipEntry[]): ZipEntry[] {
  return entries.filter((entry) => {
    if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/')) return false;
    const base = entry.name.split('/').pop() ?? '';
    return !base.startsWith('.') && TABLE_EXTENSIONS.test(base);
  });
}

/**
 * The inflated bytes of one entry, counted as they come: past `maxUnzippedBytes`, or inflating
 * more than `maxRatio` times its compressed size (above `ratioFloorBytes`), the read stops with
 * ARCHIVE_TOO_LARGE. Declared sizes are checked first for a fast refusal, but the count is what
 * holds: a header can lie.
 */
export async function* inflateEntry(path: string, entry: ZipEntry, limits: ZipLimits): AsyncGenerator<Buffer> {
  if (entry.flags & FLAG_ENCRYPTED) throw unreadable(`${entry.name} is encrypted.`);
  if (entry.method !== 0 && entry.method !== 8)
    throw unreadable(`${entry.name} is compressed with a method other than deflate.`);
  if (entry.uncompressedSize > limits.maxUnzippedBytes) throw tooLarge(limits, entry.name);
  if (
    entry.uncompressedSize > limits.ratioFloorBytes &&
    entry.uncompressedSize > limits.maxRatio * entry.compressedSize
  )
    throw tooCompressed(limits, entry.name);
  const handle = await open(path, 'r');
  let dataStart: number;
  let fileSize: number;
  try {
    fileSize = (await handle.stat()).size;
    const header = Buffer.alloc(LOCAL_HEADER_LENGTH);
    const { bytesRead } = await handle.read(header, 0, LOCAL_HEADER_LENGTH, entry.localHeaderOffset);
    if (bytesRead < LOCAL_HEADER_LENGTH || header.readUInt32LE(0) !== LOCAL_FILE_HEADER)
      throw unreadable(`the entry ${entry.name} is not where the directory says.`);
    dataStart = entry.localHeaderOffset + LOCAL_HEADER_LENGTH + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.compressedSize === 0) return;
  if (dataStart + entry.compressedSize > fileSize) throw unreadable(`the entry ${entry.name} is cut short.`);
  const input = createReadStream(path, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  const inflater = entry.method === 8 ? createInflateRaw() : null;
  const stream = inflater ? pipeline(input, inflater, () => undefined) : input;
  let bytesOut = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytesOut += chunk.length;
      const bytesIn = inflater ? inflater.bytesWritten : bytesOut;
      if (bytesOut > limits.maxUnzippedBytes) throw tooLarge(limits, entry.name);
      if (bytesOut > limits.ratioFloorBytes && bytesOut > limits.maxRatio * Math.max(bytesIn, 1))
        throw tooCompressed(limits, entry.name);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw unreadable(`${entry.name}: ${(error as Error).message}`);
  } finally {
    input.destroy();
    inflater?.destroy();
  }
}
