import {
  ADDRESS_BOOK_LIMIT,
  ADDRESS_BOOK_MESSAGES,
  type AddressBookAnswer,
  type LabAddress,
  type SavedAddress,
} from '@labshop/shared/schemas/address-book';
import type { ShippingAddress } from '@labshop/shared/schemas/address-book-dto';
import { AppError } from '../../core/app-error.ts';
import { isUuid } from '../../core/uuid.ts';
import type { RequestUser } from '../../http/access.ts';
import type { AddressesRepo, AddressRow } from './addresses-repo.ts';
import type { AccountService } from './service.ts';

/**
 * The lab account's address book (issue 36): the user's own saved shipping addresses, and their
 * lab's address from the ERP customer record as the default. Addresses belong to the user
 * (their subject), not the lab: another user's, like a missing or malformed id, is not found.
 */
export function createAddressesService(deps: {
  repo: AddressesRepo;
  /** The user's lab, found as the account page finds it. */
  account: Pick<AccountService, 'account'>;
}) {
  const { repo } = deps;

  const notFound = () => new AppError('not_found', ADDRESS_BOOK_MESSAGES.notFound);

  /** The row's id, or a 404 for an id that cannot be one (the database would refuse it). */
  const requireUuid = (id: string) => {
    if (!isUuid(id)) throw notFound();
    return id.toLowerCase();
  };

  async function labAddressOf(user: RequestUser): Promise<LabAddress | null> {
    const { lab } = await deps.account.account(user);
    if (!lab?.addressLine1) return null;
    // The ERP record names a company: it is the entry's label, and the names are the signed-in
    // user's own (split at the first space), the person the order is for. Without one (the
    // identity provider gives the e-mail when it knows no name) the lab's name is split the same
    // way, so both of the checkout's name fields are filled.
    const userName = user.name?.includes('@') ? '' : (user.name?.trim() ?? '');
    const [firstName = '', ...rest] = (userName || lab.displayName).split(/\s+/);
    return {
      label: lab.displayName,
      firstName,
      lastName: rest.join(' '),
      phone: lab.phoneNumber,
      address: [lab.addressLine1, lab.addressLine2].filter(Boolean).join(', '),
      city: lab.city,
      state: lab.state,
      zip: lab.postalCode,
      country: lab.country.toUpperCase(),
    };
  }

  return {
    /** GET /api/account/addresses */
    async list(user: RequestUser): Promise<AddressBookAnswer> {
      const [labAddress, rows] = await Promise.all([labAddressOf(user), repo.listOf(user.subject)]);
      return { labAddress, addresses: rows.map(savedAddressOf) };
    },

    /** POST /api/account/addresses: 409 once the book is full. */
    async create(user: RequestUser, address: ShippingAddress): Promise<SavedAddress> {
      const row = await repo.insertWithin(user.subject, address, ADDRESS_BOOK_LIMIT);
      if (!row) throw new AppError('conflict', ADDRESS_BOOK_MESSAGES.full);
      return savedAddressOf(row);
    },

    /** PUT /api/account/addresses/{id} */
    async update(user: RequestUser, id: string, address: ShippingAddress): Promise<SavedAddress> {
      const row = await repo.update(user.subject, requireUuid(id), address);
      if (!row) throw notFound();
      return savedAddressOf(row);
    },

    /** DELETE /api/account/addresses/{id} */
    async remove(user: RequestUser, id: string): Promise<void> {
      if (!(await repo.remove(user.subject, requireUuid(id)))) throw notFound();
    },
  };
}

function savedAddressOf(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
