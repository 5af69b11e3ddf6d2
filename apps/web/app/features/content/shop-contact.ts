import type { ContactDataDto } from '@labshop/shared/schemas/content';
import { useRouteLoaderData } from 'react-router';
import { STOREFRONT_LAYOUT_ROUTE_ID } from '../auth/api/me.ts';

/**
 * The shop's address, phone and e-mail as the admin's Contacts Data holds them: the one source
 * for every place the storefront shows them (header, footer, contact page, checkout). An empty
 * field is shown nowhere.
 */
export type ShopContact = Pick<ContactDataDto, 'address' | 'phone' | 'email'>;

/** The contact data the storefront layout loaded (null: not loaded), for pages inside it. */
export function useShopContact(): ShopContact | null {
  return (
    useRouteLoaderData<{ contact: ShopContact | null }>(STOREFRONT_LAYOUT_ROUTE_ID)?.contact ?? null
  );
}

