import { EntityType, findTransactionCategory, newId } from '@meridian/domain';
import type { CategoryAssignment } from '@meridian/connectors';
import { jsonRows } from '../../../../common/persistence/sql.js';
import type { WriteScope } from '../../../../common/tenancy/write-scope.js';

/**
 * The organization's category rows for these assignments, by code. Categories are stored per
 * organization and created from the domain's catalogue the first time they are used (as the
 * cash-flows module does); here all of a page's at once, in one statement: the missing ones are
 * inserted (ON CONFLICT DO NOTHING) and the stored ones read. A code outside the catalogue has no
 * row (the record is written uncategorized).
 */
export async function categoryIds(
  scope: WriteScope,
  assignments: Iterable<CategoryAssignment | null>,
): Promise<Map<string, string>> {
  const codes = new Set<string>();
  for (const assignment of assignments) {
    if (assignment?.code && findTransactionCategory(assignment.code)) codes.add(assignment.code);
  }
  if (codes.size === 0) return new Map();
  const wanted = [...codes].map((code) => {
    const category = findTransactionCategory(code)!;
    return {
      id: newId(EntityType.transactionCategory),
      primary_category: category.primary,
      detailed_category: code,
      label: category.label,
      group: category.group,
      nature: category.nature,
    };
  });
  // A row this statement inserts is not visible to its own SELECT: the two halves do not overlap.
  const rows = await scope.sql.query<{ id: string; code: string }>(
    `WITH wanted AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
         AS w(id text, primary_category text, detailed_category text, label text,
              "group" transaction_category_group, nature transaction_category_nature)),
     inserted AS (
       INSERT INTO transaction_categories (id, organization_id, primary_category, detailed_category, label, "group", nature)
       SELECT w.id, $1, w.primary_category, w.detailed_category, w.label, w."group", w.nature FROM wanted w
       ON CONFLICT (organization_id, detailed_category) DO NOTHING
       RETURNING id, detailed_category)
     SELECT id, detailed_category AS code FROM inserted
     UNION ALL
     SELECT c.id, c.detailed_category FROM transaction_categories c JOIN wanted w USING (detailed_category)
      WHERE c.organization_id = $1`,
    scope.organizationId,
    jsonRows(wanted),
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}
