import type { ContactDataDto, ContactDataInput } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** PUT /api/contact-data; the answer is what is stored (with the map position it placed). */
export function updateContactData(values: ContactDataInput): Promise<ContactDataDto> {
  return apiJson<ContactDataDto>('/api/contact-data', jsonRequest('PUT', values));
}

export function useUpdateContactData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactData,
    onSuccess: (saved) => queryClient.setQueryData(contentKeys.contactData, saved),
  });
}
