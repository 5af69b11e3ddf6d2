import { useNonce } from '../../../lib/nonce.tsx';

/**
 * Structured data for search engines. `json` comes from jsonForScript (lib/json-for-script.ts)
 * in the route's loader, so the browser never loads the code that builds it. The CSP wants a
 * nonce on inline scripts; in the browser the nonce reads as empty (browsers hide it), hence no
 * hydration warning for it.
 */
export function JsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
