// The structure of a PostgreSQL schema as read from pg_catalog, in the shape that
// expected-structure.ts derives from schema.prisma, so the two can be compared.
import type pg from 'pg';

/** pg_constraint's codes for ON DELETE / ON UPDATE actions. */
export const REFERENTIAL_ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

export interface Structure<Default> {
  /** Enum type name → labels in order. */
  enums: Map<string, string[]>;
  tables: Map<string, TableStructure<Default>>;
}

export interface TableStructure<Default> {
  columns: Map<string, ColumnStructure<Default>>;
  primaryKey: IndexStructure | null;
  /** Unique and plain indexes by name (not the primary key). */
  indexes: Map<string, IndexStructure>;
  foreignKeys: ForeignKeyStructure[];
}

export interface ColumnStructure<Default> {
  /**
   * As format_type() prints it (e.g. "timestamp(3) with time zone"); enums by bare name. Null on
   * the expected side means "not checked" (Unsupported(...) fields).
   */
  type: string | null;
  nullable: boolean;
  default: Default;
}

export interface IndexStructure {
  name: string;
  unique: boolean;
  /** Access method: btree, hash, gin, ... */
  method: string;
  /** Column names, "<name> DESC" for descending ones. */
  columns: string[];
  /** WHERE clause of a partial index. */
  predicate: string | null;
}

export interface ForeignKeyStructure {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
}

/** A database's structure; column defaults are the expressions PostgreSQL stores (or null). */
export type DatabaseStructure = Structure<string | null>;

const MIGRATIONS_TABLE = '_prisma_migrations';

/** Reads tables, columns, enums, indexes and foreign keys of the connection's current schema. */
export async function readDatabaseStructure(client: pg.Client): Promise<DatabaseStructure> {
  const structure: DatabaseStructure = { enums: await readEnums(client), tables: new Map() };
  const table = (name: string) => {
    let entry = structure.tables.get(name);
    if (!entry) {
      entry = { columns: new Map(), primaryKey: null, indexes: new Map(), foreignKeys: [] };
      structure.tables.set(name, entry);
    }
    return entry;
  };
  for (const column of await readColumns(client)) {
    table(column.table).columns.set(column.column, {
      type: column.type,
      nullable: column.nullable,
      default: column.default,
    });
  }
  for (const { table: tableName, primary, ...index } of await readIndexes(client)) {
    const columns = index.columns.map(unquoteIdentifier);
    if (primary) table(tableName).primaryKey = { ...index, columns };
    else table(tableName).indexes.set(index.name, { ...index, columns });
  }
  for (const { table: tableName, ...foreignKey } of await readForeignKeys(client)) {
    table(tableName).foreignKeys.push(foreignKey);
  }
  return structure;
}

async function readEnums(client: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ name: string; labels: string[] }>(
    `SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t
       JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = current_schema()
      GROUP BY t.typname`,
  );
  return new Map(rows.map((row) => [row.name, row.labels]));
}

async function readColumns(client: pg.Client) {
  // Enum columns are reported by the bare type name (format_type would quote some names).
  const { rows } = await client.query<{
    table: string;
    column: string;
    type: string;
    nullable: boolean;
    default: string | null;
  }>(
    `SELECT c.relname::text AS table, a.attname::text AS column,
            CASE WHEN t.typtype = 'e' THEN t.typname::text
                 WHEN et.typtype = 'e' THEN et.typname::text || '[]'
                 ELSE format_type(a.atttypid, a.atttypmod) END AS type,
            NOT a.attnotnull AS nullable,
            CASE WHEN a.attidentity <> '' THEN 'GENERATED AS IDENTITY'
                 ELSE pg_get_expr(d.adbin, d.adrelid) END AS default
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> $1
        AND a.attnum > 0 AND NOT a.attisdropped`,
    [MIGRATIONS_TABLE],
  );
  return rows;
}

async function readIndexes(client: pg.Client) {
  // indoption bit 1 marks a descending column; pg_get_indexdef(index, k, true) prints key column k.
  const { rows } = await client.query<IndexStructure & { table: string; primary: boolean }>(
    `SELECT t.relname::text AS table, i.relname::text AS name, ix.indisunique AS unique,
            ix.indisprimary AS primary, am.amname::text AS method,
            pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
            ARRAY(SELECT pg_get_indexdef(ix.indexrelid, k, true)
                         || CASE WHEN ix.indoption[k - 1] & 1 = 1 THEN ' DESC' ELSE '' END
                    FROM generate_series(1, ix.indnkeyatts) AS k ORDER BY k) AS columns
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_am am ON am.oid = i.relam
      WHERE n.nspname = current_schema() AND t.relname <> $1`,
    [MIGRATIONS_TABLE],
  );
  return rows;
}

async function readForeignKeys(client: pg.Client) {
  const { rows } = await client.query<{
    table: string;
    columns: string[];
    referencedTable: string;
    referencedColumns: string[];
    onDelete: string;
    onUpdate: string;
  }>(
    `SELECT t.relname::text AS table, rt.relname::text AS "referencedTable",
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)
              AS "referencedColumns",
            con.confdeltype::text AS "onDelete", con.confupdtype::text AS "onUpdate"
       FROM pg_constraint con
       JOIN pg_class t ON t.oid = con.conrelid
       JOIN pg_class rt ON rt.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE con.contype = 'f' AND n.nspname = current_schema()`,
  );
  return rows.map((row) => ({
    ...row,
    onDelete: REFERENTIAL_ACTIONS[row.onDelete] ?? row.onDelete,
    onUpdate: REFERENTIAL_ACTIONS[row.onUpdate] ?? row.onUpdate,
  }));
}

/** pg_get_indexdef quotes column names that need it ("createdAt"); the schema side does not. */
function unquoteIdentifier(column: string): string {
  return column.replace(/^"((?:[^"]|"")*)"/, (_, name: string) => name.replace(/""/g, '"'));
}
