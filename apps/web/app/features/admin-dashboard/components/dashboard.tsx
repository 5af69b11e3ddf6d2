import { formatDollars } from '@labshop/shared/money';
import { DASHBOARD_DAYS, ORDERS_MESSAGES, type Dashboard } from '@labshop/shared/schemas/orders';
import { ArrowRight, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass, panelClass } from '../../admin/components/styles.ts';
import { ADMIN_SCREENS, adminScreen } from '../../admin/screens.ts';
import type { AdminScreenPath } from '../../admin/screen-paths.ts';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { DailyChart, formatShortDay } from './daily-chart.tsx';

/**
 * The admin's start page: orders and revenue of the last 90 days, the best sellers, what needs
 * a look (ERP syncs pending or failed, a burst of card declines) and the way to each screen.
 */
export function AdminDashboard() {
  const dashboard = useDashboard();
  return (
    <section aria-labelledby="overview-heading">
      <ScreenHeading
        id="overview-heading"
        title="Overview"
        description={`The shop's last ${DASHBOARD_DAYS} days, what needs a look, and the way to each screen.`}
      />
      {dashboard.isPending ? (
        <LoadingIndicator label="Loading the dashboard..." />
      ) : dashboard.isError ? (
        <div className="mt-6">
          <FeedbackRegions
            feedback={{ kind: 'error', lines: [ORDERS_MESSAGES.dashboardLoadFailed] }}
          />
          <button
            type="button"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
            className={`mt-3 ${buttonClass.secondary}`}
          >
            <RefreshCw
              className={`h-4 w-4 ${dashboard.isFetching ? 'animate-spin' : ''}`}
              aria-hidden="true"
            />
            Try again
          </button>
        </div>
      ) : (
        <DashboardView dashboard={dashboard.data} />
      )}
    </section>
  );
}

interface Count {
  label: string;
  value: number;
  screen: AdminScreenPath;
  /** Shown in red when above 0: something needs a look. */
  warn?: boolean;
  note?: string;
}

export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const counts: Count[] = [
    { label: 'Paid orders', value: dashboard.paidOrders, screen: 'orders-history' },
    {
      label: 'ERP syncs pending',
      value: dashboard.pendingErpSyncs,
      screen: 'orders-history',
      note: 'Waiting or being retried',
    },
    {
      label: 'ERP syncs failed',
      value: dashboard.failedErpSyncs,
      screen: 'orders-history',
      warn: dashboard.failedErpSyncs > 0,
      note: 'Retry them in Orders History',
    },
    {
      // The subscribed addresses only: the Newsletter screen's list counts unsubscribed ones too.
      label: 'Newsletter: subscribed',
      value: dashboard.subscribers,
      screen: 'newsletter',
      note: 'Addresses that receive it',
    },
    { label: 'Products', value: dashboard.products, screen: 'products' },
    { label: 'Categories', value: dashboard.categories, screen: 'categories' },
  ];
  const first = dashboard.days[0];
  const last = dashboard.days.at(-1);
  const declines = dashboard.cardDeclines;
  return (
    <>
      {declines.count >= declines.threshold && (
        // The admin notification of a card-testing burst (the staff are mailed as well).
        <FeedbackRegions
          className="mt-6"
          feedback={{
            kind: 'error',
            lines: [
              `Card payments: ${declines.count} declines in the last ${declines.windowMinutes} minutes.`,
              'Many declines in a short time often mean someone is testing stolen card numbers through the checkout. The declined orders are in Orders History (status failed); if this goes on, turn the checkout captcha on or lower the payment limits.',
            ],
          }}
        />
      )}
      <ul aria-label="Counts" className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
        {counts.map((count) => (
          <li key={count.label}>
            <CountCard count={count} />
          </li>
        ))}
      </ul>

      <section aria-labelledby="sales-heading" className={`mt-6 ${panelClass}`}>
        <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
          <div>
            <h2 id="sales-heading" className="text-lg font-bold text-brand-900">
              Orders and revenue, last {DASHBOARD_DAYS} days
            </h2>
            {first && last && (
              <p className="mt-0.5 text-sm text-slate-600">
                {formatShortDay(first.date)} – {formatShortDay(last.date)}, days in{' '}
                {dashboard.timeZone.replaceAll('_', ' ')} time
              </p>
            )}
          </div>
          <dl className="flex gap-6">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                Orders
              </dt>
              <dd className="text-2xl font-bold text-brand-900" data-testid="total-orders">
                {dashboard.totals.orders.toLocaleString('en-US')}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                Revenue
              </dt>
              <dd className="text-2xl font-bold text-brand-900" data-testid="total-revenue">
                {formatDollars(dashboard.totals.revenue)}
              </dd>
            </div>
          </dl>
        </div>
        <div className="mt-4">
          <DailyChart days={dashboard.days} />
        </div>
      </section>

      <div className="mt-6 grid items-start gap-6 xl:grid-cols-2">
        <TopProducts products={dashboard.topProducts} />
        <ScreenLinks />
      </div>
    </>
  );
}

function CountCard({ count }: { count: Count }) {
  const screen = adminScreen(count.screen);
  return (
    <Link
      to={`/admin/${count.screen}`}
      className={`flex h-full flex-col rounded-lg border bg-white p-4 shadow-sm transition-colors hover:border-brand-500 sm:p-5 ${
        count.warn ? 'border-red-300' : 'border-slate-200'
      }`}
    >
      <span className="block text-sm font-medium text-slate-600">{count.label}</span>
      <span
        className={`mt-1 block text-2xl font-bold sm:text-3xl ${count.warn ? 'text-red-700' : 'text-brand-900'}`}
      >
        {count.value.toLocaleString('en-US')}
      </span>
      {count.note && <span className="mt-1 block text-xs text-slate-500">{count.note}</span>}
      <span className="mt-auto block pt-2 text-sm font-semibold text-brand-700">
        {screen?.label} <span aria-hidden="true">→</span>
      </span>
    </Link>
  );
}

function TopProducts({ products }: { products: Dashboard['topProducts'] }) {
  return (
    <section aria-labelledby="top-products-heading" className={panelClass}>
      <h2 id="top-products-heading" className="text-lg font-bold text-brand-900">
        Top products, last {DASHBOARD_DAYS} days
      </h2>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No sales in these days yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Top products by revenue</caption>
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-2 font-semibold">
                Product
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Sold
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-semibold">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {products.map((product) => (
              <tr key={product.number}>
                <th scope="row" className="py-2 pr-2 align-top font-normal">
                  <Link
                    to={`/admin/products?number=${encodeURIComponent(product.number)}`}
                    className="font-medium break-words text-brand-800 underline-offset-2 hover:underline"
                  >
                    {product.title}
                  </Link>
                  <span className="block text-xs text-slate-500">{product.number}</span>
                </th>
                <td className="px-2 py-2 text-right align-top">
                  {product.quantity.toLocaleString('en-US')}
                </td>
                <td className="py-2 pl-2 text-right align-top font-semibold whitespace-nowrap text-slate-900">
                  {formatDollars(product.revenue)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ScreenLinks() {
  return (
    <nav aria-labelledby="screens-heading" className={panelClass}>
      <h2 id="screens-heading" className="text-lg font-bold text-brand-900">
        Screens
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {ADMIN_SCREENS.map((screen) => (
          <li key={screen.path}>
            <Link
              to={`/admin/${screen.path}`}
              className="group flex items-start gap-3 rounded-md px-1 py-2.5 hover:bg-brand-50"
            >
              <screen.icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-brand-800">{screen.label}</span>
                <span className="block text-xs text-slate-600">{screen.description}</span>
              </span>
              <ArrowRight
                className="mt-0.5 h-4 w-4 shrink-0 text-slate-400 group-hover:text-brand-700"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
