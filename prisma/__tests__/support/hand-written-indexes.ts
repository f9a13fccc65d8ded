// Indexes that schema.prisma cannot declare (partial, expression and trigram indexes) are written
// by hand in migrations whose migration.sql starts with HAND_WRITTEN_MARKER. The structure test
// allows exactly those indexes beside the ones schema.prisma implies; any other extra index is
// still drift. See docs/DATA-MODEL.md ("Invariants in the database").
import type { MigrationFolder } from '../../migration-files.js';

/** First line of a migration made of hand-written SQL (`npm run db:new-migration -- <name> --empty`). */
export const HAND_WRITTEN_MARKER = '-- Hand-written SQL';

const IDENTIFIER = String.raw`(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))`;
const CREATE_INDEX = new RegExp(
  String.raw`\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?${IDENTIFIER}`,
  'gi',
);
const DROP_INDEX = new RegExp(String.raw`\bDROP\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+EXISTS\s+)?${IDENTIFIER}`, 'gi');

/**
 * Names of the indexes that hand-written migrations leave in the database, in migration order: an
 * index a later hand-written migration drops is no longer listed. Indexes created by Prisma's
 * generated migrations are never listed, whatever their SQL says.
 */
export function handWrittenIndexNames(migrations: Pick<MigrationFolder, 'script'>[]): Set<string> {
  const names = new Set<string>();
  for (const { script } of migrations) {
    const sql = script.toString('utf8');
    if (!sql.startsWith(HAND_WRITTEN_MARKER)) continue;
    const code = withoutComments(sql);
    const events = [
      ...[...code.matchAll(CREATE_INDEX)].map((match) => ({ at: match.index, name: nameOf(match), create: true })),
      ...[...code.matchAll(DROP_INDEX)].map((match) => ({ at: match.index, name: nameOf(match), create: false })),
    ].sort((a, b) => a.at - b.at);
    for (const event of events) {
      if (event.create) names.add(event.name);
      else names.delete(event.name);
    }
  }
  return names;
}

function nameOf(match: RegExpMatchArray): string {
  const quoted = match[1];
  // Unquoted identifiers fold to lower case in PostgreSQL.
  return quoted !== undefined ? quoted.replace(/""/g, '"') : (match[2] ?? '').toLowerCase();
}

/** The SQL without `--` comments, so commented-out statements do not count. */
function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}
