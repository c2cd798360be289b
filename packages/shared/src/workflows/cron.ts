import { CronExpressionParser } from "cron-parser";
import cronstrue from "cronstrue";

/**
 * Cron schedules (docs/decisions/025): five fields — minute, hour, day of month, month, day of
 * week — read on the organization's clock. cron-parser does the calendar arithmetic (with luxon,
 * across daylight-saving changes) and cronstrue says it in words; this file only decides what
 * Flowdeck accepts and how it explains a refusal.
 */

const FIELDS = [
  { name: "Minute", range: "0–59" },
  { name: "Hour", range: "0–23" },
  { name: "Day of month", range: "1–31 or L" },
  { name: "Month", range: "1–12 or JAN–DEC" },
  { name: "Day of week", range: "0–7 or SUN–SAT (0 and 7 are Sunday)" },
] as const;

export const CRON_EXAMPLE = "30 2 * * 1";

export const CRON_MESSAGES = {
  required: "Please enter a cron expression, e.g. 30 2 * * 1",
  fieldCount:
    "A cron expression has five fields separated by spaces: minute, hour, day of month, month and day of week (e.g. 30 2 * * 1)",
  hashed: "H (hashed) values are not supported: choose the minute and hour yourself",
  never: "This cron expression never matches a date",
} as const;

/**
 * Why the expression is refused, or null when Flowdeck accepts it. Each field is tried alone, so
 * the message names the field that is wrong and what it accepts.
 */
export function cronExpressionError(expression: string | null | undefined): string | null {
  const fields = (expression ?? "").trim().split(/\s+/).filter(Boolean);
  if (fields.length === 0) return CRON_MESSAGES.required;
  if (fields.length !== 5) return CRON_MESSAGES.fieldCount;
  // cron-parser would pick a random value for H; next runs must be the same on every machine.
  if (fields.some((field) => /H/i.test(field.replace(/THU/gi, "")))) return CRON_MESSAGES.hashed;
  for (const [index, field] of fields.entries()) {
    const alone = FIELDS.map((_, position) => (position === index ? field : "*")).join(" ");
    try {
      CronExpressionParser.parse(alone, { tz: "UTC" });
    } catch {
      const { name, range } = FIELDS[index]!;
      return `${name} "${field}" is not valid: use ${range}, a list (1,15), a range (1-5) or a step (*/15)`;
    }
  }
  try {
    CronExpressionParser.parse(fields.join(" "), { tz: "UTC" }).next();
  } catch {
    return CRON_MESSAGES.never;
  }
  return null;
}

/** How far back the search starts, longer than any daylight-saving gap (see `nextCronRuns`). */
const LOOK_BACK_MS = 3 * 60 * 60 * 1000;
/** Enough to step past LOOK_BACK_MS of an every-minute expression, and then some. */
const MAX_STEPS = 400;

/**
 * The next `count` moments the expression matches, strictly after `now`, read in `timezone`. A
 * time the clocks skip moves on by the gap (02:30 → 03:30) and a time that happens twice is the
 * first, as for the other schedule types (docs/decisions/008); "every 30 minutes" keeps running
 * through both hours of an autumn night. The search starts a little before `now`: cron-parser
 * starting inside the hour after a spring gap would miss the moved occurrence.
 */
export function nextCronRuns(expression: string, options: { now: Date; timezone: string; count: number }): Date[] {
  if (cronExpressionError(expression) !== null) return [];
  const runs: Date[] = [];
  try {
    const moments = CronExpressionParser.parse(expression.trim().split(/\s+/).join(" "), {
      tz: options.timezone,
      currentDate: new Date(options.now.getTime() - LOOK_BACK_MS),
    });
    for (let step = 0; step < MAX_STEPS + options.count && runs.length < options.count; step++) {
      if (!moments.hasNext()) break;
      const moment = moments.next().toDate();
      if (moment.getTime() > options.now.getTime()) runs.push(moment);
    }
  } catch {
    // An unknown timezone: no next run, as for the other schedule types.
    return [];
  }
  return runs;
}

/** "At 02:30, only on Monday": the expression in words, or the expression itself if they fail. */
export function describeCron(expression: string): string {
  try {
    return cronstrue.toString(expression, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return `Cron ${expression}`;
  }
}
