import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  changingContactData,
  changingTextPage,
  logIn,
  TINY_JPEG as JPEG,
  waitForHydration,
} from './fixtures.ts';

/**
 * Stored XSS (issue 10: "Every admin text field rendered on a public page tried with XSS
 * payloads"; HARDENING.md "stored XSS, mutation XSS, in every admin field shown publicly"). The
 * administrator writes payloads into every text field the storefront shows; a visitor opens every
 * page that shows them. Each payload calls `xss(id)` (or `alert`) if it ever runs. The pages must
 * show the text as text (or the sanitised HTML), run none of it, and need no CSP violation to stop
 * it: the CSP is the last line, not the one holding.
 */

/** Payloads that run code if any page treats the text as HTML, a URL or a template. */
const PAYLOADS = [
  `<script>xss('script')</script>`,
  `<img src=x onerror=xss('img')>`,
  `<svg onload=xss('svg')>`,
  `<a href="javascript:xss('js-url')">open</a>`,
  `<a href="jav&#x09;ascript:xss('js-url-tab')">tab</a>`,
  `<noscript><p title="</noscript><img src=x onerror=xss('mxss-noscript')>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=xss('mxss-math')>`,
  `<svg><style><img src=x onerror=xss('mxss-svg-style')></style></svg>`,
  `" onmouseover="xss('attr-dq')" autofocus onfocus="xss('attr-focus')" x="`,
  `' onmouseover='xss("attr-sq")' x='`,
  `</title><script>xss('title')</script>`,
  `</script><script>xss('end-script')</script>`,
  `</textarea><img src=x onerror=xss('textarea')>`,
  `{{constructor.constructor('xss("template")')()}} \${xss('template-literal')}`,
  `<iframe srcdoc="<script>parent.xss('srcdoc')</script>"></iframe>`,
  `<details open ontoggle=xss('details')>`,
  `<form><button formaction="javascript:xss('form')">go</button></form>`,
  `<img src=x onerror=alert('alert')>`,
];

/** Short payloads for fields of up to 60 characters. */
const SHORT = {
  img: `<img src=x onerror=xss('c-img')>`,
  svg: `</title><svg onload=xss('c-svg')>"'{{1}}`,
};

interface XssWatch {
  /** Fails when a payload ran, a dialog opened, a CSP violation stopped something, or code broke. */
  expectNothingRan(where: string): Promise<void>;
}

/** Records every sign of a payload running in `page`, from before its first script. */
async function watchForXss(page: Page): Promise<XssWatch> {
  await page.addInitScript(() => {
    const w = window as unknown as { xss(id: unknown): void; __xssRan: string[]; __csp: string[] };
    w.__xssRan = [];
    w.__csp = [];
    w.xss = (id) => w.__xssRan.push(String(id));
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    async expectNothingRan(where) {
      // An <img src=x onerror> fires once the failed load is reported: give it a moment.
      await page.waitForTimeout(400);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __xssRan: string[]; __csp: string[] };
        return {
          ran: w.__xssRan,
          csp: w.__csp,
          jsLinks: Array.from(
            document.querySelectorAll('a[href], form [formaction], iframe[srcdoc]'),
          )
            .map((element) => element.getAttribute('href') ?? element.outerHTML)
            .filter((href) => /^\s*javascript:|srcdoc|formaction/i.test(href)),
        };
      });
      expect(seen.ran, `payloads ran on ${where}`).toEqual([]);
      expect(seen.csp, `CSP violations on ${where}`).toEqual([]);
      expect(seen.jsLinks, `javascript: links on ${where}`).toEqual([]);
      expect(dialogs, `dialogs on ${where}`).toEqual([]);
      expect(errors, `page errors on ${where}`).toEqual([]);
    },
  };
}

/**
 * The server-rendered HTML of `path` carries no payload with markup as it was written: text is
 * escaped, rich text sanitised. (Payloads without `<` are harmless as text and may appear.)
 */
async function expectNoRawPayload(page: Page, path: string, payloads: readonly string[]) {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  for (const payload of payloads.filter((each) => each.includes('<'))) {
    expect(html.includes(payload), `${path} has the raw payload ${payload}`).toBe(false);
  }
}

/** A signed-in administrator in a context of its own (the visitor's page stays anonymous). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await logIn(page, ADMIN, '/home');
  return page;
}

async function created<T>(response: {
  status(): number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}) {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

const mark = () => `${test.info().project.name}-${Date.now().toString(36)}`;

/**
 * The visitor's `page` watched for payloads running (`watch`, from before its first script),
 * and an administrator signed in in a context of its own (`admin`, closed after the test).
 */
const xssTest = test.extend<{ watch: XssWatch; admin: Page }>({
  watch: async ({ page }, use) => {
    await use(await watchForXss(page));
  },
  admin: async ({ browser }, use) => {
    const admin = await adminPage(browser);
    await use(admin);
    await admin.context().close();
  },
});

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

/** The page shows `text` somewhere, as text (in any case: category names are title-cased). */
async function expectTextShown(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) => document.body.textContent?.toLowerCase().includes(wanted.toLowerCase()),
        text,
      ),
    )
    .toBe(true);
}

/**
 * The visitor opens `path`: it shows `shows` as text (when given), runs nothing, and its HTML
 * carries none of `payloads` raw.
 */
async function expectInertPage(
  page: Page,
  watch: XssWatch,
  path: string,
  options: { shows?: string; payloads?: readonly string[]; where?: string } = {},
) {
  await visit(page, path);
  if (options.shows !== undefined) await expectTextShown(page, options.shows);
  await watch.expectNothingRan(options.where ?? path);
  if (options.payloads) await expectNoRawPayload(page, path, options.payloads);
}

xssTest(
  'catalogue text written by the admin never runs on the shop, search, product and cart pages',
  async ({ page, watch, admin }) => {
    test.setTimeout(120_000);
    const unique = mark();
    const number = `XSS-${unique}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 50);
    const title = `Lathe ${PAYLOADS[1]} ${PAYLOADS[9]} ${PAYLOADS[10]}`;
    const categoryNames = [`${SHORT.img} ${unique}`, `${SHORT.svg} ${unique}`.slice(0, 60)];
    const categoryIds: string[] = [];
    try {
      for (const name of categoryNames) {
        const category = await created<{ _id: string }>(
          await admin.request.post('/api/categories', {
            multipart: {
              name,
              thumbnail: { name: 'c.jpg', mimeType: 'image/jpeg', buffer: JPEG },
            },
          }),
        );
        categoryIds.push(category._id);
      }
      const product = (brochure: string) => ({
        number,
        title,
        description: PAYLOADS.join('\n'),
        category: categoryNames[0]!,
        oldPrice: '20',
        newPrice: '10',
        wholesalePrice: '9',
        partnerPricex3: '8',
        brochure,
        images: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: JPEG },
      });
      // A javascript: brochure names no stored file: refused before anything is stored.
      const refused = await admin.request.post('/api/products', {
        multipart: product(`javascript:xss('brochure')`),
      });
      expect(refused.status()).toBe(400);
      expect((await admin.request.get(`/api/products/${number}`)).status()).toBe(404);
      // An outside address is taken as typed, payload and all: it must stay an inert link.
      await created(
        await admin.request.post('/api/products', {
          multipart: product(
            `https://example.com/manual.pdf?x="><img src=x onerror=xss('brochure')>`,
          ),
        }),
      );

      await visit(page, `/product-details/${number}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectTextShown(page, PAYLOADS[6]!);
      await expect(page.getByRole('link', { name: /Download brochure/ })).toHaveAttribute(
        'href',
        /^https:\/\/example\.com\/manual\.pdf\?/,
      );
      await watch.expectNothingRan('the product page');
      await expectNoRawPayload(page, `/product-details/${number}`, [...PAYLOADS, SHORT.img]);

      for (const name of categoryNames) {
        await expectInertPage(page, watch, `/shop/${encodeURIComponent(name)}`, {
          shows: name,
          payloads: [SHORT.img, SHORT.svg],
        });
      }
      await expectInertPage(page, watch, '/shop');
      // The search box's query is shown back on the page: a reflected payload.
      await expectInertPage(
        page,
        watch,
        `/shop?q=${encodeURIComponent(`${number} ${PAYLOADS[1]}`)}`,
        {
          where: 'a search for a payload',
        },
      );
      await expectInertPage(page, watch, '/home');

      await page.context().addCookies([
        {
          name: '_cart__rf',
          value: encodeURIComponent(JSON.stringify([number])),
          url: test.info().project.use.baseURL!,
        },
      ]);
      await expectInertPage(page, watch, '/cart', { shows: PAYLOADS[1]! });
    } finally {
      await admin.request.delete(`/api/products/${number}`);
      for (const id of categoryIds) await admin.request.delete(`/api/categories/${id}`);
    }
  },
);

xssTest(
  'testimonials, gallery captions and notifications written by the admin never run',
  async ({ page, watch, admin }) => {
    test.setTimeout(120_000);
    const unique = mark();
    const cleanup: string[] = [];
    try {
      const testimonial = await created<{ _id: string }>(
        await admin.request.post('/api/testimonials', {
          data: {
            name: `${PAYLOADS[1]} ${unique}`,
            position: PAYLOADS[8],
            text: PAYLOADS.slice(0, 12).join(' '),
            imageUrl: '',
          },
        }),
      );
      cleanup.push(`/api/testimonials/${testimonial._id}`);
      const galleryTitle = `${PAYLOADS[2]} ${unique}`;
      const picture = await created<{ _id: string }>(
        await admin.request.post('/api/gallery', {
          multipart: {
            title: galleryTitle,
            description: `${PAYLOADS[5]} ${PAYLOADS[6]}`,
            pictureFile: { name: 'g.jpg', mimeType: 'image/jpeg', buffer: JPEG },
          },
        }),
      );
      cleanup.push(`/api/gallery/${picture._id}`);
      const notification = await created<{ _id: string }>(
        await admin.request.post('/api/notifications', {
          data: {
            title: `${PAYLOADS[0]} ${unique}`,
            body: PAYLOADS.slice(1, 8).join(' '),
            dateTime: new Date().toISOString(),
            read: false,
          },
        }),
      );
      cleanup.push(`/api/notifications/${notification._id}`);

      await expectInertPage(page, watch, '/home', {
        shows: `${PAYLOADS[1]} ${unique}`,
        payloads: PAYLOADS,
        where: '/home with the testimonial',
      });

      await visit(page, '/gallery');
      const thumbnail = page.getByRole('button', { name: galleryTitle, exact: true });
      await thumbnail.click();
      const viewer = page.getByRole('dialog');
      await expect(viewer.getByText(galleryTitle, { exact: true })).toBeVisible();
      await watch.expectNothingRan('the gallery lightbox');
      await expectNoRawPayload(page, '/gallery', PAYLOADS);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await expect(panel.getByText(`${PAYLOADS[0]} ${unique}`)).toBeVisible();
      await watch.expectNothingRan('the notifications panel');
    } finally {
      for (const path of cleanup) await admin.request.delete(path);
    }
  },
);

xssTest(
  'a text page and the contact data written by the admin never run',
  async ({ page, watch, admin }) => {
    test.setTimeout(120_000);
    await changingTextPage(admin.request, 'Partners', async () => {
      const saved = await admin.request.put('/api/text_pages/Partners', {
        data: { content: `<h2>Partners</h2>${PAYLOADS.join('<p>between</p>')}` },
      });
      expect(saved.status()).toBe(200);
      await visit(page, '/partners');
      await expect(
        page.getByRole('main').getByRole('heading', { level: 2, name: 'Partners' }),
      ).toBeVisible();
      await expectTextShown(page, 'between');
      await watch.expectNothingRan('/partners');
      await expectNoRawPayload(page, '/partners', PAYLOADS);
    });

    await changingContactData(admin.request, async () => {
      const address = `${PAYLOADS[1]} ${PAYLOADS[8]} 1 Main St`;
      const saved = await admin.request.put('/api/contact-data', {
        data: {
          address,
          phone: `+1 419 <svg onload=xss('phone')>`,
          email: `"onmouseover=xss('email')"@x.example`,
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await expectInertPage(page, watch, '/contact-us', {
        shows: address,
        payloads: [PAYLOADS[1]!, `<svg onload=xss('phone')>`],
      });
      await expectInertPage(page, watch, '/home', { where: '/home with the contact data' });
    });
  },
);

xssTest('the newsletter links show their query values as text', async ({ page, watch }) => {
  const email = `${PAYLOADS[1]}@x.example`;
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ email, sig: `"><svg onload=xss('sig')>`, ...extra }).toString();
  for (const path of [
    `/newsletter/unsubscribe?${query({})}`,
    `/newsletter/confirm?${query({ name: PAYLOADS[6]!, expires: `${PAYLOADS[2]}` })}`,
  ]) {
    await expectInertPage(page, watch, path, {
      payloads: [PAYLOADS[1]!, PAYLOADS[2]!, PAYLOADS[6]!],
    });
  }
});
