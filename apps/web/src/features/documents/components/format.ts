import { formatDate } from "@/lib/format-date.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec 9 "Relative time": minutes under an hour, then hours, then days up to 30, then the date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const elapsed = Math.max(now - new Date(iso).getTime(), 0);
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return minutes < 1 ? "Just now" : `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  }
  const days = Math.floor(elapsed / DAY);
  if (days <= 30) return `${days} day${days === 1 ? "" : "s"} ago`;
  return formatDate(iso);
}

export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
