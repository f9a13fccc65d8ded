/**
 * The API fuzzed from its own OpenAPI document: for every operation, requests built from the
 * operation's schemas (fuzz-schema.ts) with hostile values mixed in, in bodies, query strings and
 * path parameters, sent as the demo admin (and a few without or with a bad token). Whatever comes
 * in, the API never answers 5xx, every 4xx carries the standard error body, and a 4xx changes no
 * row (test/support/change-counter.ts).
 *
 *   FUZZ_RUNS=200 npx vitest run test/integration/fuzz.test.ts      more cases per route
 *   FUZZ_SEED=1234 FUZZ_ROUTE='POST /api/contacts' npx vitest run ...  replay one route's cases
 *   FUZZ_SHRINK=1 ...                                                 shrink a failure to its smallest case
 *   FUZZ_SURVEY=1 ...                                                 every distinct problem, not only the first
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApiApp, createPrismaClient, type AppConfig, type PrismaClient } from '@meridian/api';
import { FAKE_INSTITUTIONS, FakeNylasServer, FakePlaidServer, FakeStripeServer } from '@meridian/connectors/testing';
import { EntityType, ErrorCode, IMPORT_PROFILES, newId, TRANSACTION_CATEGORIES } from '@meridian/domain';
import { connect, disconnect } from '../../prisma/postgres.js';
import { DEMO_ADMIN, createTestEnvironment, seedDemo, type TestApi } from '#test/support/app.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { seedPlaidConnection, seedRun, seedSyncedAccount } from '#test/support/hub-factories.js';
import { login } from '#test/support/http.js';
import { buildModelWorld } from '#test/support/model-world.js';
import {
  arbitraryFor,
  CONTROL_CHARACTERS,
  EXTREME_NUMBERS,
  HUGE_LENGTH,
  idArbitrary,
  idKindsOfName,
  idKindsOfPattern,
  summarize,
  type GenerationContext,
  type IdSource,
  type JsonSchema,
} from './fuzz-schema.js';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUTE_FILTER = process.env.FUZZ_ROUTE;
const SHRINK = process.env.FUZZ_SHRINK === '1';
/** Survey mode: keep going after a route's first failure and list each distinct problem once. */
const SURVEY = process.env.FUZZ_SURVEY === '1';
/** No request may take longer: one that does is reported as hung (a provider call without a timeout). */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Tables a refused request may write, and why. (None so far: failed sign-ins are counted in Redis,
 * request logs go to the log, not the database.)
 */
const WRITTEN_BY_REFUSALS: ReadonlySet<string> = new Set<string>();

const ERROR_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

interface Operation {
  method: string;
  /** `/api/contacts/{contactId}` */
  path: string;
  public: boolean;
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: Operation['parameters'];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A path parameter's value: encoded as a URI component, or `raw` when the test means its bytes as they are. */
type PathValue = string | { raw: string };

type BodyPart =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'text'; contentType: string; text: string };

interface FuzzCase {
  auth: 'admin' | 'none' | 'bad';
  /** Webhooks: sign the JSON body as the fake Plaid does, so the case gets past the signature. */
  signed?: boolean;
  badToken?: string;
  path: Record<string, PathValue>;
  query: Record<string, unknown>;
  body: BodyPart;
  headers: Record<string, string>;
}

interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

const BAD_TOKENS = [
  'not-a-token',
  'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ1c2VyLWFiYyJ9.c2lnbmF0dXJl',
  'Bearer',
  '',
  'a'.repeat(2_000),
];

let api: TestApi;
let token: string;
let counter: ChangeCounter;
let client: pg.Client;
let fakePlaid: FakePlaidServer;
let fakeStripe: FakeStripeServer;
let fakeNylas: FakeNylasServer;
let importDir: string;
let ids: IdPool;
let document: OpenApiDocument;
let otherUserEmail: string;
/** The Plaid items of the seeded connections, for signed webhooks about them. */
const plaidItems: string[] = [];
/** The error the API logged for a request id: its message and the first frames of its stack in our code. */
const errorLogs = new Map<string, string>();

function keepErrorLog(line: string): void {
  const entry = JSON.parse(line) as { requestId?: string; err?: { message?: string; stack?: string } };
  if (!entry.requestId || !entry.err) return;
  // Prisma's messages quote the calling code over many lines; what went wrong is at the end.
  const message = (entry.err.message ?? '').replace(/\s+/g, ' ').trim().slice(-400);
  const frames = (entry.err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !line.includes('node_modules'));
  errorLogs.set(entry.requestId, [message, ...frames.slice(0, 4).map((frame) => frame.trim())].join(' | '));
}

/**
 * Real ids of the two organizations, read from the database before each route so the cases of a
 * route see what earlier routes created. `rows` keeps each own row's values so a path with two
 * parameters can get a related pair (a contact and one of its e-mails).
 */
class IdPool implements IdSource {
  private ownIds = new Map<string, string[]>();
  private otherIds = new Map<string, string[]>();
  readonly rows = new Map<string, string[]>();

  constructor(
    private readonly ownOrganization: string,
    private readonly otherOrganization: string,
  ) {}

  async refresh(database: pg.Client): Promise<void> {
    const tables = await database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'organization_id'
         AND table_name IN (SELECT table_name FROM information_schema.columns
                            WHERE table_schema = 'public' AND column_name = 'id')`,
    );
    const selects = tables.rows.flatMap(({ table_name: table }) =>
      [1, 2].map(
        (parameter) =>
          `(SELECT organization_id, to_jsonb(t) AS row FROM "${table}" t WHERE organization_id = $${parameter} ORDER BY id LIMIT 25)`,
      ),
    );
    const result = await database.query<{ organization_id: string; row: Record<string, unknown> }>(
      selects.join(' UNION ALL '),
      [this.ownOrganization, this.otherOrganization],
    );
    this.ownIds = new Map();
    this.otherIds = new Map();
    this.rows.clear();
    for (const { organization_id: organization, row } of result.rows) {
      const id = String(row.id);
      const kind = kindOf(id);
      if (!kind) continue;
      const target = organization === this.ownOrganization ? this.ownIds : this.otherIds;
      target.set(kind, [...(target.get(kind) ?? []), id]);
      if (organization === this.ownOrganization) {
        this.rows.set(
          id,
          Object.values(row).filter(
            (value): value is string => typeof value === 'string' && kindOf(value) !== undefined,
          ),
        );
      }
    }
    // The organizations table has no organization_id column.
    this.ownIds.set('organization', [this.ownOrganization]);
    this.otherIds.set('organization', [this.otherOrganization]);
  }

  kinds(): string[] {
    return [...new Set([...this.ownIds.keys(), ...this.otherIds.keys()])];
  }

  /** The same ids, the caller's narrowed to one household's where that kind has some. */
  scopedTo(household: string): IdSource {
    const inHousehold = (id: string) => id === household || (this.rows.get(id) ?? []).includes(household);
    return {
      kinds: () => this.kinds(),
      other: (kinds) => this.other(kinds),
      own: (kinds) => {
        const all = this.own(kinds);
        const scoped = all.filter(inHousehold);
        return scoped.length > 0 ? scoped : all;
      },
    };
  }

  own(kinds: readonly string[]): string[] {
    return pick(this.ownIds, kinds);
  }

  other(kinds: readonly string[]): string[] {
    return pick(this.otherIds, kinds);
  }
}

function pick(byKind: Map<string, string[]>, kinds: readonly string[]): string[] {
  const wanted = kinds.length > 0 ? kinds : [...byKind.keys()];
  return wanted.flatMap((kind) => byKind.get(kind) ?? []);
}

function kindOf(value: string): string | undefined {
  return /^([a-z][a-z_]*)-[A-Za-z0-9_-]{21}$/.exec(value)?.[1];
}

beforeAll(async () => {
  fakePlaid = await FakePlaidServer.start();
  fakeStripe = await FakeStripeServer.start();
  fakeNylas = await FakeNylasServer.start();
  importDir = await mkdtemp(join(tmpdir(), 'meridian-fuzz-imports-'));
  const environment = await createTestEnvironment({
    PLAID_ENV: 'fake',
    PLAID_BASE_URL: fakePlaid.url,
    PLAID_TIMEOUT_MS: '5000',
    STRIPE_BASE_URL: fakeStripe.url,
    STRIPE_TIMEOUT_MS: '5000',
    NYLAS_API_KEY: fakeNylas.apiKey,
    NYLAS_CLIENT_ID: fakeNylas.clientId,
    NYLAS_API_URI: fakeNylas.url,
    NYLAS_REDIRECT_URI: 'https://app.meridian.test/settings/calendar/connected',
    NYLAS_WEBHOOK_SECRET: 'nylas-fuzz-secret',
    IMPORT_DIR: importDir,
  });
  await seedDemo(environment.databaseUrl);
  // Errors the API logs (a 5xx's cause) are kept by request id for the failure reports.
  const logger = pino({ level: 'error' }, { write: (line: string) => void keepErrorLog(line) });
  const app = await createApiApp(environment.config, logger);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  api = {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: environment.databaseUrl,
    environment,
    close: () => app.close(),
  };
  client = await connect(api.databaseUrl, 'meridian-fuzz', 'DATABASE_URL');
  const demo = await client.query<{ organization_id: string }>('SELECT organization_id FROM users WHERE email = $1', [
    DEMO_ADMIN.email,
  ]);
  const ownOrganization = demo.rows[0]!.organization_id;
  token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // The other organization comes after the demo seed, which only seeds an empty database.
  const prisma = createPrismaClient(api.databaseUrl);
  let otherOrganization: string;
  try {
    otherOrganization = (await buildModelWorld(prisma, 'Elsewhere')).organizationId;
    await seedWhatTheDemoLacks(prisma, environment.config, ownOrganization);
  } finally {
    await prisma.$disconnect();
  }
  ids = new IdPool(ownOrganization, otherOrganization);
  const otherUser = await client.query<{ email: string }>('SELECT email FROM users WHERE organization_id = $1', [
    otherOrganization,
  ]);
  otherUserEmail = otherUser.rows[0]!.email;
  FIELD_HINTS.item_id = plaidItems;
  // The fake Stripe's key, so some connects get past Stripe's check.
  FIELD_HINTS.secretKey = [fakeStripe.secretKey];
  FIELD_HINTS.webhookSecret = ['whsec_fuzz'];
  FIELD_HINTS.path = [
    join(importDir, 'drop', ownOrganization, 'fuzzed'),
    join(importDir, 'drop', otherOrganization, 'x'),
  ];
  await ids.refresh(client);
  counter = await installChangeCounter(api.databaseUrl);
  const response = await fetch(`${api.baseUrl}/api/docs-json`);
  document = (await response.json()) as OpenApiDocument;
});

/**
 * The demo has no integration hub rows: give two of its households a Plaid connection with runs
 * (one failed with record errors, one done, one queued) and a synced account with a stream, and
 * the organization an import folder, a custom import profile and an uploaded, mapped import, so
 * the routes that act on them get past their 404.
 */
async function seedWhatTheDemoLacks(prisma: PrismaClient, config: AppConfig, organizationId: string): Promise<void> {
  const households = await prisma.household.findMany({ where: { organizationId }, take: 2, orderBy: { id: 'asc' } });
  for (const [index, household] of households.entries()) {
    const connection = await seedPlaidConnection(prisma, config, { organizationId, householdId: household.id });
    plaidItems.push(connection.itemId);
    for (const status of ['FAILED', 'SUCCEEDED', 'QUEUED'] as const) {
      await seedRun(prisma, {
        organizationId,
        connectionId: connection.id,
        status,
        errors: status === 'FAILED' ? 2 : 0,
      });
    }
    await seedSyncedAccount(prisma, {
      organizationId,
      householdId: household.id,
      connectionId: connection.id,
      sourceId: `fuzz-account-${index}`,
    });
  }
  const post = (path: string, body: unknown) =>
    fetch(`${api.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await Promise.all([
    post('/api/import-folders', {
      name: 'Nightly contacts',
      path: join(importDir, 'drop', organizationId, 'nightly'),
      cron: '0 3 * * *',
      profileId: 'hubspot-contacts',
    }),
    post('/api/import-profiles', {
      name: 'Old CRM',
      kind: 'contacts',
      mapping: { Ident: 'sourceId', Given: 'firstName', Family: 'lastName' },
      sourceIdHeader: 'Ident',
    }),
  ]);
  const uploaded = await fetch(`${api.baseUrl}/api/imports?fileName=contacts.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: 'Record ID,First Name,Last Name,Email\nX1,Ann,Roy,ann@example.com\nX2,Bo,Ek,bo@example.com\n',
  });
  const batch = ((await uploaded.json()) as { batch: { id: string } }).batch.id;
  const mapped = await fetch(`${api.baseUrl}/api/imports/${batch}/mapping`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ profileId: 'hubspot-contacts' }),
  });
  for (const response of [...created, uploaded, mapped]) {
    if (!response.ok) throw new Error(`Seeding ${response.url} failed: ${response.status} ${await response.text()}`);
  }
  // No worker runs here: copies of the batch stand for one whose dry run is done (with a row for
  // review) and one that was applied, so commit, rollback and the review routes have something to act on.
  const source = await prisma.importBatch.findUniqueOrThrow({ where: { id: batch } });
  const contact = await prisma.contact.findFirstOrThrow({ where: { organizationId }, orderBy: { id: 'asc' } });
  for (const [stage, status] of [
    ['DRY_RUN_DONE', 'PENDING'],
    ['DONE', 'APPLIED'],
  ] as const) {
    const id = newId(EntityType.importBatch);
    await prisma.importBatch.create({
      data: {
        id,
        organizationId,
        source: source.source,
        stage,
        status,
        kind: source.kind,
        profileId: source.profileId,
        fileName: source.fileName,
        filePath: source.filePath,
        fileSize: source.fileSize,
        fileFormat: source.fileFormat,
        headers: source.headers,
        mapping: source.mapping ?? undefined,
        rowCount: source.rowCount,
        reviewCount: 1,
        appliedAt: status === 'APPLIED' ? new Date() : null,
      },
    });
    await prisma.importReviewItem.create({
      data: {
        id: newId(EntityType.importReviewItem),
        organizationId,
        importBatchId: id,
        rowNumber: 2,
        candidateContactId: contact.id,
        matchedOn: 'EMAIL',
      },
    });
  }
}

afterAll(async () => {
  await counter?.close();
  if (client) await disconnect(client);
  await api?.close();
  await api?.environment.dispose();
  await fakePlaid?.close();
  await fakeStripe?.close();
  await fakeNylas?.close();
  if (importDir) await rm(importDir, { recursive: true, force: true });
});

/**
 * Values a field's name calls for that its JSON Schema cannot say (checked by a refinement): without
 * them no generated case would get past the check to what comes after.
 */
const FIELD_HINTS: Record<string, readonly unknown[]> = {
  profileId: IMPORT_PROFILES.map((profile) => profile.id),
  category: TRANSACTION_CATEGORIES.map((category) => category.id),
  cron: ['0 6 * * *', '*/30 * * * *', '15 2 * * 1-5'],
  account: ['TFSA', 'RRSP'],
  institutionId: FAKE_INSTITUTIONS.map((institution) => institution.institution_id),
};

/** Creations first, so the later routes' cases find their rows; removals last. */
const METHOD_ORDER = ['post', 'put', 'patch', 'get', 'delete'];

function operationsOf(openApi: OpenApiDocument): Operation[] {
  const operations = Object.entries(openApi.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      public: (operation.security ?? []).length === 0,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
  return operations.sort(
    (a, b) => METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase()),
  );
}

function routeName(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

// ----- Building cases -------------------------------------------------------------------------

function context(hostility: number, source: IdSource): GenerationContext {
  return { ids: source, components: document.components.schemas, hostility, hints: FIELD_HINTS };
}

function hostilePathValue(kinds: readonly string[], source: IdSource): fc.Arbitrary<PathValue> {
  const known = [...source.own(kinds), ...source.other(kinds)];
  const base =
    known.length > 0 ? fc.constantFrom(...known) : fc.constant(`${kinds[0] ?? 'contact'}-AAAAAAAAAAAAAAAAAAAAA`);
  return fc.oneof(
    base.map((id) => `${id}\u0000`),
    fc.constant('\u0000'),
    fc.constant({ raw: '%00' }),
    fc.constant({ raw: '%E0%A4%A' }),
    fc.constant({ raw: '%' }),
    fc.constant({ raw: '..' }),
    fc.constant({ raw: '%2e%2e%2f' }),
    fc
      .tuple(base, fc.constantFrom(...CONTROL_CHARACTERS))
      .map(([id, control]) => `${id.slice(0, 10)}${control}${id.slice(10)}`),
    fc.constant('p'.repeat(HUGE_LENGTH)),
    fc.constantFrom(...EXTREME_NUMBERS.map(String)),
    fc.constantFrom('null', 'undefined', 'true', ' ', '{}', "' OR 1=1 --"),
    arbitraryFor({ type: 'string' }, 'id', context(0, source)).map(String),
  );
}

/** Path parameters: usually a related set of real ids of the caller's organization, sometimes hostile ones. */
function pathArbitrary(operation: Operation, source: IdSource): fc.Arbitrary<Record<string, PathValue>> {
  const params = operation.parameters.filter((parameter) => parameter.in === 'path');
  if (params.length === 0) return fc.constant({});
  const kindsOf = (parameter: Operation['parameters'][number]) =>
    idKindsOfPattern(parameter.schema.pattern) ?? idKindsOfName(parameter.name, source.kinds()) ?? [];
  const last = params[params.length - 1]!;
  const anchors = source.own(kindsOf(last));
  const valid =
    anchors.length > 0
      ? fc.constantFrom(...anchors).chain((anchor) => {
          const related = ids.rows.get(anchor) ?? [];
          return fc.record(
            Object.fromEntries(
              params.map((parameter) => {
                if (parameter === last) return [parameter.name, fc.constant(anchor)];
                const kinds = kindsOf(parameter);
                const match = related.find((value) => kinds.includes(kindOf(value) ?? ''));
                return [parameter.name, match ? fc.constant(match) : idArbitrary(kinds, context(0, source))];
              }),
            ),
          );
        })
      : fc.record(
          Object.fromEntries(
            params.map((parameter) => [parameter.name, idArbitrary(kindsOf(parameter), context(0, source))]),
          ),
        );
  const mixed = fc.record(
    Object.fromEntries(
      params.map((parameter) => [
        parameter.name,
        fc.oneof(
          { weight: 3, arbitrary: idArbitrary(kindsOf(parameter), context(0, source)) as fc.Arbitrary<PathValue> },
          { weight: 1, arbitrary: hostilePathValue(kindsOf(parameter), source) },
        ),
      ]),
    ),
  );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: mixed });
}

function queryArbitrary(
  operation: Operation,
  hostility: number,
  source: IdSource,
): fc.Arbitrary<Record<string, unknown>> {
  const params = operation.parameters.filter((parameter) => parameter.in === 'query');
  const known = fc.record(
    Object.fromEntries(
      params.map((parameter) => [
        parameter.name,
        arbitraryFor(parameter.schema, parameter.name, context(hostility, source)),
      ]),
    ),
    { requiredKeys: params.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  );
  if (hostility === 0) return known;
  return fc.oneof(
    { weight: 4, arbitrary: known },
    { weight: 1, arbitrary: known.map((query) => ({ ...query, unknownParameter: 'x\u0000y' })) },
  );
}

function jsonBody(operation: Operation, hostility: number, source: IdSource): fc.Arbitrary<BodyPart> {
  const schema = operation.body ?? { type: 'object', properties: {} };
  const value = arbitraryFor(schema, 'body', context(hostility, source));
  if (hostility === 0) return value.map((json) => ({ kind: 'json' as const, value: json }));
  return fc.oneof(
    { weight: 12, arbitrary: value.map((json): BodyPart => ({ kind: 'json', value: json })) },
    {
      weight: 2,
      arbitrary: value.map((json): BodyPart => ({ kind: 'json', value: { ...(json as object), unknownField: 1 } })),
    },
    { weight: 1, arbitrary: fc.constant<BodyPart>({ kind: 'none' }) },
    {
      weight: 1,
      arbitrary: value.map((json): BodyPart => ({
        kind: 'text',
        contentType: 'text/plain',
        text: JSON.stringify(json) ?? 'null',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyPart>(
        { kind: 'text', contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
        { kind: 'text', contentType: 'application/json', text: '{"unterminated": ' },
        { kind: 'text', contentType: 'application/json', text: '\u0000' },
        { kind: 'text', contentType: 'application/json', text: 'null' },
        { kind: 'text', contentType: 'application/json', text: '[]' },
        { kind: 'text', contentType: 'application/json', text: '"a string"' },
        { kind: 'text', contentType: 'application/json', text: '{"__proto__": {"polluted": true}}' },
        { kind: 'text', contentType: 'application/xml', text: '<contact/>' },
        { kind: 'text', contentType: 'application/json; charset=latin-9', text: '{}' },
      ),
    },
  );
}

/** The upload route reads the raw file: CSV text (sometimes hostile), a fake workbook, nothing. */
function uploadBody(): fc.Arbitrary<BodyPart> {
  const header = fc.uniqueArray(
    fc.constantFrom('First Name', 'Last Name', 'Email', 'Phone', 'Id', 'Company', 'Notes'),
    {
      minLength: 1,
      maxLength: 5,
    },
  );
  const cell = fc.oneof(
    { weight: 6, arbitrary: fc.lorem({ maxCount: 2 }) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', '"unterminated', '=HYPERLINK("x")', 'x'.repeat(5_000), '1e308') },
  );
  const csv = header.chain((columns) =>
    fc
      .array(fc.array(cell, { minLength: columns.length, maxLength: columns.length }), { maxLength: 4 })
      .map((rows) => [columns, ...rows].map((row) => row.join(',')).join('\n')),
  );
  return fc.oneof(
    { weight: 6, arbitrary: csv.map((text): BodyPart => ({ kind: 'text', contentType: 'text/csv', text })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyPart>(
        { kind: 'none' },
        { kind: 'text', contentType: 'application/octet-stream', text: 'PK\u0003\u0004not really a workbook' },
        { kind: 'text', contentType: 'text/csv', text: '' },
        { kind: 'text', contentType: 'text/csv', text: '\u0000\u0000\u0000' },
        { kind: 'text', contentType: 'application/json', text: '{"a": 1}' },
      ),
    },
  );
}

/** Webhooks are verified over their raw bytes: Plaid-like bodies, signed by the fake Plaid or not, and garbage. */
/** Stripe events, or near them: an object whose customer or account may name nothing known. */
function stripeWebhookBody(): fc.Arbitrary<BodyPart> {
  const customer = fc.oneof(fc.constant('cus_fuzz'), fc.string({ maxLength: 30 }), fc.constant(null), fc.integer());
  const event = fc.record(
    {
      id: fc.oneof(fc.constant('evt_fuzz'), fc.string({ maxLength: 30 })),
      object: fc.oneof(fc.constant('event'), fc.string({ maxLength: 10 })),
      type: fc.constantFrom('invoice.paid', 'customer.updated', 'customer.subscription.deleted', ''),
      account: fc.oneof(fc.constant('acct_fuzz'), fc.string({ maxLength: 20 })),
      data: fc.oneof(
        fc.record({ object: fc.record({ object: fc.constantFrom('invoice', 'customer'), id: fc.string(), customer }) }),
        fc.anything({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    event.map((value): BodyPart => ({ kind: 'json', value })),
    fc.string({ maxLength: 200 }).map((text): BodyPart => ({ kind: 'text', contentType: 'application/json', text })),
  );
}

function webhookBody(source: IdSource): fc.Arbitrary<BodyPart> {
  return fc.oneof(
    arbitraryFor(
      {
        type: 'object',
        properties: {
          webhook_type: { type: 'string', enum: ['TRANSACTIONS', 'ITEM'] },
          webhook_code: {
            type: 'string',
            enum: ['SYNC_UPDATES_AVAILABLE', 'RECURRING_TRANSACTIONS_UPDATE', 'ERROR', 'LOGIN_REPAIRED'],
          },
          item_id: { type: 'string' },
          initial_update_complete: { type: 'boolean' },
          historical_update_complete: { type: 'boolean' },
          account_ids: { type: 'array', items: { type: 'string' } },
          error: {
            nullable: true,
            type: 'object',
            properties: {
              error_type: { type: 'string', enum: ['ITEM_ERROR', 'API_ERROR'] },
              error_code: { type: 'string', enum: ['ITEM_LOGIN_REQUIRED', 'INTERNAL_SERVER_ERROR'] },
              error_message: { type: 'string' },
              status: { type: 'integer', minimum: 100, maximum: 599 },
            },
            required: ['error_type', 'error_code', 'error_message'],
          },
        },
        required: ['webhook_type', 'webhook_code', 'item_id'],
      },
      'body',
      context(15, source),
    ).map((value): BodyPart => ({ kind: 'json', value })),
    fc.constant<BodyPart>({ kind: 'none' }),
    fc.string({ maxLength: 50 }).map((text): BodyPart => ({ kind: 'text', contentType: 'text/plain', text })),
  );
}

/**
 * Sign-ins: generated ones, and wrong passwords for a real user of the other organization, which
 * reach the throttle (429). Never the demo admin's e-mail: its token signs every other case.
 */
function loginBody(operation: Operation, hostility: number, source: IdSource): fc.Arbitrary<BodyPart> {
  return fc.oneof(
    jsonBody(operation, hostility, source),
    fc
      .string({ minLength: 1, maxLength: 30 })
      .map((password): BodyPart => ({ kind: 'json', value: { email: otherUserEmail, password } })),
  );
}

function bodyArbitrary(operation: Operation, hostility: number, source: IdSource): fc.Arbitrary<BodyPart> {
  if (operation.method === 'POST' && operation.path === '/api/auth/login')
    return loginBody(operation, hostility, source);
  if (operation.method === 'POST' && operation.path === '/api/imports') return uploadBody();
  if (operation.path === '/api/webhooks/stripe') return stripeWebhookBody();
  // A webhook's delivery is a POST; its GET (Nylas's challenge check) takes no body.
  if (operation.method === 'POST' && operation.path.startsWith('/api/webhooks/')) return webhookBody(source);
  if (operation.body) return jsonBody(operation, hostility, source);
  // Routes that read no body: sometimes one anyway, which they must not trip over.
  if (operation.method === 'GET') return fc.constant<BodyPart>({ kind: 'none' });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<BodyPart>({ kind: 'none' }) },
    { weight: 1, arbitrary: jsonBody(operation, 50, source) },
  );
}

function headersArbitrary(operation: Operation): fc.Arbitrary<Record<string, string>> {
  if (operation.path === '/api/webhooks/stripe') {
    return fc.record({
      'stripe-signature': fc.oneof(
        fc.integer({ min: 0, max: 2_000_000_000 }).map((t) => `t=${t},v1=${'0'.repeat(64)}`),
        fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => text.replace(/[^\x21-\x7e]/g, 'x')),
        fc.constant(''),
      ),
    });
  }
  if (operation.path.startsWith('/api/webhooks/')) {
    return fc.record({
      'plaid-verification': fc.oneof(
        fc.constant('eyJhbGciOiJFUzI1NiIsImtpZCI6ImZha2UifQ.eyJpYXQiOjF9.c2ln'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((text) => text.replace(/[^\x21-\x7e]/g, 'x')),
        fc.constant(''),
      ),
    });
  }
  return fc.oneof(
    { weight: 40, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ 'x-request-id': 'r'.repeat(500) }) },
    { weight: 1, arbitrary: fc.constant({ 'x-padding': 'h'.repeat(20_000) }) },
    { weight: 1, arbitrary: fc.constantFrom({ 'content-encoding': 'gzip' }, { 'content-encoding': 'compress' }) },
  );
}

/**
 * A case's ids come from one household of the caller's organization (and what belongs to it) where
 * a kind has such rows, so a record, its owners and its household usually agree and the case gets
 * past the "must belong to the household" checks to the writes.
 */
function caseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
  const households = ids.own(['household']);
  const cache = new Map<string, fc.Arbitrary<FuzzCase>>();
  const scoped = (household: string) => {
    let arbitrary = cache.get(household);
    if (!arbitrary) cache.set(household, (arbitrary = caseIn(operation, ids.scopedTo(household))));
    return arbitrary;
  };
  if (households.length === 0) return caseIn(operation, ids);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...households).chain(scoped) },
    { weight: 1, arbitrary: caseIn(operation, ids) },
  );
}

function caseIn(operation: Operation, source: IdSource): fc.Arbitrary<FuzzCase> {
  // A case is valid throughout, nearly valid (a few nodes hostile) or mostly hostile.
  return fc.constantFrom(0, 6, 6, 6, 25).chain((hostility) =>
    fc.record({
      auth: fc.oneof(
        { weight: 18, arbitrary: fc.constant<'admin'>('admin') },
        { weight: 1, arbitrary: fc.constant<'none'>('none') },
        { weight: 1, arbitrary: fc.constant<'bad'>('bad') },
      ),
      badToken: fc.constantFrom(...BAD_TOKENS),
      path: pathArbitrary(operation, source),
      query: queryArbitrary(operation, hostility, source),
      body: bodyArbitrary(operation, hostility, source),
      headers: headersArbitrary(operation),
      signed: operation.path.startsWith('/api/webhooks/') ? fc.boolean() : fc.constant(false),
    }),
  );
}

// ----- Sending and judging ----------------------------------------------------------------------

function encodePathValue(value: PathValue): string {
  if (typeof value !== 'string') return value.raw;
  // A lone surrogate has no UTF-8 bytes, so no client can send one in a URL: it goes as U+FFFD.
  return encodeURIComponent((value as unknown as { toWellFormed(): string }).toWellFormed());
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    } else if (value && typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) search.append(`${key}[${inner}]`, JSON.stringify(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function requestOf(operation: Operation, fuzzCase: FuzzCase): SentRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodePathValue(fuzzCase.path[name] ?? 'missing'),
  );
  const headers: Record<string, string> = { ...fuzzCase.headers };
  if (fuzzCase.auth === 'admin') headers.authorization = `Bearer ${token}`;
  if (fuzzCase.auth === 'bad') headers.authorization = `Bearer ${fuzzCase.badToken ?? ''}`;
  let body: string | undefined;
  if (fuzzCase.body.kind === 'json') {
    body = JSON.stringify(fuzzCase.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (fuzzCase.body.kind === 'text') {
    body = fuzzCase.body.text;
    headers['content-type'] = fuzzCase.body.contentType;
  }
  return { method: operation.method, url: `${path}${queryString(fuzzCase.query)}`, headers, body };
}

async function send(request: SentRequest): Promise<Answer> {
  const response = await fetch(`${api.baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: judged below when it matters.
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body };
}

/** The request with the fake Plaid's signature over its JSON body, when the case asks for one. */
async function signedIfAsked(request: SentRequest, fuzzCase: FuzzCase): Promise<SentRequest> {
  if (!fuzzCase.signed || fuzzCase.body.kind !== 'json') return request;
  const delivery = await fakePlaid.webhookDelivery(fuzzCase.body.value);
  return { ...request, headers: { ...request.headers, ...delivery.headers }, body: delivery.body };
}

/** What is wrong with an answer, or undefined when nothing is. */
function problemsOf(
  operation: Operation,
  fuzzCase: FuzzCase,
  answer: Answer,
  changed: Record<string, number>,
): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (!operation.public && fuzzCase.auth !== 'admin' && answer.status < 400) {
    return `answered ${answer.status} to a request without a valid token`;
  }
  if (answer.status < 400) return undefined;
  const body = answer.body as Record<string, unknown> | undefined;
  const standard =
    typeof body === 'object' &&
    body !== null &&
    typeof body.code === 'string' &&
    ERROR_CODES.has(body.code) &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    Array.isArray(body.details) &&
    typeof body.requestId === 'string';
  if (!standard) return `answered ${answer.status} without the standard error body {code, message, details, requestId}`;
  if (Object.keys(changed).length > 0) return `answered ${answer.status} but changed rows: ${JSON.stringify(changed)}`;
  return undefined;
}

function describeFailure(operation: Operation, request: SentRequest, answer: Answer | Error, problem: string): string {
  const shownRequest = {
    method: request.method,
    url: summarize(request.url),
    headers: summarize({ ...request.headers, ...(request.headers.authorization ? { authorization: 'Bearer …' } : {}) }),
    body: request.body === undefined ? undefined : summarize(parsedOrText(request.body)),
  };
  const shownAnswer =
    answer instanceof Error
      ? { error: String(answer) }
      : { status: answer.status, contentType: answer.contentType, body: summarize(answer.body ?? answer.text) };
  const requestId =
    answer instanceof Error ? undefined : (answer.body as { requestId?: unknown } | undefined)?.requestId;
  const logged = typeof requestId === 'string' ? errorLogs.get(requestId) : undefined;
  return [
    `${routeName(operation)}: ${problem}`,
    `request: ${JSON.stringify(shownRequest)}`,
    `response: ${JSON.stringify(shownAnswer)}`,
    ...(logged ? [`logged: ${logged}`] : []),
  ].join('\n');
}

function parsedOrText(text: string): unknown {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return text;
  }
}

/** A case as fast-check prints it in a counterexample: the request, long values shortened. */
function printable(operation: Operation, fuzzCase: FuzzCase): FuzzCase {
  Object.defineProperty(fuzzCase, fc.toStringMethod, {
    enumerable: false,
    value: () => JSON.stringify(summarize(requestOf(operation, fuzzCase))),
  });
  return fuzzCase;
}

interface RouteReport {
  route: string;
  cases: number;
  statuses: Record<string, number>;
  failure?: string;
  /** Survey mode: one example per distinct problem. */
  problems: Map<string, string>;
  /** Survey mode: how often each refusal (code and first detail) came back, to see how deep cases get. */
  refusals: Map<string, number>;
}

function refusalOf(answer: Answer): string {
  const body = answer.body as { code?: string; message?: string; details?: { path: string; message: string }[] };
  const detail = body?.details?.[0];
  return `${answer.status} ${body?.code} ${detail ? `${detail.path}: ${detail.message}` : body?.message}`.slice(0, 140);
}

/** What tells two failures apart in a survey: the problem and the database's complaint, if any. */
function signatureOf(problem: string, answer: Answer): string {
  const requestId = (answer.body as { requestId?: unknown } | undefined)?.requestId;
  const logged = typeof requestId === 'string' ? (errorLogs.get(requestId) ?? '') : '';
  const database = /Code: `(\w+)`\. Message: `([^`]*)`/.exec(logged);
  const cause = database
    ? `${database[1]} ${database[2]!.replace(/"[^"]*"/g, '"…"')}`
    : (/(Invalid value for argument|Value out of range)[^|]*/.exec(logged)?.[0] ?? logged.split(' | ')[0]!.slice(-100))
        .replace(/\d+/g, 'N')
        .trim();
  return `${problem.replace(/\{.*\}/, '{…}')} ${cause}`;
}

async function fuzzRoute(operation: Operation, seed: number): Promise<RouteReport> {
  const report: RouteReport = {
    route: routeName(operation),
    cases: 0,
    statuses: {},
    problems: new Map(),
    refusals: new Map(),
  };
  await ids.refresh(client);
  const property = fc.asyncProperty(
    caseArbitrary(operation).map((fuzzCase) => printable(operation, fuzzCase)),
    async (fuzzCase) => {
      const request = await signedIfAsked(requestOf(operation, fuzzCase), fuzzCase);
      const before = await counter.read();
      let answer: Answer;
      try {
        answer = await send(request);
      } catch (error) {
        throw new Error(describeFailure(operation, request, error as Error, 'the request failed'));
      }
      report.cases += 1;
      const bucket = `${Math.floor(answer.status / 100)}xx`;
      report.statuses[bucket] = (report.statuses[bucket] ?? 0) + 1;
      const changed = answer.status >= 400 ? changedTables(before, await counter.read()) : {};
      for (const table of WRITTEN_BY_REFUSALS) delete changed[table];
      if (SURVEY && answer.status >= 400 && answer.status < 500) {
        const refusal = refusalOf(answer);
        report.refusals.set(refusal, (report.refusals.get(refusal) ?? 0) + 1);
      }
      const problem = problemsOf(operation, fuzzCase, answer, changed);
      if (!problem) return;
      const description = describeFailure(operation, request, answer, problem);
      if (!SURVEY) throw new Error(description);
      const signature = signatureOf(problem, answer);
      if (!report.problems.has(signature)) report.problems.set(signature, description);
    },
  );
  try {
    await fc.assert(property, { numRuns: RUNS_PER_ROUTE, seed, endOnFailure: !SHRINK, includeErrorInReport: true });
  } catch (error) {
    report.failure = error instanceof Error ? error.message : String(error);
  }
  if (report.problems.size > 0) report.failure = [...report.problems.values()].join('\n\n');
  return report;
}

/** A route's own seed: the run's seed and the route, so one route replays alone with FUZZ_ROUTE. */
function routeSeed(route: string): number {
  let hash = SEED;
  for (const character of route) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

describe('the API under fuzzed input', () => {
  it('counts the rows a request changes, and only those', async () => {
    const before = await counter.read();
    const created = await send(
      requestOf(
        { method: 'POST', path: '/api/households', public: false, parameters: [] },
        {
          auth: 'admin',
          path: {},
          query: {},
          headers: {},
          body: { kind: 'json', value: { teamId: ids.own(['team'])[0], name: 'Counted household' } },
        },
      ),
    );
    expect(created.status).toBe(201);
    const afterWrite = await counter.read();
    expect(changedTables(before, afterWrite)).toMatchObject({ households: 1 });
    const read = await send(
      requestOf(
        { method: 'GET', path: '/api/households', public: false, parameters: [] },
        { auth: 'admin', path: {}, query: {}, headers: {}, body: { kind: 'none' } },
      ),
    );
    expect(read.status).toBe(200);
    expect(changedTables(afterWrite, await counter.read())).toEqual({});
  });

  it(
    'never answers 5xx, answers every 4xx with the standard body, and changes no row on a 4xx',
    async () => {
      const operations = operationsOf(document).filter(
        (operation) => !ROUTE_FILTER || routeName(operation).includes(ROUTE_FILTER),
      );
      expect(operations.length).toBeGreaterThan(0);
      const reports: RouteReport[] = [];
      for (const operation of operations) reports.push(await fuzzRoute(operation, routeSeed(routeName(operation))));

      const lines = reports.map(
        (report) =>
          `${report.failure ? 'FAIL' : 'ok  '} ${String(report.cases).padStart(4)} cases  ${JSON.stringify(report.statuses)}  ${report.route}`,
      );
      const shallow = reports
        .filter((report) => SURVEY && !report.statuses['2xx'])
        .map(
          (report) =>
            `  ${report.route}: ${[...report.refusals]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 3)
              .map(([refusal, count]) => `${count}× ${refusal}`)
              .join(' / ')}`,
        );
      const surveyed = reports.flatMap((report) =>
        [...report.problems.keys()].map((signature) => `  ${report.route}: ${signature}`),
      );
      console.log(
        [
          `fuzz: seed ${SEED}, ${RUNS_PER_ROUTE} cases per route, ${operations.length} routes`,
          ...lines,
          ...(shallow.length > 0 ? ['routes no case got through, and their most frequent refusals:', ...shallow] : []),
          ...(surveyed.length > 0 ? ['distinct problems:', ...surveyed] : []),
        ].join('\n'),
      );
      const failures = reports.filter((report) => report.failure);
      expect(
        failures.map((report) => report.failure),
        `${failures.length} route(s) failed; replay one with FUZZ_SEED=${SEED} FUZZ_ROUTE='<METHOD> <path>'`,
      ).toEqual([]);
    },
    15 * 60_000,
  );
});
