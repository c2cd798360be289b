import { MESSAGES } from "@flowdeck/shared";
import { REGISTRATION_MESSAGES, type RegistrationPolicy } from "@flowdeck/shared/auth/registration";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { registrationPolicyQueryOptions } from "../api/get-registration-policy.ts";
import { RegisterPage } from "./register-page.tsx";

const OPEN: RegistrationPolicy = { mode: "open", createOrganization: true, joinWithInvitation: true };

/**
 * The page at `route`, with the sign-in providers' answer (none configured) and the server's
 * REGISTRATION setting (`policy`) already read.
 */
function renderPage(route: string, policy: RegistrationPolicy = OPEN) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(["oauth-providers"], { google: false, github: false });
  queryClient.setQueryData(registrationPolicyQueryOptions.queryKey, policy);
  return renderWithProviders(<RegisterPage />, { route, queryClient });
}

describe("the register page", () => {
  it("starts in join mode with the invitation's code and address", () => {
    renderPage("/register?code=abc123&email=ada%40example.com");
    expect(screen.getByRole("radio", { name: /Join an existing organization/ })).toHaveProperty("checked", true);
    expect(screen.getByLabelText("Invitation code")).toHaveProperty("value", "abc123");
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ada@example.com");
    expect(screen.queryByLabelText("Organization name")).toBeNull();
  });

  it("checks the chosen mode's fields with the shared schema, and a mode change clears the messages", async () => {
    const { user } = renderPage("/register");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(MESSAGES.organizationNameMissing)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(screen.getByLabelText("Organization name"));

    await user.click(screen.getByRole("radio", { name: /Join an existing organization/ }));
    await expect.poll(() => screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(MESSAGES.invitationCodeMissing)).toHaveProperty("role", "alert");
  });

  it("says when the passwords differ, under the confirmation", async () => {
    const { user } = renderPage("/register?code=abc123");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-one");
    await user.type(screen.getByLabelText("Confirm password"), "secret-two");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toHaveProperty("role", "alert");
    expect(screen.getByLabelText("Confirm password").getAttribute("aria-invalid")).toBe("true");
  });

  it("offers only joining with an invitation where REGISTRATION is invite-only", () => {
    renderPage("/register", { mode: "invite-only", createOrganization: false, joinWithInvitation: true });
    expect(screen.getByText(REGISTRATION_MESSAGES.inviteOnly)).not.toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByLabelText("Organization name")).toBeNull();
    expect(screen.getByLabelText("Invitation code")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Create account" })).not.toBeNull();
  });

  it("offers both ways on an empty invite-only instance, whose first account creates its organization", () => {
    renderPage("/register", { mode: "invite-only", createOrganization: true, joinWithInvitation: true });
    expect(screen.getByRole("radio", { name: /Create a new organization/ })).toHaveProperty("checked", true);
    expect(screen.getByLabelText("Organization name")).not.toBeNull();
  });

  it("says registration is closed instead of showing a form", () => {
    renderPage("/register?code=abc123", { mode: "closed", createOrganization: false, joinWithInvitation: false });
    expect(screen.getByRole("heading", { name: REGISTRATION_MESSAGES.closedTitle })).not.toBeNull();
    expect(screen.getByText(REGISTRATION_MESSAGES.closed)).not.toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Create account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
  });
});
