export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/** "1 credit", "1,500 credits". */
export function formatCredits(value: number): string {
  return `${formatCount(value)} ${Math.abs(value) === 1 ? "credit" : "credits"}`;
}
