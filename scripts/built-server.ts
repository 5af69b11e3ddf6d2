import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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
 * The port must be free (unless `portMayBeTaken`): a shop left running there would answer
 * /readyz in the new one's place, and a bench would measure it.
 */
export async function startBuiltServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  portMayBeTaken?: boolean;
  /** Another checkout whose build to run (a bench's before/after); this one by default. */
  root?: string;
}): Promise<BuiltServer> {
  if (!options.portMayBeTaken) await assertPortFree(options.port);
  const origin = `http://127.0.0.1:${options.port}`;
  const root = options.root ?? repoRoot;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
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
    if (child.exitCode !== null) {
      throw new Error(`the server exited during start (exit code ${child.exitCode}):\n${stderr}`);
    }
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

async function assertPortFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} is taken: something (a shop left running?) listens on 127.0.0.1:${port}`
            : `port ${port} cannot be used: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
