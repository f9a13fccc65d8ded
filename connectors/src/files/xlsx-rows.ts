import ExcelJS from 'exceljs';
import { Duplex, Readable } from 'node:stream';
import { ImportFileError } from './errors.js';
import type { RawRow } from './raw-row.js';
import { guardZip, type ZipLimits } from './zip-guard.js';

/**
 * Text of an integer-valued number without exponent notation. Excel keeps 15 significant digits,
 * so a long id stored as a number has lost its tail before it reaches us; ids must be text cells.
 * Up to 2^53 an integer converts exactly.
 */
export function numberText(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  return String(value);
}

/**
 * An Excel date as ISO text. Excel dates carry no time zone and exceljs reads them as UTC, so the
 * UTC fields are the cell's own: a date alone when the time is midnight, else a date-time without zone.
 */
export function dateText(value: Date): string {
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

/** A cell's value as text: dates and numbers as above, formulas by their result, rich text joined. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText)) {
      return cellText((object.richText as { text?: string }[]).map((part) => part.text ?? '').join(''));
    }
    if ('result' in object) return cellText(object.result);
    if ('text' in object) return cellText(object.text);
    if ('error' in object) return typeof object.error === 'string' ? object.error : null;
  }
  return null;
}

/**
 * The rows of one worksheet of an XLSX byte stream, through exceljs's streaming reader (rows are
 * not kept). Rows exceljs does not emit (wholly empty) are simply absent; row numbers are the sheet's.
 * The bytes reach exceljs through `guardZip`, so a workbook that expands past `zipLimits` (a zip
 * bomb) is refused before exceljs inflates it.
 */
export async function* xlsxRows(
  chunks: AsyncGenerator<Buffer>,
  sheetName: string | undefined,
  zipLimits: ZipLimits,
  onSheet: (name: string) => void,
): AsyncGenerator<RawRow> {
  // A refusal of the byte stream (size limit, zip bomb) must end the read with that refusal.
  // exceljs neither listens for its input's errors (the process would crash on one) nor stops
  // when its input dies (it waits for bytes for ever), so every wait on exceljs races `refused`.
  let refuse: (error: unknown) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  refused.catch(() => undefined);
  async function* guarded() {
    try {
      yield* guardZip(chunks, zipLimits);
    } catch (error) {
      refuse(error);
      throw error;
    }
  }
  const input = Readable.from(guarded());
  input.on('error', () => undefined);
  // exceljs pipes the bytes into unzipper's streaming Parse, which announces 'end' as soon as its
  // input is written, while parts it has parsed may still wait to be read; exceljs stops at that
  // 'end'. A part stored after a sheet that exceljs spooled to disk was then lost: the workbook
  // part (so the sheet names) or the shared strings (so the text cells). The early 'end' is held
  // back: Parse ends its output itself at the zip's end record (or fails on a cut file), and Node
  // then announces the real 'end' once every part has been read.
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    if (destination instanceof Duplex) endOnlyWhenRead(destination);
    return pipe(destination, options);
  };
  function untilRefused<T>(iterable: AsyncIterable<T>): AsyncIterable<T> {
    return {
      [Symbol.asyncIterator]() {
        const iterator = iterable[Symbol.asyncIterator]();
        return {
          next() {
            const next = iterator.next();
            // Once refused, exceljs's pending read may fail later; nobody is waiting for it then.
            next.catch(() => undefined);
            return Promise.race([next, refused]);
          },
          async return() {
            return (await iterator.return?.()) ?? { done: true, value: undefined };
          },
        };
      },
    };
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell date cells from numbers
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // A zip may store a sheet after the shared strings and the workbook's relations but before
  // xl/workbook.xml (a streaming writer's order varies from run to run). exceljs then reads the
  // sheet at once, before it knows the sheet names, and a sheet asked for by name is never found.
  // exceljs spools a sheet to a temporary file and reads it at the end while it lacks the
  // relations, so the relations are withheld from it until the workbook part has been read.
  const internals = reader as unknown as {
    workbookRels?: unknown;
    _parseWorkbook(entry: unknown): Promise<void>;
  };
  let workbookRead = false;
  let relations: unknown;
  Object.defineProperty(internals, 'workbookRels', {
    configurable: true,
    get: () => (workbookRead ? relations : undefined),
    set: (value: unknown) => {
      relations = value;
    },
  });
  const parseWorkbook = internals._parseWorkbook.bind(reader);
  internals._parseWorkbook = async (entry: unknown) => {
    await parseWorkbook(entry);
    workbookRead = true;
  };
  const seen: string[] = [];
  let found = false;
  try {
    for await (const sheet of untilRefused(reader)) {
      const name = (sheet as unknown as { name?: string }).name ?? `Sheet${seen.length + 1}`;
      seen.push(name);
      if (found || (sheetName !== undefined && name !== sheetName)) {
        // exceljs needs every emitted sheet drained before it moves on.
        for await (const _row of untilRefused(sheet)) void _row;
        continue;
      }
      found = true;
      onSheet(name);
      for await (const row of untilRefused(sheet)) {
        const values = row.values as unknown[];
        const cells: (string | null)[] = [];
        for (let column = 1; column < values.length; column += 1) cells.push(cellText(values[column]));
        yield { rowNumber: row.number, cells };
      }
      // Stop here: the rest of the workbook is not needed.
      return;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(
      'UNSUPPORTED_FORMAT',
      `The file is not a readable XLSX workbook: ${(error as Error).message}`,
    );
  } finally {
    input.destroy();
  }
  if (!found) {
    if (sheetName !== undefined) {
      throw new ImportFileError(
        'UNSUPPORTED_FORMAT',
        `The workbook has no sheet named "${sheetName}" (sheets: ${seen.join(', ') || 'none'}).`,
      );
    }
    throw new ImportFileError('EMPTY_FILE', 'The workbook has no worksheet.', { emptyReason: 'NO_HEADER' });
  }
}

/** Lets `zip` announce 'end' (and 'close') only once its readable side has really ended, or it is destroyed. */
function endOnlyWhenRead(zip: Duplex): void {
  const emit = zip.emit.bind(zip);
  zip.emit = ((event: string | symbol, ...args: unknown[]) => {
    if ((event === 'end' || event === 'close') && !zip.readableEnded && !zip.destroyed) return false;
    return emit(event, ...args);
  }) as typeof zip.emit;
}
