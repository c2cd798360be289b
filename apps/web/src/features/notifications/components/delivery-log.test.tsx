import type { Delivery, DeliveryPage } from "@flowdeck/shared/notifications/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { DELIVERIES_PAGE_SIZE, notificationKeys } from "../api/notification-keys.ts";
import { DeliveryLog } from "./delivery-log.tsx";

const attempt = (values: Partial<Delivery["attempts"][number]>): Delivery["attempts"][number] => ({
  at: "2026-11-27T10:00:00.000Z",
  ok: true,
  responseStatus: null,
  error: null,
  durationMs: 12,
  outbox: false,
  ...values,
});

function delivery(summary: string, values: Partial<Delivery>): Delivery {
  return {
    id: summary,
    ruleId: "rule-1",
    ruleName: "On call",
    event: "run.failed",
    channel: "email",
    target: "ada@example.com",
    status: "delivered",
    summary,
    createdAt: "2026-11-27T10:00:00.000Z",
    nextAttemptAt: null,
    attempts: [attempt({})],
    ...values,
  };
}

function showLog(items: Delivery[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(notificationKeys.deliveries("org-1", undefined), {
    items,
    total: items.length,
    totalCapped: false,
    nextCursor: null,
    pageSize: DELIVERIES_PAGE_SIZE,
  } satisfies DeliveryPage);
  renderWithProviders(<DeliveryLog orgId="org-1" />, { queryClient });
  return (summary: string) => screen.getByText(summary).closest("li")!;
}

describe("the delivery log", () => {
  it("says what happened to each delivery", () => {
    const item = showLog([
      delivery("Not tried yet", { status: "pending", attempts: [], nextAttemptAt: "2026-11-27T10:00:00.000Z" }),
      delivery("Tried once", {
        status: "pending",
        channel: "webhook",
        attempts: [attempt({ ok: false, responseStatus: 502 })],
        nextAttemptAt: "2026-11-27T10:01:00.000Z",
      }),
      delivery("Sent by SMTP", {}),
      delivery("Into the outbox", { attempts: [attempt({ outbox: true })] }),
      delivery("Given up", { status: "failed", attempts: [attempt({ ok: false, error: "refused" })] }),
    ]);
    expect(within(item("Not tried yet")).getByText("Pending")).not.toBeNull();
    expect(within(item("Tried once")).getByText("Retrying")).not.toBeNull();
    expect(within(item("Sent by SMTP")).getByText("Delivered")).not.toBeNull();
    const outbox = item("Into the outbox");
    expect(within(outbox).getAllByText("Written to the outbox")).toHaveLength(2); // the badge and the attempt
    expect(within(outbox).queryByText("Delivered")).toBeNull();
    expect(outbox.textContent).toContain("nobody has received it");
    expect(within(item("Given up")).getByText("Failed", { selector: "span" })).not.toBeNull();
  });
});
