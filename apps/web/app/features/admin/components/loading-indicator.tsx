import { LoaderCircle } from 'lucide-react';

/** Shown until a list's data arrives (SPEC.md 4, "Lists"). */
export function LoadingIndicator({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-slate-600">
      <LoaderCircle className="h-5 w-5 animate-spin text-brand-600" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
