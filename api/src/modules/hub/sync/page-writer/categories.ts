import type { CategoryAssignment } from '@meridian/connectors';
import type { SyncPage } from './sync-page.js';

/**
 * The organization's category rows for these assignments, by code: the codes the provider
 * assigned, created from the domain's catalogue the first time they are used, all of a page's at
 * once (`SyncedFlowsWriter.categoryIds`). A code outside the catalogue has no row (the record is
 * written uncategorized).
 */
export function categoryIds(
  page: SyncPage,
  assignments: Iterable<CategoryAssignment | null>,
): Promise<Map<string, string>> {
  const codes = new Set<string>();
  for (const assignment of assignments) if (assignment?.code) codes.add(assignment.code);
  return page.flows.categoryIds(page.scope, codes);
}
