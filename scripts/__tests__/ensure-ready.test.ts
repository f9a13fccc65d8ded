// `npm start` and `npm test` begin with scripts/ensure-ready.mjs: install when needed, start a
// stopped local PostgreSQL or Redis, or name the command that installs it.
import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { installCommand, installReason, serviceAction, serviceAddress } from '../ensure-ready.mjs';

const SCRIPT = resolve(import.meta.dirname, '../ensure-ready.mjs');
const run = promisify(execFile);

describe('installing', () => {
  it('installs when node_modules is missing, was not installed by npm, or is older than the lock file', () => {
    expect(installReason({ nodeModules: false, installedAt: null, lockChangedAt: 10 })).toMatch(/missing/);
    expect(installReason({ nodeModules: true, installedAt: null, lockChangedAt: 10 })).toMatch(/lock file/);
    expect(installReason({ nodeModules: true, installedAt: 5, lockChangedAt: 10 })).toMatch(
      /package-lock.json changed/,
    );
  });

  it('does nothing when the install is newer than the lock file', () => {
    expect(installReason({ nodeModules: true, installedAt: 10, lockChangedAt: 5 })).toBeNull();
    expect(installReason({ nodeModules: true, installedAt: 10, lockChangedAt: 10 })).toBeNull();
  });
});

describe('services', () => {
  it('starts a stopped local service that is installed, and names the install command when it is not', () => {
    expect(serviceAction({ reachable: true, local: true, installed: true })).toBe('ready');
    expect(serviceAction({ reachable: false, local: true, installed: true })).toBe('start');
    expect(serviceAction({ reachable: false, local: true, installed: false })).toBe('install');
    expect(installCommand('postgres', 'linux')).toBe('sudo apt-get install -y postgresql');
    expect(installCommand('redis', 'linux')).toBe('sudo apt-get install -y redis-server');
    expect(installCommand('redis', 'darwin')).toMatch(/^brew install redis/);
  });

  it('leaves a server on another machine alone: the application says it is unreachable', () => {
    const address = serviceAddress('postgres', 'postgresql://u@db.example.com/meridian');
    expect(address).toEqual({ host: 'db.example.com', port: 5432, local: false });
    expect(serviceAction({ reachable: false, local: address.local, installed: true })).toBe('unreachable');
  });

  it('reads the port, with each service default', () => {
    expect(serviceAddress('redis', 'redis://localhost')).toEqual({ host: 'localhost', port: 6379, local: true });
    expect(serviceAddress('postgres', 'postgresql://postgres@127.0.0.1:5433/x').port).toBe(5433);
  });
});

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

function redisInstalled(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v redis-server && command -v redis-cli'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// The machine's own Redis is never stopped (others use it): a second one on a free port stands for
// "installed but stopped".
describe.runIf(redisInstalled())('a stopped Redis', () => {
  let port: number | undefined;
  afterAll(() => {
    if (port !== undefined) execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
  });

  it('is started on the port REDIS_URL names, and a second run finds it ready', async () => {
    port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
      REDIS_URL: `redis://127.0.0.1:${port}`,
    };
    const first = await run(process.execPath, [SCRIPT], { env });
    expect(first.stdout).toContain(`Starting the local Redis (port ${port})`);
    expect(
      execFileSync('redis-cli', ['-p', String(port), 'ping'])
        .toString()
        .trim(),
    ).toBe('PONG');

    const second = await run(process.execPath, [SCRIPT], { env });
    expect(second.stdout).toBe('');
  });
});
