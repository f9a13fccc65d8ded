// What a newcomer does: `npm start` on an empty database, then sign in with the printed demo
// login in chromium, then Ctrl-C. Runs the real command in its own process group.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { launchBrowser, submitSignIn, type BrowserSession } from '../support/browser.js';
import { waitFor } from '../support/wait.js';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** Whether any process of the group led by `pid` (npm, tsx, the API, the worker) is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const databaseName = `meridian_test_start_${randomBytes(4).toString('hex')}`;
let child: ChildProcess | undefined;
let browser: BrowserSession | undefined;
let mailDir: string | undefined;
let output = '';

afterAll(async () => {
  await browser?.close();
  if (child?.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await client.end();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('npm start', () => {
  // As long as the banner wait below: npm start compiles and may rebuild the dashboard first.
  it(
    'migrates, seeds, serves the dashboard with a working demo login, and stops on Ctrl-C',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      mailDir = await mkdtemp(join(tmpdir(), 'meridian-start-mail-'));
      const databaseUrl = new URL(SERVER_URL);
      databaseUrl.pathname = `/${databaseName}`;
      child = spawn('npm', ['start', '--silent'], {
        cwd: REPO_ROOT,
        detached: true,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: databaseUrl.toString(),
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          PORT: String(port),
          QUEUE_PREFIX: `test-start-${randomBytes(4).toString('hex')}`,
          MAIL_FILE_DIR: mailDir,
          LOG_LEVEL: 'warn',
          // The fake Plaid on any free port: a fixed one could clash with another run on this machine.
          FAKE_PLAID_PORT: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
        child!.on('exit', (code, signal) => resolveExit({ code, signal })),
      );

      const banner = await waitFor(
        'npm start to print the address and the demo login',
        async () => {
          if (child!.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
          return /running at (http:\/\/\S+)[\s\S]*Demo login \(sample data\): (\S+) \/ (\S+)/.exec(output);
        },
        240_000,
      );
      const [, url, email, password] = banner;
      expect(url).toBe(`http://localhost:${port}`);
      expect(output).toMatch(/Applied \d+ migration\(s\)\./);
      expect(output).toContain('Seeded the demo organization');
      const fakePlaidUrl = /the local fake Plaid at (http:\/\/\S+)/.exec(output)?.[1];
      expect(fakePlaidUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      browser = await launchBrowser();
      const { page } = browser;
      await page.goto(url!);
      await submitSignIn(page, { email: email!, password: password! });
      await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('organization-name').textContent()).toBe('Maple & Pine Wealth Partners (demo)');
      await page.getByTestId('demo-banner').waitFor();
      await browser.screenshot('npm-start-home');

      process.kill(-child.pid!, 'SIGINT');
      // npm re-raises the interrupt on itself once its script has stopped.
      const { code, signal } = await exited;
      expect(code === 0 || code === 130 || signal === 'SIGINT').toBe(true);
      // The API and the worker stopped too: nothing of the process group is left.
      await waitFor('the API and the worker to exit', async () => !groupAlive(child!.pid!), 30_000);
      const stillServing = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      );
      expect(stillServing).toBe(false);
    },
  );
});
