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
/** Names of the failed tests, repeated at the end: CI keeps only the tail of a long log. */
const failedTests = [];

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
if (failedTests.length > 0) {
  console.log('Failed tests:');
  for (const name of failedTests) console.log(`  ✗ ${name}`);
}
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
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed')) {
      failedTests.push(`${where}: ${firstLine(file.message) || 'the file failed to run'}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === 'failed') {
        failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  }
  if (!stepOk && failed === 0) {
    failedTests.push('Vitest failed outside any test (an unhandled error or a crash): see its log');
  }
  addCounts(report.numPassedTests, failed, report.numPendingTests + report.numTodoTests, stepOk);
}

function addPlaywright(file, stepOk) {
  const report = readReport(file);
  if (!report) return addCounts(0, 0, 0, false);
  const { stats } = report;
  collectPlaywrightFailures(report.suites ?? [], []);
  addCounts(stats.expected + stats.flaky, stats.unexpected, stats.skipped, stepOk);
}

/** Walks Playwright's nested suites for tests whose outcome was unexpected. */
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push(
          `[${test.projectName}] ${[...here, spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], here);
  }
}

/** The first line of an error message, without colour codes, short enough for a log line. */
function firstLine(message) {
  // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}
