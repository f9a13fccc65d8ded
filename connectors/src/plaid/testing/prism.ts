/**
 * The contract harness: Stoplight prism as a validating proxy in front of the fake Plaid server.
 *
 *   SDK -> prism proxy (Plaid's OpenAPI description, --errors) -> fake server
 *
 * Prism checks every request against the description (422 when it breaks it) and every response
 * from the fake (500 with the violations when it breaks it), so a test that passes through prism
 * proves both sides speak Plaid's API as described.
 *
 * One fault in prism 5.14 needs a workaround. Prism turns an OpenAPI 3.0 `nullable: true` into a
 * JSON-Schema `null` added to the schema's `enum`; Plaid's description already lists `null` in
 * such enums (31 of them, e.g. `ItemAuthMethod`, `TransactionCode`), so the converted enum holds
 * `null` twice. Ajv refuses to compile a schema with duplicate enum items, and prism swallows the
 * compile error and skips the validation: the responses of /accounts/get and /transactions/sync
 * and the requests of /link/token/create (among others) would silently go unchecked. So prism is
 * given a copy of the description with that redundant `null` dropped from every enum that is
 * `nullable: true` (which says the same thing once), cached in the system's temporary directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLAID_SPEC_FILE = 'plaid-openapi-2020-09-14.yml';

/** The repository root: the nearest folder above `from` whose package.json declares workspaces. */
export function repositoryRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root (package.json with workspaces) above ${from}`);
  }
}

/**
 * Plaid's description: `PLAID_OPENAPI_SPEC` when set, else `shared/vendor-specs/` in the folder
 * beside the repository (where CI clones `shared/`).
 */
export function plaidSpecPath(): string {
  return process.env.PLAID_OPENAPI_SPEC ?? resolve(repositoryRoot(), '..', 'shared', 'vendor-specs', PLAID_SPEC_FILE);
}

const NULLABLE_TRUE = /^nullable:\s*true\s*$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** True when the mapping whose keys sit at column `column`, around line `at`, has `nullable: true`. */
function mappingIsNullable(lines: readonly string[], at: number, column: number, after: number): boolean {
  const isNullable = (line: string, lineColumn: number) =>
    lineColumn === column && NULLABLE_TRUE.test(line.trim().replace(/^- /, ''));
  for (let index = at - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const indent = indentOf(line);
    if (indent > column) continue;
    if (indent === column) {
      if (isNullable(line, column)) return true;
      continue;
    }
    // The line that opens the mapping as a list item ("- key: ...") has its first key at `column`.
    if (indent === column - 2 && line.trimStart().startsWith('- ') && isNullable(line, column)) return true;
    break;
  }
  for (let index = after; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const indent = indentOf(line);
    if (indent < column) return false;
    if (indent === column && isNullable(line, column)) return true;
  }
  return false;
}

/**
 * Drops `- null` from every `enum` of a `nullable: true` schema in an OpenAPI 3.0 YAML text laid
 * out as Plaid's is (block style, list items under their key). Returns the new text and how many
 * items were dropped.
 */
export function dropNullFromNullableEnums(text: string): { text: string; removed: number } {
  const lines = text.split('\n');
  const drop = new Set<number>();
  for (let index = 0; index < lines.length; index += 1) {
    const match = /^(\s*)(- )?enum:\s*$/.exec(lines[index] ?? '');
    if (match === null) continue;
    const column = (match[1] ?? '').length + (match[2] ? 2 : 0);
    const first = lines[index + 1] ?? '';
    const itemIndent = indentOf(first);
    if (!first.trimStart().startsWith('- ') || (itemIndent !== column && itemIndent !== column + 2)) continue;
    const nulls: number[] = [];
    let end = index + 1;
    for (; end < lines.length; end += 1) {
      const line = lines[end] ?? '';
      const indent = indentOf(line);
      if (indent === itemIndent && line.trimStart().startsWith('- ')) {
        if (/^- (null|~)\s*$/.test(line.trimStart())) nulls.push(end);
      } else if (!(indent > itemIndent && line.trim() !== '')) break;
    }
    if (nulls.length > 0 && mappingIsNullable(lines, index, column, end)) nulls.forEach((line) => drop.add(line));
  }
  return { text: lines.filter((_, index) => !drop.has(index)).join('\n'), removed: drop.size };
}

/** Bump when the transformation changes, so cached copies are rebuilt. */
const TRANSFORM_VERSION = 1;

/**
 * The copy of the description prism is given (see the header of this file), written once per
 * content into `<tmpdir>/meridian-prism/`.
 */
export async function preparePrismSpec(specPath = plaidSpecPath()): Promise<{ path: string; removedNulls: number }> {
  const original = await readFile(specPath, 'utf8');
  const { text, removed } = dropNullFromNullableEnums(original);
  const hash = createHash('sha256').update(`${TRANSFORM_VERSION}\0`).update(original).digest('hex').slice(0, 16);
  const folder = join(tmpdir(), 'meridian-prism');
  const path = join(folder, `${hash}-${specPath.split(/[\\/]/).pop() ?? 'spec.yml'}`);
  if (!existsSync(path)) {
    await mkdir(folder, { recursive: true });
    const partial = `${path}.${process.pid}.tmp`;
    await writeFile(partial, text);
    await rename(partial, path); // atomic: test files starting prism at once never read half a file
  }
  return { path, removedNulls: removed };
}

export interface PrismOptions {
  /** The server prism forwards to (the fake's URL). */
  upstream: string;
  /** Default: plaidSpecPath(). */
  specPath?: string;
  /** Default: a free port. */
  port?: number;
  host?: string;
  /** How long prism may take to listen. Default 90 s. */
  startTimeoutMs?: number;
  /** Give prism the original description, without the nullable-enum fix (to see the fault). */
  original?: boolean;
}

export interface PrismProxy {
  /** Base URL for the SDK, e.g. http://127.0.0.1:43125. */
  url: string;
  port: number;
  /** Milliseconds from spawning prism to its port accepting connections. */
  startupMs: number;
  /** The description prism was started with. */
  specPath: string;
  /** Prism's output so far (its last 200 lines). */
  logs(): string;
  stop(): Promise<void>;
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolveConnect(true);
    });
    socket.once('error', () => resolveConnect(false));
  });
}

function prismCli(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.prism;
  if (bin === undefined) throw new Error('@stoplight/prism-cli has no prism binary');
  return resolve(dirname(manifestPath), bin);
}

/** Stops a child: SIGTERM, then SIGKILL when it has not exited after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `prism proxy <spec> <upstream> --errors` as a child process and resolves once it accepts
 * connections. Rejects (with prism's output) when prism exits or does not listen in time.
 */
export async function startPrism(options: PrismOptions): Promise<PrismProxy> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const source = options.specPath ?? plaidSpecPath();
  const specPath = options.original ? source : (await preparePrismSpec(source)).path;
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      prismCli(),
      'proxy',
      specPath,
      options.upstream,
      '--errors',
      '--host',
      host,
      '--port',
      String(port),
      '--verboseLevel',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  const collect = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const logs = () => output.join('\n');

  const deadline = started + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`prism exited (${child.exitCode ?? child.signalCode}) before listening:\n${logs()}`);
    }
    if (await canConnect(host, port)) break;
    if (performance.now() > deadline) {
      await stopChild(child);
      throw new Error(
        `prism did not listen on ${host}:${port} within ${options.startTimeoutMs ?? 90_000} ms:\n${logs()}`,
      );
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  const startupMs = Math.round(performance.now() - started);
  // A test process that exits without stopping prism (a crash, a killed worker) takes it along.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const stop = async () => {
    process.off('exit', orphanGuard);
    await stopChild(child);
  };
  return { url: `http://${host}:${port}`, port, startupMs, specPath, logs, stop };
}
