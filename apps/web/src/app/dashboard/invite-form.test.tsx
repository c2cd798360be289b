import { MESSAGES } from "@flowdeck/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { InviteForm } from "./invite-form.tsx";

describe("the dashboard's invitation form", () => {
  it("refuses an address that is not one with the shared text, and focuses it", async () => {
    const { user } = renderWithProviders(<InviteForm orgId="org-1" />);
    const email = screen.getByLabelText("Email address");
    await user.type(email, "not-an-address");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(email);
  });

  it("sends the address as a viewer's invitation and says so", async () => {
    const { sent } = answerRequests(
      {
        id: "inv-1",
        email: "ada@example.com",
        role: "viewer",
        invitedByName: "Owner",
        status: "pending",
        createdAt: "2026-11-25T00:00:00.000Z",
        expiresAt: "2026-12-02T00:00:00.000Z",
      },
      201,
    );
    const { user } = renderWithProviders(<InviteForm orgId="org-1" />);
    await user.type(screen.getByLabelText("Email address"), " ada@example.com ");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Invitation sent successfully to ada@example.com")).not.toBeNull();
    const { url, method, body } = sent();
    expect(url).toBe("/api/orgs/org-1/invitations");
    expect(method).toBe("POST");
    expect(body).toEqual({ email: "ada@example.com", role: "viewer" });
    expect(screen.getByLabelText("Email address")).toHaveProperty("value", "");
  });
});
