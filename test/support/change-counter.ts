// Counts every row written to a test database, per table, so a test can tell that a request
// changed nothing: an AFTER INSERT/UPDATE/DELETE ... FOR EACH ROW trigger on every table of the
// public schema bumps that table's counter. The counter is written in the writer's transaction, so
// a rolled-back transaction leaves it as it was, exactly like the rows it guards.
import type pg from 'pg';
import { connect, disconnect } from '../../prisma/postgres.js';

const COUNTER_TABLE = 'test_row_changes';

export interface ChangeCounter {
  /** Changes per table since the counter was installed. */
  read(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/** Tables whose counts differ between two readings, with the difference. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [table, count] of after) {
    const difference = count - (before.get(table) ?? 0);
    if (difference !== 0) changed[table] = difference;
  }
  return changed;
}

/** Installs the triggers in the database at `databaseUrl` (after any seeding, which they would slow down). */
export async function installChangeCounter(databaseUrl: string): Promise<ChangeCounter> {
  const client: pg.Client = await connect(databaseUrl, 'meridian-change-counter', 'DATABASE_URL');
  await client.query(`
    CREATE TABLE ${COUNTER_TABLE} (table_name text PRIMARY KEY, changes bigint NOT NULL);
    CREATE FUNCTION test_count_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${COUNTER_TABLE} (table_name, changes) VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (table_name) DO UPDATE SET changes = ${COUNTER_TABLE}.changes + 1;
      RETURN NULL;
    END $$;
    DO $$
    DECLARE target regclass;
    BEGIN
      FOR target IN
        SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND c.relname NOT IN ('${COUNTER_TABLE}', '_prisma_migrations')
      LOOP
        EXECUTE format(
          'CREATE TRIGGER test_count_row_change AFTER INSERT OR UPDATE OR DELETE ON %s
             FOR EACH ROW EXECUTE FUNCTION test_count_row_change()', target);
      END LOOP;
    END $$;
  `);
  return {
    async read() {
      const result = await client.query<{ table_name: string; changes: string }>(
        `SELECT table_name, changes FROM ${COUNTER_TABLE}`,
      );
      return new Map(result.rows.map((row) => [row.table_name, Number(row.changes)]));
    },
    close: () => disconnect(client),
  };
}
