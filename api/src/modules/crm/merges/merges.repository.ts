import type { Sql } from '../../../common/persistence/sql.js';
import { teamScopeParam } from '../../../common/tenancy/team-scope-sql.js';
import type { MergeCombined, MergeKind, MergePlan } from '@meridian/domain';
import type { ChildTable } from './merge-tables.js';

/** A contact or household row as merging reads it: its columns, its name, its soft-delete state. */
export interface PartyRow extends Record<string, unknown> {
  id: string;
  name: string;
  deleted_at: Date | null;
  merged_into_id: string | null;
}

const NAME_SQL: Record<MergeKind, string> = {
  contact: `concat_ws(' ', first_name, last_name)`,
  household: 'name',
};
const TABLE: Record<MergeKind, string> = { contact: 'contacts', household: 'households' };

/** `$` in a duplicate rule stands for the row's alias. */
function over(alias: string, expression: string): string {
  return expression.replaceAll('$.', `${alias}.`);
}

/** The rows of `child` that are the merged record's: by its column, and by entity type for a reference. */
function owned(child: ChildTable, alias: string, idParam: string): string {
  const kind = child.entityType ? ` AND ${alias}.${child.entityType.column}::text = '${child.entityType.value}'` : '';
  return `${alias}.organization_id = $1 AND ${alias}.${child.column} = ${idParam}${kind}`;
}

function duplicateOf(child: ChildTable): string {
  const same = (child.duplicateWhen ?? []).map((rule) => `${over('s', rule)} IS NOT DISTINCT FROM ${over('m', rule)}`);
  return `EXISTS (SELECT 1 FROM ${child.table} AS s WHERE ${owned(child, 's', '$3')} AND ${same.join(' AND ')})`;
}

/**
 * The set-based statements of a merge and its undo: one per table and step, each naming its
 * organization (raw SQL is not rewritten by the tenant scope).
 */
export const mergeSql = {
  /**
   * A contact or household of the organization, within the caller's teams (docs/PERMISSIONS.md):
   * another team's record is missing here, as another organization's is, so a merge, its preview
   * and its undo answer 404 for it whichever side it is on. `everyTeam` reads a record only named
   * in a refusal (what the survivor was later merged into), whichever team holds it.
   */
  async party(
    sql: Sql,
    organizationId: string,
    kind: MergeKind,
    id: string,
    everyTeam = false,
  ): Promise<PartyRow | null> {
    const team = everyTeam ? { sql: '', values: [] } : teamScopeParam('team_id', 3);
    const [row] = await sql.query<PartyRow>(
      `SELECT *, ${NAME_SQL[kind]} AS name FROM ${TABLE[kind]} WHERE organization_id = $1 AND id = $2${team.sql}`,
      organizationId,
      id,
      ...team.values,
    );
    return row ?? null;
  },

  /** Which of `ids` exist in the organization but in a team the caller does not reach. */
  async outsideTeams(sql: Sql, organizationId: string, kind: MergeKind, ids: readonly string[]): Promise<string[]> {
    const team = teamScopeParam('team_id', 3);
    if (team.values.length === 0) return [];
    const rows = await sql.query<{ id: string }>(
      `SELECT id FROM ${TABLE[kind]} WHERE organization_id = $1 AND id = ANY($2::text[]) AND NOT (true${team.sql})`,
      organizationId,
      [...ids],
      ...team.values,
    );
    return rows.map((row) => row.id);
  },

  /**
   * Locks both records in id order, so two merges of the same pair cannot deadlock; another team's
   * record is not locked (it is refused right after).
   */
  async lockPair(sql: Sql, organizationId: string, kind: MergeKind, ids: readonly string[]): Promise<void> {
    const team = teamScopeParam('team_id', 3);
    await sql.query(
      `SELECT id FROM ${TABLE[kind]} WHERE organization_id = $1 AND id = ANY($2::text[])${team.sql} ORDER BY id FOR UPDATE`,
      organizationId,
      [...ids],
      ...team.values,
    );
  },

  /** What merging `mergedId` into `survivorId` would combine: each table's rows, and how many are duplicates. */
  async counts(
    sql: Sql,
    organizationId: string,
    tables: readonly ChildTable[],
    mergedId: string,
    survivorId: string,
  ): Promise<MergeCombined[]> {
    const parts = tables.map(
      (child, index) =>
        `SELECT ${index} AS position, count(*)::int AS count,
                ${child.duplicateWhen ? `count(*) FILTER (WHERE ${duplicateOf(child)})::int` : '0'} AS duplicates
           FROM ${child.table} AS m WHERE ${owned(child, 'm', '$2')}`,
    );
    const rows = await sql.query<{ position: number; count: number; duplicates: number }>(
      parts.join(' UNION ALL '),
      organizationId,
      mergedId,
      survivorId,
    );
    return combine(
      rows.map((row) => ({ label: tables[row.position]!.label, count: row.count, duplicates: row.duplicates })),
    );
  },

  /** Removes the merged record's rows the survivor already has; returns them whole. */
  async removeDuplicates(sql: Sql, organizationId: string, child: ChildTable, mergedId: string, survivorId: string) {
    if (!child.duplicateWhen) return [];
    const rows = await sql.query<{ row: Record<string, unknown> }>(
      `DELETE FROM ${child.table} AS m WHERE ${owned(child, 'm', '$2')} AND ${duplicateOf(child)} RETURNING to_jsonb(m.*) AS row`,
      organizationId,
      mergedId,
      survivorId,
    );
    return rows.map((row) => row.row);
  },

  /** Where the survivor has a primary row, the merged record's primary stops being one; returns those ids. */
  async unsetPrimary(sql: Sql, organizationId: string, child: ChildTable, mergedId: string, survivorId: string) {
    const rows = await sql.query<{ id: string }>(
      `UPDATE ${child.table} AS m SET is_primary = false
        WHERE ${owned(child, 'm', '$2')} AND m.is_primary
          AND EXISTS (SELECT 1 FROM ${child.table} AS s WHERE ${owned(child, 's', '$3')} AND s.is_primary)
        RETURNING m.id`,
      organizationId,
      mergedId,
      survivorId,
    );
    return rows.map((row) => row.id);
  },

  /** Moves every row of the merged record to the survivor; returns the moved rows' keys. */
  async move(sql: Sql, organizationId: string, child: ChildTable, fromId: string, toId: string) {
    const rows = await sql.query<{ key: string }>(
      `UPDATE ${child.table} AS m SET ${child.column} = $3 WHERE ${owned(child, 'm', '$2')} RETURNING m.${child.key} AS key`,
      organizationId,
      fromId,
      toId,
    );
    return rows.map((row) => row.key);
  },

  /** Moves these rows (by key) back from the survivor to the merged record. */
  async moveBack(
    sql: Sql,
    organizationId: string,
    moved: MergePlan['moved'][number],
    survivorId: string,
    mergedId: string,
  ) {
    if (moved.keys.length === 0) return 0;
    return sql.execute(
      `UPDATE ${moved.table} SET ${moved.column} = $3
        WHERE organization_id = $1 AND ${moved.column} = $2 AND ${moved.key} = ANY($4::text[])`,
      organizationId,
      survivorId,
      mergedId,
      moved.keys,
    );
  },

  async setPrimary(sql: Sql, organizationId: string, table: string, ids: readonly string[]) {
    if (ids.length === 0) return;
    await sql.execute(
      `UPDATE ${table} SET is_primary = true WHERE organization_id = $1 AND id = ANY($2::text[])`,
      organizationId,
      [...ids],
    );
  },

  /** The exactly-one-primary rule (crm §3) for an owner with rows and no primary: its oldest row becomes primary. */
  async ensurePrimary(sql: Sql, organizationId: string, child: ChildTable, ownerId: string) {
    await sql.execute(
      `UPDATE ${child.table} SET is_primary = true
        WHERE id = (SELECT id FROM ${child.table} WHERE organization_id = $1 AND ${child.column} = $2
                     ORDER BY created_at, id LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM ${child.table} WHERE organization_id = $1 AND ${child.column} = $2 AND is_primary)`,
      organizationId,
      ownerId,
    );
  },

  /** Puts back rows removed as duplicates, exactly as they were (a row back already stays). */
  async restoreRows(sql: Sql, organizationId: string, table: string, rows: readonly Record<string, unknown>[]) {
    const own = rows.filter((row) => row.organization_id === organizationId);
    if (own.length === 0) return;
    await sql.execute(
      `INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) ON CONFLICT DO NOTHING`,
      JSON.stringify(own),
    );
  },

  /** Names of referenced records (teams, households, persons, advisors), by id. */
  async names(sql: Sql, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await sql.query<{ id: string; name: string }>(
      `SELECT id, name FROM teams WHERE organization_id = $1 AND id = ANY($2::text[])
       UNION ALL SELECT id, name FROM households WHERE organization_id = $1 AND id = ANY($2::text[])
       UNION ALL SELECT id, concat_ws(' ', first_name, last_name) FROM persons WHERE organization_id = $1 AND id = ANY($2::text[])
       UNION ALL SELECT id, coalesce(display_name, concat_ws(' ', first_name, last_name))
                   FROM professionals WHERE organization_id = $1 AND id = ANY($2::text[])`,
      organizationId,
      [...new Set(ids)],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  },
};

/** Counts by label (two tables may share one, e.g. tasks), leaving out what is empty. */
export function combine(entries: readonly { label: string; count: number; duplicates: number }[]): MergeCombined[] {
  const byLabel = new Map<string, MergeCombined>();
  for (const { label, count, duplicates } of entries) {
    const entry = byLabel.get(label) ?? { key: label.replaceAll(' ', '-'), label, count: 0, duplicates: 0 };
    entry.count += count;
    entry.duplicates += duplicates;
    byLabel.set(label, entry);
  }
  return [...byLabel.values()].filter((entry) => entry.count > 0);
}
