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

/** A table's columns as a set-based statement sends them: column name -> its SQL type. */
export type ColumnTypes = Readonly<Record<string, string>>;

function recordsetOf(types: ColumnTypes, columns: readonly string[]): string {
  return columns.map((column) => `"${column}" ${types[column]}`).join(', ');
}

function typedColumns(types: ColumnTypes, row: Record<string, unknown>): string[] {
  const columns = Object.keys(row);
  for (const column of columns) {
    if (!(column in types)) throw new Error(`Column ${column} is not declared for this table`);
  }
  return columns;
}

/** Whether every row holds the same value in `column` (a batch's organization, team or timestamp). */
function isConstant(rows: readonly Record<string, unknown>[], column: string): boolean {
  const first = rows[0]![column];
  // Only plain values: an object (a record, a Decimal) stays in the rows, where JSON carries it.
  if (first !== null && typeof first === 'object' && !(first instanceof Date)) return false;
  const same =
    first instanceof Date
      ? (value: unknown) => value instanceof Date && +value === +first
      : (value: unknown) => value === first;
  return rows.every((row) => same(row[column]));
}

/**
 * Inserts rows (keys: column names, every row the same keys) in one statement. A column every row
 * holds the same value in (the organization, the batch's timestamp) goes once as a parameter of its
 * own rather than in every row of the JSON. Table and column names come from the writers' own
 * declarations, never from input.
 */
export async function insertRows(
  sql: Sql,
  table: string,
  types: ColumnTypes,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = typedColumns(types, rows[0]!);
  const constant = rows.length > 1 ? columns.filter((column) => isConstant(rows, column)) : [];
  const varying = columns.filter((column) => !constant.includes(column));
  const values = columns.map((column) =>
    constant.includes(column) ? `$${constant.indexOf(column) + 2}::${types[column]}` : `r."${column}"`,
  );
  const json = rows.map((row) => Object.fromEntries(varying.map((column) => [column, row[column]])));
  // With no varying column the rows are empty objects: they still say how many rows to insert.
  const recordset = varying.length > 0 ? recordsetOf(types, varying) : 'unused text';
  await sql.execute(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')})
     SELECT ${values.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${recordset})`,
    jsonRows(json),
    ...constant.map((column) => rows[0]![column]),
  );
}

/**
 * Writes the given columns of rows by id, one statement per set of columns (rows that change the
 * same columns share it): a field a row does not name is left as it is.
 */
export async function updateRows(
  sql: Sql,
  table: string,
  organizationId: string,
  types: ColumnTypes,
  rows: readonly { id: string; set: Record<string, unknown> }[],
): Promise<void> {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const columns = typedColumns(types, row.set).sort();
    if (columns.length === 0) continue;
    const key = columns.join(',');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push({ ...row.set, id: row.id });
    groups.set(key, group);
  }
  for (const { columns, rows: group } of groups.values()) {
    const assignments = columns.map((column) => `"${column}" = r."${column}"`).join(', ');
    await sql.execute(
      `UPDATE "${table}" AS t SET ${assignments}
         FROM jsonb_to_recordset($2::jsonb) AS r(id text, ${recordsetOf(types, columns)})
        WHERE t.organization_id = $1 AND t.id = r.id`,
      organizationId,
      jsonRows(group),
    );
  }
}

/** Deletes rows by id, one statement for the batch (what cascades from them goes with them). */
export async function deleteRows(sql: Sql, table: string, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await sql.execute(`DELETE FROM "${table}" WHERE organization_id = $1 AND id = ANY($2::text[])`, organizationId, [
    ...ids,
  ]);
}

/**
 * The rows of these names (case aside), the oldest of each name, by lower-cased name: how imports
 * find a household or a tag a file names. The key is collated "C" as the lookup indexes are (see
 * the name_lookup_indexes migration), so the planner never takes a trigram index for it.
 */
export async function oldestByName(
  sql: Sql,
  table: string,
  organizationId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await sql.query<{ id: string; key: string }>(
    `SELECT DISTINCT ON (lower(name) COLLATE "C") id, lower(name) AS key FROM "${table}"
      WHERE organization_id = $1 AND lower(name) COLLATE "C" = ANY($2::text[])
      ORDER BY lower(name) COLLATE "C", created_at, id`,
    organizationId,
    wanted,
  );
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** Which of these ids still have their row. */
export async function existingIds(
  sql: Sql,
  table: string,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM "${table}" WHERE organization_id = $1 AND id = ANY($2::text[])`,
    organizationId,
    [...new Set(ids)],
  );
  return new Set(rows.map((row) => row.id));
}
