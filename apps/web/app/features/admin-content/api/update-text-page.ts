import type { TextPageName } from '@labshop/shared/constants';
import type { TextPageDto } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

export interface UpdateTextPageVariables {
  name: TextPageName;
  content: string;
}

/** PUT /api/text_pages/{name}; the answer carries the HTML as the server sanitised it. */
export function updateTextPage({ name, content }: UpdateTextPageVariables): Promise<TextPageDto> {
  return apiJson<TextPageDto>(
    `/api/text_pages/${encodeURIComponent(name)}`,
    jsonRequest('PUT', { content }),
  );
}

export function useUpdateTextPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTextPage,
    onSuccess: (page, { name }) => queryClient.setQueryData(contentKeys.textPage(name), page),
  });
}
