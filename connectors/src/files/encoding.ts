import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ImportFileError } from './errors.js';
import type { ImportTextEncoding } from './types.js';

export interface DetectedEncoding {
  encoding: ImportTextEncoding;
  /** Length of the byte order mark to skip. */
  bomLength: number;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(sample: Buffer, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => sample[index] === byte);
}

/** The BOM of `encoding` at the start of the sample, if there is one. */
export function bomLength(sample: Buffer, encoding: ImportTextEncoding): number {
  if (encoding === 'utf-8') return startsWith(sample, UTF8_BOM) ? 3 : 0;
  if (encoding === 'utf-16le') return startsWith(sample, [0xff, 0xfe]) ? 2 : 0;
  if (encoding === 'utf-16be') return startsWith(sample, [0xfe, 0xff]) ? 2 : 0;
  return 0;
}

/**
 * Single-byte encodings chardet may name for a Western European text that is not UTF-8. On short
 * samples it often hesitates between them (a French name reads as Portuguese ISO-8859-1 or as
 * Romanian ISO-8859-2); windows-1252 decodes all of these Latin-1 letters, and is what Excel and
 * Access write on Canadian machines.
 */
const LATIN1_FAMILY = new Set(['ISO-8859-1', 'windows-1252', 'ISO-8859-15']);
const SINGLE_BYTE = /^(ISO-8859-\d+|windows-125\d)$/;

/**
 * The encoding of a CSV file from its first bytes: a BOM first; then valid UTF-8 (ASCII included);
 * otherwise chardet, and only the Latin-1 family is accepted (decoded as windows-1252). UTF-16 must
 * carry its BOM. Anything else is WRONG_ENCODING.
 */
export function detectEncoding(sample: Buffer, complete: boolean): DetectedEncoding {
  if (startsWith(sample, UTF8_BOM)) return { encoding: 'utf-8', bomLength: 3 };
  if (startsWith(sample, [0xff, 0xfe])) return { encoding: 'utf-16le', bomLength: 2 };
  if (startsWith(sample, [0xfe, 0xff])) return { encoding: 'utf-16be', bomLength: 2 };
  if (sample.includes(0)) {
    throw new ImportFileError(
      'WRONG_ENCODING',
      'The file contains NUL bytes: it is not a text file, or it is UTF-16 without a byte order mark. Save it as UTF-8 CSV.',
    );
  }
  if (isValidUtf8(sample, complete)) return { encoding: 'utf-8', bomLength: 0 };
  const candidates = chardet.analyse(sample);
  const top = candidates[0];
  const latin =
    top !== undefined &&
    (LATIN1_FAMILY.has(top.name) ||
      (SINGLE_BYTE.test(top.name) && candidates.some((candidate) => LATIN1_FAMILY.has(candidate.name))));
  if (!latin) {
    throw new ImportFileError(
      'WRONG_ENCODING',
      `The file's encoding could not be read (it looks like ${top?.name ?? 'binary data'}). Save it as UTF-8 CSV.`,
    );
  }
  return { encoding: 'windows-1252', bomLength: 0 };
}

/** True when the bytes are UTF-8; a sequence cut by the end of a partial sample is allowed. */
function isValidUtf8(sample: Buffer, complete: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * A streaming decoder. Undecodable bytes become U+FFFD rather than an exception, so the row they
 * are in can be named in the WRONG_ENCODING error (the reader refuses any row holding U+FFFD).
 */
export function createDecoder(encoding: ImportTextEncoding): { write(chunk: Buffer): string; end(): string } {
  if (encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    return { write: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
  }
  const decoder = iconv.getDecoder(encoding, { stripBOM: false });
  return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() ?? '' };
}

/** Decodes the sample alone (for the delimiter sniff). */
export function decodeSample(sample: Buffer, detected: DetectedEncoding): string {
  const decoder = createDecoder(detected.encoding);
  return decoder.write(sample.subarray(detected.bomLength));
}
