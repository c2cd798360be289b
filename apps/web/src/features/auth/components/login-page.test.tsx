import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { ssoStatusQueryOptions } from "../api/sso-sign-in.ts";
import { LoginPage } from "./login-page.tsx";

/** The login page at `route`, with single sign-on in use on the instance or not. */
function renderLogin({ sso, route = "/login" }: { sso: boolean; route?: string }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(["oauth-providers"], { google: false, github: false });
  queryClient.setQueryData(ssoStatusQueryOptions.queryKey, { enabled: sso });
  return renderWithProviders(<LoginPage />, { route, queryClient });
}

describe("the login page", () => {
  it("is the password form as ever without single sign-on", () => {
    renderLogin({ sso: false });
    expect(screen.getByLabelText("Email")).not.toBeNull();
    expect(screen.getByLabelText("Password")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Sign in" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
  });

  it("asks for the address first, and goes on with a password when no organization signs it in", async () => {
    const { fetch, sent } = answerRequests(
      { error: { code: "not-found", message: SSO_MESSAGES.noSsoForAddress } },
      404,
    );
    const { user } = renderLogin({ sso: true });
    expect(screen.queryByLabelText("Password")).toBeNull();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const password = await screen.findByLabelText("Password");
    expect(sent()).toMatchObject({ url: "/api/auth/sso/start", method: "POST", body: { email: "ada@example.com" } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ada@example.com");
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("checks the address before asking the server", async () => {
    const { fetch } = answerRequests({});
    const { user } = renderLogin({ sso: true });
    await user.type(screen.getByLabelText("Email"), "not an address");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(SSO_MESSAGES.emailInvalid)).not.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lets an owner choose the password instead (a break-glass sign-in)", async () => {
    const { user } = renderLogin({ sso: true });
    await user.click(screen.getByRole("button", { name: "Sign in with a password instead" }));
    expect(await screen.findByLabelText("Password")).not.toBeNull();
  });

  it("shows why a sign-in through the provider was refused", () => {
    const route = `/login?sso_error=${encodeURIComponent(SSO_MESSAGES.emailUnverified)}`;
    renderLogin({ sso: true, route });
    expect(screen.getByRole("alert").textContent).toContain(SSO_MESSAGES.emailUnverified);
  });
});
