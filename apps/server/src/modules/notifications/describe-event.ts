import { NOTIFICATION_EVENT_LABELS, type DeliveredEvent } from "@flowdeck/shared/notifications/constants";

export type EventPayload = {
  event?: string;
  workflow?: { name?: string } | null;
  run?: { status?: string; startedAt?: string | null } | null;
  scheduledFor?: string | null;
  minutes?: number | null;
  rule?: { name?: string } | null;
};

/** One line for the delivery log and the mail's subject: "Nightly backup: run failed". */
export function summarize(payload: EventPayload): string {
  const workflow = payload.workflow?.name ?? "A workflow";
  switch (payload.event as DeliveredEvent) {
    case "run.failed":
      return `${workflow}: run failed`;
    case "run.timed-out":
      return `${workflow}: run timed out`;
    case "run.lost":
      return `${workflow}: run lost (its runner stopped answering)`;
    case "run.recovered":
      return `${workflow}: recovered, the run succeeded after a failure`;
    case "run.long-running":
      return `${workflow}: run still going after ${payload.minutes ?? "?"} minutes`;
    case "schedule.skipped":
      return `${workflow}: scheduled run skipped, the previous run was still going`;
    case "schedule.missed":
      return `${workflow}: scheduled run missed, it ran late, once`;
    case "test":
      return `Test notification (rule: ${payload.rule?.name ?? ""})`;
    default:
      return NOTIFICATION_EVENT_LABELS[payload.event as DeliveredEvent] ?? String(payload.event);
  }
}

/** The mail's text: what happened, when, and where to look. */
export function mailText(payload: EventPayload, appUrl: string): string {
  const lines = [summarize(payload) + "."];
  if (payload.run?.startedAt) lines.push(`The run started at ${payload.run.startedAt} (UTC).`);
  if (payload.scheduledFor) lines.push(`It was due at ${payload.scheduledFor} (UTC).`);
  lines.push("", `Open Flowdeck: ${appUrl}/workflows`, "");
  lines.push(
    `You get this because of the notification rule "${payload.rule?.name ?? ""}". To stop these mails, mute the organization on your profile: ${appUrl}/profile`,
  );
  return lines.join("\n");
}
