/** Small statistics for the bench's own timings (autocannon has its own). */

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function median(values) {
  return percentile(values, 50);
}

/** "12.3 ms (p50) / 45.6 ms (p95)"-style figures rounded for a table. */
export function ms(value) {
  if (!Number.isFinite(value)) return "-";
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

/** The median of repeated figures with their spread: "1.21× (1.10–1.35, 3 runs)". */
export function spread(values, digits = 2) {
  const sorted = [...values].sort((a, b) => a - b);
  const format = (value) => value.toFixed(digits);
  return `${format(median(sorted))} (${format(sorted[0])}–${format(sorted.at(-1))}, ${sorted.length} repeats)`;
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
