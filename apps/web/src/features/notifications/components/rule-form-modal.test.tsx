import { NOTIFICATION_MESSAGES } from "@flowdeck/shared/notifications/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { notificationKeys } from "../api/notification-keys.ts";
import { RuleFormModal } from "./rule-form-modal.tsx";

function renderForm(onSaved = vi.fn()) {
  // The member list is read from the server; seeded here, so the form renders without one.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(notificationKeys.memberChoices("org-1"), { items: [], total: 0, page: 1, pageSize: 100 });
  const view = renderWithProviders(<RuleFormModal orgId="org-1" rule={null} onClose={() => {}} onSaved={onSaved} />, {
    queryClient,
  });
  return { ...view, onSaved };
}

describe("the notification rule form", () => {
  it("refuses a rule without a name or anyone to tell, with the shared texts", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("checkbox", { name: "Owners" }));
    await user.click(screen.getByRole("checkbox", { name: "Admins" }));
    await user.click(screen.getByRole("button", { name: "Create rule" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.nameRequired)).toHaveProperty("role", "alert");
    expect(screen.getByText(NOTIFICATION_MESSAGES.channelRequired)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(screen.getByLabelText("Rule name"));
  });

  it("sends the rule as the shared schema reads it", async () => {
    const saved = { id: "rule-1", webhook: null };
    const { sent } = answerRequests(saved, 201);
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText("Rule name"), "  Failures  ");
    await user.click(screen.getByRole("checkbox", { name: /Run still going/ }));
    await user.clear(screen.getByLabelText("Minutes before a run counts as still going"));
    await user.type(screen.getByLabelText("Minutes before a run counts as still going"), "90");
    await user.click(screen.getByRole("button", { name: "Create rule" }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    expect(onSaved).toHaveBeenCalledWith(saved, NOTIFICATION_MESSAGES.created);
    const { url, method, body } = sent();
    expect(url).toBe("/api/orgs/org-1/notifications/rules");
    expect(method).toBe("POST");
    expect(body).toEqual({
      name: "Failures",
      enabled: true,
      events: ["run.failed", "run.recovered", "run.long-running"],
      longRunningMinutes: 90,
      emailRoles: ["owner", "admin"],
      emailUserIds: [],
      webhookUrl: null,
      webhookSecret: "",
    });
  });
});
