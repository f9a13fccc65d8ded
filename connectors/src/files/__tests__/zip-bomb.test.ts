import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readImportFile, type ImportFileErrorCode, type ReadImportFileOptions } from '../index.js';
import {
  deflatedPart,
  repeatedPart,
  sheetRow,
  SHEET_PREFIX,
  SHEET_SUFFIX,
  workbookParts,
  zipOf,
  type ZipPart,
} from './zip-builder.js';

const SHEET = 'xl/worksheets/sheet1.xml';
/** A bomb's sheet: 256 MB of one row repeated, which deflate squeezes into about 1 MB. */
const BOMB_BYTES = 256 * 1024 * 1024;
const BOMB_ROW = sheetRow(2, ['Ann', 'Lee', 'ann@example.com']);
let bombSheet: Promise<ZipPart> | undefined;
function bombSheetPart(): Promise<ZipPart> {
  bombSheet ??= repeatedPart(SHEET, SHEET_PREFIX, BOMB_ROW, Math.ceil(BOMB_BYTES / BOMB_ROW.length), SHEET_SUFFIX);
  return bombSheet;
}

function retainedHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/** Chunks of 64 KB, as a file on disk is read, counting how many were pulled. */
function chunked(bytes: Buffer): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  const stream = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        pulled += 1;
        yield bytes.subarray(at, at + 64 * 1024);
      }
    })(),
  );
  return { stream, pulled: () => pulled };
}

async function readAll(bytes: Buffer, options: ReadImportFileOptions = {}) {
  const file = await readImportFile(chunked(bytes).stream, options);
  const rows: (string | null)[][] = [];
  for await (const row of file.rows) rows.push([...row.cells]);
  return { file, rows };
}

async function refusal(promise: Promise<unknown>, code: ImportFileErrorCode): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  expect((error as ImportFileError).code).toBe(code);
  return error as ImportFileError;
}

function honestSheet(rows: number): ZipPart {
  const lines = [sheetRow(1, ['First Name', 'Last Name'])];
  for (let index = 1; index <= rows; index += 1) lines.push(sheetRow(index + 1, [`Given${index}`, `Family${index}`]));
  return deflatedPart(SHEET, SHEET_PREFIX + lines.join('') + SHEET_SUFFIX);
}

describe('readImportFile: XLSX zip bombs', () => {
  it('reads an honest workbook, whether its parts give their sizes up front or in data descriptors', async () => {
    for (const descriptor of [false, true]) {
      const parts = [...workbookParts(), honestSheet(3)].map((part) => ({ ...part, descriptor }));
      const { file, rows } = await readAll(zipOf(parts));
      expect(file.headers).toEqual(['First Name', 'Last Name']);
      expect(rows).toEqual([
        ['Given1', 'Family1'],
        ['Given2', 'Family2'],
        ['Given3', 'Family3'],
      ]);
    }
  });

  it('refuses a sheet that declares it expands more than 100 times, before inflating a byte of it', async () => {
    const sheet = await bombSheetPart();
    expect(sheet.uncompressedSize / sheet.compressedSize).toBeGreaterThan(200);
    const bomb = zipOf([...workbookParts(), sheet]);
    const { stream, pulled } = chunked(bomb);
    const error = await refusal(readImportFile(stream), 'WORKBOOK_TOO_LARGE');
    expect(error.message).toBe(
      `The workbook part ${SHEET} is compressed more than 100 times, which a real spreadsheet never is: the file looks built to exhaust the server. Save the sheet as CSV, or split the workbook into smaller files, and upload again.`,
    );
    expect(error.details.entry).toBe(SHEET);
    // Refused on the sheet's header, in the first 64 KB chunk (a stream reads one chunk ahead) of about 16.
    expect(bomb.length).toBeGreaterThan(10 * 64 * 1024);
    expect(pulled()).toBeLessThanOrEqual(2);
  });

  it('refuses a bomb whose headers lie (sizes deferred or understated) by counting what it inflates, with flat memory', async () => {
    const sheet = await bombSheetPart();
    const lies: ZipPart[] = [
      { ...sheet, descriptor: true },
      { ...sheet, declared: { uncompressedSize: sheet.compressedSize * 3 } },
    ];
    for (const lying of lies) {
      const bomb = zipOf([...workbookParts(), lying]);
      const before = retainedHeap();
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 5);
      const { stream, pulled } = chunked(bomb);
      try {
        const error = await refusal(
          readImportFile(stream).then(async (file) => {
            for await (const _row of file.rows) void _row;
          }),
          'WORKBOOK_TOO_LARGE',
        );
        expect(error.message).toContain(`The workbook part ${SHEET} is compressed more than 100 times`);
      } finally {
        clearInterval(sampler);
      }
      // 16 MB inflated is where the ratio starts to count: a few 64 KB chunks of a bomb, not all of it.
      expect(pulled()).toBeLessThan(Math.ceil(bomb.length / (64 * 1024)));
      // Inflating all 256 MB (or keeping the rows) would show here; the reader's own buffers do not.
      expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    }
  });

  it('refuses a workbook over the unzipped limit, even when nothing about it looks like a bomb', async () => {
    const sheet = honestSheet(20_000);
    expect(sheet.uncompressedSize).toBeGreaterThan(1024 * 1024);
    for (const descriptor of [false, true]) {
      const workbook = zipOf([...workbookParts(), { ...sheet, descriptor }]);
      const error = await refusal(
        readAll(workbook, { zipLimits: { maxUnzippedBytes: 1024 * 1024 } }),
        'WORKBOOK_TOO_LARGE',
      );
      expect(error.message).toBe(
        'The workbook expands to more than 1 MB once unzipped. Save the sheet as CSV, or split the workbook into smaller files, and upload again.',
      );
      expect(error.details.limitBytes).toBe(1024 * 1024);
    }
    // Within the limit, the same workbook reads in full.
    const { rows } = await readAll(zipOf([...workbookParts(), sheet]), {
      zipLimits: { maxUnzippedBytes: 4 * 1024 * 1024 },
    });
    expect(rows).toHaveLength(20_000);
  });

  it('counts a bomb hidden in the shared strings part as well', async () => {
    const strings = await repeatedPart(
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      '<si><t>Ann</t></si>',
      Math.ceil(BOMB_BYTES / 19),
      '</sst>',
    );
    const bomb = zipOf([...workbookParts(), { ...strings, descriptor: true }, honestSheet(1)]);
    await refusal(readAll(bomb), 'WORKBOOK_TOO_LARGE');
  });

  it('refuses a record the reader would walk past the count (anything but a part before the directory)', async () => {
    const workbook = zipOf([...workbookParts(), honestSheet(1)]);
    // A Chrome extension header ("Cr24", version, two empty keys): unzipper skips it and reads the parts after.
    const tampered = Buffer.concat([Buffer.from('Cr24'), Buffer.alloc(12), workbook]);
    await refusal(readAll(tampered, { format: 'xlsx' }), 'UNSUPPORTED_FORMAT');
  });
});
