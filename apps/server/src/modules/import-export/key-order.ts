/**
 * One order for everything a file writes (decision 069): lists of names by code point, and every
 * object's keys in a fixed order, so the same organization always gives the same bytes.
 */

export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Keys in the given order first, then any others by code point; nested objects likewise. */
export function ordered(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const keys = [
    ...order.filter((key) => value[key] !== undefined),
    ...Object.keys(value)
      .filter((key) => !order.includes(key) && value[key] !== undefined)
      .sort(byCodePoint),
  ];
  return Object.fromEntries(keys.map((key) => [key, canonical(value[key])]));
}

/** Objects with sorted keys (jsonb answers keys in its own order), all the way down. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") return ordered(value as Record<string, unknown>, []);
  return value;
}
