#!/usr/bin/env node
// Adds up the vitest JSON reports of every package and prints one closing line
// "N passed, N failed, N skipped" that CI reads. Exits non-zero when a report is missing or failed.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const packages = ['packages/core', 'packages/fetchers', 'packages/auto-source', 'packages/server', 'packages/cli', 'packages/renderer', 'apps/web', 'tests'];
if (process.argv.includes('--clean')) {
  for (const folder of packages) rmSync(join(folder, '.test-results.json'), { force: true });
  process.exit(0);
}
let passed = 0;
let failed = 0;
let skipped = 0;
let missingReports = 0;
for (const folder of packages) {
  const file = join(folder, '.test-results.json');
  if (!existsSync(file)) {
    console.error(`no test report from ${folder} (did its tests run?)`);
    missingReports += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A file that failed to load has no failed test of its own: count it once so it cannot hide.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  failed += (report.numFailedTests ?? 0) + brokenFiles;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const note = brokenFiles > 0 ? ` (${brokenFiles} test files failed to run)` : '';
  console.log(`${folder}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped${note}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missingReports > 0 ? 1 : 0);
