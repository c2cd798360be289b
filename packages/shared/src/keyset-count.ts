/**
 * A list's count as it shows: without zod (keyset.ts), so a list's pagination does not bring the
 * schemas library into its first load.
 */

/** "1,234", or "10,000+" when the count was capped. */
export function formatCount(total: number, capped: boolean): string {
  return `${total.toLocaleString("en-US")}${capped ? "+" : ""}`;
}
