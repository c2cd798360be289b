import { NOTIFICATION_EVENT_LABELS, type DeliveredEvent } from "@flowdeck/shared/notifications/constants";
import type { Delivery } from "@flowdeck/shared/notifications/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge, type BadgeColor } from "@/components/ui/badge.tsx";
import { CursorPagination } from "@/components/ui/pagination.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCursorPages } from "@/lib/use-cursor-pages.ts";
import { useDeliveries } from "../api/get-deliveries.ts";

const OUTBOX = "Written to the outbox";

/**
 * What happened to a delivery, as it happened: not tried yet, being retried after a failure,
 * received, written to the outbox file (no mail server: nobody has it yet), or given up.
 */
function statusOf(delivery: Delivery): { label: string; color: BadgeColor } {
  switch (delivery.status) {
    case "pending":
      return delivery.attempts.length === 0
        ? { label: "Pending", color: "gray" }
        : { label: "Retrying", color: "yellow" };
    case "delivered":
      return delivery.attempts.some((attempt) => attempt.ok && attempt.outbox)
        ? { label: OUTBOX, color: "blue" }
        : { label: "Delivered", color: "green" };
    case "failed":
      return { label: "Failed", color: "red" };
  }
}

/** Every message sent or being sent, newest first, with each attempt's outcome. */
export function DeliveryLog({ orgId }: { orgId: string }) {
  const pages = useCursorPages(orgId);
  const deliveries = useDeliveries(orgId, pages.cursor);
  return (
    <section aria-labelledby="delivery-log-title" className="space-y-3">
      <h2 id="delivery-log-title" className="text-lg font-semibold">
        Delivery log
      </h2>
      {deliveries.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : deliveries.isError ? (
        <Alert tone="error">{deliveries.error.message}</Alert>
      ) : deliveries.data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Nothing sent yet. Use Send test on a rule to try it.</p>
      ) : (
        <>
          <ol aria-label="Deliveries" className="space-y-2">
            {deliveries.data.items.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ol>
          <CursorPagination label="Delivery pages" page={deliveries.data} pages={pages} />
        </>
      )}
    </section>
  );
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const status = statusOf(delivery);
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-3 text-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-center gap-2">
        <Badge color={status.color}>{status.label}</Badge>
        <span className="font-medium break-words">{delivery.summary}</span>
      </div>
      <p className="mt-1 text-xs break-all text-gray-600 dark:text-gray-400">
        {NOTIFICATION_EVENT_LABELS[delivery.event as DeliveredEvent] ?? delivery.event} ·{" "}
        {delivery.channel === "webhook" ? "Webhook" : "Mail"} to {delivery.target}
        {delivery.ruleName && ` · rule ${delivery.ruleName}`} · {formatDateTime(delivery.createdAt)}
      </p>
      {delivery.attempts.length > 0 && (
        <ol aria-label="Attempts" className="mt-2 space-y-0.5 text-xs text-gray-700 dark:text-gray-300">
          {delivery.attempts.map((attempt, index) => (
            <li key={attempt.at + index} className="flex flex-wrap gap-x-2">
              <span className="tabular-nums">{formatDateTime(attempt.at)}</span>
              <span className={attempt.ok ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}>
                {attempt.ok ? (attempt.outbox ? OUTBOX : "OK") : "Failed"}
                {attempt.responseStatus !== null && ` (HTTP ${attempt.responseStatus})`}
                {!attempt.ok && attempt.error && attempt.responseStatus === null && `: ${attempt.error}`}
              </span>
              <span className="text-gray-500 dark:text-gray-400">{attempt.durationMs} ms</span>
            </li>
          ))}
        </ol>
      )}
      {status.label === OUTBOX && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          No mail server is configured (SMTP_URL), so the message is a file in the server&apos;s outbox: nobody has
          received it.
        </p>
      )}
      {delivery.nextAttemptAt && (
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          Next attempt {formatDateTime(delivery.nextAttemptAt)}
        </p>
      )}
    </li>
  );
}
