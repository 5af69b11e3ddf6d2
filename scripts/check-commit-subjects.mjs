// Decision 016: from 2026-11-29 on, a commit subject is at most 72 characters (the why and the
// measurements go in the body). Part of `npm run lint`; history before that date is left as it
// was written. Without git history (an export, a shallow clone) there is nothing to check.
import { execFileSync } from 'node:child_process';

const RULE_STARTS = '2026-11-29T00:00:00Z';
const MAX_SUBJECT = 72;

let subjects;
try {
  subjects = execFileSync('git', ['log', `--since=${RULE_STARTS}`, '--format=%h %s'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch {
  console.log('commit subjects: no git history here, nothing to check');
  process.exit(0);
}
const tooLong = subjects
  .split('\n')
  .filter(Boolean)
  .map((line) => ({
    hash: line.slice(0, line.indexOf(' ')),
    subject: line.slice(line.indexOf(' ') + 1),
  }))
  .filter(({ subject }) => subject.length > MAX_SUBJECT);
for (const { hash, subject } of tooLong) {
  console.error(
    `${hash}: subject of ${subject.length} characters (at most ${MAX_SUBJECT}): ${subject}`,
  );
}
if (tooLong.length > 0) {
  console.error(
    'Shorten the subject (git commit --amend, or git rebase -i); details go in the body.',
  );
  process.exit(1);
}
