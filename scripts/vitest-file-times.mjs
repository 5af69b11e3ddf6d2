/**
 * A Vitest reporter for `npm test` (scripts/test.mjs): each test file's own time, its tests and
 * hooks together as the default reporter prints it, with its project, written as JSON to the
 * file VITEST_FILE_TIMES names. The JSON reporter's per-file times leave out the hooks, where a
 * file that seeds or starts servers spends most of its time.
 */
import { writeFileSync } from 'node:fs';

export default class FileTimesReporter {
  rows = [];

  onTestModuleEnd(testModule) {
    this.rows.push({
      file: testModule.moduleId,
      project: testModule.project.name,
      ms: testModule.diagnostic().duration,
    });
  }

  onTestRunEnd() {
    if (process.env.VITEST_FILE_TIMES) {
      writeFileSync(process.env.VITEST_FILE_TIMES, JSON.stringify(this.rows));
    }
  }
}
