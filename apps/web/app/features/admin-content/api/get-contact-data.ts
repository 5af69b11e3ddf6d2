import type { ContactDataDto } from '@labshop/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/contact-data: the shop's address, phone, e-mail and map position. */
export function getContactData(signal?: AbortSignal): Promise<ContactDataDto> {
  return apiJson<ContactDataDto>('/api/contact-data', { signal });
}

export function contactDataQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.contactData,
    queryFn: ({ signal }) => getContactData(signal),
  });
}

export function useContactData() {
  return useQuery(contactDataQueryOptions());
}
