import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** RFC 4180: fields in double quotes may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The customer cards' names on the page shown. */
export function customerNames(page: Page) {
  return page.getByRole('list', { name: 'Customers' }).getByRole('heading', { level: 2 });
}

/** The count line: '16 customers, page 1 of 2.' or '3 of 16 customers match.' */
export function customerCount(page: Page) {
  return page.getByText(/^\d+ (of \d+ customers match|customers?)(, page \d+ of \d+)?\.$/);
}

/** Types a search into the customers screen's box and waits for the list to follow it. */
export async function searchCustomers(page: Page, search: string) {
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(search);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === search.trim());
}

/** Clicks Export CSV and answers the file's name and its rows (header first). */
export async function exportCustomersCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const file = await download.path();
  return {
    filename: download.suggestedFilename(),
    rows: parseCsv(await readFile(file, 'utf8')),
  };
}

/**
 * The paging of the customers screen: at most 5 page links (with an ellipsis when pages are left
 * out), the current one marked, and moving to another page shows other cards.
 */
export async function checkCustomerPaging(page: Page, options: { expectEllipsis: boolean }) {
  const nav = page.getByRole('navigation', { name: 'Customer pages' });
  await expect(nav).toBeVisible();
  const pageLinks = nav.getByRole('link', { name: /^Page \d+$/ });
  const count = await pageLinks.count();
  expect(count).toBeGreaterThanOrEqual(2);
  expect(count).toBeLessThanOrEqual(5);
  await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  if (options.expectEllipsis) await expect(nav).toContainText('…');

  const firstPage = await customerNames(page).allTextContents();
  expect(firstPage).toHaveLength(10);
  await nav.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(customerCount(page)).toContainText(', page 2 of ');
  const secondPage = await customerNames(page).allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

  await nav.getByRole('link', { name: /Previous/ }).click();
  await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(customerNames(page)).toHaveText(firstPage);
  await nav.getByRole('link', { name: /Next/ }).click();
  await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(customerNames(page)).toHaveText(secondPage);
}
