import { formatDollars } from '@labshop/shared/money';
import type { Dashboard } from '@labshop/shared/schemas/orders';
import { useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

type Day = Dashboard['days'][number];

// The days are calendar dates in the shop's time zone ('2026-03-04'): read and shown in UTC so
// that no browser's own time zone moves them a day.
const dateOf = (day: string) => new Date(`${day}T12:00:00Z`);
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export const formatDay = (day: string) => longDate.format(dateOf(day));
export const formatShortDay = (day: string) => shortDate.format(dateOf(day));

/** The smallest 1, 2, 2.5 or 5 times a power of ten that is at least `value` (0 stays 0). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5]) {
    // A little slack: 0.3 / 0.1 is 2.9999999999999996.
    if (value <= step * power * (1 + 1e-9)) return step * power;
  }
  return 10 * power;
}

/** The y axis's labels: 0, the middle (when it is a whole number of orders) and the top. */
function ticks(max: number, wholeNumbers: boolean): number[] {
  if (max === 0) return [0];
  const middle = max / 2;
  return wholeNumbers && !Number.isInteger(middle) ? [0, max] : [0, middle, max];
}

const ordersText = (orders: number) => (orders === 1 ? '1 order' : `${orders} orders`);
const daySummary = (day: Day) =>
  `${formatDay(day.date)}: ${ordersText(day.orders)}, ${formatDollars(day.revenue)} revenue`;

/** Where day `index` of `count` sits across the plot, in percent (its middle). */
const middleOf = (index: number, count: number) => ((index + 0.5) / count) * 100;

/**
 * A label placed at `percent` across the plot, kept inside it near the edges (centred in the
 * middle, left-aligned near the start, right-aligned near the end).
 */
function edgeAwareStyle(percent: number) {
  const shift = percent < 8 ? '0%' : percent > 92 ? '-100%' : '-50%';
  return { left: `${percent}%`, transform: `translateX(${shift})` };
}

/** The tooltip sits beside the day's column (not over it): right of it, or left in the right half. */
function besideStyle(percent: number) {
  return percent > 50
    ? { right: `calc(${100 - percent}% + 0.75rem)` }
    : { left: `calc(${percent}% + 0.75rem)` };
}

/**
 * Orders and revenue per day as two small charts over one time axis: revenue as bars, orders as
 * a line. Hand-written SVG stretched to the box's width (`preserveAspectRatio="none"`, strokes
 * that keep their width), with the labels in HTML so their text stays sharp at any width. A
 * pointer over the charts, or the arrow keys once focused, shows a day's numbers; the same
 * numbers are in a table under "Show the numbers".
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const [active, setActive] = useState<number | null>(null);
  // What a screen reader hears while the arrow keys move through the days.
  const [announced, setAnnounced] = useState('');
  const hintId = useId();
  const count = days.length;

  const revenueMax = niceCeiling(Math.max(0, ...days.map((day) => day.revenue)));
  const ordersMax = niceCeiling(Math.max(0, ...days.map((day) => day.orders)));

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || count === 0) return;
    const index = Math.floor(((event.clientX - box.left) / box.width) * count);
    setActive(Math.min(count - 1, Math.max(0, index)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const current = active ?? count - 1;
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      PageUp: current - 7,
      PageDown: current + 7,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.min(count - 1, Math.max(0, next));
    setActive(index);
    setAnnounced(daySummary(days[index]!));
  };

  const activeDay = active === null ? undefined : days[active];
  // Month starts label the time axis.
  const monthStarts = days.flatMap((day, index) => (day.date.endsWith('-01') ? [index] : []));

  return (
    <div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-brand-500" /> Revenue per day
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-accent-600" /> Orders per day
        </span>
      </div>
      <div
        role="group"
        aria-label="Orders and revenue per day, chart"
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? count - 1)}
        onBlur={() => {
          setActive(null);
          setAnnounced('');
        }}
        className="relative mt-3 rounded-md select-none"
        data-testid="daily-chart"
      >
        <p id={hintId} className="sr-only">
          Use the left and right arrow keys to hear each day&apos;s orders and revenue; the same
          numbers are in the table below the chart.
        </p>
        <p className="sr-only" aria-live="polite">
          {announced}
        </p>
        <Plot
          label="Revenue"
          count={count}
          ticks={ticks(revenueMax, false)}
          max={revenueMax}
          formatTick={(value) => compactDollars.format(value)}
          height="h-36 sm:h-44"
          onPointer={pointAt}
          onLeave={() => setActive(null)}
          overlay={
            activeDay && active !== null ? (
              <div
                className="pointer-events-none absolute top-0 z-10 w-max max-w-48 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg"
                style={besideStyle(middleOf(active, count))}
                aria-hidden="true"
                data-testid="chart-tooltip"
              >
                <span className="block font-semibold text-slate-900">
                  {formatDay(activeDay.date)}
                </span>
                <span className="mt-1 flex justify-between gap-3 text-slate-700">
                  Revenue <strong>{formatDollars(activeDay.revenue)}</strong>
                </span>
                <span className="flex justify-between gap-3 text-slate-700">
                  Orders <strong>{activeDay.orders}</strong>
                </span>
              </div>
            ) : null
          }
        >
          <ActiveColumn index={active} />
          {days.map((day, index) =>
            day.revenue > 0 ? (
              <rect
                key={day.date}
                data-day={day.date}
                x={index + 0.15}
                width={0.7}
                y={100 - (day.revenue / revenueMax) * 100}
                height={(day.revenue / revenueMax) * 100}
                className={index === active ? 'fill-brand-700' : 'fill-brand-500'}
              />
            ) : null,
          )}
        </Plot>
        <Plot
          label="Orders"
          count={count}
          ticks={ticks(ordersMax, true)}
          max={ordersMax}
          formatTick={(value) => value.toLocaleString('en-US')}
          height="h-20 sm:h-24"
          className="mt-5"
          onPointer={pointAt}
          onLeave={() => setActive(null)}
          overlay={
            activeDay && active !== null ? (
              <span
                className="pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 translate-y-1/2 rounded-full border-2 border-white bg-accent-600 shadow"
                style={{
                  left: `${middleOf(active, count)}%`,
                  bottom: `${ordersMax ? (activeDay.orders / ordersMax) * 100 : 0}%`,
                }}
                aria-hidden="true"
              />
            ) : null
          }
        >
          <ActiveColumn index={active} />
          <polyline
            data-testid="orders-line"
            points={days
              .map(
                (day, index) =>
                  `${index + 0.5},${100 - (ordersMax ? (day.orders / ordersMax) * 100 : 0)}`,
              )
              .join(' ')}
            fill="none"
            vectorEffect="non-scaling-stroke"
            strokeWidth={2}
            strokeLinejoin="round"
            className="stroke-accent-600"
          />
        </Plot>
        {/* The time axis: the first day of each month. */}
        <div className="relative mt-1 ml-14 h-5 text-xs text-slate-600" aria-hidden="true">
          {monthStarts.map((index) => (
            <span
              key={index}
              className="absolute top-0 whitespace-nowrap"
              style={edgeAwareStyle(middleOf(index, count))}
            >
              {formatShortDay(days[index]!.date)}
            </span>
          ))}
        </div>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Show the numbers</summary>
        {/* Scrolls on its own: focusable, so keyboards can scroll it too. */}
        <div
          role="region"
          aria-label="Orders and revenue per day, numbers"
          tabIndex={0}
          className="mt-2 max-h-80 overflow-y-auto rounded-md border border-slate-200"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders and revenue per day</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                    <time dateTime={day.date}>{formatDay(day.date)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right">{day.orders}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap">
                    {formatDollars(day.revenue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The highlighted day's column behind the bars and the line. */
function ActiveColumn({ index }: { index: number | null }) {
  if (index === null) return null;
  return <rect x={index} width={1} y={0} height={100} className="fill-slate-200/70" />;
}

/**
 * One chart: its name, then the y axis's labels in a column on the left and the plot: an SVG
 * whose x is the day (0 to `count`) and y 0 to 100 (top to bottom), stretched to the box.
 */
function Plot({
  label,
  count,
  ticks: values,
  max,
  formatTick,
  height,
  className = '',
  onPointer,
  onLeave,
  overlay,
  children,
}: {
  label: string;
  count: number;
  ticks: number[];
  max: number;
  formatTick: (value: number) => string;
  /** The plot's height class ('h-36'). */
  height: string;
  className?: string;
  onPointer: (event: PointerEvent<HTMLDivElement>) => void;
  onLeave: () => void;
  overlay: ReactNode;
  children: ReactNode;
}) {
  const position = (value: number) => (max ? 100 - (value / max) * 100 : 100);
  return (
    <div className={className}>
      <p className="mb-2 ml-14 text-xs font-semibold text-slate-700" aria-hidden="true">
        {label}
      </p>
      <div className={`flex ${height}`}>
        <div
          className="relative w-14 shrink-0 text-right text-xs text-slate-600"
          aria-hidden="true"
        >
          {values.map((value) => (
            <span
              key={value}
              className="absolute right-2 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${position(value)}%` }}
            >
              {formatTick(value)}
            </span>
          ))}
        </div>
        <div
          className="relative min-w-0 flex-1 touch-pan-y"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={onLeave}
        >
          <svg
            viewBox={`0 0 ${Math.max(1, count)} 100`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
            aria-hidden="true"
            focusable="false"
          >
            {values.map((value) => (
              <line
                key={value}
                x1={0}
                x2={count}
                y1={position(value)}
                y2={position(value)}
                vectorEffect="non-scaling-stroke"
                className={value === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
                strokeWidth={1}
              />
            ))}
            {children}
          </svg>
          {overlay}
        </div>
      </div>
    </div>
  );
}
