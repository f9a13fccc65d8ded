import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deflatedPart, sheetRow, workbookParts, zipOf, SHEET_PREFIX, SHEET_SUFFIX } from './zip-builder.js';
import type { HeaderExpectation } from '@meridian/domain';
import {
  ImportFileError,
  type ImportFileErrorCode,
  type ImportRow,
  readImportFile,
  type ReadImportFileOptions,
} from '../index.js';

function streamOf(...chunks: (string | Buffer)[]): Readable {
  return Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)));
}

async function collect(rows: AsyncIterable<ImportRow>): Promise<ImportRow[]> {
  const result: ImportRow[] = [];
  for await (const row of rows) result.push(row);
  return result;
}

async function readAll(input: Readable | string, options: ReadImportFileOptions = {}) {
  const file = await readImportFile(input, options);
  return { file, rows: await collect(file.rows) };
}

async function failure(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

async function expectCode(promise: Promise<unknown>, code: ImportFileErrorCode): Promise<ImportFileError> {
  const error = await failure(promise);
  expect(error.code).toBe(code);
  return error;
}

const CONTACTS: HeaderExpectation = {
  knownHeaders: ['First Name', 'Last Name', 'Email', 'Record ID'],
  required: [{ field: 'sourceId', aliases: ['Record ID'] }],
  minMatches: 2,
};

describe('readImportFile: CSV detection', () => {
  it('reads a UTF-8 file with a BOM and comma delimiter', async () => {
    const { file, rows } = await readAll(
      streamOf('\uFEFFRecord ID,First Name,Last Name\n101,Hélène,Tremblay\n102,Marc,Côté\n'),
    );
    expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ',', headerRowNumber: 1 });
    expect(file.headers).toEqual(['Record ID', 'First Name', 'Last Name']);
    expect(rows.map((row) => row.values)).toEqual([
      { 'Record ID': '101', 'First Name': 'Hélène', 'Last Name': 'Tremblay' },
      { 'Record ID': '102', 'First Name': 'Marc', 'Last Name': 'Côté' },
    ]);
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3]);
  });

  it('decodes windows-1252 (Excel "Save as CSV" on a French machine) and sniffs ";"', async () => {
    const text =
      'No de compte;Prénom;Nom;Valeur marchande\r\n12345;Élise;Bélanger;1 234,56\r\n12346;François;Gagné;99,00\r\n';
    const { file, rows } = await readAll(streamOf(iconv.encode(text, 'win1252')));
    expect(file).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(rows[0]?.values).toEqual({
      'No de compte': '12345',
      Prénom: 'Élise',
      Nom: 'Bélanger',
      'Valeur marchande': '1 234,56',
    });
    expect(rows[1]?.values['Prénom']).toBe('François');
  });

  it('reads UTF-16LE with its BOM and a tab delimiter', async () => {
    const text = 'First Name\tLast Name\tEmail\nAnne\tLeroux\tanne@example.com\n';
    const { file, rows } = await readAll(
      streamOf(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])),
    );
    expect(file).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(rows[0]?.values).toEqual({ 'First Name': 'Anne', 'Last Name': 'Leroux', Email: 'anne@example.com' });
  });

  it('sniffs a pipe delimiter, keeps quoted delimiters and multi-line cells, and numbers rows by start line', async () => {
    const { file, rows } = await readAll(streamOf('ID|Name|Note\n1|"Smith | Co"|"two\nlines"\n2|Jones|\n'));
    expect(file.delimiter).toBe('|');
    expect(rows.map((row) => [row.rowNumber, row.cells])).toEqual([
      [2, ['1', 'Smith | Co', 'two\nlines']],
      [4, ['2', 'Jones', null]],
    ]);
  });

  it('finds the header below title rows using the profile aliases, and skips blank rows', async () => {
    const csv = 'Client board\n,,\nGroup: Clients,,\nRecord ID,First Name,Last Name\n\n7,Ann,Lee\n';
    const { file, rows } = await readAll(streamOf(csv), { expectation: CONTACTS });
    expect(file.headerRowNumber).toBe(4);
    expect(rows).toEqual([
      {
        rowNumber: 6,
        cells: ['7', 'Ann', 'Lee'],
        values: { 'Record ID': '7', 'First Name': 'Ann', 'Last Name': 'Lee' },
      },
    ]);
  });

  it('without a profile takes the first row with two non-empty cells as the header', async () => {
    const { file } = await readAll(streamOf('Exported 2024-05-01\nA,B\n1,2\n'));
    expect(file.headerRowNumber).toBe(2);
    expect(file.headers).toEqual(['A', 'B']);
  });

  it('pads short rows with nulls and accepts extra empty trailing cells', async () => {
    const { rows } = await readAll(streamOf('A,B,C\n1\n2,3,4,,\n'));
    expect(rows.map((row) => row.cells)).toEqual([
      ['1', null, null],
      ['2', '3', '4'],
    ]);
  });

  it('keeps a stray quote inside an unquoted cell as text', async () => {
    const { rows } = await readAll(streamOf('Name,Line 1\nAnn,12 Main St Apt "B"\n'));
    expect(rows[0]?.values['Line 1']).toBe('12 Main St Apt "B"');
  });

  it('stops reading when closed early', async () => {
    const file = await readImportFile(streamOf('A,B\n1,2\n3,4\n5,6\n'));
    const seen: number[] = [];
    for await (const row of file.rows) {
      seen.push(row.rowNumber);
      if (seen.length === 2) break;
    }
    await file.close();
    expect(seen).toEqual([2, 3]);
  });

  it('reads from a path on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'import-file-'));
    const path = join(dir, 'contacts.csv');
    await writeFile(path, 'A,B\n1,2\n');
    const { rows } = await readAll(path, { fileName: 'contacts.csv' });
    expect(rows[0]?.values).toEqual({ A: '1', B: '2' });
  });
});

describe('readImportFile: bad input', () => {
  it('WRONG_ENCODING: undecodable bytes name their line', async () => {
    // Valid UTF-8 sample, then a stray 0x81 (undefined in windows-1252 too) on line 3.
    const error = await expectCode(
      readImportFile(streamOf('A,B\n1,2\n3,', Buffer.from([0x81]), '\n'), { encoding: 'utf-8' }).then((file) =>
        collect(file.rows),
      ),
      'WRONG_ENCODING',
    );
    expect(error.rowNumber).toBe(3);
    expect(error.message).toContain('Line 3');
  });

  it('WRONG_ENCODING: a file that already holds U+FFFD (mangled by an earlier conversion)', async () => {
    const error = await expectCode(readAll(streamOf('A,B\nCaf\uFFFD,2\n')), 'WRONG_ENCODING');
    expect(error.rowNumber).toBe(2);
  });

  it('WRONG_ENCODING: UTF-16 without a byte order mark', async () => {
    await expectCode(readAll(streamOf(iconv.encode('A,B\n1,2\n', 'utf-16le'))), 'WRONG_ENCODING');
  });

  it('WRONG_ENCODING: bytes that are neither UTF-8 nor Latin-1 (Shift_JIS)', async () => {
    const text = '名前,メール,電話番号,住所\n山田太郎,yamada@example.com,03-5555-0101,東京都千代田区\n'.repeat(20);
    await expectCode(readAll(streamOf(iconv.encode(text, 'shift_jis'))), 'WRONG_ENCODING');
  });

  it('RAGGED_ROW: a row with more cells than headers, with its line', async () => {
    const file = await readImportFile(streamOf('A,B\n1,2\n3,4,5\n'));
    const error = await expectCode(collect(file.rows), 'RAGGED_ROW');
    expect(error.rowNumber).toBe(3);
    expect(error.message).toBe('Line 3 has 3 cells but the header has 2 columns.');
  });

  it('UNKNOWN_HEADERS: the profile requires a column the file lacks', async () => {
    const error = await expectCode(
      readAll(streamOf('First Name,Last Name\nAnn,Lee\n'), { expectation: CONTACTS }),
      'UNKNOWN_HEADERS',
    );
    expect(error.details.headers).toEqual(['sourceId']);
    expect(error.message).toContain('"Record ID"');
  });

  it('DUPLICATE_HEADERS: refused, with the repeated names; renamed when asked', async () => {
    const csv = 'Name,Email,email,CH Update,CH Update\nAnn,a@example.com,b@example.com,x,y\n';
    const error = await expectCode(readAll(streamOf(csv)), 'DUPLICATE_HEADERS');
    expect(error.details.headers).toEqual(['email', 'CH Update']);
    const { file } = await readAll(streamOf(csv), { renameDuplicateHeaders: true });
    expect(file.headers).toEqual(['Name', 'Email', 'email (2)', 'CH Update', 'CH Update (2)']);
  });

  it('EMPTY_FILE: no bytes, no header, header without rows are told apart', async () => {
    expect((await expectCode(readAll(streamOf('')), 'EMPTY_FILE')).details.emptyReason).toBe('NO_BYTES');
    expect((await expectCode(readAll(streamOf('\n\n\r\n')), 'EMPTY_FILE')).details.emptyReason).toBe('NO_HEADER');
    expect((await expectCode(readAll(streamOf('only one column\nvalue\n')), 'EMPTY_FILE')).details.emptyReason).toBe(
      'NO_HEADER',
    );
    const noRows = await expectCode(readAll(streamOf('A,B\n\n')), 'EMPTY_FILE');
    expect(noRows.details.emptyReason).toBe('NO_ROWS');
    expect(noRows.message).toBe('The file has a header row (row 1) but no data rows.');
  });

  it('FILE_TOO_LARGE: checked while streaming, and up front for a path', async () => {
    const big = Readable.from(
      (function* () {
        yield Buffer.from('A,B\n');
        for (let index = 0; index < 10_000; index += 1) yield Buffer.from(`${index},${'x'.repeat(100)}\n`);
      })(),
    );
    const error = await expectCode(
      readImportFile(big, { maxBytes: 200_000 }).then((file) => collect(file.rows)),
      'FILE_TOO_LARGE',
    );
    expect(error.details.limitBytes).toBe(200_000);
    expect(error.message).toBe('The file is larger than the limit of 195.3 KB.');

    const dir = await mkdtemp(join(tmpdir(), 'import-file-'));
    const path = join(dir, 'big.csv');
    await writeFile(path, 'A,B\n1,2\n');
    await expectCode(readImportFile(path, { maxBytes: 4 }), 'FILE_TOO_LARGE');
  });

  it('UNSUPPORTED_FORMAT: a quoted cell never closed, with its line', async () => {
    // csv-parse only knows at the end of the input; in a small file that is while opening it.
    const error = await expectCode(readAll(streamOf('A,B\n1,2\n3,"open\n4,5\n')), 'UNSUPPORTED_FORMAT');
    expect(error.message).toBe(
      'The file is not valid CSV at line 4: Quote Not Closed: the parsing is finished with an opening quote at line 4',
    );
    expect(error.rowNumber).toBe(4);
  });

  it('UNSUPPORTED_FORMAT: legacy .xls, PDF, other extensions, a broken zip', async () => {
    await expectCode(
      readAll(streamOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))),
      'UNSUPPORTED_FORMAT',
    );
    await expectCode(readAll(streamOf('%PDF-1.7\n...')), 'UNSUPPORTED_FORMAT');
    await expectCode(readAll(streamOf('A,B\n1,2\n'), { fileName: 'contacts.docx' }), 'UNSUPPORTED_FORMAT');
    await expectCode(readAll(streamOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))), 'UNSUPPORTED_FORMAT');
  });
});

describe('readImportFile: XLSX', () => {
  it('reads a workbook whose sheet is stored before the workbook part (zip entries in any order), by position and by name', async () => {
    // A zip may store its parts in any order; a streaming writer's order even varies from run to
    // run. exceljs's reader fails ("reading 'sheets'") when a sheet comes after the shared strings
    // but before xl/workbook.xml.
    const [contentTypes, relations, workbookPart] = workbookParts();
    const sharedStrings = deflatedPart(
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
    );
    const sheet = deflatedPart(
      'xl/worksheets/sheet1.xml',
      SHEET_PREFIX + sheetRow(1, ['First Name', 'Last Name']) + sheetRow(2, ['Ann', 'Lee']) + SHEET_SUFFIX,
    );
    const buffer = zipOf([contentTypes!, relations!, sharedStrings, sheet, workbookPart!]);
    const { rows } = await readAll(streamOf(buffer), {
      expectation: { knownHeaders: ['First Name', 'Last Name'], required: [], minMatches: 2 },
    });
    expect(rows.map((row) => row.values)).toEqual([{ 'First Name': 'Ann', 'Last Name': 'Lee' }]);
    // Asked for by name, the sheet is found under the name the workbook part gives it.
    const named = await readAll(streamOf(buffer), { sheetName: 'Contacts' });
    expect(named.file.sheetName).toBe('Contacts');
    expect(named.rows.map((row) => row.values)).toEqual([{ 'First Name': 'Ann', 'Last Name': 'Lee' }]);
  });

  it('reads shared-string cells of a sheet stored before its shared strings (the order Excel writes)', async () => {
    // The sheet is spooled to disk until the shared strings are read; the part after it must not
    // be lost when the upload has already been written whole.
    const [contentTypes, relations, workbookPart] = workbookParts();
    const cell = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
    const sheet = deflatedPart(
      'xl/worksheets/sheet1.xml',
      SHEET_PREFIX +
        `<row r="1">${cell('A1', 0)}${cell('B1', 1)}</row><row r="2">${cell('A2', 2)}${cell('B2', 3)}</row>` +
        SHEET_SUFFIX,
    );
    const sharedStrings = deflatedPart(
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4">' +
        '<si><t>First Name</t></si><si><t>Last Name</t></si><si><t>Ann</t></si><si><t>Lee</t></si></sst>',
    );
    const buffer = zipOf([contentTypes!, relations!, workbookPart!, sheet, sharedStrings]);
    const { file, rows } = await readAll(streamOf(buffer), { sheetName: 'Contacts' });
    expect(file.sheetName).toBe('Contacts');
    expect(rows.map((row) => row.values)).toEqual([{ 'First Name': 'Ann', 'Last Name': 'Lee' }]);
  });

  async function workbook(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    build(book);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads the first sheet: title rows skipped, date cells as ISO, big ids as exact integers', async () => {
    const buffer = await workbook((book) => {
      const sheet = book.addWorksheet('Clients board');
      sheet.addRow(['Clients board']);
      sheet.addRow(['Active clients']);
      sheet.addRow(['Name', 'Date', 'Due', 'Item ID (auto generated)', 'Amount', 'Done']);
      const row = sheet.addRow([
        'Ann Lee',
        new Date(Date.UTC(2024, 4, 2)),
        new Date(Date.UTC(2024, 4, 2, 15, 4)),
        4876876000000111,
        1234.5,
        true,
      ]);
      row.getCell(2).numFmt = 'm/d/yyyy';
      row.getCell(3).numFmt = 'm/d/yyyy h:mm';
      book.addWorksheet('updates').addRow(['x', 'y']);
    });
    const { file, rows } = await readAll(streamOf(buffer), {
      expectation: { knownHeaders: ['Name', 'Item ID (auto generated)'], required: [], minMatches: 2 },
    });
    expect(file).toMatchObject({
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      sheetName: 'Clients board',
      headerRowNumber: 3,
    });
    expect(rows).toEqual([
      {
        rowNumber: 4,
        cells: ['Ann Lee', '2024-05-02', '2024-05-02T15:04:00', '4876876000000111', '1234.5', 'TRUE'],
        values: {
          Name: 'Ann Lee',
          Date: '2024-05-02',
          Due: '2024-05-02T15:04:00',
          'Item ID (auto generated)': '4876876000000111',
          Amount: '1234.5',
          Done: 'TRUE',
        },
      },
    ]);
  });

  it('reads a named sheet, and says which sheets exist when the name is wrong', async () => {
    const buffer = await workbook((book) => {
      book.addWorksheet('Summary').addRow(['Total', 3]);
      const sheet = book.addWorksheet('Accounts');
      sheet.addRow(['Account Number', 'Market Value']);
      sheet.addRow(['A-1', 10]);
    });
    const { file, rows } = await readAll(streamOf(buffer), { sheetName: 'Accounts' });
    expect(file.sheetName).toBe('Accounts');
    expect(rows[0]?.values).toEqual({ 'Account Number': 'A-1', 'Market Value': '10' });
    const error = await expectCode(readAll(streamOf(buffer), { sheetName: 'Nope' }), 'UNSUPPORTED_FORMAT');
    expect(error.message).toBe('The workbook has no sheet named "Nope" (sheets: Summary, Accounts).');
  });

  it('applies the same rules as CSV: ragged rows and duplicate headers', async () => {
    const ragged = await workbook((book) => {
      const sheet = book.addWorksheet('S');
      sheet.addRow(['A', 'B']);
      sheet.addRow([1, 2]);
      sheet.addRow([1, 2, 3]);
    });
    const file = await readImportFile(streamOf(ragged));
    const error = await expectCode(collect(file.rows), 'RAGGED_ROW');
    expect(error.message).toBe('Row 3 has 3 cells but the header has 2 columns.');
    const duplicate = await workbook((book) => {
      const sheet = book.addWorksheet('S');
      sheet.addRow(['A', 'A']);
      sheet.addRow([1, 2]);
    });
    await expectCode(readAll(streamOf(duplicate)), 'DUPLICATE_HEADERS');
  });
});
