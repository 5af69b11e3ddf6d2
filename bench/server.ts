import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the built shop on 127.0.0.1 with a fresh DATA_DIR (or DATABASE_URL) and waits for it. */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-bench-'));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/main.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not become ready within 120 s');
    }
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
