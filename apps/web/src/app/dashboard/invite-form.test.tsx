import { MESSAGES } from "@flowdeck/shared";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import type { SentInvitation } from "@flowdeck/shared/invitations/schemas";
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
        mailed: true,
      } satisfies SentInvitation,
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

  it("says that no mail was sent when the server has no mail server, and offers the link", async () => {
    const link = "http://localhost:3000/invite/abcDEF123";
    answerRequests(
      {
        id: "inv-2",
        email: "bob@example.com",
        role: "viewer",
        invitedByName: "Owner",
        status: "pending",
        createdAt: "2026-11-25T00:00:00.000Z",
        expiresAt: "2026-12-02T00:00:00.000Z",
        mailed: false,
        link,
      } satisfies SentInvitation,
      201,
    );
    const { user } = renderWithProviders(<InviteForm orgId="org-1" />);
    await user.type(screen.getByLabelText("Email address"), "bob@example.com");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText(INVITATION_MESSAGES.notMailed("bob@example.com"))).not.toBeNull();
    expect(screen.queryByText(/sent successfully/)).toBeNull();
    expect(screen.getByLabelText("Invitation link for bob@example.com")).toHaveProperty("value", link);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(screen.getByRole("button", { name: "Copied" })).not.toBeNull();
  });
});
