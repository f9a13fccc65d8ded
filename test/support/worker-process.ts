import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/**
 * `npm start`'s worker (workers/src/main.ts) as real processes, from source, for the crash tests:
 * started with the test's settings, killed at once or stopped gracefully, their output kept for a
 * failure's message. A test process that dies without its afterAll takes its workers along.
 */
export class WorkerProcesses {
  readonly output: string[] = [];
  private readonly children = new Set<ChildProcess>();
  private readonly orphanGuard = () => this.children.forEach((child) => child.kill('SIGKILL'));

  constructor(private readonly settings: () => Record<string, string>) {
    process.once('exit', this.orphanGuard);
  }

  start(name: string): ChildProcess {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', '--enable-source-maps', 'workers/src/main.ts'],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: 'tsconfig.base.json', ...this.settings() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const collect = (chunk: Buffer) =>
      this.output.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => `[${name}] ${line}`),
      );
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  killNow(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolveExit) => {
      child.once('exit', () => resolveExit());
      child.kill('SIGKILL');
    });
  }

  async stopGracefully(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stops every worker still running and drops the exit guard. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.children].map((child) => this.stopGracefully(child)));
    process.off('exit', this.orphanGuard);
  }
}
