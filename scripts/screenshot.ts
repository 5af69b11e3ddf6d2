// Screenshots of pages in headless Chromium, to look at what we build.
// Usage: npx tsx scripts/screenshot.ts <url> <out.png> [width=1440] [--full] [--login=email:password]
//          [--cart=NUMBER:QTY,...]
// --login signs in through the shop's real login (the embedded provider's page) first; --cart
// starts with those products in the cart cookie.
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';

const [url, out, width = '1440', ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error(
    'Usage: npx tsx scripts/screenshot.ts <url> <out.png> [width] [--full] [--login=email:password] [--cart=NUMBER:QTY,...]',
  );
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const narrow = Number(width) < 600;
const page = await browser.newPage({
  viewport: { width: Number(width), height: narrow ? 844 : 900 },
  isMobile: narrow,
  hasTouch: narrow,
});
const login = flags.find((flag) => flag.startsWith('--login='))?.slice('--login='.length);
if (login) {
  const [email = '', password = ''] = login.split(':');
  await page.goto(new URL('/auth/login', url).href);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((target) => !target.pathname.startsWith('/oidc'));
}
const cart = flags.find((flag) => flag.startsWith('--cart='))?.slice('--cart='.length);
if (cart) {
  // The cart cookie's entries (packages/shared/src/cart-cookie.ts): the title is the shop's own.
  const entries = cart.split(',').map((entry) => {
    const [number = '', quantity = '1'] = entry.split(':');
    return { number, title: number, quantity: Number(quantity) };
  });
  await page
    .context()
    .addCookies([{ name: '_cart__rf', value: encodeURIComponent(JSON.stringify(entries)), url }]);
}
await page.goto(url, { waitUntil: 'networkidle' });
if (flags.includes('--full')) {
  // Lazy images load only near the viewport: pass over the whole page first.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  // Sections far from the viewport skip their rendering (content-visibility: auto) and would
  // show blank in one tall capture: draw them as a visitor scrolling there sees them.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
}
await page.screenshot({ path: out, fullPage: flags.includes('--full') });
await browser.close();
console.log(`${out}: ${url} at ${width}px`);
