import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRows } from "../audit/audit-support.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { startTestSamlIdp, type TestSamlIdp } from "./saml-idp.ts";
import { ACS_URL, samlConnectionBody, spEntityIdOf } from "./saml-support.ts";
import { capturedLog, connectionBody, registerOwnerOnDomain, ssoUrl } from "./sso-support.ts";

// A SAML connection (decision 078): what the owner stores, what the metadata gave, what Test
// connection says — against a test identity provider serving its metadata on 127.0.0.1 — and
// what the owner registers at the provider.

let t: TestApp;
let idp: TestSamlIdp;
const log = capturedLog();
let owner: Awaited<ReturnType<typeof registerOwnerOnDomain>>;

beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream, env: { LOG_LEVEL: "trace", OUTBOUND_ALLOW: "127.0.0.1/32" } });
  idp = await startTestSamlIdp();
  owner = await registerOwnerOnDomain(t.app);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const put = (body: Record<string, unknown>, who = owner) => who.client.put(ssoUrl(who.organizationId), body);
const errorOf = (response: { status: number; body: { error: { message: string } } }) => ({
  status: response.status,
  message: response.body.error.message,
});

describe("a SAML connection", () => {
  it("reads the metadata URL and answers what it found and what to register at the provider", async () => {
    const response = await put(
      samlConnectionBody(
        { metadataUrl: idp.metadataUrl, emailAttribute: "email", nameAttribute: "displayName" },
        { domains: [owner.domain], groupClaim: "memberOf", groupRoles: [{ group: "ops", role: "editor" }] },
      ),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const entityId = spEntityIdOf(owner.organizationId);
    expect(response.body).toMatchObject({
      protocol: "saml",
      issuer: idp.entityId,
      clientId: "",
      scopes: [],
      hasClientSecret: false,
      groupClaim: "memberOf",
      groupRoles: [{ group: "ops", role: "editor" }],
      saml: {
        metadataUrl: idp.metadataUrl,
        metadataXml: null,
        certificate: null,
        emailAttribute: "email",
        nameAttribute: "displayName",
        idpEntityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificateFingerprints: [idp.fingerprint],
        spEntityId: entityId,
        acsUrl: ACS_URL,
        spMetadataUrl: entityId,
      },
    });
    const read = await owner.client.get(ssoUrl(owner.organizationId));
    expect(read.body).toEqual(response.body);
  });

  it("takes the metadata as XML, and a certificate given stands for the metadata's", async () => {
    const newcomer = await registerOwnerOnDomain(t.app);
    const other = await startTestSamlIdp();
    try {
      const response = await put(
        samlConnectionBody({ metadataXml: idp.metadataXml("no-certificate"), certificate: other.certificate }),
        newcomer,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.saml).toMatchObject({
        metadataUrl: null,
        metadataXml: idp.metadataXml("no-certificate"),
        // Kept as one normal PEM (forge writes CRLF lines): the same certificate.
        certificate: other.certificate.replace(/\r\n/g, "\n"),
        certificateFingerprints: [other.fingerprint],
      });
    } finally {
      await other.close();
    }
  });

  it("asks for the protocol's own fields only, with the same messages for OIDC", async () => {
    const { issuer: _issuer, ...withoutIssuer } = connectionBody();
    expect(errorOf(await put(withoutIssuer))).toEqual({ status: 400, message: SSO_MESSAGES.issuerInvalid });
    expect(errorOf(await put({ ...connectionBody(), protocol: "ldap" }))).toEqual({
      status: 400,
      message: SSO_MESSAGES.protocolUnsupported,
    });
    const { saml: _saml, ...noSettings } = samlConnectionBody({});
    expect(errorOf(await put(noSettings))).toEqual({ status: 400, message: SSO_MESSAGES.samlSettingsRequired });
    expect(errorOf(await put(samlConnectionBody({})))).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlSettingsRequired,
    });
    expect(
      errorOf(await put(samlConnectionBody({ metadataUrl: idp.metadataUrl, metadataXml: idp.metadataXml() }))),
    ).toEqual({ status: 400, message: SSO_MESSAGES.samlMetadataOneOf });
    expect(errorOf(await put(samlConnectionBody({ metadataUrl: "ftp://idp.example.com/m" })))).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlMetadataUrlInvalid,
    });
    expect(
      errorOf(await put(samlConnectionBody({ metadataXml: idp.metadataXml(), certificate: "not a certificate" }))),
    ).toEqual({ status: 400, message: SSO_MESSAGES.samlCertificateInvalid });
    expect(
      errorOf(await put(samlConnectionBody({ metadataXml: idp.metadataXml(), emailAttribute: "mail address" }))),
    ).toEqual({ status: 400, message: SSO_MESSAGES.samlAttributeInvalid });
  });

  it("refuses metadata it cannot use, saying why", async () => {
    const newcomer = await registerOwnerOnDomain(t.app);
    const refused = async (saml: Record<string, unknown>) => errorOf(await put(samlConnectionBody(saml), newcomer));
    expect(await refused({ metadataXml: "<html><body>Sign in</body></html>" })).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlMetadataInvalid,
    });
    expect(await refused({ metadataXml: "not xml at all" })).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlMetadataInvalid,
    });
    expect(await refused({ metadataXml: idp.metadataXml("no-certificate") })).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlNoSigningCertificate,
    });
    expect(await refused({ metadataXml: idp.metadataXml("no-redirect") })).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlNoRedirectBinding,
    });
    const closed = "http://127.0.0.1:9/metadata";
    expect(await refused({ metadataUrl: closed })).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlMetadataUnreachable(closed),
    });
    expect(await refused({ metadataUrl: "http://10.1.2.3/metadata" })).toEqual({
      status: 400,
      message: SSO_MESSAGES.samlMetadataRefused,
    });
    expect((await newcomer.client.get(ssoUrl(newcomer.organizationId))).status).toBe(404);
  });

  it("switching from OIDC to SAML drops the client secret; back to OIDC asks for one again", async () => {
    const newcomer = await registerOwnerOnDomain(t.app);
    expect((await put(connectionBody({ domains: [newcomer.domain] }), newcomer)).body.hasClientSecret).toBe(true);
    const saml = await put(
      samlConnectionBody({ metadataUrl: idp.metadataUrl }, { domains: [newcomer.domain] }),
      newcomer,
    );
    expect(saml.status).toBe(200);
    expect(saml.body).toMatchObject({ protocol: "saml", hasClientSecret: false, clientId: "" });
    const { clientSecret: _left, ...withoutSecret } = connectionBody({ domains: [newcomer.domain] });
    expect(errorOf(await put(withoutSecret, newcomer))).toEqual({
      status: 400,
      message: SSO_MESSAGES.clientSecretRequired,
    });
    const rows = await auditRows(t.app, newcomer.organizationId);
    const switched = rows.find((row) => row.action === "sso.updated" && row.summary.includes(idp.entityId));
    expect(switched?.changes).toMatchObject({ protocol: { before: "oidc", after: "saml" } });
  });
});

describe("Test connection for SAML", () => {
  it("reads the metadata again and says what it found, or in plain words what is wrong", async () => {
    const test = () => owner.client.post(ssoUrl(owner.organizationId, "/test"));
    expect((await test()).body).toEqual({
      ok: true,
      message: `Found the SAML identity provider ${idp.entityId}`,
      idpEntityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificateFingerprints: [idp.fingerprint],
    });
    try {
      idp.metadataMode = "not-saml";
      expect((await test()).body).toEqual({ ok: false, message: SSO_MESSAGES.samlMetadataInvalid });
      idp.metadataMode = "no-redirect";
      expect((await test()).body).toEqual({ ok: false, message: SSO_MESSAGES.samlNoRedirectBinding });
      idp.metadataMode = "no-certificate";
      expect((await test()).body).toEqual({ ok: false, message: SSO_MESSAGES.samlNoSigningCertificate });
    } finally {
      idp.metadataMode = "ok";
    }
    const unreachable = await startTestSamlIdp();
    const newcomer = await registerOwnerOnDomain(t.app);
    await put(samlConnectionBody({ metadataUrl: unreachable.metadataUrl }), newcomer);
    await unreachable.close();
    expect((await newcomer.client.post(ssoUrl(newcomer.organizationId, "/test"))).body).toEqual({
      ok: false,
      message: SSO_MESSAGES.samlMetadataUnreachable(unreachable.metadataUrl),
    });
  });
});

describe("Flowdeck's service provider metadata", () => {
  it("is public, names the organization's entity id and the ACS URL, and holds no key", async () => {
    const anonymous = new TestClient(t.app);
    const response = await t.app.inject({ method: "GET", url: `/api/auth/sso/saml/${owner.organizationId}/metadata` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/samlmetadata+xml");
    expect(response.body).toContain(`entityID="${spEntityIdOf(owner.organizationId)}"`);
    expect(response.body).toContain(`Location="${ACS_URL}"`);
    expect(response.body).toContain("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST");
    expect(response.body).toContain('AuthnRequestsSigned="false"');
    expect(response.body).not.toMatch(/KeyDescriptor|PRIVATE KEY/);
    expect((await anonymous.get("/api/auth/sso/saml/no-such-organization/metadata")).status).toBe(404);
  });

  it("no secret of the connection is in an answer, an audit row, an export or the log", async () => {
    // A SAML connection holds nothing secret (a certificate is public), and Flowdeck keeps no
    // private key for SAML: what must never leave is the OIDC client secret it replaced.
    const SECRET = "zz-oidc-secret-replaced-by-saml-4Tq";
    const newcomer = await registerOwnerOnDomain(t.app);
    await put(connectionBody({ clientSecret: SECRET, domains: [newcomer.domain] }), newcomer);
    await put(samlConnectionBody({ metadataUrl: idp.metadataUrl }, { domains: [newcomer.domain] }), newcomer);
    const answers = [
      await newcomer.client.get(ssoUrl(newcomer.organizationId)),
      await newcomer.client.get(`/api/orgs/${newcomer.organizationId}/export`),
      await newcomer.client.get(`/api/orgs/${newcomer.organizationId}/audit`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toMatch(new RegExp(`${SECRET}|PRIVATE KEY`));
    }
    expect(JSON.stringify(await auditRows(t.app, newcomer.organizationId))).not.toContain(SECRET);
    expect(log.text).not.toBe("");
    expect(log.text).not.toMatch(new RegExp(`${SECRET}|PRIVATE KEY`));
  });
});
