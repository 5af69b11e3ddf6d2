// Screenshots of pages in headless Chromium, to look at what we build.
// Usage: npx tsx scripts/screenshot.ts <url> <out.png> [width=1440] [--full]
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';

const [url, out, width = '1440', ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('Usage: npx tsx scripts/screenshot.ts <url> <out.png> [width] [--full]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const narrow = Number(width) < 600;
const page = await browser.newPage({
  viewport: { width: Number(width), height: narrow ? 844 : 900 },
  isMobile: narrow,
  hasTouch: narrow,
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: flags.includes('--full') });
await browser.close();
console.log(`${out}: ${url} at ${width}px`);
