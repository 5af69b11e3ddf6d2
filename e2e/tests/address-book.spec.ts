import { expect, test, type Page } from '@playwright/test';
import { openCheckout, setCartCookie } from './checkout-steps.ts';
import { expectNoAccessibilityViolations, logIn, PARTNER, waitForHydration } from './fixtures.ts';

/**
 * The lab account's address book (issue 36) at both widths: a partner saves an address, picks
 * it at the checkout, which fills the billing form, then edits and deletes it; the forms work
 * without JavaScript too. Labels are unique per run and screen size: both share the partner.
 */

const APRON = { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas' };

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A label no other test (or the other screen size) uses. */
const uniqueLabel = (name: string) =>
  `${name} ${test.info().project.name} ${Date.now() % 1_000_000}`;

async function openAddressBook(page: Page) {
  await page.goto('/account');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Address book' }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
}

/** Fills the 'Add an address' form (or an edit form) inside `form`. */
async function fillAddress(form: ReturnType<Page['getByRole']>, label: string) {
  await form.getByLabel('Label (optional)').fill(label);
  await form.getByLabel('First name', { exact: true }).fill('Grace');
  await form.getByLabel('Last name', { exact: true }).fill('Hopper');
  await form.getByLabel('Phone (optional)').fill('+1 703 555 0199');
  await form.getByLabel('Address', { exact: true }).fill('2 Loading Dock Rd');
  await form.getByLabel('City', { exact: true }).fill('Arlington');
  await form.getByLabel('State', { exact: true }).fill('VA');
  await form.getByLabel('ZIP code', { exact: true }).fill('22201');
  await form.getByLabel('Country', { exact: true }).selectOption('US');
}

test.describe('the address book', () => {
  test('a partner saves an address, ships to it at the checkout, edits and deletes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, PARTNER, '/home');
    await openAddressBook(page);
    const lab = page.getByRole('region', { name: "Your lab's address" });
    await expect(lab).toContainText(PARTNER.name);
    await expect(lab).toContainText('77 Harbor View Dr');
    await expect(lab).toContainText("From your lab's record");

    // A refusal shows the message next to its field and keeps what was typed.
    const label = uniqueLabel('Back door');
    const add = page.getByRole('form', { name: 'Add an address' });
    await fillAddress(add, label);
    await add.getByLabel('ZIP code', { exact: true }).fill('2220');
    await add.getByRole('button', { name: 'Add address' }).click();
    await expect(
      add.getByText('Please enter a valid ZIP code (12345 or 12345-6789).'),
    ).toBeVisible();
    await expect(add.getByLabel('ZIP code', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(add.getByLabel('City', { exact: true })).toHaveValue('Arlington');

    await add.getByLabel('ZIP code', { exact: true }).fill('22201');
    await add.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('The address was added.')).toBeVisible();
    const saved = page.getByRole('listitem').filter({ hasText: label });
    await expect(saved).toContainText('2 Loading Dock Rd');
    await expect(saved).toContainText('Arlington, VA 22201');
    // The add form starts empty again.
    await expect(add.getByLabel('Label (optional)')).toHaveValue('');
    await expectNoAccessibilityViolations(page);

    // The checkout offers it; choosing it fills the billing form, the e-mail stays.
    await setCartCookie(page, [APRON.number]);
    await openCheckout(page);
    await expect(field(page, 'Email')).toHaveValue(PARTNER.email);
    const shipTo = field(page, 'Ship to');
    await expect(shipTo.locator('option').nth(1)).toHaveText(
      `${PARTNER.name}: 77 Harbor View Dr, Baltimore`,
    );
    await shipTo.selectOption({ label: `${label}: 2 Loading Dock Rd, Arlington` });
    await expect(field(page, 'First name')).toHaveValue('Grace');
    await expect(field(page, 'Last name')).toHaveValue('Hopper');
    await expect(field(page, 'Phone (optional)')).toHaveValue('+1 703 555 0199');
    await expect(field(page, 'Address')).toHaveValue('2 Loading Dock Rd');
    await expect(field(page, 'City')).toHaveValue('Arlington');
    await expect(field(page, 'State')).toHaveValue('VA');
    await expect(field(page, 'ZIP code')).toHaveValue('22201');
    await expect(field(page, 'Country')).toHaveValue('US');
    await expect(field(page, 'Email')).toHaveValue(PARTNER.email);
    // The lab's address fills it too.
    await shipTo.selectOption({ index: 1 });
    await expect(field(page, 'Address')).toHaveValue('77 Harbor View Dr');
    await expect(field(page, 'State')).toHaveValue('MD');

    // Edit, then delete.
    await page.goto('/account/addresses');
    await waitForHydration(page);
    await page
      .getByRole('listitem')
      .filter({ hasText: label })
      .getByRole('link', { name: `Edit ${label}` })
      .click();
    const edit = page.getByRole('form', { name: `Edit ${label}` });
    await edit.getByLabel('City', { exact: true }).fill('Alexandria');
    await edit.getByLabel('ZIP code', { exact: true }).fill('22314');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('The address was saved.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: label })).toContainText(
      'Alexandria, VA 22314',
    );
    await page.getByRole('button', { name: `Delete ${label}` }).click();
    await expect(page.getByText('The address was deleted.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: label })).toHaveCount(0);
  });

  test('the forms work without JavaScript', async ({ page, browser }) => {
    await logIn(page, PARTNER, '/home');
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: test.info().project.use.viewport ?? null,
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
    });
    const noScript = await context.newPage();
    await noScript.goto('/account/addresses');
    const label = uniqueLabel('No script');
    const add = noScript.getByRole('form', { name: 'Add an address' });
    await fillAddress(add, label);
    await add.getByRole('button', { name: 'Add address' }).click();
    await expect(noScript).toHaveURL(/\/account\/addresses\?done=added$/);
    const saved = noScript.getByRole('listitem').filter({ hasText: label });
    await expect(saved).toContainText('Arlington, VA 22201');

    await saved.getByRole('link', { name: `Edit ${label}` }).click();
    const edit = noScript.getByRole('form', { name: `Edit ${label}` });
    await edit.getByLabel('First name', { exact: true }).fill('');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit.getByText('First name is required.')).toBeVisible();
    await edit.getByLabel('First name', { exact: true }).fill('Ada');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(noScript).toHaveURL(/\?done=updated$/);
    await expect(noScript.getByRole('listitem').filter({ hasText: label })).toContainText(
      'Ada Hopper',
    );

    await noScript.getByRole('button', { name: `Delete ${label}` }).click();
    await expect(noScript).toHaveURL(/\?done=deleted$/);
    await expect(noScript.getByRole('listitem').filter({ hasText: label })).toHaveCount(0);
    await context.close();
  });
});
