import { CircleAlert } from 'lucide-react';

/** A list that could not be loaded says so briefly (the cause is in the console). */
export function LoadError({ what }: { what: string }) {
  return (
    <p
      role="alert"
      className="mt-3 flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
      {what} could not be loaded. Please reload the page to try again.
    </p>
  );
}
