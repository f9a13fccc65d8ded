import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import type { ImportBatchView } from '@meridian/domain';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { call, login } from '#test/support/http.js';
import { waitFor } from '#test/support/wait.js';
import {
  repeatedPart,
  SHEET_PREFIX,
  SHEET_SUFFIX,
  workbookParts,
  zipOf,
} from '../../../../../../connectors/src/files/__tests__/zip-builder.js';

// Issue #8, "Rules": every kind of bad input gets a clear 4xx (the code and message the user
// sees) and leaves nothing behind: no batch row, no file in IMPORT_DIR, no contact.

const MAX_BYTES = 64 * 1024;
const TOO_LARGE = `The file is larger than the limit of ${MAX_BYTES} bytes`;

let importDir: string;
let api: TestApi;
let prisma: PrismaClient;
let organization: CreatedOrganization;
let token: string;

interface ErrorBody {
  code: string;
  message: string;
  details: { path: string; message: string }[];
}

interface Refusal {
  status: number;
  code: string;
  /** The reader's code, carried as the path of the one detail. */
  reason: string;
  message: string;
}

function uploadUrl(fileName: string, query = '') {
  return `${api.baseUrl}/api/imports?fileName=${encodeURIComponent(fileName)}${query}`;
}

async function upload(fileName: string, body: Buffer | string | ReadableStream, query = '') {
  const response = await fetch(uploadUrl(fileName, query), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as ErrorBody & { batch: ImportBatchView } };
}

async function expectRefused(fileName: string, body: Buffer | string | ReadableStream, expected: Refusal) {
  const response = await upload(fileName, body);
  expect(response.status).toBe(expected.status);
  expect(response.body.code).toBe(expected.code);
  expect(response.body.details).toEqual([{ path: expected.reason, message: expected.message }]);
  expect(response.body.message).toBe(expected.message);
  await expectNothingWritten();
}

async function expectNothingWritten() {
  expect(await prisma.importBatch.count()).toBe(0);
  expect(await prisma.contact.count()).toBe(0);
  expect(await readdir(join(importDir, organization.organizationId)).catch(() => [])).toEqual([]);
}

const invalid = (reason: string, message: string): Refusal => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  reason,
  message,
});

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld(() => ({ IMPORT_MAX_BYTES: String(MAX_BYTES) }));
  ({ api, prisma, importDir } = world);
  organization = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  token = await login(api.baseUrl, organization.email, organization.password);
});
afterAll(() => world?.close());

describe('imports: bad input is refused at upload and leaves nothing', () => {
  beforeEach(expectNothingWritten);

  it('wrong encoding: characters lost to a bad conversion', async () => {
    await expectRefused(
      'contacts.csv',
      'Record ID,First Name,Last Name\n1,Caf\uFFFD,Roy\n',
      invalid(
        'WRONG_ENCODING',
        'Line 2 holds characters that could not be decoded: the file is not in the expected encoding. Save it as UTF-8 CSV.',
      ),
    );
  });

  it('wrong encoding: UTF-16 without a byte order mark', async () => {
    await expectRefused(
      'contacts.csv',
      Buffer.from('Record ID,First Name,Last Name\n1,Ann,Roy\n', 'utf16le'),
      invalid(
        'WRONG_ENCODING',
        'The file contains NUL bytes: it is not a text file, or it is UTF-16 without a byte order mark. Save it as UTF-8 CSV.',
      ),
    );
  });

  it('a ragged row', async () => {
    await expectRefused(
      'contacts.csv',
      'Record ID,First Name,Last Name\n1,Ann,Roy\n2,Bob,Lee,extra\n',
      invalid('RAGGED_ROW', 'Line 3 has 4 cells but the header has 3 columns.'),
    );
  });

  // A file without the source id column of its source's profile is no longer bad input (issue 14):
  // it is accepted, its rows matched on e-mail, phone and name (real-exports.test.ts).

  it('duplicated headers, also when they differ only in case or spacing', async () => {
    await expectRefused(
      'contacts.csv',
      'Record ID,First Name,first  name\n1,Ann,Ann\n',
      invalid('DUPLICATE_HEADERS', 'The header row (row 1) repeats "first  name": each column needs its own name.'),
    );
  });

  it('an empty file', async () => {
    await expectRefused('contacts.csv', '', invalid('EMPTY_FILE', 'The file is empty.'));
  });

  it('a header without rows', async () => {
    await expectRefused(
      'contacts.csv',
      'Record ID,First Name,Last Name\n',
      invalid('EMPTY_FILE', 'The file has a header row (row 1) but no data rows.'),
    );
  });

  it('a legacy .xls file', async () => {
    await expectRefused(
      'contacts.xls',
      'Record ID,First Name\n1,Ann\n',
      invalid('UNSUPPORTED_FORMAT', 'Legacy Excel (.xls) files are not supported: save the sheet as XLSX or CSV.'),
    );
  });

  it('a file over the size limit, streamed without a Content-Length (counted while stored)', async () => {
    const line = new TextEncoder().encode('1,Ann\n');
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BYTES + 4096) return controller.close();
        controller.enqueue(sent === 0 ? new TextEncoder().encode('Record ID,First Name\n') : line);
        sent += line.length;
      },
    });
    await expectRefused('contacts.csv', body, {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      reason: 'FILE_TOO_LARGE',
      message: TOO_LARGE,
    });
  });

  it('a file over the size limit by its Content-Length: 413 before a byte of the body is sent', async () => {
    // Headers only: the body is never written. An answer can then only come from the header.
    const response = await new Promise<{ status: number; body: ErrorBody }>((resolve, reject) => {
      const request = httpRequest(uploadUrl('contacts.csv'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'text/csv',
          'content-length': String(50 * 1024 * 1024),
        },
      });
      request.on('error', reject);
      request.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as ErrorBody,
          });
          request.destroy();
        });
      });
      request.flushHeaders();
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(response.body.details).toEqual([{ path: 'FILE_TOO_LARGE', message: TOO_LARGE }]);
    await expectNothingWritten();
    // The connection was dropped mid-body: the API still answers.
    const health = await call(api.baseUrl, 'GET', '/api/health');
    expect(health.status).toBe(200);
  });

  it('an XLSX zip bomb: under 64 KB that inflate to 48 MB', async () => {
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', SHEET_PREFIX, ' ', 48 * 1024 * 1024, SHEET_SUFFIX);
    // Its header hides the sizes until after the data, so only counting what it inflates can tell.
    const bomb = zipOf([...workbookParts(), { ...sheet, descriptor: true }]);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    await expectRefused('contacts.xlsx', bomb, {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      reason: 'WORKBOOK_TOO_LARGE',
      message:
        'The workbook part xl/worksheets/sheet1.xml is compressed more than 100 times, which a real spreadsheet never is: the file looks built to exhaust the server. Save the sheet as CSV, or split the workbook into smaller files, and upload again.',
    });
  });
});

describe('imports: duplicate source ids inside one file', () => {
  it('the dry run marks each repeat INVALID, and the commit writes the first row once', async () => {
    const file = [
      'sourceId,firstName,lastName,email',
      'T-1,Ann,Roy,ann@example.com',
      'T-2,Bob,Lee,bob@example.com',
      'T-1,Ann,Royer,ann.royer@example.com',
      'T-1,Anne,Roy,',
    ].join('\n');
    const uploaded = await upload('contacts.csv', file, '&source=MANUAL_LOAD');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.batch.id;

    const queued = await call(api.baseUrl, 'POST', `/api/imports/${id}/dry-run`, { token });
    expect(queued.status).toBe(202);
    const dry = await waitFor('the dry run', async () => {
      const batch = await call<ImportBatchView>(api.baseUrl, 'GET', `/api/imports/${id}`, { token });
      return batch.body.stage === 'DRY_RUN_DONE' ? batch.body : undefined;
    });
    expect(dry.counts).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 2, review: 0 });
    const rows = await call<{ items: { rowNumber: number; sourceId: string; errors: { message: string }[] }[] }>(
      api.baseUrl,
      'GET',
      `/api/imports/${id}/rows?action=INVALID`,
      { token },
    );
    expect(
      rows.body.items.map((row) => [row.rowNumber, row.sourceId, row.errors.map((error) => error.message)]),
    ).toEqual([
      [4, 'T-1', ['Source id appears more than once in the file (first on row 2)']],
      [5, 'T-1', ['Source id appears more than once in the file (first on row 2)']],
    ]);
    expect(await prisma.contact.count()).toBe(0);

    const committed = await call(api.baseUrl, 'POST', `/api/imports/${id}/commit`, { token });
    expect(committed.status).toBe(202);
    const done = await waitFor('the commit', async () => {
      const batch = await call<ImportBatchView>(api.baseUrl, 'GET', `/api/imports/${id}`, { token });
      return batch.body.status !== 'PENDING' ? batch.body : undefined;
    });
    expect(done.status).toBe('APPLIED');
    const contacts = await prisma.contact.findMany({
      where: { organizationId: organization.organizationId },
      include: { emails: true },
      orderBy: { firstName: 'asc' },
    });
    expect(
      contacts.map((contact) => [contact.firstName, contact.lastName, contact.emails.map((e) => e.email)]),
    ).toEqual([
      ['Ann', 'Roy', ['ann@example.com']],
      ['Bob', 'Lee', ['bob@example.com']],
    ]);
    expect(await prisma.externalLink.count({ where: { source: 'MANUAL_LOAD', sourceId: 'T-1' } })).toBe(1);
  });
});
