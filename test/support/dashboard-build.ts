// Vitest global setup for the browser project: the API under test serves dashboard/dist, so make
// sure it is built from the current sources (only when stale).
import { buildDashboardIfStale } from '../../scripts/lib/dashboard-build.js';

export default async function setup(): Promise<void> {
  await buildDashboardIfStale((line) => console.log(`[browser tests] ${line}`));
}
