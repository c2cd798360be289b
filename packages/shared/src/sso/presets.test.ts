import { describe, expect, it } from "vitest";
import { findSsoPreset, presetIssuer, SSO_PRESETS } from "./presets.ts";
import { PutSsoConnectionSchema } from "./schemas.ts";

/** A connection as the page would send it for `preset`, with the owner's parts filled in. */
function connectionFor(preset: (typeof SSO_PRESETS)[number]) {
  return {
    protocol: "oidc",
    issuer: preset.issuerPattern.replace(/<[^>]+>/g, "acme"),
    clientId: "flowdeck",
    clientSecret: "a-secret",
    scopes: preset.scopes,
    domains: ["acme.example.com"],
    groupClaim: preset.groupClaim ?? "groups",
  };
}

describe("identity provider presets", () => {
  it("each gives values the connection accepts", () => {
    for (const preset of SSO_PRESETS) {
      const parsed = PutSsoConnectionSchema.safeParse(connectionFor(preset));
      expect(parsed.success, `${preset.label}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it("names the claims and issuers each provider uses", () => {
    expect(findSsoPreset("keycloak")).toMatchObject({
      issuerPattern: "https://<host>/realms/<realm>",
      groupClaim: "groups",
    });
    expect(findSsoPreset("entra-id")).toMatchObject({
      issuerPattern: "https://login.microsoftonline.com/<tenant-id>/v2.0",
      groupClaim: "groups",
    });
    expect(findSsoPreset("okta")?.scopes).toContain("groups");
    expect(findSsoPreset("authentik")?.issuerPattern).toBe("https://<host>/application/o/<slug>/");
    expect(findSsoPreset("google-workspace")?.groupClaim).toBeNull();
  });

  it("fills the issuer only when it is the same for everyone", () => {
    expect(presetIssuer(findSsoPreset("google-workspace")!)).toBe("https://accounts.google.com");
    expect(presetIssuer(findSsoPreset("keycloak")!)).toBeUndefined();
  });

  it("has one entry per id", () => {
    expect(new Set(SSO_PRESETS.map((preset) => preset.id)).size).toBe(SSO_PRESETS.length);
  });
});
