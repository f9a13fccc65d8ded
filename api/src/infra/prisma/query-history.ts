import { clearLogs } from '@prisma/debug';

/**
 * Prisma's driver adapter logs every query through @prisma/debug, which keeps the arguments of the
 * last 100 calls for its error reports even while debugging is off. A set-based write sends a whole
 * batch as one JSON parameter, so those 100 entries would hold hundreds of megabytes after an
 * import's chunks or a sync's pages have been written. Writers of large batches let them go once
 * their batch is done. (The version is pinned to the adapter's, so both use the same module.)
 */
export function releaseQueryHistory(): void {
  clearLogs();
}
