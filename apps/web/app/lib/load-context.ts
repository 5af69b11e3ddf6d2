import type { ServerLoadContext } from '@labshop/shared/load-context';

// Loaders and actions see what the server passes (see packages/shared/src/load-context.ts).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation by extension
  interface AppLoadContext extends ServerLoadContext {}
}
