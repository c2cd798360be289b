import { api } from "@/lib/api-client.ts";
import type { RegisterInput } from "@flowdeck/shared";
import type { Registered } from "@flowdeck/shared/auth/registered";
import type { ConfirmRegistrationInput, RegistrationPending } from "@flowdeck/shared/auth/registration-confirmation";

export function logIn(body: { email: string; password: string; rememberMe?: boolean }) {
  return api<unknown>("/api/auth/sign-in/email", { method: "POST", body });
}

/**
 * Signed in at once (an instance's first account, or with REGISTRATION_CONFIRMS_EMAIL=off), or a
 * link was mailed to finish it (decision 045).
 */
export function register(body: RegisterInput) {
  return api<Registered | RegistrationPending>("/api/account/register", {
    method: "POST",
    body,
  });
}

export function confirmRegistration(body: ConfirmRegistrationInput) {
  return api<{ userId: string; organizationId: string }>("/api/account/register/confirm", { method: "POST", body });
}

export function requestPasswordReset(email: string) {
  return api<unknown>("/api/auth/request-password-reset", {
    method: "POST",
    body: { email, redirectTo: "/reset-password" },
  });
}

export function resetPassword(body: { token: string; newPassword: string }) {
  return api<unknown>("/api/auth/reset-password", { method: "POST", body });
}

export type OAuthProviders = { google: boolean; github: boolean };

export function getOAuthProviders() {
  return api<OAuthProviders>("/api/account/providers");
}

/** Starts a real OAuth sign-in; better-auth answers with the provider's address. */
export async function startOAuth(provider: "google" | "github", callbackURL: string) {
  const result = await api<{ url?: string }>("/api/auth/sign-in/social", {
    method: "POST",
    body: { provider, callbackURL },
  });
  if (result.url) window.location.assign(result.url);
}
