const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/** "1 credit", "1,500 credits". */
export function formatCredits(value: number): string {
  return `${formatCount(value)} ${Math.abs(value) === 1 ? "credit" : "credits"}`;
}
