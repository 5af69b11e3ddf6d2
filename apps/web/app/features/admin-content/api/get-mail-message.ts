import type { MailLogMessageDto } from '@labshop/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/admin/mail/{_id}: one mail with its text. */
export function getMailMessage(id: string, signal?: AbortSignal): Promise<MailLogMessageDto> {
  return apiJson<MailLogMessageDto>(`/api/admin/mail/${encodeURIComponent(id)}`, { signal });
}

export function mailMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: contentKeys.mailMessage(id),
    queryFn: ({ signal }) => getMailMessage(id, signal),
  });
}

export function useMailMessage(id: string | null) {
  return useQuery({ ...mailMessageQueryOptions(id ?? ''), enabled: id !== null });
}
