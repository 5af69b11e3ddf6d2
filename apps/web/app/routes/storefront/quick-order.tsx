import type { Route } from './+types/quick-order';
import { LazyQuickOrderForm } from '../../features/quick-order/components/lazy-quick-order-form.tsx';
import { quickOrderAction } from '../../features/quick-order/quick-order-action.server.ts';
import { SITE } from '../../lib/site.ts';

/**
 * /quick-order (issue 36): product numbers and quantities typed, pasted or uploaded, checked as
 * they are typed, and put into the cart in one action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return quickOrderAction(request, context);
}

/**
 * No data: the page is the same for everyone. A server loader is there all the same, so that
 * the first render is the server's (a route with only a clientLoader renders nothing on the
 * server and waits for its code).
 */
export function loader() {
  return null;
}

/** On client navigations the form's code arrives with the page: it never shows empty. */
export async function clientLoader() {
  await LazyQuickOrderForm.preload().catch(() => undefined); // the form tries again as it renders
  return null;
}

export function meta(_: Route.MetaArgs) {
  return [
    { title: `Quick Order | ${SITE.name}` },
    {
      name: 'description',
      content: `Order by product number at ${SITE.name}: type or paste numbers and quantities, or upload a CSV file, and put them all in the cart at once.`,
    },
  ];
}

export default function QuickOrder({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <header className="max-w-3xl">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Quick Order</h1>
        <p className="mt-2 text-slate-600">
          Know your product numbers? Type or paste them with their quantities, one product a line,
          separated by a space, a comma, a semicolon or a tab (a column pasted from a spreadsheet
          works too), or upload a CSV file. Each line is checked as you type, and every valid line
          goes into the cart at once. For example:
        </p>
        <pre className="mt-3 inline-block rounded-md border border-slate-200 bg-slate-50 px-4 py-2 font-mono text-sm text-slate-800">
          {'AG-210 2\nVB-12, 1\nAG-150'}
        </pre>
      </header>
      <LazyQuickOrderForm posted={actionData ?? null} />
    </div>
  );
}
