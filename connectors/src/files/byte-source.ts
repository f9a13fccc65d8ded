import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ImportFileError } from './errors.js';
import type { ImportFileInput } from './types.js';

/** Bytes looked at to detect the format, the encoding and the delimiter. */
export const SAMPLE_BYTES = 64 * 1024;

/**
 * The input as a stream of byte chunks, with its first `SAMPLE_BYTES` read ahead so the format,
 * encoding and delimiter can be detected, then replayed. The size limit is checked while reading,
 * so a stream of unknown length is refused as soon as it passes the limit.
 */
export interface ByteSource {
  sample: Buffer;
  /** True when the sample is the whole file. */
  complete: boolean;
  /** Every byte of the input from the start, sample included. Single use. */
  chunks(): AsyncGenerator<Buffer>;
  close(): void;
}

function tooLarge(limit: number): ImportFileError {
  return new ImportFileError('FILE_TOO_LARGE', `The file is larger than the limit of ${formatBytes(limit)}.`, {
    limitBytes: limit,
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

export async function openByteSource(input: ImportFileInput, maxBytes: number | undefined): Promise<ByteSource> {
  let stream: Readable;
  if (typeof input === 'string') {
    // A file on disk says its size up front: refuse it before reading a byte.
    const { size } = await stat(input);
    if (maxBytes !== undefined && size > maxBytes) throw tooLarge(maxBytes);
    stream = createReadStream(input, { highWaterMark: SAMPLE_BYTES });
  } else {
    stream = input;
  }
  const iterator: AsyncIterator<unknown> = stream[Symbol.asyncIterator]();
  let total = 0;

  async function next(): Promise<Buffer | null> {
    const result = await iterator.next();
    if (result.done) return null;
    const value = result.value;
    const chunk = Buffer.isBuffer(value)
      ? value
      : typeof value === 'string'
        ? Buffer.from(value)
        : Buffer.from(value as Uint8Array);
    total += chunk.length;
    if (maxBytes !== undefined && total > maxBytes) {
      stream.destroy();
      throw tooLarge(maxBytes);
    }
    return chunk;
  }

  const head: Buffer[] = [];
  let headLength = 0;
  let complete = false;
  try {
    while (headLength < SAMPLE_BYTES) {
      const chunk = await next();
      if (chunk === null) {
        complete = true;
        break;
      }
      head.push(chunk);
      headLength += chunk.length;
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  const sample = Buffer.concat(head);
  let used = false;
  return {
    sample,
    complete,
    async *chunks() {
      if (used) throw new Error('The byte source was already read');
      used = true;
      try {
        if (sample.length > 0) yield sample;
        if (complete) return;
        for (let chunk = await next(); chunk !== null; chunk = await next()) yield chunk;
      } finally {
        stream.destroy();
      }
    },
    close() {
      stream.destroy();
    },
  };
}

/** A Readable over an async generator of bytes; an error of the generator destroys the stream with it. */
export function readableOf(chunks: AsyncGenerator<Buffer>): Readable {
  return Readable.from(chunks, { objectMode: false });
}
