import { jsonForScript } from '../../../lib/json-for-script.ts';
import { useNonce } from '../../../lib/nonce.tsx';

/**
 * Structured data for search engines. The CSP wants a nonce on inline scripts; in the browser
 * the nonce reads as empty (browsers hide it), hence no hydration warning for it.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
