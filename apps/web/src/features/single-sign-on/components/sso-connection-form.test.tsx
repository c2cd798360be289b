import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { SsoConnection } from "@flowdeck/shared/sso/schemas";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { SsoConnectionForm } from "./sso-connection-form.tsx";

const SAVED: SsoConnection = {
  protocol: "oidc",
  issuer: "https://idp.example.com/realms/ops",
  clientId: "flowdeck",
  scopes: ["openid", "email", "profile"],
  domains: ["example.com", "ops.example.org"],
  defaultRole: "viewer",
  groupClaim: "groups",
  groupRoles: [{ group: "ops-admins", role: "admin" }],
  enforce: false,
  hasClientSecret: true,
  domainStatus: [
    { domain: "example.com", verified: true, record: "flowdeck-verification=aaa" },
    { domain: "ops.example.org", verified: false, record: "flowdeck-verification=bbb" },
  ],
  callbackUrl: "https://flowdeck.example.com/api/auth/sso/callback",
  updatedAt: "2026-11-28T10:00:00.000Z",
};

const SAML_SAVED: SsoConnection = {
  ...SAVED,
  protocol: "saml",
  issuer: "https://idp.example.com/saml",
  clientId: "",
  scopes: [],
  hasClientSecret: false,
  saml: {
    metadataUrl: "https://idp.example.com/saml/metadata",
    metadataXml: null,
    certificate: null,
    emailAttribute: null,
    nameAttribute: "displayName",
    idpEntityId: "https://idp.example.com/saml",
    ssoUrl: "https://idp.example.com/saml/sso",
    certificateFingerprints: ["AB:CD:EF"],
    spEntityId: "https://flowdeck.example.com/api/auth/sso/saml/org-1/metadata",
    acsUrl: "https://flowdeck.example.com/api/auth/sso/saml/acs",
    spMetadataUrl: "https://flowdeck.example.com/api/auth/sso/saml/org-1/metadata",
  },
};

const renderForm = (connection: SsoConnection | null) =>
  renderWithProviders(<SsoConnectionForm orgId="org-1" connection={connection} />);

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("the single sign-on form", () => {
  it("fills in what a provider preset knows", async () => {
    const { user } = renderForm(null);
    await user.selectOptions(screen.getByLabelText("Provider"), "Okta");
    expect(valueOf("Scopes")).toBe("openid email profile groups");
    expect(valueOf("Group claim")).toBe("groups");
    expect(screen.getByLabelText(/Issuer URL/).getAttribute("placeholder")).toBe("https://<org>.okta.com");

    await user.selectOptions(screen.getByLabelText("Provider"), "Google Workspace");
    expect(valueOf("Issuer URL*")).toBe("https://accounts.google.com");
    expect(valueOf("Scopes")).toBe("openid email profile");
    expect(screen.getByText(/Google sends no groups/)).not.toBeNull();
  });

  it("never shows the stored client secret, and keeps it when left empty", async () => {
    const { fetch, sent } = answerRequests(SAVED);
    const { user } = renderForm(SAVED);
    const secret = screen.getByLabelText("Client secret") as HTMLInputElement;
    expect(secret.value).toBe("");
    expect(secret.type).toBe("password");
    expect(secret.placeholder).toBe("Stored: type to replace it");

    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect.poll(() => fetch.mock.calls.length).toBe(1);
    expect(sent()).toMatchObject({ url: "/api/orgs/org-1/sso", method: "PUT" });
    expect(sent().body).not.toHaveProperty("clientSecret");
    expect(sent().body).toMatchObject({ domains: ["example.com", "ops.example.org"], scopes: SAVED.scopes });

    await user.type(secret, "a-new-secret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect.poll(() => fetch.mock.calls.length).toBe(2);
    expect(sent(1).body).toMatchObject({ clientSecret: "a-new-secret" });
    await expect.poll(() => secret.value).toBe("");
  });

  it("asks for a client secret while none is stored", async () => {
    const { fetch } = answerRequests(SAVED);
    const { user } = renderForm(null);
    await user.type(screen.getByLabelText(/Issuer URL/), "https://idp.example.com/realms/ops");
    await user.type(screen.getByLabelText(/Client ID/), "flowdeck");
    await user.type(screen.getByLabelText(/Domains/), "example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(SSO_MESSAGES.clientSecretRequired)).not.toBeNull();
    await expect.poll(() => document.activeElement).toBe(screen.getByLabelText(/Client secret/));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the field it names", async () => {
    const message = SSO_MESSAGES.domainTaken("ops.example.org");
    answerRequests({ error: { code: "invalid-argument", message, fields: { "domains.1": message } } }, 400);
    const { user } = renderForm(SAVED);
    await user.click(screen.getByRole("button", { name: "Save" }));
    const domains = screen.getByLabelText(/Domains/);
    await expect.poll(() => domains.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(message).id).toBe(`${domains.id}-error`);
    await expect.poll(() => document.activeElement).toBe(domains);
  });

  it("shows the redirect URI to register and the TXT record of a domain waiting for DNS", () => {
    renderForm(SAVED);
    expect(screen.getByText(SAVED.callbackUrl)).not.toBeNull();
    expect(screen.getByText("flowdeck-verification=bbb")).not.toBeNull();
    expect(screen.queryByText("flowdeck-verification=aaa")).toBeNull();
    expect(screen.getByRole("button", { name: "Check again for ops.example.org" })).not.toBeNull();
    expect(screen.getByRole("switch", { name: "Enforce single sign-on" })).toHaveProperty("checked", false);
  });

  it("switches to SAML 2.0: what to register at the provider, and only SAML's fields sent", async () => {
    const { fetch, sent } = answerRequests(SAML_SAVED);
    const { user } = renderForm(null);
    await user.selectOptions(screen.getByLabelText("Protocol"), "SAML 2.0");
    expect(screen.queryByLabelText(/Client ID/)).toBeNull();
    expect(screen.queryByLabelText("Provider")).toBeNull();
    expect(screen.getByText(`${window.location.origin}/api/auth/sso/saml/acs`)).not.toBeNull();
    expect(screen.getAllByText(`${window.location.origin}/api/auth/sso/saml/org-1/metadata`)).toHaveLength(2);

    await user.type(screen.getByLabelText(/Metadata URL/), "https://idp.example.com/saml/metadata");
    await user.type(screen.getByLabelText("E-mail attribute"), "mail");
    await user.clear(screen.getByLabelText("Groups attribute"));
    await user.type(screen.getByLabelText("Groups attribute"), "memberOf");
    await user.type(screen.getByLabelText(/Domains/), "example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect.poll(() => fetch.mock.calls.length).toBe(1);
    expect(sent().body).toEqual({
      protocol: "saml",
      saml: { metadataUrl: "https://idp.example.com/saml/metadata", emailAttribute: "mail" },
      domains: ["example.com"],
      defaultRole: "viewer",
      groupClaim: "memberOf",
      groupRoles: [],
      enforce: false,
    });
  });

  it("asks for the metadata from the source chosen", async () => {
    const { fetch } = answerRequests(SAML_SAVED);
    const { user } = renderForm(null);
    await user.selectOptions(screen.getByLabelText("Protocol"), "SAML 2.0");
    await user.selectOptions(screen.getByLabelText("Identity provider metadata"), "Pasted as XML");
    expect(screen.queryByLabelText(/Metadata URL/)).toBeNull();
    await user.type(screen.getByLabelText(/Domains/), "example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(SSO_MESSAGES.samlSettingsRequired)).not.toBeNull();
    await expect.poll(() => document.activeElement).toBe(screen.getByLabelText(/Metadata XML/));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a saved SAML connection: what its metadata gave and the values to register", () => {
    renderForm(SAML_SAVED);
    expect(valueOf("Protocol")).toBe("saml");
    expect(valueOf("Metadata URL*")).toBe("https://idp.example.com/saml/metadata");
    expect(valueOf("Name attribute")).toBe("displayName");
    expect(screen.getByText("https://flowdeck.example.com/api/auth/sso/saml/acs")).not.toBeNull();
    expect(screen.getByText("https://idp.example.com/saml/sso")).not.toBeNull();
    expect(screen.getByText("AB:CD:EF")).not.toBeNull();
    expect(screen.queryByText(SAVED.callbackUrl)).toBeNull();
  });

  it("checks a domain's TXT record again and says what is missing", async () => {
    const message = SSO_MESSAGES.domainNotVerified("ops.example.org", "flowdeck-verification=bbb");
    const { sent } = answerRequests({ error: { code: "invalid-argument", message } }, 400);
    const { user } = renderForm(SAVED);
    await user.click(screen.getByRole("button", { name: "Check again for ops.example.org" }));
    expect(await screen.findByText(message)).not.toBeNull();
    expect(sent()).toMatchObject({ url: "/api/orgs/org-1/sso/domains/ops.example.org/verify", method: "POST" });
  });

  it("says in plain words what Test connection found", async () => {
    const { sent } = answerRequests({ ok: false, message: SSO_MESSAGES.discoveryInvalid });
    const { user } = renderForm(SAVED);
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    expect((await screen.findByRole("alert")).textContent).toContain(SSO_MESSAGES.discoveryInvalid);
    expect(sent()).toMatchObject({ url: "/api/orgs/org-1/sso/test", method: "POST" });
  });
});
