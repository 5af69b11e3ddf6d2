import { expect, test, type Page } from '@playwright/test';
import { OHIO_FREIGHT } from './checkout-steps.ts';
import { waitForHydration } from './fixtures.ts';

/**
 * A paid order for the Orders History tests. The demo data holds no orders, so each test buys
 * one through the real checkout (sandbox card) as an anonymous visitor, with an e-mail address
 * no other test uses, and finds it by that address.
 */

// Demo catalogue facts (apps/server/src/db/seed/catalog-data.ts).
export const APRON = { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas', retail: 24 };
export const MASKS = { number: 'AC-DM20', title: 'Disposable Dust Masks, Box of 20', retail: 18.6 };

/** The billing (and so shipping) address the order is placed with. */
export const BUYER = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '+1 419 555 0100',
  address: '1 Main St',
  city: 'Toledo',
  state: 'OH',
  zip: '43612',
  country: 'US',
  countryName: 'United States',
};

export interface PlacedOrder {
  orderNumber: string;
  email: string;
  /** Dollars: two aprons and a box of masks, no coupon, and their freight to Ohio. */
  total: number;
  /** Dollars: three pieces of a pound each to Ohio. */
  freight: number;
}

/** Buys two aprons and a box of masks with the sandbox's approving card. */
export async function placeOrder(page: Page, name: string): Promise<PlacedOrder> {
  const email = `${name}.${test.info().project.name}.${Date.now()}@lee-dental.example`;
  await page.context().addCookies([
    {
      name: '_cart__rf',
      value: encodeURIComponent(
        JSON.stringify([{ number: APRON.number, title: APRON.title, quantity: 2 }, MASKS.number]),
      ),
      url: test.info().project.use.baseURL!,
    },
  ]);
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Check Out' })).toBeVisible();

  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('First name').fill(BUYER.firstName);
  await field('Last name').fill(BUYER.lastName);
  await field('Email').fill(email);
  await field('Phone (optional)').fill(BUYER.phone);
  await field('Address').fill(BUYER.address);
  await field('City').fill(BUYER.city);
  await field('State').selectOption(BUYER.state);
  await field('ZIP code').fill(BUYER.zip);
  await field('Country').selectOption(BUYER.country);
  await field('ZIP code').blur();

  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill('4111111111111111');
  await frame.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await frame.getByLabel('CVV').fill('123');
  await expect(page.getByText('Card details received.')).toBeVisible();

  const pay = page.getByRole('button', { name: 'Pay Now' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 20_000,
  });
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^WEB-\d+$/);
  const freight = OHIO_FREIGHT.upTo5Lb;
  return { orderNumber, email, total: 2 * APRON.retail + MASKS.retail + freight, freight };
}
