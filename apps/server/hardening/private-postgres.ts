import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server of the test's own, which it may stop and start at will (the machine's
 * shared one must never be stopped): initdb in a fresh directory owned by the postgres user,
 * listening on 127.0.0.1 and a socket in that directory. initdb and postgres refuse to run as
 * root, so every command runs through `runuser -u postgres`. CI machines have the binaries; a
 * machine without them fails here with a message saying what is missing.
 */
export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  /** `pg_ctl stop -m <mode>`: fast closes connections cleanly, immediate is a crash. */
  stop(mode: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and directory; resolves once it takes queries. */
  start(): Promise<void>;
  isRunning(): boolean;
  /** Stops it (immediate) if it runs and deletes its directory. */
  destroy(): void;
  /** The server's log, for a failure message. */
  log(): string;
}

const DATABASE = 'labshop';

function pgBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      `the hardening tests need PostgreSQL's server binaries in ${root}/<version>/bin (initdb, pg_ctl): apt-get install -y postgresql`,
    );
  }
  return path.join(root, versions[0]!, 'bin');
}

function requireRunuser(): void {
  const found = spawnSync('runuser', ['--help'], { stdio: 'ignore' });
  if (found.error) {
    throw new Error(
      'the hardening tests need runuser (util-linux) to run PostgreSQL as the postgres user',
    );
  }
  const user = spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  if (user.status !== 0) {
    throw new Error(
      'the hardening tests need the postgres system user (apt-get install postgresql)',
    );
  }
}

/** Initialises and starts a private cluster on `port`, with an empty database 'labshop'. */
export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  requireRunuser();
  const bin = pgBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'labshop-private-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  const asPostgres = (command: string, args: string[]) => {
    const result = spawnSync(
      'runuser',
      ['-u', 'postgres', '--', path.join(bin, command), ...args],
      {
        encoding: 'utf8',
        cwd: dir,
        timeout: 120_000,
      },
    );
    if (result.status !== 0) {
      throw new Error(
        `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}\n${readLog()}`,
      );
    }
    return result.stdout;
  };
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '');

  asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-instructions']);
  let running = false;
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;

  const server: PrivatePostgres = {
    port,
    url,
    stop(mode) {
      asPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async start() {
      asPostgres('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      running = true;
      await waitForQueries(`postgres://postgres@127.0.0.1:${port}/postgres`);
    },
    isRunning: () => running,
    destroy() {
      if (running) {
        spawnSync(
          'runuser',
          [
            '-u',
            'postgres',
            '--',
            path.join(bin, 'pg_ctl'),
            '-D',
            dataDir,
            '-m',
            'immediate',
            'stop',
          ],
          { stdio: 'ignore' },
        );
        running = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: readLog,
  };
  try {
    await server.start();
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    });
    await client.connect();
    await client.query(`create database ${DATABASE}`);
    await client.end();
  } catch (error) {
    server.destroy();
    throw error;
  }
  return server;
}

async function waitForQueries(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
