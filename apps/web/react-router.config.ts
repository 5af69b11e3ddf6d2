import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // The storefront is rendered on the server for first paint and search engines.
  ssr: true,
} satisfies Config;
