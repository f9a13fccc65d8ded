import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-built zips for the zip-bomb tests: the sizes a header declares can be made to lie, and a
 * part can defer its sizes to a data descriptor, neither of which a zip library lets a test do.
 */
export interface ZipPart {
  name: string;
  /** The bytes as stored in the zip (deflated unless `method` is 0). */
  stored: Buffer;
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Sizes written in the headers instead of the real ones. */
  declared?: { compressedSize?: number; uncompressedSize?: number };
  /** Zero sizes in the local header, the real ones in a data descriptor after the data (streamed zips). */
  descriptor?: boolean;
}

export function deflatedPart(name: string, content: string | Buffer): ZipPart {
  const bytes = Buffer.from(content);
  const stored = deflateRawSync(bytes);
  return {
    name,
    stored,
    method: 8,
    crc: crc32(bytes),
    compressedSize: stored.length,
    uncompressedSize: bytes.length,
  };
}

/**
 * A part made of `prefix`, `repeat` copies of `unit` and `suffix`, deflated as a stream so the
 * test never holds the inflated text (which can be gigabytes).
 */
export async function repeatedPart(
  name: string,
  prefix: string,
  unit: string,
  repeat: number,
  suffix: string,
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / unit.length));
  const block = Buffer.from(unit.repeat(perBlock));
  let crc = crc32(prefix);
  let size = Buffer.byteLength(prefix);
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve) => {
      if (deflate.write(bytes)) resolve();
      else deflate.once('drain', resolve);
    });
  await write(Buffer.from(prefix));
  for (let left = repeat; left > 0; left -= perBlock) {
    const bytes = left >= perBlock ? block : Buffer.from(unit.repeat(left));
    crc = crc32(bytes, crc);
    size += bytes.length;
    await write(bytes);
  }
  crc = crc32(suffix, crc);
  size += Buffer.byteLength(suffix);
  deflate.end(Buffer.from(suffix));
  await done;
  const stored = Buffer.concat(out);
  return { name, stored, method: 8, crc, compressedSize: stored.length, uncompressedSize: size };
}

export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const compressedSize = part.declared?.compressedSize ?? part.compressedSize;
    const uncompressedSize = part.declared?.uncompressedSize ?? part.uncompressedSize;
    const flags = part.descriptor ? 0x08 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.descriptor ? 0 : part.crc, 14);
    local.writeUInt32LE(part.descriptor ? 0 : compressedSize, 18);
    local.writeUInt32LE(part.descriptor ? 0 : uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const pieces = [local, name, part.stored];
    if (part.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(part.crc, 4);
      descriptor.writeUInt32LE(compressedSize, 8);
      descriptor.writeUInt32LE(uncompressedSize, 12);
      pieces.push(descriptor);
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(part.method, 10);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(compressedSize, 20);
    entry.writeUInt32LE(uncompressedSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    for (const piece of pieces) {
      locals.push(piece);
      offset += piece.length;
    }
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const SHEET_PREFIX = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_SUFFIX = '</sheetData></worksheet>';

/** An inline-string row (so a sheet needs no shared strings part); the reader needs each cell's address. */
export function sheetRow(rowNumber: number, cells: readonly string[]): string {
  const cellXml = cells.map(
    (cell, index) => `<c r="${String.fromCharCode(65 + index)}${rowNumber}" t="inlineStr"><is><t>${cell}</t></is></c>`,
  );
  return `<row r="${rowNumber}">${cellXml.join('')}</row>`;
}

/** The parts every workbook needs around its sheet: content types, the workbook and its relations. */
export function workbookParts(): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
        '<sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
  ];
}
