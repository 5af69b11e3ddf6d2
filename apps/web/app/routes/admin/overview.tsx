import { Link } from 'react-router';
import type { Route } from './+types/overview';
import { adminScreen } from '../../features/admin/screens.ts';
import { SITE } from '../../lib/site.ts';

interface Overview {
  products: number;
  categories: number;
  paidOrders: number;
  ordersFailedToSync: number;
  subscribers: number;
}

export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.apiFetch('/api/admin/overview');
  if (!response.ok) throw new Response(null, { status: response.status });
  return (await response.json()) as Overview;
}

export function meta() {
  return [{ title: `Admin overview | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

/** The admin start page: what the shop holds, what needs a look, and the way to each screen. */
export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const cards = [
    { label: 'Products', value: loaderData.products, screen: 'products' },
    { label: 'Categories', value: loaderData.categories, screen: 'categories' },
    { label: 'Paid orders', value: loaderData.paidOrders, screen: 'orders-history' },
    {
      label: 'Orders not yet in Business Central',
      value: loaderData.ordersFailedToSync,
      screen: 'orders-history',
      warn: loaderData.ordersFailedToSync > 0,
    },
    { label: 'Newsletter subscribers', value: loaderData.subscribers, screen: 'newsletter' },
  ];
  return (
    <section aria-labelledby="overview-heading">
      <h1 id="overview-heading" className="text-2xl font-bold text-brand-900">
        Overview
      </h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => {
          const screen = adminScreen(card.screen);
          return (
            <li key={card.label}>
              <Link
                to={`/admin/${card.screen}`}
                className={`block rounded-lg border bg-white p-5 shadow-sm transition-colors hover:border-brand-500 ${
                  card.warn ? 'border-red-300' : 'border-slate-200'
                }`}
              >
                <span className="block text-sm font-medium text-slate-600">{card.label}</span>
                <span
                  className={`mt-1 block text-3xl font-bold ${card.warn ? 'text-red-700' : 'text-brand-900'}`}
                >
                  {card.value.toLocaleString('en-US')}
                </span>
                <span className="mt-2 block text-sm font-semibold text-brand-700">
                  {screen?.label} →
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
