import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Where scripts/page-weight.ts reads which source modules each client chunk holds. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** React, React DOM and React Router: every page loads them, so they travel as one chunk. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@react-router[\\/][^\\/]+)[\\/]/;

/** The route modules every storefront page loads before it is interactive. */
const SHELL_ROUTES = [
  /[\\/]app[\\/]root\.tsx$/,
  /[\\/]app[\\/]routes[\\/]storefront[\\/]layout\.tsx$/,
];

/**
 * The storefront shell: the app's own modules (and packages/shared) that the root and the
 * storefront layout import statically, found once the module graph is complete. The client
 * build puts them in one chunk (with the icons they use) instead of the twenty small chunks
 * automatic splitting makes of them: one request and one gzip stream save a few kB on every
 * page. Modules from node_modules are not followed: the lucide-react barrel would pull in
 * every icon of the admin.
 */
function storefrontShell(): { modules: Set<string>; plugin: Plugin } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'labshop:storefront-shell',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      modules.clear();
    },
    buildEnd() {
      const queue = [...this.getModuleIds()].filter((id) =>
        SHELL_ROUTES.some((route) => route.test(id.replace(/\?.*$/, ''))),
      );
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (!/[\\/]node_modules[\\/]/.test(imported)) queue.push(imported);
        }
      }
    },
  };
  return { modules, plugin };
}

/**
 * Writes, for each client chunk, the source modules in it (paths relative to the repository,
 * with their size before minification). The Vite manifest names chunks but not their modules;
 * the page-weight report needs them to tell whether a storefront page preloads admin code, the
 * rich-text editor or the map.
 */
function chunkModulesReport(): Plugin {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  return {
    name: 'labshop:chunk-modules-report',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [
            path.relative(repoRoot, id.replace(/\?.*$/, '')),
            module.renderedLength,
          ]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: JSON.stringify(chunks),
      });
    },
  };
}

/**
 * React Router's production build in the browser. Its package exports only the development
 * build (remix-run/react-router#12532, #14102: dev warnings and their messages ship to every
 * visitor); the production build beside it is the same code without them, 0.6 kB less gzip on
 * every page. Only the client: the server's bundle shares React Router with apps/server's
 * request handler, and `instanceof` checks between two copies would fail.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'index.mjs'),
    'react-router/dom': path.join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'labshop:react-router-production',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => files[source],
  };
}

const shell = storefrontShell();

export default defineConfig({
  // The manifest stays in build/client/.vite for scripts/page-weight.ts; the server does not
  // serve dot folders.
  build: { manifest: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                {
                  name: 'storefront-shell',
                  // Route modules themselves (with a query) stay React Router's entries.
                  test: (id) => !id.includes('?') && shell.modules.has(id) && !FRAMEWORK.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    reactRouterProductionBuild(),
    tailwindcss(),
    reactRouter(),
    shell.plugin,
    chunkModulesReport(),
  ],
});
