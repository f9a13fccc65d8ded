// What a request costs: the rate each of five API routes sustains under rising offered load, beside
// a bare node:http + pg server running the same SQL statements (captured from the API in the same
// run) and answering their rows as JSON. Prints figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/api-load.ts \
//     [--database-url URL] [--seeded URL] [--households N] [--keep] [--rates 25,50,...] \
//     [--seconds 3] [--connections 20] [--p99-ms 500] [--routes me,contacts,...] [--profile DIR]
//
// By default it creates a scratch database on the server of --database-url (or DATABASE_URL, or
// the local one), migrates it, seeds the large demo organization (--households to change its size)
// and drops it afterwards (--keep keeps it). --seeded URL uses a database already seeded instead.
// The API runs as `npm start` runs it (its own process, NODE_ENV=production, JSON request lines at
// info), from source; the bare server runs in a process of its own too; autocannon drives both
// from this process, one at a time. --profile DIR runs the API under `node --cpu-prof` and leaves
// its profile in DIR. The smallest run (CI's): --households 5 --rates 10,20 --seconds 1.
//
// A rate is sustained when, over a step of --seconds at that offered rate (autocannon's
// overallRate over --connections connections), at least 95% of it was answered with 2xx, nothing
// failed, and the p99 latency stayed under --p99-ms. Each ladder stops at its first failed step.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { UserRole } from '@meridian/domain';

const root = path.resolve(import.meta.dirname, '..');

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    seeded: { type: 'string' },
    households: { type: 'string' },
    keep: { type: 'boolean', default: false },
    rates: { type: 'string', default: '20,30,45,70,100,150,225,340,500,750,1100,1700' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    'p99-ms': { type: 'string', default: '500' },
    routes: { type: 'string' },
    profile: { type: 'string' },
    'show-statements': { type: 'boolean', default: false },
    // Internal: this file run as the bare server, replaying the statements in the given file.
    'bare-server': { type: 'string' },
  },
});

/** One statement as node-postgres received it from the API. */
interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}

interface Capture {
  databaseUrl: string;
  /** Each route's statements, in the order the API sent them for one request. */
  routes: Record<string, Statement[]>;
}

if (options['bare-server']) {
  await serveBare(options['bare-server']);
} else {
  await main();
}

// ─── The bare server ────────────────────────────────────────────────────────────────────────────

/**
 * node:http + pg, nothing else: `/<route>` runs that route's captured statements on one pooled
 * connection (a pool of 10, as the API's) and answers their rows as JSON. No framework, no auth, no
 * validation, no logging, no ORM: what the same SQL costs with the least code around it.
 */
async function serveBare(file: string): Promise<void> {
  const capture = JSON.parse(readFileSync(file, 'utf8')) as Capture;
  const pool = new pg.Pool({ connectionString: capture.databaseUrl, max: 10 });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const statements = capture.routes[(request.url ?? '/').slice(1)];
    if (!statements) {
      response.statusCode = 404;
      response.end();
      return;
    }
    void (async () => {
      const client = await pool.connect();
      try {
        const results: unknown[] = [];
        for (const statement of statements) results.push((await client.query(statement)).rows);
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(results));
      } finally {
        client.release();
      }
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`listening ${(server.address() as AddressInfo).port}`);
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

// ─── The bench ──────────────────────────────────────────────────────────────────────────────────

interface Route {
  key: string;
  label: string;
  path: string;
}

interface Step {
  offered: number;
  answered: number;
  achieved: number;
  p50: number;
  p99: number;
  failures: number;
  sustained: boolean;
}

async function main(): Promise<void> {
  // Loaded here, not at the top: the bare server process needs none of the API.
  const { migrateDatabase } = await import('../prisma/migrate.js');
  const postgres = await import('../prisma/postgres.js');
  const { seedDemoOrganization, SEED_SIZES } = await import('../scripts/seed/main.js');

  const serverUrl = options['database-url'] ?? process.env.DATABASE_URL ?? postgres.DEFAULT_DATABASE_URL;
  const rates = options.rates
    .split(',')
    .map(Number)
    .filter((rate) => rate > 0);
  const seconds = Number(options.seconds);
  const connections = Number(options.connections);
  const p99Bound = Number(options['p99-ms']);
  const households = options.households === undefined ? SEED_SIZES.large.households : Number(options.households);
  const number = (value: number) => Math.round(value).toLocaleString('en-US');

  let databaseUrl = options.seeded;
  let scratch: string | undefined;
  const children: ChildProcess[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'meridian-api-load-'));
  // Interrupted, the servers stop too (the API writes its profile on the way out).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void Promise.all(children.map(stop)).finally(() => process.exit(130)));
  }
  try {
    if (!databaseUrl) {
      scratch = `meridian_bench_api_${Date.now().toString(36)}`;
      databaseUrl = postgres.withDatabaseName(serverUrl, scratch);
      console.log(
        `Seeding ${number(households)} households into ${scratch} on ${postgres.serverAddressOf(serverUrl)}...`,
      );
      await migrateDatabase(databaseUrl, { log: () => undefined });
      const seed = await seedDemoOrganization(
        databaseUrl,
        { email: 'demo@advisor.test', password: 'demo-password-1' },
        { size: 'large', households, when: 'no-demo-organization' },
      );
      if (!seed.seeded) throw new Error(`Nothing seeded: ${seed.reason}`);
      // VACUUM as autovacuum would in use (this machine's PostgreSQL runs without it): it sets the
      // visibility map that index-only counts need and merges the GIN indexes' pending lists.
      const admin = await postgres.connect(databaseUrl, 'meridian-bench', 'VACUUM ANALYZE');
      await admin.query('VACUUM ANALYZE').finally(() => postgres.disconnect(admin));
    }
    // A kept database may predate the newest migrations; applying them changes nothing else.
    if (options.seeded) await migrateDatabase(databaseUrl, { log: () => undefined });
    const target = await findTarget(databaseUrl, postgres);
    const routes: Route[] = [
      { key: 'me', label: 'GET /api/auth/me', path: '/api/auth/me' },
      { key: 'contacts', label: 'GET /api/contacts (50 rows)', path: '/api/contacts?limit=50' },
      { key: 'household', label: 'GET /api/households/{id}', path: `/api/households/${target.householdId}` },
      {
        key: 'financial-view',
        label: 'GET /api/get-financial-view/{id}',
        path: `/api/get-financial-view/${target.householdId}?currency=CAD`,
      },
      { key: 'search', label: `GET /api/search?q=${target.search}`, path: `/api/search?q=${target.search}` },
    ].filter((route) => !options.routes || options.routes.split(',').includes(route.key));

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      AUTH_TOKEN_SECRET: randomBytes(32).toString('hex'),
      // Production refuses to start without credential keys; no route here opens a credential.
      CREDENTIALS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      SEED_DEMO: 'false',
      PLAID_ENV: 'fake',
    };

    console.log(
      `Target: ${target.userRole} ${target.userId} (teams: ${target.teams}), household ${target.householdId} ` +
        `(${target.records} financial records), in ${target.source}`,
    );
    const { capture, token } = await captureStatements(env, routes, target);
    const captureFile = path.join(work, 'statements.json');
    writeFileSync(captureFile, JSON.stringify({ databaseUrl, routes: capture } satisfies Capture));
    for (const route of routes) {
      console.log(`  ${route.key}: the API sends ${capture[route.key]!.length} statement(s) per request`);
      if (options['show-statements']) {
        for (const statement of capture[route.key]!)
          console.log(`    ${statement.text.replace(/\s+/g, ' ').slice(0, 240)}`);
      }
    }

    const apiPort = await freePort();
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const profileFlags = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profile)}`] : [];
    const api = spawn(
      process.execPath,
      ['--enable-source-maps', ...profileFlags, '--conditions=source', '--import', tsxLoader, 'api/src/main.ts'],
      {
        cwd: root,
        env: { ...env, PORT: String(apiPort), HOST: '127.0.0.1', TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(api);
    const bare = spawn(
      process.execPath,
      ['--conditions=source', '--import', tsxLoader, path.join('bench', 'api-load.ts'), '--bare-server', captureFile],
      {
        cwd: root,
        env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(bare);
    const barePort = await new Promise<number>((resolve, reject) => {
      bare.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      bare.once('exit', (code) => reject(new Error(`The bare server stopped (${code})`)));
    });
    await waitForApi(apiPort, api);

    const headers = { authorization: `Bearer ${token}` };
    console.log(
      `\n${connections} connections, ${seconds} s a step, offered ${rates.join(', ')} req/s; sustained: ` +
        `>= 95% answered 2xx, no failure, p99 < ${p99Bound} ms. Load average before: ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}\n`,
    );
    const summary: {
      route: Route;
      api: Step | undefined;
      bare: Step | undefined;
      cpu: [number | undefined, number | undefined];
    }[] = [];
    for (const route of routes) {
      const apiUrl = `http://127.0.0.1:${apiPort}${route.path}`;
      const bareUrl = `http://127.0.0.1:${barePort}/${route.key}`;
      for (const [url, extra] of [
        [apiUrl, headers],
        [bareUrl, {}],
      ] as const) {
        const probe = await fetch(url, { headers: extra });
        if (!probe.ok) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`);
      }
      const apiBest = await ladder(`${route.label} API`, apiUrl, headers, api);
      const bareBest = await ladder(`${route.label} bare`, bareUrl, {}, bare);
      summary.push({
        route,
        api: apiBest.best,
        bare: bareBest.best,
        cpu: [apiBest.cpuPerRequest, bareBest.cpuPerRequest],
      });
    }

    console.log(`\nHighest sustained rate (p50 / p99), load average ${loadavg()[0]!.toFixed(2)}:`);
    let allHalf = true;
    for (const { route, api: a, bare: b } of summary) {
      const ratio = a && b ? a.offered / b.offered : 0;
      if (ratio < 0.5) allHalf = false;
      console.log(
        `${route.label.padEnd(40)} API ${describe(a)}   bare ${describe(b)}   API / bare ${ratio.toFixed(2)}`,
      );
    }
    // CPU time is what a loaded machine distorts least: the server process's own user + system
    // time over its whole ladder, per answered request (PostgreSQL's share not included).
    console.log('\nServer CPU per answered request (user + system, over the ladder):');
    for (const { route, cpu } of summary) {
      const [apiCpu, bareCpu] = cpu;
      if (apiCpu === undefined || bareCpu === undefined) continue;
      console.log(
        `${route.label.padEnd(40)} API ${apiCpu.toFixed(2).padStart(6)} ms   bare ${bareCpu.toFixed(2).padStart(6)} ms   API / bare ${(apiCpu / bareCpu).toFixed(1)}x`,
      );
    }
    console.log(`Every route at least half the bare server's rate: ${allHalf ? 'yes' : 'no'}`);

    async function ladder(
      label: string,
      url: string,
      extra: Record<string, string>,
      server: ChildProcess,
    ): Promise<{ best: Step | undefined; cpuPerRequest: number | undefined }> {
      // A short warm-up at the lowest rate (JIT, pools, plan caches) before the first step counts.
      await load(url, extra, rates[0]!, Math.min(seconds, 2));
      let best: Step | undefined;
      const cpuBefore = cpuMillis(server.pid);
      let answered = 0;
      for (const rate of rates) {
        const step = await load(url, extra, rate, seconds);
        answered += step.answered;
        console.log(
          `  ${label.padEnd(46)} offered ${String(rate).padStart(5)}  answered ${step.achieved.toFixed(0).padStart(5)}/s` +
            `  p50 ${step.p50.toFixed(1).padStart(6)} ms  p99 ${step.p99.toFixed(1).padStart(6)} ms` +
            `${step.failures ? `  ${step.failures} failed` : ''}${step.sustained ? '' : '  (not sustained)'}`,
        );
        if (!step.sustained) break;
        best = step;
      }
      const cpuAfter = cpuMillis(server.pid);
      const cpuPerRequest =
        cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
          ? (cpuAfter - cpuBefore) / answered
          : undefined;
      return { best, cpuPerRequest };
    }

    async function load(url: string, extra: Record<string, string>, rate: number, duration: number): Promise<Step> {
      const result = await autocannon({ url, headers: extra, connections, duration, overallRate: rate });
      const achieved = result['2xx'] / result.duration;
      const failures = result.non2xx + result.errors + result.timeouts;
      return {
        offered: rate,
        answered: result['2xx'],
        achieved,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures,
        sustained: failures === 0 && achieved >= 0.95 * rate && result.latency.p99 < p99Bound,
      };
    }

    function describe(step: Step | undefined): string {
      if (!step) return `${'none'.padStart(5)}/s ${''.padEnd(21)}`;
      return `${String(step.offered).padStart(5)}/s (${step.p50.toFixed(0).padStart(4)} / ${step.p99.toFixed(0).padStart(4)} ms)`;
    }
  } finally {
    await Promise.all(children.map(stop));
    rmSync(work, { recursive: true, force: true });
    if (scratch) {
      if (options.keep) {
        console.log(`\nKept ${scratch}: --seeded ${databaseUrl}`);
      } else {
        const admin = await postgres.connect(
          postgres.withDatabaseName(serverUrl, postgres.MAINTENANCE_DATABASE),
          'meridian-bench',
          '--database-url',
        );
        await admin
          .query(`DROP DATABASE IF EXISTS ${postgres.quoteIdentifier(scratch)} WITH (FORCE)`)
          .finally(() => postgres.disconnect(admin));
      }
    }
  }
}

interface Target {
  userId: string;
  organizationId: string;
  userRole: string;
  teams: number;
  householdId: string;
  records: number;
  search: string;
  source: string;
}

/**
 * Who calls and what they read: a user whose role is limited to their teams (so the team scope is
 * paid), else the first admin; the household of their teams with the most financial records; and
 * a search for the least common last name among their contacts.
 */
async function findTarget(url: string, postgres: typeof import('../prisma/postgres.js')): Promise<Target> {
  const client = await postgres.connect(url, 'meridian-bench', '--seeded');
  try {
    const { seesEveryTeam } = await import('@meridian/domain');
    const users = await client.query<{ id: string; organization_id: string; role: string; teams: string[] }>(
      `SELECT u.id, u.organization_id, u.role::text AS role,
              array_remove(array_agg(tm.team_id ORDER BY tm.team_id), NULL) AS teams
         FROM users u LEFT JOIN team_members tm ON tm.user_id = u.id
        GROUP BY u.id ORDER BY u.created_at, u.id`,
    );
    const user =
      users.rows.find(
        (row) => !seesEveryTeam(row.role as Parameters<typeof seesEveryTeam>[0]) && row.teams.length > 0,
      ) ?? users.rows[0];
    if (!user) throw new Error('The database has no user: seed it first (npm run seed -- --size large)');
    const scoped = !seesEveryTeam(user.role as Parameters<typeof seesEveryTeam>[0]);
    const household = await client.query<{ id: string; records: string }>(
      `SELECT h.id, COUNT(fr.id) AS records FROM households h
         LEFT JOIN financial_records fr ON fr.household_id = h.id AND fr.deleted_at IS NULL
        WHERE h.organization_id = $1 AND h.deleted_at IS NULL AND ($2::boolean = false OR h.team_id = ANY($3))
        GROUP BY h.id ORDER BY 2 DESC, h.id LIMIT 1`,
      [user.organization_id, scoped, user.teams],
    );
    if (!household.rows[0]) throw new Error('The caller reaches no household');
    const name = await client.query<{ last_name: string }>(
      `SELECT last_name FROM contacts WHERE organization_id = $1 AND deleted_at IS NULL
        GROUP BY last_name ORDER BY COUNT(*), last_name LIMIT 1`,
      [user.organization_id],
    );
    const total = await client.query<{ count: string }>('SELECT COUNT(*) AS count FROM households');
    return {
      userId: user.id,
      organizationId: user.organization_id,
      userRole: user.role,
      teams: user.teams.length,
      householdId: household.rows[0].id,
      records: Number(household.rows[0].records),
      search: (name.rows[0]?.last_name ?? 'Smith').toLowerCase(),
      source: `${Number(total.rows[0]!.count).toLocaleString('en-US')} households, ${postgres.serverAddressOf(url)}`,
    };
  } finally {
    await postgres.disconnect(client);
  }
}

/**
 * The statements the API sends for one request of each route, recorded from node-postgres in this
 * process around an in-process API (the same code and configuration as the one under load). Each
 * route is asked twice first, so what a warm API skips (cached lookups, prepared statements) is
 * skipped here too. Also issues the bearer token the load uses.
 */
async function captureStatements(
  env: NodeJS.ProcessEnv,
  routes: Route[],
  target: Target,
): Promise<{ capture: Record<string, Statement[]>; token: string }> {
  const { createApiApp, createLogger, loadConfig, TokenService } = await import('@meridian/api');
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const app = await createApiApp(config, createLogger('silent'));
  let recording: Statement[] | undefined;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [query, values] = args as [string | (Statement & { rowMode?: string }), unknown[] | undefined];
    if (recording) {
      recording.push(
        typeof query === 'string'
          ? { text: query, ...(Array.isArray(values) ? { values } : {}) }
          : {
              ...(query.name ? { name: query.name } : {}),
              text: query.text,
              ...(query.values ? { values: query.values } : {}),
            },
      );
    }
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const token = await app
      .get(TokenService)
      .issue({ userId: target.userId, organizationId: target.organizationId, role: target.userRole as UserRole });
    const capture: Record<string, Statement[]> = {};
    for (const route of routes) {
      const url = `http://127.0.0.1:${port}${route.path}`;
      const ask = async () => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${route.path} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      };
      await ask();
      await ask();
      recording = [];
      await ask();
      capture[route.key] = recording;
      recording = undefined;
    }
    return { capture, token };
  } finally {
    pg.Client.prototype.query = original;
    await app.close();
  }
}

/** A process's user + system CPU time in ms, from /proc (Linux); undefined elsewhere. */
function cpuMillis(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // In clock ticks (USER_HZ), 100 a second on every Linux build that matters.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForApi(port: number, api: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The API stopped (${api.exitCode}) before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not answer on port ${port} within 2 minutes`);
}

/** Stops a child with SIGTERM and waits for it (the API writes its CPU profile on the way out). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
