import { CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ADDED_PARAM, NOTICE_PARAM } from '../cart-forms.ts';
import { pressOnSpace } from '../../../lib/link-button.ts';

/** How long the alert stays before it closes by itself. */
const NOTICE_VISIBLE_MS = 6000;

export const ADD_TO_CART_MESSAGE = 'Item added successfully to cart';

/**
 * The one-time 'Item added successfully to cart' alert. The status region is always in the
 * page, so screen readers announce the message when it appears inside it.
 *
 * `inline`: in the page's flow where it is placed (the product page, under Add to Cart), so it
 * covers nothing; it stays until closed, as closing it by itself would move what is below.
 * Otherwise it floats under the header (the shop's cards) and closes after a few seconds.
 */
export function AddToCartNotice({
  open,
  onClose,
  inline = false,
}: {
  open: boolean;
  onClose: () => void;
  inline?: boolean;
}) {
  // Without the page's code, closing loads the page again without the alert's parameters.
  const { pathname, search } = useLocation();
  const kept = new URLSearchParams(search);
  kept.delete(ADDED_PARAM);
  kept.delete(NOTICE_PARAM);
  const closedHref = kept.size > 0 ? `${pathname}?${kept}` : pathname;
  useEffect(() => {
    if (!open || inline) return;
    const timer = window.setTimeout(onClose, NOTICE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose, inline]);

  return (
    <div
      role="status"
      aria-live="polite"
      className={
        inline ? 'flex' : 'pointer-events-none fixed inset-x-0 top-28 z-50 flex justify-center px-4'
      }
    >
      {open && (
        <div
          className={`pointer-events-auto flex items-center gap-3 rounded-lg bg-emerald-800 py-2 pr-2 pl-4 text-white ${inline ? 'mt-4' : 'shadow-lg'}`}
        >
          <CircleCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
          <p className="font-semibold">{ADD_TO_CART_MESSAGE}</p>
          <a
            href={closedHref}
            role="button"
            onKeyDown={pressOnSpace}
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15"
            aria-label="Close message"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </a>
        </div>
      )}
    </div>
  );
}
