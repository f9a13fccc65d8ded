// The demo organization, small (what `npm start` loads) or large (for benchmarks).
//
// Deterministic: every value comes from the seed (scripts/seed/random.ts) and every id from the
// seed and a counter (scripts/seed/ids.ts); the organization's id is the first organization id of
// the seed, whatever the size, so the same seed always builds the same organization, id for id.
// Only the password hashes differ between runs (Argon2 salts them at random).
//
// Dated relative to SEED_REFERENCE_DATE, not to the clock: clients joined before it, meetings
// happened before it or are booked after it, and SCHEDULED tasks are scheduled at least a week
// after it. The date is recorded with the seed's other parameters in the audit log entry that
// creates the organization (audit_logs.after.seed).
//
// Idempotent: it writes nothing when the database already has the demo organization (or, for
// `npm start` and the tests, any organization). Everything is written in one transaction, under
// an advisory lock, so a failed or concurrent run leaves no half-seeded organization behind.
//
// Batched: rows are buffered per table and written with COPY every CHUNK_HOUSEHOLDS households,
// one chunk written while the next is generated, so memory stays flat whatever the size. Tables
// other tables point at are analyzed after their first rows (see CopyBuffer.flush), and every
// table once more after a multi-chunk load.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '@meridian/api';
import { EntityType } from '@meridian/domain';
import { DatabaseSetupError } from '../../prisma/postgres.js';
import { householdProfile, seedHouseholdClients, type HouseholdProfile } from './clients.js';
import type { SeedContext } from './context.js';
import { CopyBuffer } from './copy.js';
import { DEMO_ORGANIZATION_NAME, seedFirm } from './firm.js';
import { seedHouseholdCashFlows } from './flows.js';
import { IdFactory } from './ids.js';
import { seedHouseholdPractice, seedMoreSales, seedPipelineContacts } from './practice.js';
import { Random } from './random.js';
import { seedHouseholdRecords } from './records.js';
import { WRITE_ORDER } from './tables.js';

export { DEMO_ORGANIZATION_NAME };

export type SeedSize = 'small' | 'large';

/** Households of each size; contacts, records and flows follow from PER_HOUSEHOLD. */
export const SEED_SIZES: Readonly<Record<SeedSize, { households: number }>> = {
  small: { households: 50 },
  large: { households: 10_000 },
};

/**
 * Per household on average: three contacts (the adults as clients, the rest leads, prospects and
 * referral partners), ten financial records and twenty cash flows. The totals are exact: large is
 * 10,000 households, 30,000 contacts, 100,000 financial records and 200,000 flows. Opportunities
 * are drawn, not exact: about two a household in the large seed (some 20,000; `seedMoreSales`),
 * about 1.2 in the small one.
 */
export const PER_HOUSEHOLD = { contacts: 3, records: 10, flows: 20 } as const;

export const DEFAULT_SEED = 20_261_120;

/** "Now" for the demo data (see the top of this file). */
export const SEED_REFERENCE_DATE = new Date('2026-11-20T12:00:00.000Z');

const CHUNK_HOUSEHOLDS = 250;
const LOCK_KEY = 'meridian:demo-seed';

export interface SeedDemoOptions {
  admin: { email: string; password: string };
  size?: SeedSize;
  /** Overrides the size's number of households (tests run the large code path scaled down). */
  households?: number;
  seed?: number;
  /**
   * `database-empty` (npm start, the tests): seed only when there is no organization at all.
   * `no-demo-organization` (npm run seed): seed unless a demo organization exists, beside others.
   */
  when?: 'database-empty' | 'no-demo-organization';
  log?: (line: string) => void;
}

export interface SeedDemoResult {
  seeded: boolean;
  organizationId?: string;
  /** Why nothing was written. */
  reason?: string;
  rows: number;
  rowsByTable: Record<string, number>;
  durationMs: number;
}

/** Seeds the demo organization through `client` (a connection of its own: it runs a transaction). */
export async function seedDemo(client: pg.ClientBase, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const size = options.size ?? 'small';
  const households = options.households ?? SEED_SIZES[size].households;
  const seed = options.seed ?? DEFAULT_SEED;
  const when = options.when ?? 'database-empty';
  const log = options.log ?? (() => undefined);
  if (!Number.isInteger(households) || households < 1) throw new RangeError(`households must be a positive integer`);
  const skipped = (reason: string): SeedDemoResult => ({
    seeded: false,
    reason,
    rows: 0,
    rowsByTable: {},
    durationMs: performance.now() - started,
  });

  // A quick look first, so a run with nothing to do does not hash passwords or take the lock.
  const early = await reasonToSkip(client, when);
  if (early) return skipped(early);
  const [adminPasswordHash, staffPasswordHash] = await Promise.all([
    hashPassword(options.admin.password),
    // Staff accounts exist to populate the organization; nobody knows their password.
    hashPassword(randomBytes(24).toString('base64url')),
  ]);

  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCK_KEY]);
    const reason = await reasonToSkip(client, when);
    if (reason) {
      await client.query('ROLLBACK');
      return skipped(reason);
    }
    const adminEmail = options.admin.email.toLowerCase();
    const taken = await client.query<{ name: string }>(
      'SELECT o.name FROM users u JOIN organizations o ON o.id = u.organization_id WHERE u.email = $1',
      [adminEmail],
    );
    if (taken.rows[0]) {
      throw new DatabaseSetupError(
        `The demo admin e-mail ${adminEmail} already signs in to "${taken.rows[0].name}"; set DEMO_ADMIN_EMAIL to another address.`,
      );
    }

    const ids = new IdFactory(seed);
    const referenceDate = SEED_REFERENCE_DATE;
    const newBuffer = () =>
      new CopyBuffer({
        createdAt: referenceDate,
        updatedAt: referenceDate,
        requestedAt: referenceDate,
        occurredAt: referenceDate,
      });
    const base = { seed, organizationId: ids.next(EntityType.organization), referenceDate, ids, out: newBuffer() };
    const firm = seedFirm(base, {
      adminEmail,
      adminPasswordHash,
      staffPasswordHash,
      seedInfo: { script: 'scripts/seed/main.ts', size, seed, households, referenceDate: referenceDate.toISOString() },
    });
    const ctx: SeedContext = { ...base, firm };

    // Tables other tables point at: analyzed once written (see CopyBuffer.flush). A load of one chunk
    // is too small to suffer from it, and the ANALYZEs would cost it a fifth of its time.
    const analyze = new Set<string>();
    if (households > CHUNK_HOUSEHOLDS) {
      const parents = await client.query<{ name: string }>(
        `SELECT DISTINCT c.relname AS name FROM pg_constraint f JOIN pg_class c ON c.oid = f.confrelid
          WHERE f.contype = 'f' AND c.relnamespace = 'public'::regnamespace`,
      );
      for (const { name } of parents.rows) analyze.add(name);
    }
    const rowsByTable: Record<string, number> = {};
    let rows = 0;
    const reportEvery = Math.max(CHUNK_HOUSEHOLDS, Math.ceil(households / 10 / CHUNK_HOUSEHOLDS) * CHUNK_HOUSEHOLDS);
    const report = (done: number) => {
      if (done % reportEvery !== 0 && done !== households) return;
      const seconds = (performance.now() - started) / 1000;
      log(
        `  ${done.toLocaleString('en-US')} / ${households.toLocaleString('en-US')} households, ` +
          `${rows.toLocaleString('en-US')} rows, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`,
      );
    };
    // One chunk is written while the next is generated: the server's work and ours overlap.
    let writing: Promise<void> = Promise.resolve();
    const write = (buffer: CopyBuffer, done: number) => {
      writing = (async () => {
        for (const [table, count] of await buffer.flush(client, WRITE_ORDER, analyze)) {
          rowsByTable[table] = (rowsByTable[table] ?? 0) + count;
          rows += count;
        }
        report(done);
      })();
      // Awaited before the next chunk is written; this only keeps an early failure from being unhandled.
      writing.catch(() => undefined);
    };
    let profiles = new Map<number, HouseholdProfile>();
    for (let index = 0; index < households; index += 1) {
      seedHousehold(ctx, index, householdTargets(seed, index, households, profiles), size);
      if (index % 2 === 1) profiles = new Map();
      const done = index + 1;
      if (done % CHUNK_HOUSEHOLDS === 0 || done === households) {
        await writing;
        write(ctx.out, done);
        ctx.out = newBuffer();
      } else if (done % 10 === 0) {
        // Let the connection take the chunk being written while this one is generated.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await writing;
    await client.query('COMMIT');
    if (households > CHUNK_HOUSEHOLDS) {
      // The statistics taken after the first chunk are stale: refresh them for whatever runs next
      // (autovacuum would, within a minute or so).
      const analyzing = performance.now();
      for (const table of Object.keys(rowsByTable)) await client.query(`ANALYZE "${table}"`);
      log(
        `  analyzed ${Object.keys(rowsByTable).length} tables in ${((performance.now() - analyzing) / 1000).toFixed(1)} s`,
      );
    }
    return {
      seeded: true,
      organizationId: ctx.organizationId,
      rows,
      rowsByTable,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function reasonToSkip(client: pg.ClientBase, when: SeedDemoOptions['when']): Promise<string | undefined> {
  if (when === 'database-empty') {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM organizations LIMIT 1');
    return rows[0] ? 'The database already has an organization; nothing seeded.' : undefined;
  }
  const { rows } = await client.query<{ id: string; name: string }>(
    'SELECT id, name FROM organizations WHERE is_demo ORDER BY created_at LIMIT 1',
  );
  return rows[0]
    ? `The database already has the demo organization "${rows[0].name}" (${rows[0].id}); nothing seeded ` +
        '(another size or seed needs another database).'
    : undefined;
}

/**
 * One client household with everything around it; in the large firm, its further sales too (some
 * two opportunities a household in all: the small demo keeps its pipeline small).
 */
function seedHousehold(
  ctx: SeedContext,
  index: number,
  targets: { records: number; flows: number },
  size: SeedSize,
): void {
  const household = seedHouseholdClients(ctx, index);
  seedPipelineContacts(ctx, household, PER_HOUSEHOLD.contacts - household.adults.length);
  const holdings = seedHouseholdRecords(ctx, household, targets.records);
  seedHouseholdCashFlows(ctx, household, holdings, targets.flows);
  seedHouseholdPractice(ctx, household, holdings);
  if (size === 'large') seedMoreSales(ctx, household);
}

const STAGE_NEEDS = { YOUNG_PROFESSIONAL: 0, RETIREE: 1, YOUNG_FAMILY: 2, PRE_RETIREE: 2, MID_CAREER: 3 } as const;
const TIER_NEEDS = { MASS_AFFLUENT: 0, AFFLUENT: 3, HIGH_NET_WORTH: 6 } as const;

/**
 * How many records and flows household `index` gets. Households go in pairs: one gets `d` more
 * than the average, the other `d` fewer, so the totals are exact; the one with more needs (by
 * wealth, then life stage) gets the larger share. A last household without a pair gets the average.
 */
function householdTargets(
  seed: number,
  index: number,
  households: number,
  profiles: Map<number, HouseholdProfile>,
): { records: number; flows: number } {
  const first = index - (index % 2);
  if (first + 1 >= households) return { records: PER_HOUSEHOLD.records, flows: PER_HOUSEHOLD.flows };
  const needs = (position: number) => {
    let profile = profiles.get(position);
    if (!profile) {
      profile = householdProfile(seed, position);
      profiles.set(position, profile);
    }
    return TIER_NEEDS[profile.tier] + STAGE_NEEDS[profile.stage];
  };
  const random = Random.derive(seed, 'pair', first / 2);
  const records = random.int(0, 6);
  const flows = random.int(0, 8);
  const firstGetsMore = needs(first) >= needs(first + 1);
  const sign = (index === first) === firstGetsMore ? 1 : -1;
  return { records: PER_HOUSEHOLD.records + sign * records, flows: PER_HOUSEHOLD.flows + sign * flows };
}
