import type { Route } from './+types/quote-edit';
import { QuoteEditorScreen } from '../../features/admin-quotes/components/quote-editor.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminQuoteEdit({ params }: Route.ComponentProps) {
  return (
    <>
      <title>{`Quote ${params.number} | Quotes | Admin | ${SITE.name}`}</title>
      {/* Another quote is another form: its draft starts over. */}
      <QuoteEditorScreen key={params.number} number={params.number} />
    </>
  );
}
