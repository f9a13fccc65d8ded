import type { PrismaPg } from '@prisma/adapter-pg';

// PostgreSQL plans an unnamed statement every time it runs; a named (prepared) one is parsed once
// per connection and, after a few runs, keeps a generic plan. For a statement over many tables on
// a hot read path the planning can cost more than running it, so such raw statements are
// registered here by their exact text, and the adapter names them. Everything else Prisma sends
// stays unnamed: its text varies (lists of ids of any length), and a connection keeps every
// statement it prepared until it closes.

const nameOfText = new Map<string, string>();
const textOfName = new Map<string, string>();

/**
 * Registers constant raw statements to be prepared, as `<prefix>_<n>`, when the module declaring
 * them loads; returns them unchanged. Registering the same text again changes nothing; another
 * text under a name already taken is refused (node-postgres would fail on it at run time).
 */
export function preparedStatements<T extends readonly string[]>(prefix: string, statements: T): T {
  statements.forEach((sql, index) => {
    const name = `${prefix}_${index + 1}`;
    const known = textOfName.get(name);
    if (known !== undefined && known !== sql) throw new Error(`Two statements would be prepared as ${name}`);
    textOfName.set(name, sql);
    nameOfText.set(sql, name);
  });
  return statements;
}

type StatementNameGenerator = NonNullable<
  NonNullable<ConstructorParameters<typeof PrismaPg>[1]>['statementNameGenerator']
>;

/** The name a registered statement is prepared under; undefined for any other text. */
export function preparedName(sql: string): string | undefined {
  return nameOfText.get(sql);
}

/**
 * The adapter's name for a statement: the registered one, or none. The adapter's type asks for a
 * string, but node-postgres runs a statement without a name as an unnamed one.
 */
export const statementName: StatementNameGenerator = (query) => nameOfText.get(query.sql) as string;
