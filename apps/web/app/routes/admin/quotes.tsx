import { QuotesList } from '../../features/admin-quotes/components/quotes-list.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminQuotes() {
  return (
    <>
      <title>{`Quotes | Admin | ${SITE.name}`}</title>
      <QuotesList />
    </>
  );
}
