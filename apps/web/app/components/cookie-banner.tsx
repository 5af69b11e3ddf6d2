import { COOKIES_ACCEPTED_STORAGE_KEY } from '@labshop/shared/constants';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';

/**
 * Shown until the visitor accepts, then never again (local storage). The server cannot read
 * local storage, so it renders the banner hidden: a returning visitor never sees it flash.
 * It appears after hydration, fixed over the page bottom and out of the flow, so nothing on
 * the page moves when it does (Lighthouse counts moves as layout shift).
 */
export function CookieBanner() {
  const accepted = useSyncExternalStore(subscribe, readAccepted, () => true);
  if (accepted) return null;
  return <CookieNotice />;
}

function CookieNotice() {
  return (
    <section
      aria-label="Cookie notice"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,42,68,0.12)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center">
        <p className="text-sm text-slate-700">
          We use cookies to keep your cart and remember your choices. Read our{' '}
          <Link
            to="/cookies-policy"
            className="font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Cookies Policy
          </Link>
          .
        </p>
        <button
          type="button"
          onClick={accept}
          className="shrink-0 rounded-md bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:ml-auto"
        >
          Accept
        </button>
      </div>
    </section>
  );
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Accepting in another tab hides the banner here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readAccepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_STORAGE_KEY) === 'true';
  } catch {
    // Storage blocked (private mode): do not nag on every page.
    return acceptedThisVisit;
  }
}

let acceptedThisVisit = false;

function accept(): void {
  acceptedThisVisit = true;
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_STORAGE_KEY, 'true');
  } catch {
    // Storage may be blocked; the banner still closes for this visit.
  }
  for (const listener of listeners) listener();
}
