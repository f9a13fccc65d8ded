import { EntityType, findTransactionCategory, newId } from '@meridian/domain';
import type { CategoryAssignment } from '@meridian/connectors';
import type { WriteContext } from './write-context.js';

/**
 * The organization's category rows for these assignments, by code. Categories are stored per
 * organization and created from the domain's catalogue the first time they are used (as the
 * cash-flows module does); here all of a page's at once: one INSERT ... ON CONFLICT DO NOTHING,
 * one SELECT. A code outside the catalogue has no row (the record is written uncategorized).
 */
export async function categoryIds(
  ctx: WriteContext,
  assignments: Iterable<CategoryAssignment | null>,
): Promise<Map<string, string>> {
  const codes = new Set<string>();
  for (const assignment of assignments) {
    if (assignment?.code && findTransactionCategory(assignment.code)) codes.add(assignment.code);
  }
  if (codes.size === 0) return new Map();
  await ctx.tx.transactionCategory.createMany({
    data: [...codes].map((code) => {
      const category = findTransactionCategory(code)!;
      return {
        id: newId(EntityType.transactionCategory),
        organizationId: ctx.organizationId,
        primaryCategory: category.primary,
        detailedCategory: code,
        label: category.label,
        group: category.group,
        nature: category.nature,
      };
    }),
    skipDuplicates: true,
  });
  const rows = await ctx.tx.transactionCategory.findMany({
    where: { organizationId: ctx.organizationId, detailedCategory: { in: [...codes] } },
    select: { id: true, detailedCategory: true },
  });
  return new Map(rows.map((row) => [row.detailedCategory, row.id]));
}
