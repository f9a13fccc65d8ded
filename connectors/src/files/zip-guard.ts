import { createInflateRaw, type InflateRaw } from 'node:zlib';
import { ImportFileError } from './errors.js';

/**
 * How far an XLSX may expand. A workbook is a zip of XML parts; a tiny upload can declare (or
 * simply hold) gigabytes of XML, which the reader would inflate into memory (shared strings) or a
 * temporary file (a sheet stored before its shared strings). Real sheets compress 5 to 30 times.
 */
export interface ZipLimits {
  /** Bytes of all the parts together, once inflated. */
  maxUnzippedBytes: number;
  /** Above `ratioFloorBytes`, a part that inflates to more than this many times its compressed size is refused. */
  maxRatio: number;
  /** A part this small is never refused for its ratio (an empty sheet compresses very well too). */
  ratioFloorBytes: number;
}

/** 1 GiB of XML is about 2,000,000 rows of 15 columns; more than any import a firm sends at once. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUnzippedBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 16 * 1024 * 1024,
};

/** Signatures and markers of the zip format, shared with the archive reader (zip-archive.ts). */
export const LOCAL_FILE_HEADER = 0x04034b50;
export const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
export const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** Local file header after its signature: versions, flags, method, time, date, crc, sizes, name and extra lengths. */
const LOCAL_HEADER_REST = 26;
/** Central directory header after its signature, up to the name, extra field and comment. */
const DIRECTORY_HEADER_REST = 42;
/** A data descriptor as the reader takes it: signature, crc, compressed and uncompressed sizes. */
const DATA_DESCRIPTOR_LENGTH = 16;
const FLAG_DATA_DESCRIPTOR = 0x08;
/** A 32-bit size or offset of this value means "see the zip64 extra field". */
export const ZIP64_SIZE = 0xffffffff;
export const ZIP64_EXTRA = 0x0001;

const SAVE_AS_CSV = 'Save the sheet as CSV, or split the workbook into smaller files, and upload again.';

/** A size as people read it in a refusal: `1.5 GB`, `20 MB`, `512 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${+(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${bytes} bytes`;
}

function tooLargeUnzipped(limits: ZipLimits, entry: string): ImportFileError {
  return new ImportFileError(
    'WORKBOOK_TOO_LARGE',
    `The workbook expands to more than ${formatBytes(limits.maxUnzippedBytes)} once unzipped. ${SAVE_AS_CSV}`,
    { limitBytes: limits.maxUnzippedBytes, entry },
  );
}

function tooCompressed(limits: ZipLimits, entry: string): ImportFileError {
  return new ImportFileError(
    'WORKBOOK_TOO_LARGE',
    `The workbook part ${entry} is compressed more than ${limits.maxRatio} times, which a real spreadsheet never is: the file looks built to exhaust the server. ${SAVE_AS_CSV}`,
    { limitBytes: limits.maxUnzippedBytes, entry },
  );
}

function unreadable(reason: string): ImportFileError {
  return new ImportFileError('UNSUPPORTED_FORMAT', `The file is not a readable XLSX workbook: ${reason}`);
}

interface Entry {
  name: string;
  /** Compressed bytes fed so far, and inflated bytes produced from them. */
  bytesIn: number;
  bytesOut: number;
  inflater: InflateRaw | null;
  failure: ImportFileError | null;
}

type State =
  | { kind: 'signature' }
  | { kind: 'header' }
  | { kind: 'data'; remaining: number }
  | { kind: 'until-descriptor' }
  | { kind: 'descriptor' }
  | { kind: 'directory-header' }
  | { kind: 'trailer' };

/**
 * Passes a zip's bytes through unchanged while inflating each part on the side, only to count the
 * bytes it expands to; a chunk is handed on only once the parts so far are within `limits`, so the
 * workbook reader never inflates more than the limit. The parts are walked the way the reader
 * (unzipper's streaming `Parse`, under exceljs) walks them: local headers in order, a part's data
 * by the compressed size of its header or, when the header defers it, up to the data descriptor's
 * signature. Anything else before the central directory is refused, so no part can hide from the count.
 * Declared sizes are checked first (fast refusal), but the count is what holds: headers can lie.
 */
export async function* guardZip(chunks: AsyncIterable<Buffer>, limits: ZipLimits): AsyncGenerator<Buffer> {
  let state: State = { kind: 'signature' };
  let inDirectory = false;
  let carry: Buffer = Buffer.alloc(0);
  let entry: Entry | null = null;
  let totalOut = 0;

  function check(current: Entry): void {
    if (current.failure) throw current.failure;
    if (totalOut > limits.maxUnzippedBytes) throw tooLargeUnzipped(limits, current.name);
    if (current.bytesOut > limits.ratioFloorBytes && current.bytesOut > limits.maxRatio * current.bytesIn)
      throw tooCompressed(limits, current.name);
  }

  function open(name: string, method: number): Entry {
    const current: Entry = { name, bytesIn: 0, bytesOut: 0, inflater: null, failure: null };
    // The reader inflates every part whose method is not 0 (stored), whatever the method says.
    if (method !== 0) {
      const inflater = createInflateRaw();
      inflater.on('data', (chunk: Buffer) => {
        current.bytesOut += chunk.length;
        totalOut += chunk.length;
        try {
          check(current);
        } catch (error) {
          // Stop inflating at once: the rest of a bomb's chunk is not worth the CPU.
          current.failure = error as ImportFileError;
          inflater.destroy();
        }
      });
      inflater.on('error', (error: Error) => {
        current.failure ??= unreadable(`part ${name}: ${error.message}`);
      });
      current.inflater = inflater;
    }
    return current;
  }

  async function feed(current: Entry, bytes: Buffer): Promise<void> {
    if (bytes.length === 0) return;
    current.bytesIn += bytes.length;
    const { inflater } = current;
    if (!inflater) {
      current.bytesOut += bytes.length;
      totalOut += bytes.length;
    } else if (!inflater.destroyed) {
      await new Promise<void>((resolve) => {
        inflater.once('close', resolve);
        inflater.write(bytes, () => {
          inflater.off('close', resolve);
          resolve();
        });
      });
    }
    check(current);
  }

  async function close(current: Entry): Promise<void> {
    const { inflater } = current;
    if (inflater && !inflater.destroyed) {
      await new Promise<void>((resolve) => {
        inflater.once('end', resolve);
        inflater.once('close', resolve);
        inflater.end();
      });
    }
    check(current);
  }

  /** True once the walk is past the end record: the rest of the bytes only pass through. */
  const pastLastPart = () => state.kind === 'trailer';

  /** Consumes what it can of `buffer` from `position`; returns where it stopped (needs more bytes). */
  async function advance(buffer: Buffer, position: number): Promise<number> {
    let at = position;
    for (;;) {
      switch (state.kind) {
        case 'signature': {
          if (buffer.length - at < 4) return at;
          const signature = buffer.readUInt32LE(at);
          if (signature === LOCAL_FILE_HEADER) {
            // The reader takes a local header even among the directory's records, so it is counted there too.
            at += 4;
            state = { kind: 'header' };
          } else if (signature === CENTRAL_DIRECTORY_HEADER) {
            at += 4;
            inDirectory = true;
            state = { kind: 'directory-header' };
          } else if (signature === END_OF_CENTRAL_DIRECTORY || inDirectory) {
            // The reader stops at the end record (and skips to it from anything unknown in the directory).
            state = { kind: 'trailer' };
          } else {
            throw unreadable(`unexpected zip record 0x${signature.toString(16)}`);
          }
          break;
        }
        case 'header': {
          if (buffer.length - at < LOCAL_HEADER_REST) return at;
          const flags = buffer.readUInt16LE(at + 2);
          const method = buffer.readUInt16LE(at + 4);
          let compressedSize = buffer.readUInt32LE(at + 14);
          let uncompressedSize = buffer.readUInt32LE(at + 18);
          const nameLength = buffer.readUInt16LE(at + 22);
          const extraLength = buffer.readUInt16LE(at + 24);
          const length = LOCAL_HEADER_REST + nameLength + extraLength;
          if (buffer.length - at < length) return at;
          const name = buffer.toString('utf8', at + LOCAL_HEADER_REST, at + LOCAL_HEADER_REST + nameLength);
          if (compressedSize === ZIP64_SIZE || uncompressedSize === ZIP64_SIZE) {
            const zip64 = zip64Sizes(buffer.subarray(at + LOCAL_HEADER_REST + nameLength, at + length));
            if (compressedSize === ZIP64_SIZE) compressedSize = zip64?.compressedSize ?? Number.MAX_SAFE_INTEGER;
            if (uncompressedSize === ZIP64_SIZE) uncompressedSize = zip64?.uncompressedSize ?? Number.MAX_SAFE_INTEGER;
          }
          at += length;
          const sizeKnown = (flags & FLAG_DATA_DESCRIPTOR) === 0 || compressedSize > 0;
          if (sizeKnown) {
            const declaredOut = method === 0 ? compressedSize : uncompressedSize;
            if (totalOut + declaredOut > limits.maxUnzippedBytes) throw tooLargeUnzipped(limits, name);
            if (declaredOut > limits.ratioFloorBytes && declaredOut > limits.maxRatio * compressedSize)
              throw tooCompressed(limits, name);
          }
          entry = open(name, method);
          state = sizeKnown ? { kind: 'data', remaining: compressedSize } : { kind: 'until-descriptor' };
          break;
        }
        case 'data': {
          const take = Math.min(state.remaining, buffer.length - at);
          await feed(entry!, buffer.subarray(at, at + take));
          at += take;
          state.remaining -= take;
          if (state.remaining > 0) return at;
          await close(entry!);
          entry = null;
          state = { kind: 'signature' };
          break;
        }
        case 'until-descriptor': {
          const found = buffer.indexOf(DATA_DESCRIPTOR, at);
          if (found < 0) {
            // Keep the last bytes back: the signature may straddle two chunks.
            const safe = Math.max(at, buffer.length - (DATA_DESCRIPTOR.length - 1));
            await feed(entry!, buffer.subarray(at, safe));
            return safe;
          }
          await feed(entry!, buffer.subarray(at, found));
          await close(entry!);
          entry = null;
          at = found;
          state = { kind: 'descriptor' };
          break;
        }
        case 'descriptor': {
          if (buffer.length - at < DATA_DESCRIPTOR_LENGTH) return at;
          at += DATA_DESCRIPTOR_LENGTH;
          state = { kind: 'signature' };
          break;
        }
        case 'directory-header': {
          if (buffer.length - at < DIRECTORY_HEADER_REST) return at;
          const length =
            DIRECTORY_HEADER_REST +
            buffer.readUInt16LE(at + 24) +
            buffer.readUInt16LE(at + 26) +
            buffer.readUInt16LE(at + 28);
          if (buffer.length - at < length) return at;
          at += length;
          state = { kind: 'signature' };
          break;
        }
        case 'trailer':
          return buffer.length;
      }
    }
  }

  try {
    for await (const chunk of chunks) {
      if (!pastLastPart()) {
        const buffer = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
        const stopped = await advance(buffer, 0);
        // Copied, so a kept tail does not pin the whole chunk.
        carry = Buffer.from(buffer.subarray(stopped));
      }
      yield chunk;
    }
  } finally {
    (entry as Entry | null)?.inflater?.destroy();
  }
}

/** The sizes of a zip64 extra field, read as the reader reads them (uncompressed first, then compressed). */
function zip64Sizes(extra: Buffer): { uncompressedSize: number; compressedSize: number } | null {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      if (at + 20 > extra.length) return null;
      return {
        uncompressedSize: Number(extra.readBigUInt64LE(at + 4)),
        compressedSize: Number(extra.readBigUInt64LE(at + 12)),
      };
    }
    at += 4 + size;
  }
  return null;
}
