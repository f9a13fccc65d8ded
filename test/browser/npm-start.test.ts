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
      // Each phase says what it does as it begins and, on the same line, how long it took.
      expect(output).toMatch(/^Migrating the database\.\.\. \d+\.\d s: applied \d+ migration\(s\)\.$/m);
      expect(output).toMatch(
        /^Seeding the demo organization\.\.\. \d+\.\d s: "Maple & Pine Wealth Partners \(demo\)" \(sample data\)\.$/m,
      );
      expect(output).toMatch(/^Compiling the API and the worker\.\.\. \d+\.\d s: (up to date|\d+ of \d+ files)\.$/m);
      expect(output).toMatch(/^The API answered after \d+\.\d s\.$/m);
      expect(output).toMatch(/^Ready after \d+\.\d s\.$/m);
      const fakePlaidUrl = /the local fake Plaid at (http:\/\/\S+)/.exec(output)?.[1];
      expect(fakePlaidUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      // A short, readable start: no JSON lines, no route-by-route mapping, and the demo's hub history.
      const beforeBanner = output.slice(0, output.indexOf('Meridian is running at')).trim().split('\n');
      expect(beforeBanner.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
      expect(output).not.toMatch(/RouterExplorer|RoutesResolver|Mapped \{/);
      expect(beforeBanner.length, output).toBeLessThan(25);
      expect(output).toMatch(/Demo hub ready after \d+\.\d s: 4 sync runs, a committed import and a drop folder\./);

      // A second npm start on the same port: one line naming PORT, no stack trace.
      const second = spawn('npm', ['start', '--silent'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: databaseUrl.toString(),
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let secondOutput = '';
      second.stdout.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
      second.stderr.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
      const secondCode = await new Promise<number | null>((resolveExit) => second.on('exit', resolveExit));
      expect(secondCode).toBe(1);
      expect(secondOutput.trim()).toBe(
        `Port ${port} is in use: set PORT to another port, e.g. PORT=${port + 1} npm start`,
      );

      browser = await launchBrowser();
      const { page } = browser;
      await page.goto(url!);
      // The login page offers the demo login it printed.
      const demoLogin = page.getByTestId('demo-login');
      await demoLogin.waitFor();
      expect(await page.getByTestId('demo-login-email').textContent()).toBe(email);
      expect(await page.getByTestId('demo-login-password').textContent()).toBe(password);
      expect(await page.title()).toBe('Sign in · Meridian');
      await browser.screenshot('npm-start-login');
      await submitSignIn(page, { email: email!, password: password! });
      await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('organization-name').textContent()).toBe('Maple & Pine Wealth Partners (demo)');
      await page.getByTestId('demo-banner').waitFor();
      expect(await page.title()).toBe('Home · Meridian');
      await browser.screenshot('npm-start-home');

      // An ops person's Connections page: the demo bank and its history of runs, not an empty page.
      await page.goto(`${url}/connections`);
      await page.getByTestId('hub-page').waitFor();
      const connections = page.getByTestId('connections-table');
      await connections.getByText('Northern Maple Trust').first().waitFor();
      const runs = page.getByTestId('runs-table');
      await runs.waitFor();
      const statuses = await runs.getByTestId('run-status').allTextContents();
      expect(statuses.map((status) => status.trim())).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/succeeded/i),
          expect.stringMatching(/partial/i),
          expect.stringMatching(/failed/i),
        ]),
      );
      expect(await page.title()).toBe('Connections · Meridian');
      await browser.screenshot('npm-start-connections');

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
