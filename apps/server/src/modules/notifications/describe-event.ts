import { NOTIFICATION_EVENT_LABELS, type DeliveredEvent } from "@flowdeck/shared/notifications/constants";
import type { WeeklyReport } from "./weekly-report.ts";

export type EventPayload = {
  event?: string;
  workflow?: { name?: string } | null;
  run?: { status?: string; startedAt?: string | null } | null;
  scheduledFor?: string | null;
  minutes?: number | null;
  rule?: { name?: string } | null;
  report?: WeeklyReport | null;
  output?: { step?: string; lastLines?: string } | null;
  failedTargets?: string[] | null;
};

/** One line for the delivery log and the mail's subject: "Nightly backup: run failed". */
export function summarize(payload: EventPayload): string {
  const workflow = payload.workflow?.name ?? "A workflow";
  switch (payload.event as DeliveredEvent) {
    case "run.failed":
      return `${workflow}: run failed${onRunners(payload)}`;
    case "run.timed-out":
      return `${workflow}: run timed out`;
    case "run.lost":
      return `${workflow}: run lost (its runner stopped answering)`;
    case "run.recovered":
      return `${workflow}: recovered, the run succeeded after a failure`;
    case "run.long-running":
      return `${workflow}: run still going after ${payload.minutes ?? "?"} minutes`;
    case "run.still-queued":
      return `${workflow}: run still queued after ${payload.minutes ?? "?"} minutes, no runner took it`;
    case "schedule.skipped":
      return `${workflow}: scheduled run skipped, the previous run was still going`;
    case "schedule.missed":
      return `${workflow}: scheduled run missed, it ran late, once`;
    case "approval.requested":
      return `${workflow}: a run is waiting for your approval`;
    case "run.rejected":
      return `${workflow}: run rejected by an approver`;
    case "run.expired":
      return `${workflow}: run expired, nobody approved it in time`;
    case "report.weekly":
      return `Weekly report: ${describeRuns(payload.report?.runs ?? {})}`;
    case "test":
      return `Test notification (rule: ${payload.rule?.name ?? ""})`;
    default:
      return NOTIFICATION_EVENT_LABELS[payload.event as DeliveredEvent] ?? String(payload.event);
  }
}

/** " on web-1, web-2": the runners whose targets failed, for a run on every matching runner. */
function onRunners(payload: EventPayload) {
  const names = payload.failedTargets ?? [];
  return names.length > 0 ? ` on ${names.join(", ")}` : "";
}

/** "12 runs: 10 succeeded, 2 failed", or "no runs". */
function describeRuns(runs: Record<string, number>): string {
  const total = Object.values(runs).reduce((sum, n) => sum + n, 0);
  if (total === 0) return "no runs";
  const parts = Object.entries(runs)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${n} ${status}`);
  return `${total} ${total === 1 ? "run" : "runs"}: ${parts.join(", ")}`;
}

/** The weekly report's body: the week's runs, what failed, who joined, what was added. */
function reportLines(report: WeeklyReport): string[] {
  const lines = [
    `From ${report.from} to ${report.to} (UTC):`,
    "",
    `- Runs: ${describeRuns(report.runs)}`,
    `- Members who joined: ${report.membersJoined}`,
    `- Documents added: ${report.documentsAdded}`,
  ];
  if (report.failingWorkflows.length > 0) {
    lines.push("", "Workflows with failed runs:");
    for (const workflow of report.failingWorkflows) lines.push(`- ${workflow.name}: ${workflow.failures}`);
  }
  return lines;
}

/** The mail's text: what happened, when, where to look, and why this member gets it. */
export function mailText(payload: EventPayload, appUrl: string): string {
  const lines = [summarize(payload) + "."];
  if (payload.report) lines.push("", ...reportLines(payload.report));
  if (payload.run?.startedAt) lines.push(`The run started at ${payload.run.startedAt} (UTC).`);
  if (payload.scheduledFor) lines.push(`It was due at ${payload.scheduledFor} (UTC).`);
  if (payload.output?.lastLines) {
    lines.push("", `The last lines of the step "${payload.output.step ?? ""}":`, "", payload.output.lastLines);
  }
  const approval = payload.event === "approval.requested";
  lines.push("", approval ? `Approve or reject it: ${appUrl}/approvals` : `Open Flowdeck: ${appUrl}/workflows`, "");
  const reason = payload.rule
    ? `the notification rule "${payload.rule.name ?? ""}"`
    : approval
      ? "you may approve runs of this workflow"
      : payload.event === "report.weekly"
        ? `the organization's "Weekly reports" setting`
        : `the organization's "Email notifications" setting`;
  lines.push(
    `You get this because ${payload.rule || !approval ? "of " : ""}${reason}. To stop these mails, mute the organization on your profile: ${appUrl}/profile`,
  );
  return lines.join("\n");
}
