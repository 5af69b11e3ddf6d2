/**
 * `npm run test:hardening`: the hardening suite. Runs every Vitest test (with more generated
 * cases: HARDENING_RUNS), the long fault tests (vitest.hardening.config.ts), the browser specs the
 * checklist names, the soak (bench/soak.ts) and `npm audit --omit=dev`; then writes
 * docs/HARDENING.md: each row of scripts/hardening-checklist.ts with the tests that prove it and
 * whether they held. Exits non-zero unless every row held (or cannot run on these machines).
 *
 *   npm run test:hardening                      everything (the soak takes 30 minutes)
 *   npm run test:hardening -- --soak-minutes 2  a shorter soak
 *   npm run test:hardening -- --only vitest,faults  some suites; the others keep their last reports
 *   npm run test:hardening -- --report-only     rewrite docs/HARDENING.md from the last reports
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKLIST, type ChecklistRow, type Evidence } from './hardening-checklist.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const reports = path.join(root, 'reports', 'hardening');
type Suite = 'vitest' | 'faults' | 'e2e' | 'soak' | 'npm-audit';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const reportOnly = argv.includes('--report-only');
const only = option('only')?.split(',') as Suite[] | undefined;
const soakMinutes = Number(option('soak-minutes') ?? 30);
const wanted = (suite: Suite) => !reportOnly && (!only || only.includes(suite));

mkdirSync(reports, { recursive: true });
const file = (name: string) => path.join(reports, name);

function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/**
 * Whether a Vitest run ended well. Its JSON report lists only tests: an error thrown outside
 * them (an unhandled rejection, an 'error' event nobody listens to) fails the run but leaves
 * every test passed in the report, so the run's own verdict is kept beside it.
 */
function writeRunStatus(suite: 'vitest' | 'faults', passed: boolean) {
  writeFileSync(file(`${suite}-status.json`), JSON.stringify({ passed }));
}

/** Debian packages the fault tests drive (overload, clock jumps), installed when missing. */
const FAULT_TOOLS = { 'stress-ng': 'stress-ng', faketime: 'faketime' };
if (wanted('faults')) {
  const missing = Object.entries(FAULT_TOOLS)
    .filter(([command]) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
    .map(([, pkg]) => pkg);
  if (missing.length > 0) {
    run(`install ${missing.join(', ')}`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    ]);
  }
}

// The fault tests run the shop from source but serve the built web app; the browser tests and
// the soak run the built server. Build once, first, when any of them runs.
const built =
  ['faults', 'e2e', 'soak'].some((suite) => wanted(suite as Suite)) &&
  run('build', 'npm', ['run', '--silent', 'build']);

if (wanted('vitest')) {
  const passed = run(
    'unit and API tests, with more generated cases',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file('vitest.json')}`,
    ],
    { HARDENING_RUNS: process.env.HARDENING_RUNS ?? '25' },
  );
  writeRunStatus('vitest', passed);
  // The table says which databases the API tests ran on, whichever run writes it later.
  writeFileSync(
    file('vitest-databases.json'),
    JSON.stringify({ postgres: Boolean(process.env.TEST_DATABASE_URL) }),
  );
}
if (wanted('faults')) {
  const passed = run('faults injected into real processes', 'npx', [
    'vitest',
    'run',
    '-c',
    'vitest.hardening.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file('faults.json')}`,
  ]);
  writeRunStatus('faults', passed);
}
if (wanted('e2e') && built) {
  const specs = [
    ...new Set(
      CHECKLIST.flatMap((section) => section.rows)
        .flatMap((row) => row.evidence)
        .flatMap((evidence) => (evidence.suite === 'e2e' ? [`tests/${evidence.file}`] : [])),
    ),
  ];
  run('browser tests the checklist names', 'npx', [
    'playwright',
    'test',
    '--config',
    'e2e/playwright.config.ts',
    ...specs.map((spec) => path.join('e2e', spec)),
  ]);
  const e2eReport = path.join(root, 'reports', 'e2e.json');
  if (existsSync(e2eReport)) copyFileSync(e2eReport, file('e2e.json'));
}
if (wanted('soak') && built) {
  // The soak runs the built shop on PostgreSQL, seeding the demo shop into an empty database.
  run(
    `${soakMinutes} minutes of mixed traffic`,
    'npm',
    [
      'run',
      '--silent',
      'soak',
      '-w',
      '@labshop/bench',
      '--',
      '--duration',
      String(soakMinutes * 60),
      '--out',
      file('soak.json'),
    ],
    {
      BENCH_DATABASE_URL:
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/labshop_bench',
    },
  );
}
if (wanted('npm-audit')) {
  console.log('\n▶ npm audit --omit=dev');
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  writeFileSync(
    file('npm-audit.json'),
    JSON.stringify({ status: audit.status, stdout: audit.stdout, stderr: audit.stderr }),
  );
}

// ---- the table ----

/** `unavailable`: the check cannot run on these machines (npm audit's endpoint is not reachable). */
type Outcome = { held: boolean; summary: string; unavailable?: boolean };

interface VitestReport {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

const readJson = <T>(name: string): T | undefined =>
  existsSync(file(name)) ? (JSON.parse(readFileSync(file(name), 'utf8')) as T) : undefined;

/**
 * Every test of a Vitest report as [file relative to apps/server (or the repo), full name,
 * status]. When the run failed with every test passed, errors outside the tests failed it:
 * each test is then marked so, since such an error may have come from any of them.
 */
function vitestTests(suite: 'vitest' | 'faults'): [string, string, string][] | undefined {
  const report = readJson<VitestReport>(`${suite}.json`);
  const tests = report?.testResults.flatMap((result) => {
    const relative = path.relative(path.join(root, 'apps/server'), result.name);
    return result.assertionResults.map(
      (test) => [relative, test.fullName, test.status] as [string, string, string],
    );
  });
  const runPassed = readJson<{ passed: boolean }>(`${suite}-status.json`)?.passed ?? true;
  const anyTestFailed = tests?.some(([, , status]) => status === 'failed') ?? false;
  if (runPassed || anyTestFailed) return tests;
  return tests?.map(([relative, name, status]) => [
    relative,
    name,
    status === 'passed' ? ERRORS_OUTSIDE_TESTS : status,
  ]);
}

/** A passed test's status when its run failed on errors outside the tests. */
const ERRORS_OUTSIDE_TESTS = 'passed, but the run reported errors outside its tests';

/** Every test of the Playwright report as [spec file, full title, status], once per screen size. */
function e2eTests(): [string, string, string][] | undefined {
  const report = readJson<{ suites: PlaywrightSuite[] }>('e2e.json');
  if (!report) return undefined;
  const tests: [string, string, string][] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        tests.push([
          path.basename(spec.file),
          [...titles, spec.title].join(' '),
          test.status === 'expected' || test.status === 'flaky' ? 'passed' : test.status,
        ]);
    for (const child of suite.suites ?? [])
      walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return tests;
}

interface SoakReport {
  settings: { durationSeconds: number };
  checks: { name: string; figure: string; bound: string; met: boolean }[];
}

const results = {
  vitest: vitestTests('vitest'),
  faults: vitestTests('faults'),
  e2e: e2eTests(),
  soak: readJson<SoakReport>('soak.json'),
  audit: readJson<{ status: number | null; stdout: string; stderr: string }>('npm-audit.json'),
};

function judgeTests(
  tests: [string, string, string][] | undefined,
  evidence: { file: string; test?: string },
  suiteName: string,
): Outcome {
  const label = evidence.test ? `${evidence.file} › “${evidence.test}”` : evidence.file;
  if (!tests) return { held: false, summary: `${label}: the ${suiteName} suite has not run` };
  const matching = tests.filter(
    ([file, name]) =>
      (file === evidence.file || file.endsWith(`/${evidence.file}`)) &&
      (!evidence.test || name.includes(evidence.test)),
  );
  const ran = matching.filter(([, , status]) => status !== 'skipped' && status !== 'pending');
  const failed = ran.filter(([, , status]) => status !== 'passed');
  if (ran.length === 0) return { held: false, summary: `${label}: no such test ran` };
  if (failed.length > 0 && failed.every(([, , status]) => status === ERRORS_OUTSIDE_TESTS))
    return { held: false, summary: `${label}: ${ran.length} ${ERRORS_OUTSIDE_TESTS}` };
  if (failed.length > 0)
    return {
      held: false,
      summary: `${label}: ${failed.length} of ${ran.length} FAILED (${failed
        .slice(0, 3)
        .map(([, name]) => `“${name}”`)
        .join(', ')})`,
    };
  return { held: true, summary: `${label}: ${ran.length} passed` };
}

function judge(evidence: Evidence): Outcome {
  switch (evidence.suite) {
    case 'vitest':
      return judgeTests(results.vitest, evidence, 'Vitest');
    case 'faults':
      return judgeTests(results.faults, evidence, 'fault');
    case 'e2e':
      return judgeTests(results.e2e, evidence, 'browser');
    case 'soak': {
      if (!results.soak) return { held: false, summary: 'soak: has not run' };
      const checks = results.soak.checks.filter(
        (check) => !evidence.check || check.name.includes(evidence.check),
      );
      if (checks.length === 0)
        return { held: false, summary: `soak: no check “${evidence.check}”` };
      const minutes = results.soak.settings.durationSeconds / 60;
      const tooShort =
        evidence.minMinutes !== undefined && minutes < evidence.minMinutes
          ? [`soak ran ${minutes} minutes (the row asks ${evidence.minMinutes}) MISSED`]
          : [];
      const figures = checks.map(
        (check) =>
          `soak ${check.name} ${check.figure} (bound ${check.bound})${check.met ? '' : ' MISSED'}`,
      );
      return {
        held: tooShort.length === 0 && checks.every((check) => check.met),
        summary: [...tooShort, ...figures].join('; '),
      };
    }
    case 'npm-audit': {
      const audit = results.audit;
      if (!audit) return { held: false, summary: 'npm audit: has not run' };
      try {
        const parsed = JSON.parse(audit.stdout) as {
          metadata?: { vulnerabilities?: Record<string, number> };
          error?: { summary?: string };
          message?: string;
        };
        const counts = parsed.metadata?.vulnerabilities;
        if (!counts)
          return {
            held: false,
            unavailable: true,
            summary: `npm audit cannot run here: ${parsed.error?.summary || parsed.message || 'no answer from the registry'}`,
          };
        const serious = (counts.high ?? 0) + (counts.critical ?? 0);
        return {
          held: serious === 0,
          summary: `npm audit: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
        };
      } catch {
        return {
          held: false,
          unavailable: true,
          summary: 'npm audit cannot run here (no JSON answer from the registry)',
        };
      }
    }
  }
}

function judgeRow(row: ChecklistRow): Outcome {
  if (row.evidence.length === 0) return { held: false, summary: 'no test yet' };
  const outcomes = row.evidence.map(judge);
  return {
    held: outcomes.every((outcome) => outcome.held),
    // Unavailable only when nothing else in the row failed.
    unavailable:
      outcomes.every((outcome) => outcome.held || outcome.unavailable) &&
      outcomes.some((outcome) => outcome.unavailable),
    summary: outcomes.map((outcome) => outcome.summary).join('<br>'),
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
const lines: string[] = [];
let heldRows = 0;
let unavailableRows = 0;
let allRows = 0;
for (const section of CHECKLIST) {
  lines.push(
    `## ${section.title}`,
    '',
    '| test | what it proves | tests run | result |',
    '|---|---|---|---|',
  );
  for (const row of section.rows) {
    const outcome = judgeRow(row);
    allRows += 1;
    if (outcome.held) heldRows += 1;
    if (outcome.unavailable) unavailableRows += 1;
    const result = outcome.held ? 'held' : outcome.unavailable ? 'cannot run here' : '**NOT HELD**';
    lines.push(
      `| ${cell(row.test)} | ${cell(row.proves)} | ${cell(outcome.summary)} | ${result} |`,
    );
  }
  lines.push('');
}

const header = [
  '# Hardening',
  '',
  'Written by `npm run test:hardening` (scripts/test-hardening.ts) from the checklist in',
  'scripts/hardening-checklist.ts, which follows ../shared/HARDENING.md and issue 10. Do not edit it',
  'by hand: change the checklist or the tests and run the suite again.',
  '',
  `- Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit.stdout.trim() || 'unknown'},`,
  `  ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};`,
  `  API tests on PGlite${readJson<{ postgres: boolean }>('vitest-databases.json')?.postgres ? ' and PostgreSQL' : ' only (TEST_DATABASE_URL unset)'}.`,
  `- **${heldRows} of ${allRows} rows held**${unavailableRows > 0 ? `; ${unavailableRows} cannot run on these machines` : ''}.`,
  '',
];
mkdirSync(path.join(root, 'docs'), { recursive: true });
writeFileSync(path.join(root, 'docs', 'HARDENING.md'), [...header, ...lines].join('\n'));
console.log(
  `\n${heldRows} of ${allRows} hardening rows held (${unavailableRows} cannot run here); docs/HARDENING.md written.`,
);
process.exit(heldRows + unavailableRows === allRows ? 0 : 1);
