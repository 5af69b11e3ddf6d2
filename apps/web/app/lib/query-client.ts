import { QueryCache, QueryClient } from '@tanstack/react-query';

/** An answer with an HTTP status, such as the API's 4xx errors. */
interface WithStatus {
  status: number;
}

function hasClientErrorStatus(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error as WithStatus;
  return status >= 400 && status < 500;
}

/**
 * The TanStack Query client for screens that load on the client (the admin). Load failures
 * are logged and end the loading state (SPEC.md section 8, "Load failures"); a 4xx answer is
 * final, so only network and server errors are tried again, once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        console.error(`Loading ${JSON.stringify(query.queryKey)} failed:`, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // An admin editing a form does not want the data under it swapped on refocus.
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !hasClientErrorStatus(error) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
