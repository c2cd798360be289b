import { X509Certificate } from "node:crypto";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import type { SamlSettings } from "@flowdeck/shared/sso/schemas";
import { parseStringPromise, processors } from "xml2js";
import { OutboundRefusedError, type OutboundClient } from "../../../lib/outbound/outbound-client.ts";
import { SsoProblem } from "../discovery.ts";

/** What an identity provider's SAML metadata says, as far as Flowdeck uses it (decision 078). */
export type IdpMetadata = {
  entityId: string;
  /** The single sign-on service of the HTTP-Redirect binding, where people are sent with a SAMLRequest. */
  ssoUrl: string;
  /** The signing certificates, PEM. */
  certificates: string[];
};

export const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const TIMEOUT_MS = 10_000;

/** The metadata of the settings, fetched through the one outbound client (decision 055) or as given. */
export async function readMetadata(
  outbound: OutboundClient,
  settings: Pick<SamlSettings, "metadataUrl" | "metadataXml">,
  options: { certificateRequired: boolean },
): Promise<IdpMetadata> {
  if (settings.metadataXml !== undefined) return await parseMetadata(settings.metadataXml, options);
  const url = settings.metadataUrl!;
  let answer;
  try {
    answer = await outbound.request({
      url,
      method: "GET",
      headers: { accept: "application/xml" },
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new SsoProblem(SSO_MESSAGES.samlMetadataRefused);
    throw new SsoProblem(SSO_MESSAGES.samlMetadataUnreachable(url));
  }
  if (answer.status !== 200) throw new SsoProblem(SSO_MESSAGES.samlMetadataUnreachable(url));
  return parseMetadata(answer.body.toString("utf8"), options);
}

/**
 * Reads an EntityDescriptor (alone, or the first with an IDPSSODescriptor in an
 * EntitiesDescriptor): its entity id, its HTTP-Redirect SSO URL and its signing certificates
 * (required unless the owner gave one). xml2js (sax) expands no entity a document declares, so a
 * document can make the server read nothing else.
 */
export async function parseMetadata(xml: string, options: { certificateRequired: boolean }): Promise<IdpMetadata> {
  const document = await parseXml(xml);
  const entity = [document?.EntityDescriptor, ...children(document?.EntitiesDescriptor, "EntityDescriptor")].find(
    (candidate) => children(candidate, "IDPSSODescriptor").length > 0,
  );
  const idp = children(entity, "IDPSSODescriptor")[0];
  const entityId = entity?.$?.entityID?.trim();
  if (!entity || !idp || !entityId) throw new SsoProblem(SSO_MESSAGES.samlMetadataInvalid);
  const ssoUrl = children(idp, "SingleSignOnService")
    .find((service) => service.$?.Binding === REDIRECT_BINDING)
    ?.$?.Location?.trim();
  const certificates = children(idp, "KeyDescriptor")
    .filter((key) => (key.$?.use || "signing") === "signing")
    .flatMap((key) => children(key, "KeyInfo"))
    .flatMap((info) => children(info, "X509Data"))
    .flatMap((data) => children(data, "X509Certificate"))
    .map((node) => pemOf(textOf(node)))
    .filter((pem): pem is string => pem !== null);
  if (certificates.length === 0 && options.certificateRequired) {
    throw new SsoProblem(SSO_MESSAGES.samlNoSigningCertificate);
  }
  if (!ssoUrl || !isHttpUrl(ssoUrl)) throw new SsoProblem(SSO_MESSAGES.samlNoRedirectBinding);
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** A certificate's base64 (as in metadata) or PEM as one normal PEM, or null when it is not one. */
export function pemOf(text: string): string | null {
  const base64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

/** The SHA-256 fingerprint an owner compares with the one their identity provider shows. */
export const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;

/** An element as xml2js gives it: attributes in `$`, text in `_`, children by local name. */
export type XmlNode = { $?: Record<string, string>; _?: string; [child: string]: unknown };

/** The document's root, by its local name (prefixes stripped), or undefined when it is not XML. */
export async function parseXml(xml: string): Promise<Record<string, XmlNode> | undefined> {
  try {
    const document: unknown = await parseStringPromise(xml, { tagNameProcessors: [processors.stripPrefix] });
    return document && typeof document === "object" ? (document as Record<string, XmlNode>) : undefined;
  } catch {
    return undefined;
  }
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const found = node?.[name];
  if (!Array.isArray(found)) return [];
  return found.map((child: unknown) => (typeof child === "string" ? { _: child } : (child as XmlNode)));
}

const textOf = (node: XmlNode) => node._ ?? "";

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
