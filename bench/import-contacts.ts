// How fast a contacts file imports, end to end: a generated 100,000-row CSV in the manual-load
// profile's canonical headers (varied names, e-mails, phones and addresses, tags, birth dates, households
// of three for three contacts in four, a note on one in ten) is uploaded to the
// real API (stored, read through and checked), dry-run and committed by the real worker (BullMQ
// jobs over Redis), beside a bare COPY of the same file into a scratch table of text columns in
// the same run (the baseline: no mapping, no validation, no links, no lookups, no index). Prints
// figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/import-contacts.ts \
//     [--database-url URL] [--rows 100000] [--keep]
//
// Everything happens in a scratch database on DATABASE_URL's server (migrated here, dropped at
// the end unless --keep), with a Redis key prefix of its own on REDIS_URL and the file in a
// temporary IMPORT_DIR. The API and the worker run in this one process, so the memory figures
// (resident set, sampled every 50 ms, peak per phase) are theirs together.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { Redis } from 'ioredis';
import { from as copyFrom } from 'pg-copy-streams';
import {
  createApiApp,
  createLogger,
  createPrismaClient,
  loadConfig,
  TokenService,
  type PrismaClient,
} from '@meridian/api';
import { ContactType, EntityType, Gender, LeadSource, newId, type ImportBatchView } from '@meridian/domain';
import { startWorker, type RunningWorker } from '@meridian/workers';

import { migrateDatabase } from '../prisma/migrate.js';
import {
  connect,
  DEFAULT_DATABASE_URL,
  disconnect,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  serverAddressOf,
  withDatabaseName,
} from '../prisma/postgres.js';
import { WORKER_MAX_OLD_SPACE_MB, WORKER_NODE_FLAGS } from '../scripts/lib/worker-heap.js';

// The API and the worker run in this process under the worker's heap cap, as `npm start` runs the
// worker (scripts/lib/worker-heap.ts); without it V8 would let garbage pile up before collecting.
if (getHeapStatistics().heap_size_limit > (WORKER_MAX_OLD_SPACE_MB + 256) * 1024 * 1024) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...WORKER_NODE_FLAGS, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    rows: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
  },
});
const rowCount = Number(options.rows);
const serverUrl = withDatabaseName(
  options['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  MAINTENANCE_DATABASE,
);
const POLL_MS = 100;

const HEADERS = [
  'sourceId',
  'firstName',
  'lastName',
  'middleName',
  'gender',
  'type',
  'source',
  'email',
  'phone',
  'line1',
  'line2',
  'city',
  'province',
  'postalCode',
  'country',
  'employerName',
  'jobTitle',
  'tags',
  'dateOfBirth',
  'householdSourceId',
  'householdName',
  'householdRole',
  'note',
];

/** Values written one after another, `|` between them (line breaks are only layout). */
const valuesOf = (text: string) => text.split('|').map((value) => value.trim());

const FIRST_NAMES = valuesOf(`
  Olivia|Liam|Emma|Noah|Charlotte|William|Amelia|Benjamin|Sophia|Lucas|Chloé|Félix|Zoé|Théo|Léa|
  Mathis|Priya|Arjun|Mei|Wei|Hiroshi|Yuki|Fatima|Omar|Aisha|Mohammed|Gabriela|Mateo|Sofía|Diego|
  Ingrid|Lars|Siobhan|Declan|Nadia|Dmitri|Ngozi|Kwame|Anaïs|Jean-Philippe|Marie-Ève|D'Arcy|
  Gurpreet|Harpreet|Thanh|Minh|Ji-woo|Seo-yeon|Kateryna|Bohdan
`);
const LAST_NAMES = valuesOf(`
  Smith|Brown|Tremblay|Martin|Roy|Wilson|MacDonald|Gagnon|Johnson|Taylor|Côté|Bouchard|Gauthier|
  Morin|Lavoie|Fortin|Gagné|Ouellet|Pelletier|Bélanger|Lee|Chen|Wong|Nguyen|Patel|Singh|Sharma|
  Kim|Park|Tanaka|Ali|Khan|García|Rodríguez|Silva|O'Brien|O'Connor|McLeod|Van der Berg|Kowalski|
  Novak|Okafor|Mensah|Ivanova|Schmidt|Müller|Rossi|Esposito|Haddad|St-Pierre
`);
const MIDDLE_NAMES = ['', '', '', 'Anne', 'James', 'Marie', 'Joseph', 'Grace', 'Lee', 'Rose'];
const STREETS = valuesOf(`
  Main St|King St W|Queen St E|Yonge St|Rue Sainte-Catherine|Boulevard Saint-Laurent|Granville St|
  Robson St|17 Ave SW|Jasper Ave|Portage Ave|Spring Garden Rd|Elgin St|Bank St|Avenue du Parc|
  Chemin de la Côte-des-Neiges|Lakeshore Blvd W|Bloor St W
`);
const PLACES: [city: string, province: string, postalPrefix: string][] = [
  ['Toronto', 'ON', 'M5V'],
  ['Ottawa', 'ON', 'K1P'],
  ['Mississauga', 'ON', 'L5B'],
  ['Montréal', 'QC', 'H2X'],
  ['Québec', 'QC', 'G1R'],
  ['Vancouver', 'BC', 'V6B'],
  ['Victoria', 'BC', 'V8W'],
  ['Calgary', 'AB', 'T2P'],
  ['Edmonton', 'AB', 'T5J'],
  ['Winnipeg', 'MB', 'R3C'],
  ['Regina', 'SK', 'S4P'],
  ['Halifax', 'NS', 'B3H'],
];
const AREA_CODES = ['416', '647', '437', '613', '514', '438', '418', '604', '778', '403', '587', '204', '306', '902'];
const EMPLOYERS = [
  '',
  '',
  'Royal Bank',
  'Hydro-Québec',
  'Shopify',
  'City of Toronto',
  'BC Hydro',
  'Bombardier',
  'Telus',
];
const JOB_TITLES = ['', '', 'Engineer', 'Teacher', 'Nurse', 'Physician', 'Accountant', 'Owner', 'Retired', 'Analyst'];
const TAGS = ['', '', 'vip', 'newsletter', 'rrsp;tfsa', 'estate-planning', 'referral;vip'];
const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'videotron.ca', 'shaw.ca', 'rogers.com', 'yahoo.ca', 'icloud.com'];

/** A small deterministic generator (mulberry32): the same file every run. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    digits: (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join(''),
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
  };
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const asciiOf = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

function contactLine(index: number, random: ReturnType<typeof randomSource>): string {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const area = random.pick(AREA_CODES);
  const local = `${random.between(200, 999)}${random.digits(4)}`;
  const phone = random.pick([
    `(${area}) ${local.slice(0, 3)}-${local.slice(3)}`,
    `${area}-${local.slice(0, 3)}-${local.slice(3)}`,
    `+1 ${area} ${local.slice(0, 3)} ${local.slice(3)}`,
  ]);
  const [city, province, postalPrefix] = random.pick(PLACES);
  const letter = () => random.pick('ABCEGHJKLMNPRSTVXY'.split(''));
  const hasAddress = index % 10 !== 0;
  const household = Math.floor(index / 3);
  const inHousehold = household % 4 !== 3;
  const born = `${random.between(1935, 2004)}-${String(random.between(1, 12)).padStart(2, '0')}-${String(random.between(1, 28)).padStart(2, '0')}`;
  const fields = [
    `CRM-${String(index + 1).padStart(7, '0')}`,
    firstName,
    lastName,
    random.pick(MIDDLE_NAMES),
    random.pick(Gender),
    random.pick(ContactType),
    random.pick(LeadSource),
    // The row number keeps e-mails unique, as they are in a real export.
    `${asciiOf(firstName)}.${asciiOf(lastName)}${index}@${random.pick(EMAIL_DOMAINS)}`,
    phone,
    hasAddress ? `${random.between(1, 9999)} ${random.pick(STREETS)}` : '',
    hasAddress && index % 7 === 0 ? `Unit ${random.between(100, 3999)}` : '',
    hasAddress ? city : '',
    hasAddress ? province : '',
    hasAddress ? `${postalPrefix} ${random.between(1, 9)}${letter()}${random.between(1, 9)}` : '',
    hasAddress ? 'Canada' : '',
    random.pick(EMPLOYERS),
    random.pick(JOB_TITLES),
    random.pick(TAGS),
    index % 5 === 0 ? '' : born,
    // Three of four contacts belong to a household of three (its first member its head), named as
    // a firm's export names them; one in ten carries a note.
    inHousehold ? `HH-${String(household).padStart(6, '0')}` : '',
    inHousehold ? `${LAST_NAMES[household % LAST_NAMES.length]} household ${household}` : '',
    inHousehold ? (index % 3 === 0 ? 'HEAD' : 'MEMBER') : '',
    index % 10 === 3 ? `Met at the ${city || 'Toronto'} seminar; prefers e-mail.` : '',
  ];
  return fields.map(csvField).join(',');
}

/** Writes the file in 64 KB pieces (never held whole); returns its size in bytes. */
async function writeContactsCsv(path: string, rows: number): Promise<number> {
  const random = randomSource(20_240_501);
  function* pieces() {
    let piece = `${HEADERS.join(',')}\n`;
    for (let index = 0; index < rows; index += 1) {
      piece += `${contactLine(index, random)}\n`;
      if (piece.length >= 65_536) {
        yield piece;
        piece = '';
      }
    }
    if (piece.length > 0) yield piece;
  }
  await pipeline(pieces, createWriteStream(path));
  return (await stat(path)).size;
}

/** The baseline: the same file, COPY'd as CSV into a table of text columns with no index. */
async function bareCopy(url: string, path: string): Promise<number> {
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    await client.query(`CREATE TABLE bench_contacts_copy (${HEADERS.map((header) => `"${header}" text`).join(', ')})`);
    const start = performance.now();
    await pipeline(
      createReadStream(path),
      client.query(copyFrom('COPY bench_contacts_copy FROM STDIN WITH (FORMAT csv, HEADER true)')),
    );
    const elapsed = performance.now() - start;
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM bench_contacts_copy');
    if (Number(rows[0]!.count) !== rowCount) throw new Error(`COPY wrote ${rows[0]!.count} rows, not ${rowCount}`);
    return elapsed;
  } finally {
    await disconnect(client);
  }
}

/**
 * Tables an import of contacts writes, parents before children: the floor baseline rewrites their
 * rows for the organization.
 */
const WRITTEN_TABLES = [
  'households',
  'persons',
  'families',
  'family_members',
  'tags',
  'contacts',
  'contact_emails',
  'contact_phone_numbers',
  'contact_addresses',
  'contact_employments',
  'contact_tags',
  'notes',
  'external_links',
  'audit_logs',
  'import_row_results',
];

/**
 * A second baseline, closer to what an import must do: the organization's rows that the import
 * wrote (into tables with their indexes, constraints and foreign keys), kept aside, deleted, and
 * INSERTed again, one statement per table, in one transaction. What the import adds beyond it is
 * reading the file, deciding each row and resolving what rows refer to.
 */
async function bareRewrite(
  url: string,
  organizationId: string,
): Promise<{ ms: number; rows: number; unindexedMs: number; tables: { table: string; rows: number; ms: number }[] }> {
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    const kept = new Map<string, number>();
    for (const table of WRITTEN_TABLES) {
      const result = await client.query(
        `CREATE TEMP TABLE ${quoteIdentifier(`kept_${table}`)} AS SELECT * FROM ${quoteIdentifier(table)} WHERE organization_id = $1`,
        [organizationId],
      );
      kept.set(table, result.rowCount ?? 0);
    }
    for (const table of [...WRITTEN_TABLES].reverse())
      await client.query(`DELETE FROM ${quoteIdentifier(table)} WHERE organization_id = $1`, [organizationId]);
    // The volume alone: the same rows into logged copies of the tables without an index or a key.
    for (const table of WRITTEN_TABLES)
      await client.query(`CREATE TABLE ${quoteIdentifier(`bare_${table}`)} (LIKE ${quoteIdentifier(table)})`);
    await client.query('VACUUM ANALYZE');
    const unindexedStart = performance.now();
    await client.query('BEGIN');
    for (const table of WRITTEN_TABLES)
      await client.query(
        `INSERT INTO ${quoteIdentifier(`bare_${table}`)} SELECT * FROM ${quoteIdentifier(`kept_${table}`)}`,
      );
    await client.query('COMMIT');
    const unindexedMs = performance.now() - unindexedStart;
    for (const table of WRITTEN_TABLES) await client.query(`DROP TABLE ${quoteIdentifier(`bare_${table}`)}`);
    const start = performance.now();
    const tables: { table: string; rows: number; ms: number }[] = [];
    await client.query('BEGIN');
    for (const table of WRITTEN_TABLES) {
      const tableStart = performance.now();
      await client.query(`INSERT INTO ${quoteIdentifier(table)} SELECT * FROM ${quoteIdentifier(`kept_${table}`)}`);
      tables.push({ table, rows: kept.get(table) ?? 0, ms: performance.now() - tableStart });
    }
    await client.query('COMMIT');
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    return { ms: performance.now() - start, rows, unindexedMs, tables };
  } finally {
    await disconnect(client);
  }
}

/** Peak resident set size, sampled while a phase runs. */
function sampleMemory() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

interface Phase {
  label: string;
  ms: number;
  peakRss: number;
}

async function measure<T>(label: string, phases: Phase[], work: () => Promise<T>): Promise<T> {
  const memory = sampleMemory();
  const start = performance.now();
  try {
    return await work();
  } finally {
    phases.push({ label, ms: performance.now() - start, peakRss: memory.stop() });
  }
}

async function deleteRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const mib = (bytes: number) => `${number(bytes / (1024 * 1024))} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const name = `meridian_bench_import_${Date.now().toString(36)}`;
const url = withDatabaseName(serverUrl, name);
const queuePrefix = `bench-${randomBytes(4).toString('hex')}`;
const importDir = await mkdtemp(join(tmpdir(), 'meridian-bench-import-'));
const csvPath = join(importDir, 'contacts.csv');
let prisma: PrismaClient | undefined;
let app: Awaited<ReturnType<typeof createApiApp>> | undefined;
let worker: RunningWorker | undefined;
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  QUEUE_PREFIX: queuePrefix,
  LOG_LEVEL: 'silent',
  AUTH_TOKEN_SECRET: randomBytes(32).toString('hex'),
  CREDENTIALS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  IMPORT_DIR: join(importDir, 'uploads'),
  // A million rows is some 200 MiB: over the default upload limit, which a firm would raise too.
  IMPORT_MAX_BYTES: String(2 ** 30),
});
try {
  const fileBytes = await writeContactsCsv(csvPath, rowCount);
  const startRss = process.memoryUsage().rss;
  await migrateDatabase(url, { log: () => undefined });
  prisma = createPrismaClient(url);
  const organizationId = newId(EntityType.organization);
  const teamId = newId(EntityType.team);
  const userId = newId(EntityType.user);
  await prisma.organization.create({ data: { id: organizationId, name: 'Bench Wealth' } });
  await prisma.team.create({ data: { id: teamId, organizationId, name: 'Bench team' } });
  await prisma.user.create({
    data: { id: userId, organizationId, email: 'bench@bench.test', name: 'Bench', passwordHash: 'x', role: 'ADMIN' },
  });
  await prisma.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });

  app = await createApiApp(config, createLogger('silent'));
  await app.listen(0, '127.0.0.1');
  worker = await startWorker(config, createLogger('silent'));
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const token = await app.get(TokenService).issue({ userId, organizationId, role: 'ADMIN' });
  const idleRss = process.memoryUsage().rss;
  const headers = { authorization: `Bearer ${token}` };
  console.log(
    `Contacts import into scratch database ${name} on ${serverAddressOf(serverUrl)}: ` +
      `${number(rowCount)} rows, ${mib(fileBytes)} CSV (manual-load profile: our field names), API and worker in this process\n`,
  );

  async function batchOf(id: string): Promise<ImportBatchView> {
    const response = await fetch(`${baseUrl}/imports/${id}`, { headers });
    if (!response.ok) throw new Error(`GET batch answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as ImportBatchView;
  }
  async function until(id: string, done: (batch: ImportBatchView) => boolean): Promise<ImportBatchView> {
    for (;;) {
      const batch = await batchOf(id);
      if (batch.status === 'FAILED' || batch.errorCode)
        throw new Error(`The batch failed: ${batch.errorCode ?? ''} ${batch.errorMessage ?? ''}`);
      if (done(batch)) return batch;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  async function post(path: string, status: number): Promise<void> {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers });
    if (response.status !== status)
      throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  }

  const phases: Phase[] = [];
  const uploaded = await measure('upload (store, read through, suggest)', phases, async () => {
    const response = await fetch(`${baseUrl}/imports?fileName=contacts.csv&source=MANUAL_LOAD`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: await openAsBlob(csvPath),
    });
    if (response.status !== 201) throw new Error(`Upload answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { batch: ImportBatchView }).batch;
  });
  const dry = await measure('dry run (worker)', phases, async () => {
    await post(`/imports/${uploaded.id}/dry-run`, 202);
    return until(uploaded.id, (batch) => batch.stage === 'DRY_RUN_DONE');
  });
  const applied = await measure('commit (worker)', phases, async () => {
    await post(`/imports/${uploaded.id}/commit`, 202);
    return until(uploaded.id, (batch) => batch.status !== 'PENDING');
  });
  const contacts = await prisma.contact.count({ where: { organizationId } });
  const floor = await bareRewrite(url, organizationId);
  const copyMs = await measure('bare COPY of the file', phases, () => bareCopy(url, csvPath));

  const endToEnd = phases.slice(0, 3).reduce((sum, phase) => sum + phase.ms, 0);
  const peakImportRss = Math.max(...phases.slice(0, 3).map((phase) => phase.peakRss));
  const line = (label: string, ms: number, rss: string) =>
    console.log(
      `${label.padEnd(40)} ${seconds(ms).padStart(9)} ${number((rowCount / ms) * 1000).padStart(9)} rows/s ${rss.padStart(10)}`,
    );
  console.log(`${'phase'.padEnd(40)} ${'time'.padStart(9)} ${'rate'.padStart(16)} ${'peak RSS'.padStart(10)}`);
  for (const phase of phases) line(phase.label, phase.ms, mib(phase.peakRss));
  line('end to end (upload, dry run, commit)', endToEnd, mib(Math.max(...phases.slice(0, 3).map((p) => p.peakRss))));
  console.log('');
  line(`bare INSERT of the ${number(floor.rows)} rows written`, floor.ms, '');
  line('  the same, tables without index or key', floor.unindexedMs, '');
  // Where the floor goes, table by table (the rest of it is the commit): which indexes and keys a
  // faster import would have to give up.
  for (const { table, rows, ms } of [...floor.tables].sort((a, b) => b.ms - a.ms))
    console.log(`  ${table.padEnd(38)} ${seconds(ms).padStart(9)} ${number(rows).padStart(9)} rows`);
  console.log('');
  console.log(`ratio end to end / COPY                  ${(endToEnd / copyMs).toFixed(1)}x`);
  console.log(
    `ratio bare INSERT / COPY                 ${(floor.ms / copyMs).toFixed(1)}x  (writing the rows alone, the floor of any import into this schema)`,
  );
  console.log(
    `ratio unindexed INSERT / COPY            ${(floor.unindexedMs / copyMs).toFixed(1)}x  (the rows' volume; the rest of the floor is indexes and keys)`,
  );
  console.log(
    `ratio end to end / bare INSERT           ${(endToEnd / floor.ms).toFixed(1)}x  (the same rows into the same tables, nothing decided)`,
  );
  console.log(`dry run counts                           ${JSON.stringify(dry.counts)}`);
  console.log(
    `commit                                   ${applied.status}, ${number(contacts)} contacts in the database`,
  );
  console.log(
    `memory                                   ${mib(startRss)} RSS before the API started, ${mib(idleRss)} idle with the API and worker; ` +
      `the import adds ${mib(Math.max(0, peakImportRss - idleRss))} (peak ${mib(peakImportRss)}, heap cap ${WORKER_MAX_OLD_SPACE_MB} MiB)`,
  );
} finally {
  await worker?.close();
  await app?.close();
  await prisma?.$disconnect();
  await deleteRedisKeys(config.REDIS_URL, `${queuePrefix}:*`);
  await rm(importDir, { recursive: true, force: true });
  if (options.keep) {
    console.log(`\nkept: ${url}`);
  } else {
    const admin = await connect(serverUrl, 'meridian-bench', 'cleanup');
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    } finally {
      await disconnect(admin);
    }
  }
}
