import { fileURLToPath } from 'node:url';

// This file sits at src/paths.ts and is bundled into dist/main.js: both are one level below
// apps/server, so the package root is the same from source and from the build.
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export const paths = {
  serverRoot,
  migrations: fileURLToPath(new URL('../drizzle', import.meta.url)),
  webBuild: fileURLToPath(new URL('../../web/build', import.meta.url)),
  webRoot: fileURLToPath(new URL('../../web', import.meta.url)),
};
