/**
 * The SQL a writer runs: statements with `$1..$n` parameters inside the caller's transaction. The
 * writers are set-based, one statement per table for a whole batch, so they speak SQL rather than
 * the model API (whose createMany binds every column of every row as its own parameter). Raw SQL
 * is not rewritten by the tenant scope: every statement names its organization.
 */
export interface Sql {
  /** Runs a statement; returns its rows. */
  query<R = Record<string, unknown>>(text: string, ...values: unknown[]): Promise<R[]>;
  /** Runs a statement; returns how many rows it touched. */
  execute(text: string, ...values: unknown[]): Promise<number>;
}

/** Any Prisma client or transaction (the tenant one included): its raw-SQL entry points. */
export interface RawSqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export function sqlOf(client: RawSqlClient): Sql {
  return {
    query: <R>(text: string, ...values: unknown[]) => client.$queryRawUnsafe<R[]>(text, ...values),
    execute: (text: string, ...values: unknown[]) => client.$executeRawUnsafe(text, ...values),
  };
}

/**
 * Rows as one JSON parameter, read back with `jsonb_to_recordset($n::jsonb) AS r(col type, ...)`:
 * a batch of any size is one statement with one parameter. Keys are the column names.
 */
export function jsonRows(rows: readonly object[]): string {
  return JSON.stringify(rows);
}
