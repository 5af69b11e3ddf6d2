import { TriangleAlert } from 'lucide-react';

/**
 * A storefront form's error (the checkout, the contact form, the quick order), for inside the
 * form's `role="alert"` region, which stays in the page so the text is announced when it comes.
 */
export function ErrorAlert({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}
