import { CreditCard, Lock, TriangleAlert } from 'lucide-react';
import type { RefObject } from 'react';
import { useHydrated } from '../../content/use-hydrated.ts';
import { useShopContact } from '../../content/shop-contact.ts';
import { telHref } from '../../../lib/phone.ts';
import type { CardTokenState } from '../card-token.ts';

export interface CardFrameProps {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** PublicConfig.tokenizerUrl: CardPointe's hosted tokenizer or the sandbox page. */
  tokenizerUrl: string;
  card: CardTokenState;
}

/**
 * The card tokenizer frame: card number, expiry and CVV are typed into the gateway's page and
 * never reach ours; it posts a token back (see card-token.ts). The frame is added once the page
 * is interactive, so no token message can arrive before anyone listens.
 */
export function CardFrame({ frameRef, tokenizerUrl, card }: CardFrameProps) {
  const interactive = useHydrated();
  const phone = useShopContact()?.phone.trim() ?? '';
  const phoneHref = telHref(phone);

  return (
    <section
      aria-labelledby="card-details-heading"
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="card-details-heading"
          className="flex items-center gap-2 text-lg font-bold text-brand-900"
        >
          <CreditCard className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Card details
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <Lock className="h-4 w-4" aria-hidden="true" />
          Entered on the payment provider&apos;s secure form
        </p>
      </div>
      <div className="mt-4 h-60 overflow-hidden sm:h-54 rounded-lg border border-slate-200 bg-slate-50">
        {interactive ? (
          <iframe
            ref={frameRef}
            src={tokenizerUrl}
            title="Card details"
            className="block h-full w-full border-0 bg-white"
            // The gateway's page needs its own scripts and origin to tokenize; nothing more.
            sandbox="allow-scripts allow-same-origin allow-forms"
            referrerPolicy="no-referrer"
          />
        ) : (
          // Said in the first HTML: a browser without JavaScript keeps showing it.
          <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center text-sm text-slate-600">
            <p className="font-medium">Loading the secure card form…</p>
            <p>
              It needs JavaScript. If it does not appear, please turn JavaScript on
              {phone && phoneHref ? (
                <>
                  , or call us at{' '}
                  <a href={phoneHref} className="font-semibold text-brand-700 underline">
                    {phone}
                  </a>{' '}
                  to order by phone
                </>
              ) : null}
              .
            </p>
          </div>
        )}
      </div>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm">
        {card.validationError ? (
          <p id="card-details-error" className="flex items-start gap-2 font-medium text-red-700">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {card.validationError}
          </p>
        ) : card.token ? (
          <p className="font-medium text-emerald-800">Card details received.</p>
        ) : (
          <p className="text-slate-600">Enter your card number, expiry date and CVV.</p>
        )}
      </div>
    </section>
  );
}
