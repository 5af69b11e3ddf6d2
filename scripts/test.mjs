// `npm test`: typecheck, lint, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the production build, then the browser tests in Chromium.
// Ends with one line summing every suite: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const skipBrowser = process.env.E2E === 'skip';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

/** Runs one step; a failing check (typecheck, lint, build) counts as one failure. */
function step(name, command, args, { counted = false } = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(name);
  if (!counted) {
    if (ok) totals.passed += 1;
    else totals.failed += 1;
  }
  return ok;
}

step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npm', ['run', '--silent', 'lint']);

const vitestReport = path.join(reports, 'vitest.json');
const unitOk = step(
  'unit and API tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  { counted: true },
);
addVitest(vitestReport, unitOk);

if (skipBrowser) {
  console.log('\n▶ browser tests skipped (E2E=skip)');
} else if (step('build', 'npm', ['run', '--silent', 'build'])) {
  const e2eReport = path.join(reports, 'e2e.json');
  const browserOk = step(
    'browser tests',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    { counted: true },
  );
  addPlaywright(e2eReport, browserOk);
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 ? 1 : 0);

/** A suite that failed without a failing test in its report (crash, config error) counts one. */
function addCounts(passed, failed, skipped, stepOk) {
  totals.passed += passed;
  totals.failed += failed === 0 && !stepOk ? 1 : failed;
  totals.skipped += skipped;
}

function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function addVitest(file, stepOk) {
  const report = readReport(file);
  if (!report) return addCounts(0, 0, 0, false);
  const failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  addCounts(report.numPassedTests, failed, report.numPendingTests + report.numTodoTests, stepOk);
}

function addPlaywright(file, stepOk) {
  const report = readReport(file);
  if (!report) return addCounts(0, 0, 0, false);
  const { stats } = report;
  addCounts(stats.expected + stats.flaky, stats.unexpected, stats.skipped, stepOk);
}
