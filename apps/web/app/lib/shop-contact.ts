import type { ContactDataDto } from '@labshop/shared/schemas/content';

/**
 * The shop's address, phone and e-mail as the admin's Contacts Data holds them: the one source
 * for every place the storefront shows them (header, footer, contact page, checkout). An empty
 * field is shown nowhere.
 */
export type ShopContact = Pick<ContactDataDto, 'address' | 'phone' | 'email'>;
