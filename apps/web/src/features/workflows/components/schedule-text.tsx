import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { Suspense } from "react";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { scheduleText } from "../lib/format.ts";

// The cron libraries (and luxon, which they need) are 55 KB: a card shows a cron schedule's
// expression until they have arrived, so the list never waits for them (docs/decisions/083).
const CronWords = lazyNamed(() => import("./cron-words.tsx"), "CronWords");

/** A card's schedule in words. */
export function ScheduleText({ schedule }: { schedule: Workflow["schedule"] }) {
  const text = scheduleText(schedule);
  if (schedule.type !== "cron" || !schedule.isEnabled || !schedule.expression) return text;
  return (
    <Suspense fallback={text}>
      <CronWords expression={schedule.expression} />
    </Suspense>
  );
}
