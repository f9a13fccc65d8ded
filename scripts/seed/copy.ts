// Buffers seed rows per table and writes them with COPY ... FROM STDIN (pg-copy-streams), one
// statement per table per batch. Rows are typed with the Prisma client's CreateManyInput types, so
// a misspelt column or enum value fails to compile; the column list of each table is given
// explicitly (the Prisma schema's field names, which map to snake_case columns one for one).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface TableSpec<Row> {
  /** The SQL table (schema.prisma's @@map). */
  readonly name: string;
  /** Field names, in the order they are written. */
  readonly fields: readonly (keyof Row & string)[];
  /** Values for fields a row leaves undefined (NOT NULL columns with a database default). */
  readonly defaults: Partial<Row>;
  /** Json fields: written as JSON even when the value is an array (other arrays are PostgreSQL arrays). */
  readonly json: ReadonlySet<string>;
  readonly copySql: string;
}

/** `lastKycUpdatedAt` -> `last_kyc_updated_at`, the rule every field of schema.prisma follows. */
export function columnName(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function defineTable<Row>(
  name: string,
  fields: readonly (keyof Row & string)[],
  defaults: Partial<Row> = {},
  json: readonly (keyof Row & string)[] = [],
): TableSpec<Row> {
  const columns = fields.map((field) => `"${columnName(field)}"`).join(', ');
  return { name, fields, defaults, json: new Set(json), copySql: `COPY "${name}" (${columns}) FROM STDIN` };
}

const NEEDS_ESCAPE = /[\\\n\r\t]/;
const ESCAPED = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text-format COPY escaping of one field. */
function escapeText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (character) => ESCAPES[character]!) : text;
}

/** An element of a PostgreSQL array literal, always quoted. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return `"${String(value).replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

// Rows of one household share many dates: remember the text of recent ones.
const isoTexts = new Map<number, string>();
function isoText(date: Date): string {
  const time = date.getTime();
  let text = isoTexts.get(time);
  if (text === undefined) {
    if (isoTexts.size >= 4_096) isoTexts.clear();
    text = date.toISOString();
    isoTexts.set(time, text);
  }
  return text;
}

/** One value in COPY text format: \N for null, arrays as literals, JSON for objects. */
export function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return escapeText(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Cannot write ${value} to the database`);
      return String(value);
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) return isoText(value);
      if (Array.isArray(value)) return escapeText(`{${value.map(arrayElement).join(',')}}`);
      return escapeText(JSON.stringify(value));
  }
}

/**
 * Rows waiting to be written, per table. `flush` writes the tables in the order given (parents
 * before children: foreign keys are checked per statement) and empties the buffers.
 */
export class CopyBuffer {
  /** COPY text lines by table name. */
  private readonly pending = new Map<string, string[]>();
  private buffered = 0;

  /**
   * `fallbacks` fill fields a row and its table leave undefined, by field name in any table (the
   * seed's clock for `createdAt`...). A missing `updatedAt` is the row's `createdAt`.
   */
  constructor(private readonly fallbacks: Readonly<Record<string, unknown>> = {}) {}

  add<Row>(spec: TableSpec<Row>, row: Row): void {
    const values = row as Record<string, unknown>;
    const defaults = spec.defaults as Record<string, unknown>;
    let line = '';
    for (let index = 0; index < spec.fields.length; index += 1) {
      const field = spec.fields[index]!;
      let value = values[field] ?? defaults[field];
      if (value === undefined && field === 'updatedAt') value = values.createdAt;
      if (value === undefined) value = this.fallbacks[field];
      const text =
        spec.json.has(field) && value !== null && value !== undefined
          ? escapeText(JSON.stringify(value))
          : encodeValue(value);
      line += (index === 0 ? '' : '\t') + text;
    }
    let lines = this.pending.get(spec.name);
    if (!lines) {
      lines = [];
      this.pending.set(spec.name, lines);
    }
    lines.push(`${line}\n`);
    this.buffered += 1;
  }

  /** Rows added since the last flush. */
  get size(): number {
    return this.buffered;
  }

  /**
   * Writes every buffered row, tables in `order`; returns the number of rows written per table.
   *
   * A table named in `analyze` is analyzed right after its rows are written, and taken out of the
   * set (pass the same set to every flush: once per table is enough; ANALYZE sees the
   * transaction's own rows). Why: a foreign-key check plans its lookup once per connection, when
   * the first child row is written. Planned against a parent without statistics, PostgreSQL 15 may
   * look the key up through another index that starts with organization_id (contacts by team,
   * meetings by organizer) and read every row of the organization for each child row: the load
   * turns quadratic (measured: 2.4 times slower at 2,000 households). With statistics it uses the
   * (organization_id, id) key.
   */
  async flush(
    client: pg.ClientBase,
    order: readonly TableSpec<never>[],
    analyze: Set<string> = new Set(),
  ): Promise<Map<string, number>> {
    const written = new Map<string, number>();
    const known = new Set(order.map((spec) => spec.name));
    for (const name of this.pending.keys()) {
      if (!known.has(name)) throw new Error(`Table ${name} is missing from the seed's write order`);
    }
    for (const spec of order) {
      const lines = this.pending.get(spec.name);
      if (!lines || lines.length === 0) continue;
      await pipeline(Readable.from(chunks(lines)), client.query(copyFrom(spec.copySql)));
      written.set(spec.name, lines.length);
      if (analyze.delete(spec.name)) await client.query(`ANALYZE "${spec.name}"`);
    }
    this.pending.clear();
    this.buffered = 0;
    return written;
  }
}

/** Lines joined into pieces of about 64 KiB: few stream writes, no single huge string. */
function* chunks(lines: readonly string[]): Generator<string> {
  let piece = '';
  for (const line of lines) {
    piece += line;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece.length > 0) yield piece;
}
