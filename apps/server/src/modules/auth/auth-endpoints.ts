import type { HTTPMethods } from "fastify";

/**
 * The better-auth endpoints Flowdeck uses, below /api/auth. better-auth serves many more
 * (update-user, change-email, delete-user, list-sessions, …) that would skip Flowdeck's own rules
 * for profiles and accounts: only these are routed, everything else answers 404.
 */
export const AUTH_ENDPOINTS: ReadonlyArray<{
  method: HTTPMethods;
  path: string;
  why: string;
  /** Routed by another module, which reads what better-auth cannot and hands it on. */
  routedBy?: string;
}> = [
  { method: "POST", path: "/sign-in/email", why: "the login form" },
  { method: "POST", path: "/sign-in/social", why: "Google and GitHub sign-in" },
  { method: "GET", path: "/callback/:provider", why: "where Google and GitHub send the user back" },
  { method: "GET", path: "/sso/callback", why: "where an organization's identity provider sends the user back" },
  {
    method: "POST",
    path: "/sso/saml/acs",
    why: "where an organization's SAML identity provider posts its answer (a form)",
    routedBy: "modules/sso/saml/routes.ts",
  },
  { method: "POST", path: "/sign-out", why: "the Log Out button" },
  { method: "GET", path: "/get-session", why: "better-auth's session check" },
  { method: "POST", path: "/request-password-reset", why: "the forgot-password form" },
  { method: "POST", path: "/reset-password", why: "the reset-password form" },
  { method: "GET", path: "/error", why: "better-auth's page for a failed OAuth sign-in" },
  // A path ending in "/*" covers everything below it.
  { method: "POST", path: "/two-factor/*", why: "two-factor set-up and the second sign-in step" },
  { method: "GET", path: "/two-factor/*", why: "two-factor set-up and the second sign-in step" },
];
