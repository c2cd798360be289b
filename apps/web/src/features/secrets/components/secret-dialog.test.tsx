import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { SecretDialog } from "./secret-dialog.tsx";

const SECRET = {
  name: "DB_PASSWORD",
  description: "Primary database",
  updatedAt: "2026-11-27T10:00:00.000Z",
  updatedBy: "Ada",
};

describe("the secret dialog", () => {
  it("checks the name and the value with the server's schema before sending anything", async () => {
    const { fetch } = answerRequests({});
    const { user } = renderWithProviders(<SecretDialog orgId="org-1" onClose={vi.fn()} onSaved={vi.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "New secret" });
    await user.type(within(dialog).getByLabelText(/^Name/), "db-password");
    await user.type(within(dialog).getByLabelText(/^Value/), "ab ");
    await user.click(within(dialog).getByRole("button", { name: "Create secret" }));
    expect(await within(dialog).findByText(SECRET_MESSAGES.nameInvalid)).not.toBeNull();
    expect(within(dialog).getByText(SECRET_MESSAGES.valueTooShort)).not.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("creates with a PUT of the name, the value exactly as typed and the description", async () => {
    const { sent } = answerRequests(SECRET, 201);
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<SecretDialog orgId="org-1" onClose={vi.fn()} onSaved={onSaved} />);
    const dialog = screen.getByRole("dialog", { name: "New secret" });
    await user.type(within(dialog).getByLabelText(/^Name/), "DB_PASSWORD");
    await user.type(within(dialog).getByLabelText(/^Value/), " s3cr3t value ");
    await user.type(within(dialog).getByLabelText("Description"), "Primary database");
    await user.click(within(dialog).getByRole("button", { name: "Create secret" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith("DB_PASSWORD", true));
    expect(sent()).toMatchObject({
      url: "/api/orgs/org-1/secrets/DB_PASSWORD",
      method: "PUT",
      body: { value: " s3cr3t value ", description: "Primary database" },
    });
  });

  it("replaces a value: the value starts empty and hidden, the description as it is", async () => {
    const { sent } = answerRequests(SECRET);
    const onSaved = vi.fn();
    const { user } = renderWithProviders(
      <SecretDialog orgId="org-1" secret={SECRET} onClose={vi.fn()} onSaved={onSaved} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Replace the value of DB_PASSWORD" });
    expect(within(dialog).queryByLabelText(/^Name/)).toBeNull();
    const value = within(dialog).getByLabelText(/^Value/) as HTMLInputElement;
    expect(value.type).toBe("password");
    expect(value.value).toBe("");
    expect((within(dialog).getByLabelText("Description") as HTMLInputElement).value).toBe("Primary database");
    // Several lines: a text area, and what was typed stays.
    await user.type(value, "line one");
    await user.click(within(dialog).getByLabelText("Several lines (shown while you type)"));
    const area = within(dialog).getByLabelText(/^Value/) as HTMLTextAreaElement;
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.value).toBe("line one");
    await user.type(area, "{Enter}line two");
    await user.click(within(dialog).getByRole("button", { name: "Replace value" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith("DB_PASSWORD", false));
    expect(sent().body).toEqual({ value: "line one\nline two", description: "Primary database" });
  });
});
