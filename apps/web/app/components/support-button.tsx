import { Headset } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The Customer Support button (SPEC.md section 1): opens the contact page. It never covers the
 * page: it floated over the bottom right corner and hid the freight note above Checkout, the
 * bottom cards' text and the footer's Subscribe button.
 *
 * - Below 1400 px it is in the flow, between the page and the footer, with a line saying what
 *   it is for.
 * - From 1400 px the window is wider than the content (80rem, with 1rem of padding) by at least
 *   60 px a side: there it is a narrow tab fixed to the window's right edge, in that margin, where
 *   no page puts text or a control (e2e/tests/layout.spec.ts checks the pages).
 */
export function SupportButton() {
  return (
    <div className="mx-auto mt-12 flex max-w-7xl flex-wrap items-center justify-end gap-x-4 gap-y-2 px-4 min-[1400px]:mt-0 min-[1400px]:block">
      <p className="text-sm text-slate-700 min-[1400px]:hidden">
        Questions about a machine, a part or an order?
      </p>
      <Link
        to="/contact-us"
        className="flex items-center gap-2 rounded-full bg-accent-700 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-accent-600 min-[1400px]:fixed min-[1400px]:top-1/2 min-[1400px]:right-0 min-[1400px]:z-30 min-[1400px]:-translate-y-1/2 min-[1400px]:rotate-180 min-[1400px]:rounded-none min-[1400px]:rounded-r-lg min-[1400px]:px-2.5 min-[1400px]:py-4 min-[1400px]:shadow-lg min-[1400px]:[writing-mode:vertical-rl]"
      >
        <Headset className="h-5 w-5 min-[1400px]:rotate-180" aria-hidden="true" />
        Customer Support
      </Link>
    </div>
  );
}
