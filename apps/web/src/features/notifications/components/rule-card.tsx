import { NOTIFICATION_EVENT_LABELS } from "@flowdeck/shared/notifications/constants";
import type { NotificationRule } from "@flowdeck/shared/notifications/schemas";
import { KeyRound, Mail, Webhook } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";

/** One rule: what it listens for and where it sends, with its actions. */
export function RuleCard({
  rule,
  onEdit,
  onTest,
  onDelete,
  testing,
}: {
  rule: NotificationRule;
  onEdit: () => void;
  onTest: () => void;
  onDelete: () => void;
  testing: boolean;
}) {
  const recipients = [
    ...rule.emailRoles.map((role) => `every ${role}`),
    ...(rule.emailUserIds.length > 0
      ? [`${rule.emailUserIds.length} chosen member${rule.emailUserIds.length === 1 ? "" : "s"}`]
      : []),
  ];
  return (
    <article
      aria-label={rule.name}
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold break-words">{rule.name}</h3>
        <Badge color={rule.enabled ? "green" : "gray"}>{rule.enabled ? "Enabled" : "Paused"}</Badge>
      </div>
      <ul aria-label={`Events of ${rule.name}`} className="flex flex-wrap gap-1.5">
        {rule.events.map((event) => (
          <li key={event}>
            <Badge color="blue">
              {event === "run.long-running"
                ? `Run still going after ${rule.longRunningMinutes} min`
                : NOTIFICATION_EVENT_LABELS[event]}
            </Badge>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
        {recipients.length > 0 && (
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <Mail aria-hidden="true" className="mt-0.5 size-4" />
              <span className="sr-only">E-mail to</span>
            </dt>
            <dd>Mail to {recipients.join(", ")}</dd>
          </div>
        )}
        {rule.webhook && (
          <div className="flex items-start gap-2">
            <dt className="shrink-0">
              <Webhook aria-hidden="true" className="mt-0.5 size-4" />
              <span className="sr-only">Webhook</span>
            </dt>
            <dd className="min-w-0 space-y-0.5">
              <p className="font-mono text-xs break-all">{rule.webhook.url}</p>
              {rule.webhook.secretSet && (
                <p className="flex items-center gap-1 text-xs text-gray-500 dark:text-gray-400">
                  <KeyRound aria-hidden="true" className="size-3.5" /> Signing secret set
                </p>
              )}
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onTest} busy={testing} aria-label={`Send test for ${rule.name}`}>
          Send test
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${rule.name}`}>
          Edit
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${rule.name}`}>
          Delete
        </Button>
      </div>
    </article>
  );
}
