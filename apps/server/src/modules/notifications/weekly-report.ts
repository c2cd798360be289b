import { nextExecution } from "@flowdeck/shared/workflows/schedule";
import type { Schedule } from "@flowdeck/shared/workflows/schedule-text";
import { DateTime } from "luxon";
import type { Database, Executor } from "../../db/database.ts";
import { findUnmutedMembers, firstTelling, insertDeliveries } from "./outbox-repository.ts";
import { countWeek, findWeeklyReportOrganizations } from "./weekly-report-repository.ts";

/** Monday at 08:00 on the organization's clock (decision 039). */
const REPORT_TIME: Schedule = { type: "weekly", isEnabled: true, dayOfWeek: "1", time: "08:00" };
/** A report not sent within a day of its time (the server was down all Monday) waits for the next week. */
const LATE_LIMIT_MS = 24 * 3600_000;
const FAILURES = ["failed", "timed-out", "lost"] as const;

export type WeeklyReport = {
  from: string;
  to: string;
  runs: Record<string, number>;
  failingWorkflows: { name: string; failures: number }[];
  membersJoined: number;
  documentsAdded: number;
};

/**
 * The same time on the organization's clock a week earlier: the week the clocks go forward has
 * 167 hours, the week they go back 169, so seven times 24 hours would miss Monday 08:00 by one.
 */
function weekBefore(moment: Date, timezone: string): Date {
  return DateTime.fromJSDate(moment, { zone: timezone }).minus({ weeks: 1 }).toJSDate();
}

/** The last Monday 08:00 in `timezone` at or before `now`, if it is less than a day ago. */
export function reportDueAt(now: Date, timezone: string): Date | null {
  const due = nextExecution(REPORT_TIME, { now: weekBefore(now, timezone), timezone });
  if (!due || due > now || now.getTime() - due.getTime() >= LATE_LIMIT_MS) return null;
  return due;
}

/**
 * Queues the week's report for every organization whose "Weekly reports" setting is on and whose
 * Monday 08:00 has come: one mail per member who has not muted it, through the notification
 * outbox. The told table claims `weekly-report:<due time>` per organization in the transaction
 * that queues, so instances racing on the same Monday send it once. Answers how many were queued.
 */
export async function queueWeeklyReports(db: Database, now: Date): Promise<number> {
  const candidates = await findWeeklyReportOrganizations(db);
  let queued = 0;
  for (const organization of candidates) {
    const due = reportDueAt(now, organization.timezone);
    // An organization created after the report's time has no week to tell yet.
    if (!due || organization.createdAt > due) continue;
    queued += await db.transaction(async (tx) => {
      if (!(await firstTelling(tx, `weekly-report:${due.toISOString()}`, organization.id))) return 0;
      const recipients = await findUnmutedMembers(tx, organization.id);
      if (recipients.length === 0) return 0;
      const report = await summarizeWeek(tx, organization.id, weekBefore(due, organization.timezone), due);
      const payload = {
        event: "report.weekly",
        occurredAt: due.toISOString(),
        organizationId: organization.id,
        report,
      };
      await insertDeliveries(
        tx,
        recipients.map((userId) => ({
          organizationId: organization.id,
          event: "report.weekly",
          channel: "email" as const,
          userId,
          payload,
          nextAttemptAt: now,
        })),
      );
      return recipients.length;
    });
  }
  return queued;
}

/** What happened in the organization from `from` (inclusive) to `to`. */
async function summarizeWeek(tx: Executor, organizationId: string, from: Date, to: Date): Promise<WeeklyReport> {
  const week = await countWeek(tx, { organizationId, from, to, failures: FAILURES });
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    runs: Object.fromEntries(week.runs.map((row) => [row.status, row.count])),
    failingWorkflows: week.failingWorkflows,
    membersJoined: week.membersJoined,
    documentsAdded: week.documentsAdded,
  };
}
