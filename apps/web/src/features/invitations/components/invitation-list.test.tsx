import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import type { Invitation, SentInvitation } from "@flowdeck/shared/invitations/schemas";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { INVITATIONS_PAGE_SIZE, invitationKeys } from "../api/invitation-keys.ts";
import { InvitationList } from "./invitation-list.tsx";

const invitation: Invitation = {
  id: "inv-1",
  email: "ada@example.com",
  role: "editor",
  invitedByName: "Owner",
  status: "pending",
  createdAt: "2026-11-25T00:00:00.000Z",
  expiresAt: "2026-12-02T00:00:00.000Z",
};

const page = { items: [invitation], total: 1, page: 1, pageSize: INVITATIONS_PAGE_SIZE };

/** The list, with the server answering Resend with `resent` and the list's refresh with the page. */
function showList(resent: SentInvitation) {
  answerRequests((url: string) => (url.endsWith("/resend") ? resent : page));
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(invitationKeys.list("org-1", 1), page);
  return renderWithProviders(<InvitationList orgId="org-1" />, { queryClient });
}

describe("Resend in the invitation list", () => {
  it("says it was sent again when a mail server took it", async () => {
    const { user } = showList({ ...invitation, mailed: true });
    await user.click(screen.getAllByRole("button", { name: "Resend the invitation to ada@example.com" })[0]!);
    expect(await screen.findByText("Invitation sent again to ada@example.com")).not.toBeNull();
  });

  it("says no mail was sent without a mail server, and offers the link", async () => {
    const link = "http://localhost:3000/invite/xyz";
    const { user } = showList({ ...invitation, mailed: false, link });
    await user.click(screen.getAllByRole("button", { name: "Resend the invitation to ada@example.com" })[0]!);
    expect(await screen.findByText(INVITATION_MESSAGES.notMailed("ada@example.com"))).not.toBeNull();
    expect(screen.queryByText(/sent again/)).toBeNull();
    expect(screen.getByLabelText("Invitation link for ada@example.com")).toHaveProperty("value", link);
  });
});
