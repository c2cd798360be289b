import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { CUSTOM_MESSAGE_MAX_LENGTH } from "@flowdeck/shared/invitations/schemas";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { SendInvitationForm } from "./send-invitation-form.tsx";

describe("the send-invitation form", () => {
  it("keeps Send disabled until the address is valid", async () => {
    const { user } = renderWithProviders(<SendInvitationForm orgId="org-1" />);
    const send = screen.getByRole("button", { name: "Send invitation" });
    expect(send).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Email address"), "someone@");
    expect(send).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Email address"), "example.com");
    expect(send).toHaveProperty("disabled", false);
    expect(screen.getByLabelText("Role")).toHaveProperty("value", "viewer");
  });

  it("refuses a message over the limit with the shared schema's text, and focuses it", async () => {
    const { user } = renderWithProviders(<SendInvitationForm orgId="org-1" />);
    await user.type(screen.getByLabelText("Email address"), "someone@example.com");
    const message = screen.getByLabelText(/Custom message/);
    // maxLength stops typing, not a paste: the schema is what refuses it.
    message.removeAttribute("maxlength");
    await user.click(message);
    await user.paste("x".repeat(CUSTOM_MESSAGE_MAX_LENGTH + 1));
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(INVITATION_MESSAGES.customMessageTooLong)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(message);
  });
});
