import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import { screen } from "@testing-library/react";
import { IDEMPOTENCY_HEADER } from "@flowdeck/shared/idempotency";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { assigneesQueryOptions } from "../api/get-assignees.ts";
import { TaskFormModal } from "./task-form-modal.tsx";

function renderForm() {
  // The assignee list is read from the server; seeded here, so the form renders without one.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(assigneesQueryOptions("org-1").queryKey, [{ id: "user-1", label: "Ada" }]);
  return renderWithProviders(<TaskFormModal orgId="org-1" open task={null} onClose={() => {}} onSaved={() => {}} />, {
    queryClient,
  });
}

describe("the task form", () => {
  it("refuses an empty command with the shared schema's texts, marks every platform and focuses the name", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Add Command" }));
    expect(await screen.findByText(TASK_MESSAGES.nameRequired)).toHaveProperty("role", "alert");
    expect(screen.getByText(TASK_MESSAGES.commandRequired)).toHaveProperty("id", "task-commands-error");
    for (const platform of ["Windows", "Linux", "macOS"]) {
      expect(screen.getByLabelText(new RegExp(platform)).getAttribute("aria-invalid")).toBe("true");
    }
    await expect.poll(() => document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("checks again on the next submit only, and then the fixed fields are clear", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Add Command" }));
    await screen.findByText(TASK_MESSAGES.nameRequired);
    await user.type(screen.getByLabelText("Name"), "Restart nginx");
    // Typing does not re-check: the message stays until the next submit.
    expect(screen.queryByText(TASK_MESSAGES.nameRequired)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Add Command" }));
    await expect.poll(() => screen.queryByText(TASK_MESSAGES.nameRequired)).toBeNull();
    expect(screen.getByText(TASK_MESSAGES.commandRequired)).not.toBeNull();
  });
});

describe("saving a new command", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends one Idempotency-Key per intent, the same one again when the save is retried", async () => {
    const created = { id: "task-1", name: "Restart nginx" };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: "unavailable", message: "Try again" } }), { status: 503 }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify(created), { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Name"), "Restart nginx");
    await user.type(screen.getByLabelText(/Linux/), "systemctl restart nginx");
    await user.click(screen.getByRole("button", { name: "Add Command" }));
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    await expect.poll(() => screen.getByRole("button", { name: "Add Command" }).hasAttribute("disabled")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Add Command" }));
    await expect.poll(() => fetchMock.mock.calls.length).toBe(2);
    const keys = fetchMock.mock.calls.map(([, init]) => (init as RequestInit).headers as Record<string, string>);
    const [first, retry] = keys.map((headers) => headers[IDEMPOTENCY_HEADER]);
    expect(first).toMatch(/^[\w-]{16,}$/);
    expect(retry).toBe(first);
  });
});
