import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import forge from "node-forge";
import { SignedXml } from "xml-crypto";

/**
 * A SAML 2.0 identity provider of the tests' own on a free port of 127.0.0.1: it serves its
 * metadata, takes an AuthnRequest by the HTTP-Redirect binding and answers, as a real one does, a
 * page whose form posts a signed SAML response to the service provider's ACS URL. Its responses
 * are signed with xml-crypto (RSA-SHA256, exclusive c14n) by a key and self-signed certificate
 * made at start; `answer` changes what the next responses say, to make the ones Flowdeck must
 * refuse.
 */
export type SamlPerson = { email: string; name?: string; groups?: string[] };

/** How the next responses differ from a correct one. */
export type AnswerChanges = {
  /** Which element carries the signature: the assertion (default), the response, or none. */
  sign?: "assertion" | "response" | "none";
  /** Sign with another key than the one in the metadata. */
  foreignKey?: boolean;
  audience?: string;
  destination?: string;
  /** The assertion's subject confirmation names this request (InResponseTo) or none (null). */
  subjectInResponseTo?: string | null;
  /** Shifts the assertion's validity window (ms); -3_600_000 is an assertion an hour old. */
  shiftMs?: number;
};

export type TestSamlIdp = {
  origin: string;
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  certificate: string;
  /** SHA-256 fingerprint of the certificate, as Flowdeck shows it. */
  fingerprint: string;
  users: Map<string, SamlPerson>;
  answer: AnswerChanges;
  /** What GET /metadata serves: its metadata, or one without certificate or redirect binding, or HTML. */
  metadataMode: "ok" | "no-certificate" | "no-redirect" | "not-saml";
  metadataXml: (mode?: TestSamlIdp["metadataMode"]) => string;
  close: () => Promise<void>;
};

const ASSERTION_XPATH = "//*[local-name(.)='Assertion']";
const RESPONSE_XPATH = "/*[local-name(.)='Response']";

/** A 2048-bit RSA key and a self-signed certificate for it, PEM. */
export function makeKeyAndCertificate(commonName: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  certificate.setSubject([{ name: "commonName", value: commonName }]);
  certificate.setIssuer([{ name: "commonName", value: commonName }]);
  const keyPem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  certificate.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, certificatePem: forge.pki.certificateToPem(certificate) };
}

const base64Of = (pem: string) => pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const own = makeKeyAndCertificate("Test SAML IdP");
  const foreign = makeKeyAndCertificate("Someone else");
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idp: TestSamlIdp = {
    origin,
    entityId: `${origin}/idp`,
    ssoUrl: `${origin}/sso`,
    metadataUrl: `${origin}/metadata`,
    certificate: own.certificatePem,
    fingerprint: new X509Certificate(own.certificatePem).fingerprint256,
    users: new Map(),
    answer: {},
    metadataMode: "ok",
    metadataXml: (mode = "ok") => metadataXml(idp, mode),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  server.on("request", (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    if (url.pathname === "/metadata") {
      response.writeHead(200, { "content-type": idp.metadataMode === "not-saml" ? "text/html" : "application/xml" });
      response.end(
        idp.metadataMode === "not-saml" ? "<html><body>Sign in</body></html>" : idp.metadataXml(idp.metadataMode),
      );
      return;
    }
    if (url.pathname === "/sso") {
      const samlRequest = url.searchParams.get("SAMLRequest") ?? "";
      const login = url.searchParams.get("login");
      // A browser first gets the provider's login form (any known login, no password).
      if (login === null) {
        response.writeHead(200, { "content-type": "text/html" });
        response.end(
          `<form method="get" action="/sso"><input type="hidden" name="SAMLRequest" value="${escapeXml(samlRequest)}"/>` +
            `<label>Login <input name="login"/></label><button type="submit">Sign in</button></form>`,
        );
        return;
      }
      const person = idp.users.get(login);
      const request = inflateRawSync(Buffer.from(samlRequest, "base64")).toString("utf8");
      const requestId = /\sID="([^"]+)"/.exec(request)?.[1];
      const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1];
      const audience = /<saml:Issuer[^>]*>([^<]+)</.exec(request)?.[1];
      if (!person || !requestId || !acs || !audience) {
        response.writeHead(400).end("unknown login or request");
        return;
      }
      const samlResponse = signedResponse(idp, { person, requestId, acs, audience }, idp.answer, own, foreign);
      // The HTTP-POST binding: a page whose form goes to the ACS (real providers submit it by script).
      response.writeHead(200, { "content-type": "text/html" });
      response.end(
        `<form method="post" action="${escapeXml(acs)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"/>` +
          `<button type="submit">Continue</button></form>`,
      );
      return;
    }
    response.writeHead(404).end();
  });
  return idp;
}

function metadataXml(idp: TestSamlIdp, mode: TestSamlIdp["metadataMode"]) {
  const key =
    mode === "no-certificate"
      ? ""
      : `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64Of(idp.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
  const binding =
    mode === "no-redirect"
      ? "urn:oasis:names:tc:SAML:2.0:bindings:SOAP"
      : "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${idp.entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${key}
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${idp.ssoUrl}"/>
    <md:SingleSignOnService Binding="${binding}" Location="${idp.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

function signedResponse(
  idp: TestSamlIdp,
  request: { person: SamlPerson; requestId: string; acs: string; audience: string },
  changes: AnswerChanges,
  own: { keyPem: string; certificatePem: string },
  foreign: { keyPem: string; certificatePem: string },
) {
  const now = Date.now() + (changes.shiftMs ?? 0);
  const instant = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const id = () => `_${randomBytes(16).toString("hex")}`;
  const { person } = request;
  const subjectInResponseTo =
    changes.subjectInResponseTo === undefined ? request.requestId : changes.subjectInResponseTo;
  const attribute = (name: string, values: string[]) =>
    `<saml:Attribute Name="${name}">${values.map((value) => `<saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue>`).join("")}</saml:Attribute>`;
  const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${instant(0)}">
<saml:Issuer>${idp.entityId}</saml:Issuer>
<saml:Subject>
<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(person.email)}</saml:NameID>
<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">
<saml:SubjectConfirmationData${subjectInResponseTo === null ? "" : ` InResponseTo="${escapeXml(subjectInResponseTo)}"`} NotOnOrAfter="${instant(5 * 60_000)}" Recipient="${escapeXml(request.acs)}"/>
</saml:SubjectConfirmation>
</saml:Subject>
<saml:Conditions NotBefore="${instant(-60_000)}" NotOnOrAfter="${instant(5 * 60_000)}">
<saml:AudienceRestriction><saml:Audience>${escapeXml(changes.audience ?? request.audience)}</saml:Audience></saml:AudienceRestriction>
</saml:Conditions>
<saml:AuthnStatement AuthnInstant="${instant(0)}" SessionIndex="${id()}">
<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>
</saml:AuthnStatement>
<saml:AttributeStatement>
${attribute("email", [person.email])}
${attribute("displayName", [person.name ?? person.email.split("@")[0]!])}
${(person.groups ?? []).length > 0 ? attribute("groups", person.groups!) : ""}
</saml:AttributeStatement>
</saml:Assertion>`;
  const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${instant(0)}" Destination="${escapeXml(changes.destination ?? request.acs)}" InResponseTo="${request.requestId}">
<saml:Issuer>${idp.entityId}</saml:Issuer>
<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>
${assertion}
</samlp:Response>`;
  const sign = changes.sign ?? "assertion";
  if (sign === "none") return Buffer.from(xml).toString("base64");
  const key = changes.foreignKey ? foreign : own;
  const signer = new SignedXml({
    privateKey: key.keyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  const target = sign === "response" ? RESPONSE_XPATH : ASSERTION_XPATH;
  signer.addReference({
    xpath: target,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
  });
  signer.computeSignature(xml, {
    location: { reference: `${target}/*[local-name(.)='Issuer']`, action: "after" },
  });
  return Buffer.from(signer.getSignedXml()).toString("base64");
}
