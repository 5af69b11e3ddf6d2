import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator.tsx';
import { LoadError } from './load-error.tsx';

/**
 * A list screen's body: the loading indicator until the data arrives, a short error when it
 * cannot load, the empty text, else the list.
 */
export function ListState<T>({
  query,
  loadingLabel,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  /** 'The pictures' -> 'The pictures could not be loaded. ...' */
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingIndicator label={loadingLabel} />;
  if (query.isError) return <LoadError what={what} />;
  if (query.data.length === 0) return <p className="mt-3 text-slate-600">{empty}</p>;
  return children(query.data);
}
