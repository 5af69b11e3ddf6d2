/** Latency figures from every request's own time (ms), not from a histogram's buckets. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The nearest-rank percentile of ascending `sorted` values (p from 0 to 100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]!;
}

export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  const values = Array.from(sorted);
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    count: values.length,
    mean: values.length > 0 ? total / values.length : Number.NaN,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.at(-1) ?? Number.NaN,
  };
}

/** A latency as printed: whole ms from 10 up, one decimal below. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value >= 10 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}
