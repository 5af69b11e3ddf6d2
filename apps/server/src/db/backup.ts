import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config/index.ts';
import { pgliteExtensions } from './client.ts';

/**
 * `npm run backup` and `npm run restore` (issue 10): the whole database and the stored pictures,
 * copied to a directory and put back from it.
 *
 * - PGlite: the data directory as PGlite dumps it (`dumpDataDir`, a gzipped tar), an exact copy.
 *   The shop must be stopped: one process at a time may open an embedded database.
 * - PostgreSQL: `pg_dump --format=custom`, put back with `pg_restore --clean` in one
 *   transaction. pg_dump takes a consistent snapshot, so the shop may keep running; a restore
 *   replaces what is there, so stop the shop for it.
 * - Pictures in local storage (DATA_DIR/uploads) are copied as files. Pictures in S3 are the
 *   bucket's to keep (its versioning), not copied.
 *
 * Each backup has a manifest with, per table, the row count and a checksum of its rows; a
 * restore checks the restored database against it and fails loudly on any difference.
 */

const execFileAsync = promisify(execFile);

export const MANIFEST_FILE = 'manifest.json';
const PGLITE_FILE = 'database.pglite.tar.gz';
const POSTGRES_FILE = 'database.pgdump';
const UPLOADS_DIR = 'uploads';

/** One table's contents in short: restored data must give the same. */
export interface TableFingerprint {
  rows: number;
  /** md5 of the table's rows as text, sorted. */
  checksum: string;
}

export interface BackupManifest {
  format: 1;
  driver: 'pglite' | 'postgres';
  createdAt: string;
  database: string;
  /** Whether DATA_DIR/uploads was copied (local storage only). */
  uploads: boolean;
  tables: Record<string, TableFingerprint>;
}

/** What the backup and restore need of the configuration. */
export type BackupConfig = Pick<Config, 'database' | 'storage'>;

/** A question to the database, whichever driver is behind it. */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

export class BackupError extends Error {}

/** Every table's fingerprint: the shop's tables and the record of applied migrations. */
export async function tableFingerprints(query: Query): Promise<Record<string, TableFingerprint>> {
  const tables = await query(
    `select schemaname || '.' || tablename as name from pg_tables
      where schemaname in ('public', 'drizzle') order by 1`,
  );
  const fingerprints: Record<string, TableFingerprint> = {};
  for (const { name } of tables) {
    const [schema, table] = String(name).split('.');
    const [row] = await query(
      `select count(*)::int as rows,
              coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as checksum
         from "${schema}"."${table}" t`,
    );
    fingerprints[String(name)] = { rows: Number(row?.rows), checksum: String(row?.checksum) };
  }
  return fingerprints;
}

export async function backup(config: BackupConfig, outDir: string): Promise<BackupManifest> {
  await mkdir(outDir, { recursive: true });
  let manifest: BackupManifest;
  if (config.database.driver === 'pglite') {
    const dataDir = requirePgliteDir(config);
    await requireExisting(dataDir, 'There is no embedded database to back up at');
    const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
    try {
      const tables = await tableFingerprints(pgliteQuery(client));
      const dump = await client.dumpDataDir('gzip');
      await writeFile(path.join(outDir, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
      manifest = manifestFor('pglite', PGLITE_FILE, tables);
    } finally {
      await client.close();
    }
  } else {
    const { url } = config.database;
    const tables = await withPostgres(url, tableFingerprints);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(outDir, POSTGRES_FILE),
      url,
    ]);
    manifest = manifestFor('postgres', POSTGRES_FILE, tables);
  }
  const uploadsDir = localUploadsDir(config);
  if (uploadsDir && (await exists(uploadsDir))) {
    await cp(uploadsDir, path.join(outDir, UPLOADS_DIR), { recursive: true });
    manifest.uploads = true;
  }
  await writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(config: BackupConfig, fromDir: string): Promise<BackupManifest> {
  const manifest = await readManifest(fromDir);
  if (manifest.driver !== config.database.driver) {
    throw new BackupError(
      `This backup is of a ${manifest.driver} database; the shop is configured for ` +
        `${config.database.driver}. Restore it where DATABASE_URL is ` +
        `${manifest.driver === 'postgres' ? 'set' : 'not set'}.`,
    );
  }
  let restored: Record<string, TableFingerprint>;
  const movedAside: string[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (config.database.driver === 'pglite') {
    const dataDir = requirePgliteDir(config);
    const dump = new Blob([await readFile(path.join(fromDir, manifest.database))]);
    // The current database is kept beside it, not deleted: a restore can be undone by hand.
    if (await exists(dataDir)) {
      const aside = `${dataDir}.before-restore-${stamp}`;
      await rename(dataDir, aside);
      movedAside.push(aside);
    }
    await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create({
      dataDir,
      loadDataDir: dump,
      extensions: pgliteExtensions,
    });
    try {
      restored = await tableFingerprints(pgliteQuery(client));
    } finally {
      await client.close();
    }
  } else {
    const { url } = config.database;
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--dbname',
      url,
      path.join(fromDir, manifest.database),
    ]);
    restored = await withPostgres(url, tableFingerprints);
  }
  const uploadsDir = localUploadsDir(config);
  if (manifest.uploads && uploadsDir) {
    if (await exists(uploadsDir)) {
      const aside = `${uploadsDir}.before-restore-${stamp}`;
      await rename(uploadsDir, aside);
      movedAside.push(aside);
    }
    await cp(path.join(fromDir, UPLOADS_DIR), uploadsDir, { recursive: true });
  }
  const differences = Object.keys({ ...manifest.tables, ...restored })
    .filter((table) => {
      const want = manifest.tables[table];
      const got = restored[table];
      return want?.rows !== got?.rows || want?.checksum !== got?.checksum;
    })
    .sort();
  if (differences.length > 0) {
    throw new BackupError(
      `The restored database differs from the backup in: ${differences.join(', ')}.` +
        (movedAside.length ? ` What was there before is kept in ${movedAside.join(', ')}.` : ''),
    );
  }
  return manifest;
}

async function readManifest(fromDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(fromDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${fromDir} is not a backup: it has no ${MANIFEST_FILE}.`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) {
    throw new BackupError(`${fromDir}: unknown backup format ${String(manifest.format)}.`);
  }
  return manifest;
}

function manifestFor(
  driver: BackupManifest['driver'],
  database: string,
  tables: Record<string, TableFingerprint>,
): BackupManifest {
  return {
    format: 1,
    driver,
    createdAt: new Date().toISOString(),
    database,
    uploads: false,
    tables,
  };
}

function requirePgliteDir(config: BackupConfig): string {
  if (config.database.driver !== 'pglite' || !config.database.dataDir) {
    throw new BackupError('An in-memory database cannot be backed up.');
  }
  return config.database.dataDir;
}

function localUploadsDir(config: BackupConfig): string | null {
  return config.storage.kind === 'local' ? config.storage.dir : null;
}

function pgliteQuery(client: PGlite): Query {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

async function withPostgres<T>(url: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore, with their own message when they fail. */
async function run(command: string, args: string[]): Promise<void> {
  try {
    await execFileAsync(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') {
      throw new BackupError(
        `${command} was not found: install PostgreSQL's client tools (apt-get install postgresql-client).`,
      );
    }
    throw new BackupError(`${command} failed: ${String(stderr ?? error).trim()}`);
  }
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}

async function requireExisting(target: string, message: string): Promise<void> {
  if (!(await exists(target))) throw new BackupError(`${message} ${target}.`);
}
