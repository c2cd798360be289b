import { NOTIFICATION_MESSAGES } from "@flowdeck/shared/notifications/messages";
import type { NotificationRule, SavedNotificationRule } from "@flowdeck/shared/notifications/schemas";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useDeleteRule } from "../api/delete-rule.ts";
import { useRules } from "../api/get-rules.ts";
import { useSendTest } from "../api/send-test.ts";
import { RuleCard } from "./rule-card.tsx";
import { RuleFormModal } from "./rule-form-modal.tsx";
import { SecretOnce } from "./secret-once.tsx";
import { NoticeAlert, type Notice } from "@/components/ui/notice.tsx";

/** The rules, with create, edit, Send test and delete. */
export function RuleList({ orgId }: { orgId: string }) {
  const rules = useRules(orgId);
  const deleteRule = useDeleteRule(orgId);
  const sendTest = useSendTest(orgId);
  const [editing, setEditing] = useState<NotificationRule | "new" | null>(null);
  const [deleting, setDeleting] = useState<NotificationRule | null>(null);
  const [secret, setSecret] = useState<SavedNotificationRule | null>(null);
  const [outcome, setOutcome] = useState<Notice | null>(null);

  const saved = (rule: SavedNotificationRule, message: string) => {
    setEditing(null);
    setOutcome({ tone: "success", text: message });
    if (rule.webhookSecret) setSecret(rule);
  };
  const test = (rule: NotificationRule) =>
    sendTest.mutate(rule.id, {
      onSuccess: ({ queued }) =>
        setOutcome(
          queued > 0
            ? { tone: "success", text: NOTIFICATION_MESSAGES.testQueued }
            : { tone: "error", text: "Nobody to send to: every recipient muted the organization." },
        ),
      onError: (error) => setOutcome({ tone: "error", text: error.message }),
    });

  return (
    <section aria-labelledby="rules-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rules-title" className="text-lg font-semibold">
          Rules
        </h2>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="size-4" /> New rule
        </Button>
      </div>
      <NoticeAlert notice={outcome} onDismiss={() => setOutcome(null)} />
      {rules.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : rules.isError ? (
        <Alert tone="error">{rules.error.message}</Alert>
      ) : rules.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
          No rules yet. Create one to be told when a run fails or recovers.
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {rules.data.items.map((rule) => (
            <RuleCard
              key={rule.id}
              rule={rule}
              testing={sendTest.isPending && sendTest.variables === rule.id}
              onEdit={() => setEditing(rule)}
              onTest={() => test(rule)}
              onDelete={() => setDeleting(rule)}
            />
          ))}
        </div>
      )}
      {editing && (
        <RuleFormModal
          orgId={orgId}
          rule={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      {secret && <SecretOnce rule={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete rule"
        message={`Delete the rule "${deleting?.name ?? ""}"? Its deliveries stay in the log.`}
        confirmLabel="Delete"
        destructive
        busy={deleteRule.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteRule.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setOutcome({ tone: "success", text: NOTIFICATION_MESSAGES.deleted });
            },
            onError: (error) => {
              setDeleting(null);
              setOutcome({ tone: "error", text: error.message });
            },
          })
        }
      />
    </section>
  );
}
