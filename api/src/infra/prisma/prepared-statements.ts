import type { PrismaPg } from '@prisma/adapter-pg';

// PostgreSQL plans an unnamed statement every time it runs; a named (prepared) one is parsed once
// per connection and, after a few runs, keeps a generic plan. For a statement over many tables on
// a hot read path the planning can cost more than running it, so such raw statements are
// registered here by their exact text, and the adapter names them. Everything else Prisma sends
// stays unnamed: its text varies (lists of ids of any length), and a connection keeps every
// statement it prepared until it closes.

const nameOfText = new Map<string, string>();
const prefixes = new Set<string>();

/**
 * Registers constant raw statements to be prepared, as `<prefix>_<n>`; returns them unchanged.
 * Runs once per prefix, when the module declaring them loads.
 */
export function preparedStatements<T extends readonly string[]>(prefix: string, statements: T): T {
  if (prefixes.has(prefix)) throw new Error(`Prepared statements ${prefix} are registered twice`);
  prefixes.add(prefix);
  statements.forEach((sql, index) => nameOfText.set(sql, `${prefix}_${index + 1}`));
  return statements;
}

type StatementNameGenerator = NonNullable<
  NonNullable<ConstructorParameters<typeof PrismaPg>[1]>['statementNameGenerator']
>;

/**
 * The adapter's name for a statement: the registered one, or none. The adapter's type asks for a
 * string, but node-postgres runs a statement without a name as an unnamed one.
 */
export const statementName: StatementNameGenerator = (query) => nameOfText.get(query.sql) as string;
