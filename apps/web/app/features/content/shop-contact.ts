import { useRouteLoaderData } from 'react-router';
import type { ShopContact } from '../../lib/shop-contact.ts';
import { STOREFRONT_LAYOUT_ROUTE_ID } from '../auth/api/me.ts';

/** The contact data the storefront layout loaded (null: not loaded), for pages inside it. */
export function useShopContact(): ShopContact | null {
  return (
    useRouteLoaderData<{ contact: ShopContact | null }>(STOREFRONT_LAYOUT_ROUTE_ID)?.contact ?? null
  );
}
