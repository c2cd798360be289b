import { MESSAGES } from "@flowdeck/shared";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import type { OAuthProviders } from "../api/auth-requests.ts";
import { OAuthButtons } from "./oauth-buttons.tsx";

/** The buttons, with the server's answer about which providers it has client ids for already read. */
function renderButtons(purpose: "login" | "register", providers: OAuthProviders) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(["oauth-providers"], providers);
  return renderWithProviders(<OAuthButtons purpose={purpose} callbackURL="/dashboard" />, { queryClient });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Google and GitHub buttons", () => {
  it.each([
    ["login", MESSAGES.oauthLogin("GitHub")],
    ["register", MESSAGES.oauthRegister("GitHub")],
  ] as const)("without GitHub's client id, on %s, say the specification's message", async (purpose, message) => {
    const { fetch } = answerRequests({});
    const { user } = renderButtons(purpose, { google: false, github: false });
    await user.click(screen.getByRole("button", { name: "GitHub" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("with GitHub's client id, start signing in there and send the browser to the address answered", async () => {
    const authorize = "https://github.com/login/oauth/authorize?client_id=Iv1.flowdeck-test";
    const { sent } = answerRequests({ url: authorize, redirect: true });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const { user } = renderButtons("login", { google: false, github: true });
    await user.click(screen.getByRole("button", { name: "GitHub" }));
    await expect.poll(() => assign.mock.calls.length).toBe(1);
    expect(assign).toHaveBeenCalledWith(authorize);
    expect(sent()).toMatchObject({
      url: "/api/auth/sign-in/social",
      method: "POST",
      body: { provider: "github", callbackURL: "/dashboard" },
    });
    expect(screen.queryByText(MESSAGES.oauthLogin("GitHub"))).toBeNull();
  });

  it("keep the specification's message for the provider that is not configured", async () => {
    answerRequests({});
    const { user } = renderButtons("login", { google: false, github: true });
    await user.click(screen.getByRole("button", { name: "Google" }));
    expect(await screen.findByText(MESSAGES.oauthLogin("Google"))).toBeTruthy();
  });
});
