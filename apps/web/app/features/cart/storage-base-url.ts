import { useRouteLoaderData } from 'react-router';

/**
 * PublicConfig.storageBaseUrl from the root loader, for pages whose data may come from a client
 * loader (which has no load context). '' when unknown: images then show without variants.
 */
export function useStorageBaseUrl(): string {
  return (
    useRouteLoaderData<{ publicConfig?: { storageBaseUrl?: string } }>('root')?.publicConfig
      ?.storageBaseUrl ?? ''
  );
}
