import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface BuiltServer {
  origin: string;
  child: ChildProcess;
  /** SIGTERM waits for a graceful close; SIGKILL is a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * Starts the built shop (apps/server/dist/main.js) in production mode on 127.0.0.1 with the
 * given DATA_DIR, and resolves once /readyz answers. Used by benchmarks and process-level tests.
 */
export async function startBuiltServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<BuiltServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${stderr}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, child, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop('SIGKILL');
  throw new Error(`the server did not become ready within 120 s:\n${stderr}`);
}
