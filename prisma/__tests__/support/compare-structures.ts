// Compares the structure schema.prisma implies with the one a migrated database has, and lists
// every difference as one readable line ("users.email: type text in schema.prisma, ...").
import type {
  ColumnStructure,
  DatabaseStructure,
  ForeignKeyStructure,
  IndexStructure,
  TableStructure,
} from './database-structure.js';
import type { ExpectedDefault, ExpectedStructure } from './expected-structure.js';

const SCHEMA = 'schema.prisma';
const DATABASE = 'the database';

export interface CompareOptions {
  /**
   * Indexes the database may have beyond schema.prisma's: the hand-written ones (see
   * hand-written-indexes.ts). Only their absence from schema.prisma is forgiven; an index of that
   * name which schema.prisma does declare is still compared.
   */
  allowedExtraIndexes?: ReadonlySet<string>;
}

export function compareStructures(
  expected: ExpectedStructure,
  actual: DatabaseStructure,
  options: CompareOptions = {},
): string[] {
  const allowed = options.allowedExtraIndexes ?? new Set<string>();
  return [...compareEnums(expected.enums, actual.enums), ...compareTables(expected, actual, allowed)];
}

function compareEnums(expected: Map<string, string[]>, actual: Map<string, string[]>): string[] {
  const differences = missingAndExtra('enum', expected, actual);
  for (const [name, labels] of expected) {
    const actualLabels = actual.get(name);
    if (actualLabels && actualLabels.join(',') !== labels.join(',')) {
      differences.push(
        `enum ${name}: values [${labels.join(', ')}] in ${SCHEMA}, [${actualLabels.join(', ')}] in ${DATABASE}`,
      );
    }
  }
  return differences;
}

function compareTables(expected: ExpectedStructure, actual: DatabaseStructure, allowed: ReadonlySet<string>): string[] {
  const differences = missingAndExtra('table', expected.tables, actual.tables);
  for (const [name, table] of expected.tables) {
    const actualTable = actual.tables.get(name);
    if (actualTable) differences.push(...compareTable(name, table, actualTable, allowed));
  }
  return differences;
}

function compareTable(
  table: string,
  expected: TableStructure<ExpectedDefault>,
  actual: TableStructure<string | null>,
  allowed: ReadonlySet<string>,
): string[] {
  const differences = missingAndExtra(`column ${table}.`, expected.columns, actual.columns);
  for (const [name, column] of expected.columns) {
    const actualColumn = actual.columns.get(name);
    if (actualColumn) differences.push(...compareColumn(`${table}.${name}`, column, actualColumn));
  }
  differences.push(...comparePrimaryKey(table, expected.primaryKey, actual.primaryKey));
  const actualIndexes = new Map(
    [...actual.indexes].filter(([name]) => expected.indexes.has(name) || !allowed.has(name)),
  );
  differences.push(...missingAndExtra(`index ${table}.`, expected.indexes, actualIndexes));
  for (const [name, index] of expected.indexes) {
    const actualIndex = actual.indexes.get(name);
    if (actualIndex && describeIndex(actualIndex) !== describeIndex(index)) {
      differences.push(
        `index ${name}: ${describeIndex(index)} in ${SCHEMA}, ${describeIndex(actualIndex)} in ${DATABASE}`,
      );
    }
  }
  differences.push(...compareForeignKeys(table, expected.foreignKeys, actual.foreignKeys));
  return differences;
}

function compareColumn(
  label: string,
  expected: ColumnStructure<ExpectedDefault>,
  actual: ColumnStructure<string | null>,
): string[] {
  const differences: string[] = [];
  if (expected.type !== null && expected.type !== actual.type) {
    differences.push(`${label}: type ${expected.type} in ${SCHEMA}, ${actual.type} in ${DATABASE}`);
  }
  if (expected.nullable !== actual.nullable) {
    differences.push(
      `${label}: ${nullability(expected.nullable)} in ${SCHEMA}, ${nullability(actual.nullable)} in ${DATABASE}`,
    );
  }
  if (!defaultMatches(expected.default, actual.default)) {
    differences.push(
      `${label}: default ${describeDefault(expected.default)} in ${SCHEMA}, ${actual.default ?? 'none'} in ${DATABASE}`,
    );
  }
  return differences;
}

function nullability(nullable: boolean): string {
  return nullable ? 'nullable' : 'NOT NULL';
}

function defaultMatches(expected: ExpectedDefault, actual: string | null): boolean {
  switch (expected.kind) {
    case 'none':
      return actual === null;
    case 'any':
      return actual !== null;
    case 'autoincrement':
      return actual?.startsWith('nextval(') ?? false;
    case 'now':
      return actual === 'CURRENT_TIMESTAMP' || actual === 'now()';
    case 'value':
      return actual !== null && literalValue(actual) === expected.value;
  }
}

/**
 * The value of a stored default such as 'PENDING'::outbox_email_status, '-1'::integer, false or
 * 0: quotes and the type cast removed.
 */
function literalValue(stored: string): string {
  const quoted = /^'((?:[^']|'')*)'(?:::.+)?$/s.exec(stored);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/''/g, "'");
  return stored.replace(/::[\w\s."[\]()]+$/, '');
}

function describeDefault(expected: ExpectedDefault): string {
  switch (expected.kind) {
    case 'none':
      return 'none';
    case 'any':
      return 'present';
    case 'autoincrement':
      return 'autoincrement()';
    case 'now':
      return 'now()';
    case 'value':
      return JSON.stringify(expected.value);
  }
}

function comparePrimaryKey(table: string, expected: IndexStructure | null, actual: IndexStructure | null): string[] {
  const describe = (key: IndexStructure | null) => (key ? `${key.name} (${key.columns.join(', ')})` : 'none');
  return describe(expected) === describe(actual)
    ? []
    : [`${table}: primary key ${describe(expected)} in ${SCHEMA}, ${describe(actual)} in ${DATABASE}`];
}

function describeIndex(index: IndexStructure): string {
  const where = index.predicate ? ` WHERE ${index.predicate}` : '';
  return `${index.unique ? 'UNIQUE ' : ''}${index.method} (${index.columns.join(', ')})${where}`;
}

/** Foreign keys are compared as a set of descriptions, not by name (see expected-structure.ts). */
function compareForeignKeys(table: string, expected: ForeignKeyStructure[], actual: ForeignKeyStructure[]): string[] {
  const expectedKeys = expected.map(describeForeignKey);
  const actualKeys = actual.map(describeForeignKey);
  return [
    ...expectedKeys
      .filter((key) => !actualKeys.includes(key))
      .map((key) => `${table}: foreign key ${key} in ${SCHEMA}, not in ${DATABASE}`),
    ...actualKeys
      .filter((key) => !expectedKeys.includes(key))
      .map((key) => `${table}: foreign key ${key} in ${DATABASE}, not in ${SCHEMA}`),
  ];
}

function describeForeignKey(key: ForeignKeyStructure): string {
  return (
    `(${key.columns.join(', ')}) → ${key.referencedTable}(${key.referencedColumns.join(', ')}) ` +
    `ON DELETE ${key.onDelete} ON UPDATE ${key.onUpdate}`
  );
}

function missingAndExtra(kind: string, expected: Map<string, unknown>, actual: Map<string, unknown>): string[] {
  const separator = kind.endsWith('.') ? '' : ' ';
  return [
    ...[...expected.keys()]
      .filter((name) => !actual.has(name))
      .map((name) => `${kind}${separator}${name}: in ${SCHEMA}, not in ${DATABASE}`),
    ...[...actual.keys()]
      .filter((name) => !expected.has(name))
      .map((name) => `${kind}${separator}${name}: in ${DATABASE}, not in ${SCHEMA}`),
  ];
}
