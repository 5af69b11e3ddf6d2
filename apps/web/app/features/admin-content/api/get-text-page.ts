import type { TextPageName } from '@labshop/shared/constants';
import type { TextPageDto } from '@labshop/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/text_pages/{name} (the name URL-encoded: Privacy%20Policy). */
export function getTextPage(name: TextPageName, signal?: AbortSignal): Promise<TextPageDto> {
  return apiJson<TextPageDto>(`/api/text_pages/${encodeURIComponent(name)}`, { signal });
}

export function textPageQueryOptions(name: TextPageName) {
  return queryOptions({
    queryKey: contentKeys.textPage(name),
    queryFn: ({ signal }) => getTextPage(name, signal),
    // The editor starts from what is stored now, not from a copy loaded a while ago.
    staleTime: 0,
  });
}

export function useTextPage(name: TextPageName) {
  return useQuery(textPageQueryOptions(name));
}
