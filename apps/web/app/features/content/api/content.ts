import type { TextPageName } from '@labshop/shared/constants';
import type { ContactDataDto, GalleryImageDto, TextPageDto } from '@labshop/shared/schemas/content';
import type { AppLoadContext } from 'react-router';
import { getApiJson } from '../../../lib/api-json.ts';
import type { ShopContact } from '../../../lib/shop-contact.ts';

/**
 * The content calls for storefront loaders (SPEC.md section 7), through the in-process API as
 * the visitor. They throw on a failed answer; each page decides what a failure shows.
 */

/** The gallery, newest first. */
export function fetchGallery(context: AppLoadContext): Promise<GalleryImageDto[]> {
  return getApiJson<GalleryImageDto[]>(context, '/api/gallery');
}

/** One static text page by its name ('Privacy Policy' travels as Privacy%20Policy). */
export function fetchTextPage(context: AppLoadContext, name: TextPageName): Promise<TextPageDto> {
  return getApiJson<TextPageDto>(context, `/api/text_pages/${encodeURIComponent(name)}`);
}

/** The shop's address, phone and e-mail, and where the map is centred. */
export function fetchContactData(context: AppLoadContext): Promise<ContactDataDto> {
  return getApiJson<ContactDataDto>(context, '/api/contact-data');
}

/**
 * For the shells' loaders: the contact data's address, phone and e-mail, or null when it could
 * not be loaded (only logged, SPEC.md section 8: the shell then shows no phone rather than a
 * stale one). Every admin write empties the page cache, so a change shows on the next load.
 */
export async function loadShopContact(context: AppLoadContext): Promise<ShopContact | null> {
  try {
    const { address, phone, email } = await fetchContactData(context);
    return { address, phone, email };
  } catch (error) {
    console.error('Loading the contact data for the page shell failed:', error);
    return null;
  }
}

/**
 * The same text page fetched by the browser, for client-side navigations: the page can show
 * its spinner while this runs, apart from the shell's own data request.
 */
export async function fetchTextPageInBrowser(
  name: TextPageName,
  signal?: AbortSignal,
): Promise<TextPageDto> {
  const path = `/api/text_pages/${encodeURIComponent(name)}`;
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as TextPageDto;
}
