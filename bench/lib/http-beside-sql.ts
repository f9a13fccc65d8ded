// What the benches that put an API route beside its bare SQL share: percentiles, the interleaved
// timing of both, and the statements the API sends (captured in this process, to replay them).
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface Figures {
  p50: number;
  p95: number;
  p99: number;
}

/** The nearest-rank percentile of sorted durations. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function figures(durations: number[]): Figures {
  const sorted = [...durations].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** Each of `count` runs asks both, one after the other, after a warm-up; their durations apart. */
export async function interleaved(
  count: number,
  http: () => Promise<void>,
  sql: () => Promise<void>,
): Promise<{ http: Figures; sql: Figures }> {
  for (let warm = 0; warm < Math.min(20, count); warm += 1) {
    await http();
    await sql();
  }
  const httpDurations: number[] = [];
  const sqlDurations: number[] = [];
  for (let run = 0; run < count; run += 1) {
    let start = performance.now();
    await http();
    httpDurations.push(performance.now() - start);
    start = performance.now();
    await sql();
    sqlDurations.push(performance.now() - start);
  }
  return { http: figures(httpDurations), sql: figures(sqlDurations) };
}

/** One statement as node-postgres received it. */
export interface Statement {
  text: string;
  values?: unknown[];
}

/** The statements node-postgres sends while `fn` runs (the API's, in this process). */
export async function statementsOf(fn: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [query, values] = args as [string | Statement, unknown[] | undefined];
    seen.push(
      typeof query === 'string'
        ? { text: query, ...(Array.isArray(values) ? { values } : {}) }
        : { text: query.text, ...(query.values ? { values: query.values } : {}) },
    );
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}
