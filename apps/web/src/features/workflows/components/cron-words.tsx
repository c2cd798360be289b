import { describeCron } from "@flowdeck/shared/workflows/cron";

/** A cron expression in words ("At 02:30, only on Monday"): loaded with the cron libraries. */
export function CronWords({ expression }: { expression: string }) {
  return describeCron(expression);
}
