import { LoaderCircle } from 'lucide-react';

/**
 * The full-screen overlay while Pay Now runs, with its progress message. The live region stays
 * in the page, so each new message is announced, including the first one.
 */
export function LoadingOverlay({ message }: { message: string | null }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="checkout-progress"
      className={
        message
          ? 'fixed inset-0 z-[60] flex items-center justify-center bg-brand-900/60 px-4 backdrop-blur-sm'
          : 'sr-only'
      }
    >
      {message && (
        <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-xl bg-white px-6 py-8 text-center shadow-xl">
          <LoaderCircle
            className="h-10 w-10 animate-spin text-brand-600 motion-reduce:animate-none"
            aria-hidden="true"
          />
          <p className="text-lg font-semibold text-brand-900">{message}</p>
          <p className="text-sm text-slate-600">Please keep this page open.</p>
        </div>
      )}
    </div>
  );
}
