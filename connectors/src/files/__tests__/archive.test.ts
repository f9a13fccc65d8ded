// Issue 14: a `.zip` of CSV files (some CRMs export so) is read as the CSV file inside it, chosen
// by name when there are several; an archive without CSV, or of several without a choice, is
// refused with a message that says so; a zipped CSV built to expand without end is refused like
// a workbook bomb.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArchiveFiles, readImportFile, type ImportFileErrorCode, ImportFileError } from '../index.js';
import { deflatedPart, repeatedPart, workbookParts, zipOf, SHEET_PREFIX, SHEET_SUFFIX } from './zip-builder.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function stored(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function readAll(path: string, options: Parameters<typeof readImportFile>[1] = {}) {
  const file = await readImportFile(path, { fileName: 'export.zip', ...options });
  const rows: (string | null)[][] = [];
  for await (const row of file.rows) rows.push([...row.cells]);
  return { file, rows };
}

async function refusal(promise: Promise<unknown>, code: ImportFileErrorCode): Promise<ImportFileError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  expect((error as ImportFileError).code).toBe(code);
  return error as ImportFileError;
}

const CONTACTS = 'Id,FirstName,LastName\n1,Ann,Roy\n2,Bob,Lee\n';
const ACCOUNTS = 'Id,Name\nA1,Roy Dental\n';

describe('zip archives of CSV files', () => {
  it('reads the only CSV file, and says which one it read', async () => {
    const path = await stored(
      'one.zip',
      zipOf([deflatedPart('export/Contact.csv', CONTACTS), deflatedPart('export/README.pdf', '%PDF')]),
    );
    expect(await listArchiveFiles(path)).toEqual(['export/Contact.csv']);
    const { file, rows } = await readAll(path);
    expect(file).toMatchObject({
      format: 'csv',
      archiveEntry: 'export/Contact.csv',
      headers: ['Id', 'FirstName', 'LastName'],
    });
    expect(rows).toEqual([
      ['1', 'Ann', 'Roy'],
      ['2', 'Bob', 'Lee'],
    ]);
  });

  it('reads the file named among several, and refuses to guess without a name', async () => {
    const path = await stored(
      'several.zip',
      zipOf([
        deflatedPart('Account.csv', ACCOUNTS),
        deflatedPart('Contact.csv', CONTACTS),
        deflatedPart('__MACOSX/._Contact.csv', 'junk'),
      ]),
    );
    expect(await listArchiveFiles(path)).toEqual(['Account.csv', 'Contact.csv']);
    const { file, rows } = await readAll(path, { archiveEntry: 'Contact.csv' });
    expect(file.archiveEntry).toBe('Contact.csv');
    expect(rows).toHaveLength(2);
    const error = await refusal(readAll(path), 'ARCHIVE_AMBIGUOUS');
    expect(error.message).toBe(
      'The zip archive holds several CSV files (Account.csv, Contact.csv) and none was chosen: unzip it and upload the file to import.',
    );
    await refusal(readAll(path, { archiveEntry: 'Lead.csv' }), 'UNSUPPORTED_FORMAT');
  });

  it('refuses an archive without CSV file, saying what it holds', async () => {
    const path = await stored(
      'none.zip',
      zipOf([deflatedPart('report.pdf', '%PDF-1.4'), deflatedPart('notes.docx', 'x')]),
    );
    const error = await refusal(readAll(path), 'UNSUPPORTED_FORMAT');
    expect(error.message).toBe(
      'The zip archive holds no CSV file (it holds report.pdf, notes.docx): export the data as CSV, or upload the CSV file itself.',
    );
  });

  it('refuses a zipped CSV that expands past the limit or compresses like a bomb, before inflating it all', async () => {
    const bomb = await repeatedPart('Contact.csv', 'Id,FirstName,LastName\n', '1,Ann,Roy\n', 2_000_000, '');
    const path = await stored('bomb.zip', zipOf([bomb]));
    const limits = { maxUnzippedBytes: 4 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };
    const tooLarge = await refusal(readAll(path, { zipLimits: limits }), 'ARCHIVE_TOO_LARGE');
    expect(tooLarge.message).toContain('expands to more than 4 MB once unzipped');
    // Sizes that lie: the count of inflated bytes still stops it.
    const lying = await stored('lying.zip', zipOf([{ ...bomb, declared: { uncompressedSize: 100 } }]));
    const ratio = await refusal(
      readAll(lying, {
        zipLimits: { maxUnzippedBytes: 1024 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 },
      }),
      'ARCHIVE_TOO_LARGE',
    );
    expect(ratio.message).toContain('compressed more than 100 times');
  });

  it('still reads a workbook as a workbook, and a plain file is no archive', async () => {
    const sheet = deflatedPart(
      'xl/worksheets/sheet1.xml',
      `${SHEET_PREFIX}<row r="1"><c r="A1" t="inlineStr"><is><t>First Name</t></is></c><c r="B1" t="inlineStr"><is><t>Last Name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c><c r="B2" t="inlineStr"><is><t>Roy</t></is></c></row>${SHEET_SUFFIX}`,
    );
    const path = await stored('book.xlsx', zipOf([...workbookParts(), sheet]));
    expect(await listArchiveFiles(path)).toBeNull();
    const { file } = await readAll(path, { fileName: 'book.xlsx' });
    expect(file).toMatchObject({ format: 'xlsx', archiveEntry: null });
    expect(await listArchiveFiles(await stored('plain.csv', Buffer.from(CONTACTS)))).toBeNull();
  });
});
