// `npm test`: typecheck, lint and the production build (side by side: each uses one core), then
// the unit and API tests (PGlite), the API tests that depend on the database driver once more
// on PostgreSQL when TEST_DATABASE_URL is set, then the browser tests in Chromium. Ends with
// each step's wall time, the 10 slowest files of each suite, and one line summing every suite:
// "N passed, N failed". docs/TESTING.md says what runs where and why.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const skipBrowser = process.env.E2E === 'skip';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names of the failed tests, repeated at the end: CI keeps only the tail of a long log. */
const failedTests = [];
const timings = [];
/** Per suite, its files' own times (tests and hooks): [file, ms]. */
const fileTimes = new Map();

/**
 * Runs one step. Alone, its output goes straight to this terminal; run `quiet` (beside other
 * steps) it goes to reports/<name>.log and is printed when the step ends, so logs never
 * interleave. A failing check (typecheck, lint, build) counts as one failure.
 */
function step(name, command, args, { counted = false, quiet = false, env = {} } = {}) {
  const started = Date.now();
  if (!quiet) console.log(`\n▶ ${name}`);
  const logFile = path.join(reports, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (quiet) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const ok = code === 0;
      const ms = Date.now() - started;
      timings.push({ name, ms, ok });
      if (quiet) {
        console.log(`\n▶ ${name} (${seconds(ms)}, ${ok ? 'ok' : 'FAILED'})`);
        process.stdout.write(existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
      }
      if (!ok) failedSteps.push(name);
      if (!counted) {
        if (ok) totals.passed += 1;
        else totals.failed += 1;
      }
      resolve(ok);
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

const vitest = (suite, projects) => {
  const report = path.join(reports, `vitest-${suite}.json`);
  const times = path.join(reports, `vitest-${suite}-file-times.json`);
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json'];
  args.push(`--reporter=${path.join(root, 'scripts/vitest-file-times.mjs')}`);
  for (const project of projects) args.push('--project', project);
  args.push(`--outputFile.json=${report}`);
  return step(`Vitest: ${suite}`, 'npx', args, {
    counted: true,
    env: { VITEST_FILE_TIMES: times },
  }).then((ok) => addVitest(suite, report, times, ok));
};

const buildOk = step('build', 'npm', ['run', '--silent', 'build'], { quiet: true });
await Promise.all([
  step('typecheck', 'npm', ['run', '--silent', 'typecheck'], { quiet: true }),
  step('lint', 'npm', ['run', '--silent', 'lint'], { quiet: true }),
  buildOk,
]);
await vitest('unit and API (PGlite)', ['shared', 'web', 'server:pglite']);
if (withPostgres) await vitest('API on PostgreSQL', ['server:postgres']);

if (skipBrowser) {
  console.log('\n▶ browser tests skipped (E2E=skip)');
} else if (await buildOk) {
  const e2eReport = path.join(reports, 'e2e.json');
  const browserOk = await step(
    'browser tests',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    { counted: true },
  );
  addPlaywright(e2eReport, browserOk);
}

console.log('\nWall time of each step:');
for (const { name, ms, ok } of timings) {
  console.log(`  ${name.padEnd(34)} ${seconds(ms).padStart(6)}${ok ? '' : '  FAILED'}`);
}
for (const [suite, files] of fileTimes) {
  console.log(`\nThe 10 slowest files of ${suite}:`);
  for (const [file, ms] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${seconds(ms).padStart(6)}  ${file}`);
  }
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

function addVitest(suite, file, timesFile, stepOk) {
  const report = readReport(file);
  if (!report) return addCounts(0, 0, 0, false);
  const failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  // Per project: a server file runs on PGlite and again on PostgreSQL.
  for (const { file: name, project, ms } of readReport(timesFile) ?? []) {
    const key = `Vitest, ${suite}, ${project}`;
    if (!fileTimes.has(key)) fileTimes.set(key, []);
    fileTimes.get(key).push([path.relative(root, name), ms]);
  }
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
    failedTests.push(
      `Vitest (${suite}) failed outside any test (an unhandled error or a crash): see its log`,
    );
  }
  addCounts(report.numPassedTests, failed, report.numPendingTests + report.numTodoTests, stepOk);
}

function addPlaywright(file, stepOk) {
  const report = readReport(file);
  if (!report) return addCounts(0, 0, 0, false);
  const { stats } = report;
  collectPlaywright(report.suites ?? [], []);
  addCounts(stats.expected + stats.flaky, stats.unexpected, stats.skipped, stepOk);
}

/** Walks Playwright's nested suites: unexpected outcomes, and each spec file's time by project. */
function collectPlaywright(suites, titles) {
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const suiteName = `the browser tests, ${test.projectName}`;
        const times = fileTimes.get(suiteName) ?? new Map();
        const duration = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0);
        times.set(spec.file, (times.get(spec.file) ?? 0) + duration);
        fileTimes.set(suiteName, times);
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push(
          `[${test.projectName}] ${[...here, spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
    collectPlaywright(suite.suites ?? [], here);
  }
}

/** The first line of an error message, without colour codes, short enough for a log line. */
function firstLine(message) {
  // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}
