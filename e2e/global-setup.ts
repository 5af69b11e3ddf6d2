import { assertChromiumInstalled } from './chromium.ts';

export default function globalSetup(): void {
  assertChromiumInstalled();
}
