import { existsSync } from 'node:fs';

/** The system Chromium the browser tests drive (browsers are never downloaded). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function assertChromiumInstalled(): void {
  if (existsSync(chromiumPath)) return;
  throw new Error(
    [
      `Chromium was not found at ${chromiumPath}.`,
      'Install it with: apt-get update && apt-get install -y chromium',
      'or point CHROMIUM_PATH at a Chromium binary.',
      'To run the other tests without the browser tests, set E2E=skip.',
    ].join('\n'),
  );
}
