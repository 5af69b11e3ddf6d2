// `npm start`: builds what is missing or older than its sources, then runs the shop. The server
// migrates the database and loads the demo data into an empty shop by itself.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);

const targets = [
  {
    name: 'web app',
    output: at('apps/web/build/server/index.js'),
    sources: [
      at('apps/web/app'),
      at('apps/web/public'),
      at('packages/shared/src'),
      at('apps/web/vite.config.ts'),
    ],
    workspace: '@labshop/web',
  },
  {
    name: 'server',
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('packages/shared/src')],
    workspace: '@labshop/server',
  },
];

for (const target of targets) {
  if (isFresh(target.output, target.sources)) continue;
  console.log(`labshop: building the ${target.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function isFresh(output, sources) {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return sources.every((source) => newestMtime(source) <= built);
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}
