import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/index.ts';
import { backup, BackupError, restore } from './backup.ts';

/**
 * `npm run backup [-- --out DIR]` and `npm run restore -- DIR` (see backup.ts). A backup goes
 * to backups/labshop-<time> under the working directory unless --out names another.
 */

const USAGE = 'Usage: backup [--out DIR] | restore DIR';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (command === 'backup') {
    if (args.length !== 0 && (args.length !== 2 || args[0] !== '--out')) {
      throw new BackupError(USAGE);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outDir = path.resolve(args[1] ?? path.join('backups', `labshop-${stamp}`));
    try {
      const manifest = await backup(config, outDir);
      const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Backed up the ${manifest.driver} database (${Object.keys(manifest.tables).length} tables, ` +
          `${rows} rows)${manifest.uploads ? ' and the stored pictures' : ''} to ${outDir} in ${seconds()} s.`,
      );
    } catch (error) {
      // Nothing half written is left to be mistaken for a backup.
      await rm(outDir, { recursive: true, force: true });
      throw error;
    }
  } else if (command === 'restore') {
    if (args.length !== 1) throw new BackupError(USAGE);
    const fromDir = path.resolve(args[0]!);
    const manifest = await restore(config, fromDir);
    console.log(
      `Restored the ${manifest.driver} database of ${manifest.createdAt}` +
        `${manifest.uploads ? ' and its pictures' : ''} from ${fromDir} in ${seconds()} s; ` +
        'every table matches the backup.',
    );
  } else {
    throw new BackupError(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
