// Prints the plain closing line of a test run ("tests: N passed, N failed, N skipped") from
// vitest's JSON report, so any reader of the CI log sees the totals in one place.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!existsSync(file)) {
  console.log('tests: no report (the run stopped before the tests)');
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);

// Where the run's time went: the slowest test files (wall time of each, files run in parallel),
// so a CI run that grows longer says which file grew.
const files = (report.testResults ?? [])
  .filter((result) => typeof result.startTime === 'number' && typeof result.endTime === 'number')
  .map((result) => ({ name: result.name.replace(`${process.cwd()}/`, ''), ms: result.endTime - result.startTime }))
  .sort((a, b) => b.ms - a.ms);
if (files.length > 0) {
  const wallMs = Math.max(...report.testResults.map((r) => r.endTime ?? 0)) - (report.startTime ?? 0);
  console.log(`test files: ${files.length}, vitest wall time ${(wallMs / 1000).toFixed(0)} s; slowest:`);
  for (const file of files.slice(0, 15)) console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
}
