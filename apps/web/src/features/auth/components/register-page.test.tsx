import { MESSAGES } from "@flowdeck/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { RegisterPage } from "./register-page.tsx";

/** The page at `route`, with the sign-in providers' answer (none configured) already read. */
function renderPage(route: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(["oauth-providers"], { google: false, github: false });
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
});
