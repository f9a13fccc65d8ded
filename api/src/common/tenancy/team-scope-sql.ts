import { Prisma } from '../../generated/prisma/client.js';
import { currentTeamScope } from './request-context.js';

/**
 * The team scope (docs/PERMISSIONS.md) as a raw SQL condition, `AND <column> = ANY(<teams>)`, for
 * the repositories whose lists and aggregates are raw SQL (the tenant client scopes the rest).
 * Empty when the context sees every team. `column` is a trusted identifier such as `h.team_id`.
 */
export function teamScopeSql(column: string): Prisma.Sql {
  const teamIds = currentTeamScope();
  if (!teamIds) return Prisma.empty;
  return Prisma.sql`AND ${Prisma.raw(column)} = ANY(${[...teamIds]}::text[])`;
}

/**
 * The same condition for `$n`-numbered SQL (the writers' `Sql`): the text, naming parameter
 * `$<index>`, and the values to append after the statement's own (none, and no text, when the
 * context sees every team).
 */
export function teamScopeParam(column: string, index: number): { sql: string; values: unknown[] } {
  const teamIds = currentTeamScope();
  if (!teamIds) return { sql: '', values: [] };
  return { sql: ` AND ${column} = ANY($${index}::text[])`, values: [[...teamIds]] };
}

/**
 * The team scope as one parameter of a statement whose text never changes (a prepared one): the
 * caller's teams, or null when the context sees every team, for `($n::text[] IS NULL OR
 * <column> = ANY($n::text[]))`.
 */
export function teamScopeValue(): string[] | null {
  const teamIds = currentTeamScope();
  return teamIds ? [...teamIds] : null;
}
