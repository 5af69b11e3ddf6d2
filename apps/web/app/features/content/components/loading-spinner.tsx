import { LoaderCircle } from 'lucide-react';

/** 'Loading...' with a spinner, announced politely to screen readers. */
export function LoadingSpinner({ className = '' }: { className?: string }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 py-16 text-slate-600 ${className}`}
    >
      <LoaderCircle className="h-6 w-6 animate-spin text-brand-600" aria-hidden="true" />
      <span className="font-medium">Loading...</span>
    </div>
  );
}
