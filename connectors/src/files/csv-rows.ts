import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { createDecoder } from './encoding.js';
import { ImportFileError } from './errors.js';
import type { RawRow } from './raw-row.js';
import type { CsvDelimiter, ImportTextEncoding } from './types.js';

async function* decoded(chunks: AsyncGenerator<Buffer>, encoding: ImportTextEncoding, bomLength: number) {
  const decoder = createDecoder(encoding);
  let first = true;
  for await (const chunk of chunks) {
    const text = decoder.write(first ? chunk.subarray(bomLength) : chunk);
    first = false;
    if (text.length > 0) yield text;
  }
  const rest = decoder.end();
  if (rest.length > 0) yield rest;
}

/**
 * The records of a CSV byte stream, each with the line it starts on. Empty lines come through as
 * empty records (csv-parse's `skip_empty_lines` would hide them from the line count).
 */
export async function* csvRows(
  chunks: AsyncGenerator<Buffer>,
  encoding: ImportTextEncoding,
  bomLength: number,
  delimiter: CsvDelimiter,
): AsyncGenerator<RawRow> {
  const source = Readable.from(decoded(chunks, encoding, bomLength));
  const parser = parse({
    delimiter,
    relax_column_count: true,
    // A quote inside an unquoted cell (`Apt "B"`, `5'10"`) is kept as text; an unclosed quoted cell still fails.
    relax_quotes: true,
    info: true,
    skip_empty_lines: false,
  });
  // A failure of the source (size limit, read error) must reach the reader of the parser.
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const rowNumber = lastLine + 1;
      lastLine = info.lines;
      yield { rowNumber, cells: record.map((cell) => (cell.trim() === '' ? null : cell)) };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('CSV_')) {
      // csv-parse names the line it stopped at; a quote left open is the usual cause.
      const line = (error as { lines?: number }).lines;
      throw new ImportFileError(
        'UNSUPPORTED_FORMAT',
        `The file is not valid CSV${line ? ` at line ${line}` : ''}: ${(error as Error).message}`,
        line ? { rowNumber: line } : {},
      );
    }
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
